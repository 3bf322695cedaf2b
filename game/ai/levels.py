"""The names of the computer players, light enough to load with the title
screen and the save reader (the players themselves load on first use), and
the version of each one's decisions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The difficulty levels offered to players, weakest first."""

KIND_NAMES: tuple[str, ...] = ("random", *LEVELS)
"""Every kind a seat may be given: ``random`` and the four levels (the keys of ``KINDS``)."""

VERSIONS: Final[dict[str, int]] = {"random": 2, "easy": 2, "medium": 2, "hard": 2, "expert": 2}
"""Each kind's decision version: raised by one whenever any decision of that
kind changes (a new rule, weight, search budget or random draw). A save
records, per dealt round, the version of every kind that played in it, and
``verify-deal`` decides a move again only under the same version.
``tests/ai/test_decisions.py`` holds each version to the decisions recorded
in ``tests/ai/data/decisions.json`` (``python tools/record_decisions.py``
records them again after a bump)."""

Levels = dict[str, int | list[int]]
"""The versions of the kinds that played one round: a kind's version, or
several (in order) when the round was begun under one and finished under
another (a save made by an older game and played on by a newer one)."""


def running_levels(kinds: Iterable[str]) -> Levels:
    """This game's version of each computer kind among ``kinds`` (people's seats are left out)."""
    return {kind: VERSIONS[kind] for kind in sorted(set(kinds)) if kind in VERSIONS}


def carried_on(recorded: Levels | None, kinds: Iterable[str]) -> Levels | None:
    """A round's record once this game plays on in it: every kind whose recorded
    version is not this game's also lists this game's (None stays None: an
    older save recorded no versions, and some of the round is of unknown ones)."""
    if recorded is None:
        return None
    out: Levels = dict(recorded)
    for kind in running_levels(kinds):
        now, was = VERSIONS[kind], out.get(kind)
        if was is None:
            out[kind] = now
        elif was != now:
            versions = list(was) if isinstance(was, list) else [was]
            out[kind] = versions if now in versions else [*versions, now]
    return out
