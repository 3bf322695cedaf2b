"""The rules scenario format: the keys it knows, a parsed scenario, and the
error that names the file, step and key of a file off the format
(the shared document ``rules-scenarios.md`` specifies the format)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import RuleOptions, TableSetup

STEP_KINDS = ("legal", "do", "reject", "expect", "auto", "expect_setup")
EXPECT_KEYS = (
    "to_move", "hands", "hand_sizes", "boneyard_size", "trains", "public", "open_doubles",
    "suspended", "round_over", "round_scores", "engine",
)
SETUP_KEYS = ("set", "hand_size", "rounds", "engines", "refused")
TABLE_KEYS = ("trains", "public", "opening_done", "open_doubles", "double_owner", "suspended")


class ScenarioFormatError(Exception):
    """A scenario file that cannot be read or does not follow the format."""

    def __init__(self, file: str, step: int | None, key: str | None, message: str) -> None:
        where = file
        if step is not None:
            where += f": step {step}"
        if key is not None:
            where += f": key '{key}'"
        super().__init__(f"{where}: {message}")


@dataclass
class Scenario:
    """A parsed scenario file."""

    file: str
    name: str
    data: dict[str, Any]
    options: RuleOptions | None = None
    players: int = 0
    setup: TableSetup | None = None
    setup_error: str | None = None
    steps: list[tuple[str, Any]] = field(default_factory=list)
