"""Upgrading older save documents to the current format, one version at a time.

Each past version ``v`` has a function in ``UPGRADES`` that turns a version-``v``
document into a version ``v + 1`` one; a fixture file of every past version
lives in ``tests/saves/fixtures/``. Version 0 was the first draft of the
format: ``players`` (``name`` and ``ai``, ``null`` for the person) instead of
``seats``, ``rules`` instead of ``preset``, and no checksum.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .codec import FORMAT_VERSION, checksum
from .errors import SaveError


def _upgrade_0(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1: ``players`` becomes ``seats`` (kind ``human`` for ``ai: null``),
    ``rules`` becomes ``preset``, and a checksum is added."""
    players = doc.get("players")
    if type(players) is not list or not all(type(p) is dict and set(p) == {"name", "ai"} for p in players):
        raise SaveError("players (format 0) must be a list of objects with a name and an ai")
    if "rules" not in doc:
        raise SaveError("the format 0 save is missing the field 'rules'")
    out: dict[str, Any] = {}
    for key, value in doc.items():
        if key == "players":
            out["seats"] = [
                {"name": p["name"], "kind": "human" if p["ai"] is None else p["ai"]} for p in players
            ]
        elif key == "rules":
            out["preset"] = value
        else:
            out[key] = value
    out["version"] = 1
    out["checksum"] = checksum(out)
    return out


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upgrade_0}
"""Version -> the function that lifts a document of that version by one."""


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """The document in the current format; SaveError for a newer or unknown version."""
    version = doc["version"]
    if version > FORMAT_VERSION:
        raise SaveError(
            f"the save was written by a newer version of the game (format {version}; "
            f"this game reads formats up to {FORMAT_VERSION})"
        )
    if version < 0 or (version < FORMAT_VERSION and version not in UPGRADES):
        raise SaveError(f"the save's format version {version} is unknown")
    while doc["version"] < FORMAT_VERSION:
        doc = UPGRADES[doc["version"]](doc)
    return doc
