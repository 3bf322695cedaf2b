"""Rules scenario files: finding them and reading one (``load_scenario``).

The format is specified in the shared document ``rules-scenarios.md`` and
checked by ``game.scenarios.checker``; ``load_scenario`` raises
``ScenarioFormatError`` naming the file, step and key, and ``game.commands.rules_check``
runs what it returns.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..memory.files import FileProblem, FileRefused, parse_json, read_file
from .checker import check
from .format import Scenario, ScenarioFormatError

__all__ = ["MAX_SCENARIO_BYTES", "Scenario", "ScenarioFormatError", "load_scenario", "scenario_files"]


def scenario_files(paths: Iterable[str]) -> list[Path]:
    """The scenario files named, folders searched recursively for ``*.json``."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.json") if p.is_file()))
        else:
            found.append(path)
    return found


MAX_SCENARIO_BYTES = 1_000_000
"""Largest scenario file read (bytes)."""
def load_scenario(path: Path) -> Scenario:
    """Read and check one scenario file against the format."""
    file = str(path)
    try:
        data = parse_json(read_file(path, MAX_SCENARIO_BYTES, owned=False), "a scenario")
    except FileNotFoundError:
        raise ScenarioFormatError(file, None, None, "cannot be read (there is no such file)") from None
    except FileRefused as refused:
        raise ScenarioFormatError(file, None, None, f"cannot be read (it {refused.why.removeprefix('is ')})"
                                  if refused.why.startswith("is ") else f"cannot be read ({refused.why})") from None
    except FileProblem as problem:
        raise ScenarioFormatError(file, None, None, problem.reason) from None
    if not isinstance(data, dict):
        raise ScenarioFormatError(file, None, None, "must hold one JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScenarioFormatError(file, None, "name", "every scenario needs a name (a non-empty string)")
    scenario = Scenario(file, name, data)
    try:
        check(scenario)
    except (TypeError, AttributeError, KeyError, IndexError) as error:
        # a value of a type no key of the format takes, found where a check did not look for it
        raise ScenarioFormatError(file, None, None, f"does not follow the format ({error})") from None
    return scenario


