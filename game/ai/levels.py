"""The names of the computer players, light enough to load with the title
screen and the save reader (the players themselves load on first use), and
the version of each one's decisions."""

from __future__ import annotations

from typing import Final

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The difficulty levels offered to players, weakest first."""

KIND_NAMES: tuple[str, ...] = ("random", *LEVELS)
"""Every kind a seat may be given: ``random`` and the four levels (the keys of ``KINDS``)."""

VERSIONS: Final[dict[str, int]] = {"random": 1, "easy": 1, "medium": 1, "hard": 1, "expert": 1}
"""Each kind's decision version: raised by one whenever any decision of that
kind changes (a new rule, weight, search budget or random draw). A save
records, per dealt round, the version of every kind that played in it, and
``verify-deal`` decides a move again only under the same version.
``tests/ai/test_decisions.py`` holds each version to the decisions recorded
in ``tests/ai/data/decisions.json`` (``python tools/record_decisions.py``
records them again after a bump)."""
