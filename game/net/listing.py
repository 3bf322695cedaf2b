"""The list of a person's tables: each asked-for seat's table in a few words, nothing of any hand.

A game asks with its kept seats (the table's code and the seat's token); the
server answers from its database, loading no table and touching no
retention. Each entry says whether the table is there (``found``:
``table``, ``expired`` when removed past its retention, ``unknown``), its
state, pace and round, whose move it is and whether it is this seat's,
when the last move was, and each seat's name and kind.
"""

from __future__ import annotations

import json
from typing import Any

from .settings import Settings, SettingsError
from .store.records import Listed


def listed_json(listed: Listed, typed_code: str) -> dict[str, Any]:
    """One entry of a ``list`` reply (``typed_code``: the code as the game sent it)."""
    if listed.found != "table":
        return {"table": typed_code, "found": listed.found}
    try:
        settings = Settings.from_json(json.loads(listed.settings))
        rounds = settings.options().setup(settings.players).rounds
    except (SettingsError, ValueError):
        return {"table": typed_code, "found": "unknown"}
    return {
        "table": listed.code, "found": "table", "seat": listed.seat, "state": listed.state, "pace": settings.pace,
        "round": listed.round, "rounds": rounds, "waiting": list(listed.waiting),
        "your_move": listed.seat in listed.waiting and listed.state in ("dealing", "playing"),
        "last_move_at": round(listed.last_move_at, 3),
        "finished_at": None if listed.finished_at is None else round(listed.finished_at, 3),
        "seats": [{"name": s.name, "kind": s.kind, "stand_in": s.stand_in, "left": s.left} for s in listed.seats],
    }
