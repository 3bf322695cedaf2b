"""A table as the list of a person's tables shows it: a stored row in a few words, nothing of any hand.

Each entry says whether the table is there (``found``: ``table``,
``expired`` when removed past its retention, ``unknown``), its state, pace
and round, whose move it is and whether it is this seat's, when the last
move was, and each seat's name and kind. The server answers a ``list`` with
these (``server.arrivals``); the game reads its own server's file the same
way (``client.listing``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..store.base import DamagedRecord
from ..store.records import Listed
from ..store.rows import json_value
from .settings import Settings, SettingsError


def settled(listed: Listed) -> Listed:
    """``listed`` with its stored settings checked as a ``create``'s are: ``damaged`` (and why)
    when they do not hold."""
    if listed.found != "table":
        return listed
    try:
        _settings(listed)
    except DamagedRecord as damaged:
        return replace(listed, found="damaged", problem=damaged.reason)
    return listed


def _settings(listed: Listed) -> Settings:
    """A listed table's settings; DamagedRecord when they do not hold."""
    try:
        return Settings.from_json(json_value(listed.settings, "its settings"))
    except SettingsError as error:
        raise DamagedRecord(f"its settings do not hold: {error}") from None


def listed_json(listed: Listed, typed_code: str) -> dict[str, Any]:
    """One entry of a ``list`` reply (``typed_code``: the code as the game sent it); a damaged
    table is answered as ``unknown`` (it cannot be played; the server's log says why)."""
    listed = settled(listed)
    if listed.found != "table":
        return {"table": typed_code, "found": "unknown" if listed.found == "damaged" else listed.found}
    settings = _settings(listed)
    rounds = settings.options().setup(settings.players).rounds
    return {
        "table": listed.code, "found": "table", "seat": listed.seat, "state": listed.state, "pace": settings.pace,
        "round": listed.round, "rounds": rounds, "waiting": list(listed.waiting),
        "your_move": listed.seat in listed.waiting and listed.state in ("dealing", "playing"),
        "last_move_at": round(listed.last_move_at, 3),
        "finished_at": None if listed.finished_at is None else round(listed.finished_at, 3),
        "seats": [{"name": s.name, "kind": s.kind, "stand_in": s.stand_in, "left": s.left} for s in listed.seats],
    }
