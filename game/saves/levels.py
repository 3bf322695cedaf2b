"""The ``levels`` field of a save: the version of every computer kind that played each round.

One entry per started round: ``null`` (not recorded: a save older than
format 4) or an object from kind to its version, a whole number, or a list
of versions when the round was begun under one and played on under another.
``verify-deal`` decides a computer's move again only when the round records
the very version this game runs (``game.ai.levels.VERSIONS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ai.levels import KIND_NAMES, VERSIONS, Levels
from .checks import a_list, an_object, int_in
from .errors import SaveError

MAX_VERSION = 1_000_000
"""The largest version number a save may name."""


def check_levels(raw: Any, started: int, kinds: Sequence[str]) -> list[Levels | None]:
    """The save's levels, one entry per started round, each naming exactly the
    computer kinds among the seats' ``kinds``; SaveError names the first problem."""
    playing = sorted({kind for kind in kinds if kind in KIND_NAMES})
    out: list[Levels | None] = []
    for r, entry in enumerate(a_list(raw, "levels", started)):
        if entry is None:
            out.append(None)
            continue
        where = f"levels[{r}]"
        given = an_object(entry, where, (), KIND_NAMES)
        record: Levels = {}
        for kind, value in given.items():
            if type(value) is list:
                versions = a_list(value, f"{where}.{kind}", longest=10)
                record[kind] = [int_in(v, f"{where}.{kind}[{i}]", 1, MAX_VERSION) for i, v in enumerate(versions)]
                if len(set(versions)) != len(versions) or len(versions) < 2:
                    raise SaveError(f"{where}.{kind} must list two or more different versions")
            else:
                record[kind] = int_in(value, f"{where}.{kind}", 1, MAX_VERSION)
        if sorted(record) != playing:
            raise SaveError(f"{where} must give a version for each computer kind at the table "
                            f"({', '.join(playing) or 'none'}), and no other")
        out.append(record)
    return out


def why_not_again(levels: Levels | None, kind: str, label: str) -> str:
    """Why a decision of ``kind`` in a round with ``levels`` cannot be made again
    here, in words ('' when it can: the round records this game's version)."""
    now = VERSIONS[kind]
    if levels is None:
        return "the save is older than level versions, so it does not say which version of each level played"
    was = levels.get(kind)
    if was is None:
        return f"the save records no version for {label} in this round"
    if isinstance(was, list):
        return f"{label} played this round under versions {', '.join(map(str, was))}; this game has {now}"
    if was != now:
        return f"{label} played under version {was}; this game has version {now}"
    return ""
