"""Upgrading older save documents to the current format, one version at a time.

Each past version ``v`` has a function in ``UPGRADES`` that turns a version-``v``
document into a version ``v + 1`` one; a fixture file of every past version
lives in ``tests/saves/fixtures/``. Version 0 was the first draft of the
format: ``players`` (``name`` and ``ai``, ``null`` for the person) instead of
``seats``, ``rules`` instead of ``preset``, and no checksum. Version 1 held
only the seed, not the deals, and named its round fields after the engine's
attributes. Version 2 had no ``reviews``; version 3 recorded no computer
kind's version (``levels``) and shuffled network deals with Python's
``random``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import TEXT
from ..engine.fairdeal import LEGACY_SHUFFLE
from ..engine.match import seeded_record
from .codec import FORMAT_VERSION, checksum
from .errors import SaveError
from .validate import check_table


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


V2_ROUND_KEYS = {
    "opening_done": "first_turns_over",
    "first_turn_done": "first_turn_taken",
    "own_started_turn": "own_train_started_on_turn",
    "round_over": "over",
}
"""Round keys format 2 renamed (the others kept their names)."""
V2_TURN_KEYS = {
    "played": "tiles_laid",
    "drew": "draw_spent",
    "owes": "extra_tiles_owed",
    "need": "needs",
    "chain": "chaining_own_train",
    "played_own": "played_on_own_train",
    "discretionary": "discretionary",
    "start_doubles": "doubles_open_at_start",
    "bonus_used": "bonus_play_used",
    "opened": "opened_own_train",
}
"""Format 1 turn key -> format 2 turn key."""


def _upgrade_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the deals and the draw-off are written out (made again
    from the seed, as the game dealt them), the round's fields take the names
    format 2 gives them, a finished round not yet recorded is recorded, and
    courtesy knocks (no longer an action) are dropped from the log."""
    options, seats, setup, seed = check_table(doc)
    log = doc.get("action_log")
    if type(log) is not list or not all(type(r) is list for r in log) or len(log) > setup.rounds:
        raise SaveError("action_log must be a list of rounds, each a list of actions")
    if options.knock == "courtesy":
        log = [[a.removesuffix(" knock") if type(a) is str else a for a in r] for r in log]
    record = seeded_record(options, [s.name for s in seats], seed, log)
    deals = [[TEXT[t] for t in deal] for deal in record.deals]
    draw_off = None
    if record.first_starter is not None:
        draw_off = {"starter": record.first_starter, "tiles": [[seat, TEXT[t]] for seat, t in record.draw_off]}
    out: dict[str, Any] = {}
    for key, value in doc.items():
        if key == "seed":
            out[key] = value
            out["match_id"] = "v1-" + checksum(doc).removeprefix("sha256:")[:12]
            out["allow_undo"] = False
            out["hints"] = [0] * len(seats)
        elif key == "action_log":
            out["deals"], out["draw_off"] = deals, draw_off
            out["salts"], out["fingerprints"] = [""] * len(deals), [""] * len(deals)
            out["undos"] = [0] * len(deals)
            out[key] = log
        elif key == "round" and type(value) is dict:
            out[key] = _rename_round(value)
        else:
            out[key] = value
    _record_finished_round(out)
    out["version"] = 2
    out["checksum"] = checksum(out)
    return out


def _rename_round(round_doc: dict[str, Any]) -> dict[str, Any]:
    """A format-1 round object with format 2's keys."""
    renamed = {V2_ROUND_KEYS.get(key, key): value for key, value in round_doc.items()}
    turn = renamed.get("turn")
    if type(turn) is dict:
        renamed["turn"] = {V2_TURN_KEYS.get(key, key): value for key, value in turn.items()}
    return renamed


def _record_finished_round(doc: dict[str, Any]) -> None:
    """Format 1 could be saved between a round's end and the recording of its
    scores; format 2 records them with the round's end, as the match does."""
    match, round_doc, log = doc.get("match"), doc.get("round"), doc.get("action_log")
    if type(match) is not dict or type(round_doc) is not dict or type(log) is not list:
        return
    scores, winners = match.get("round_scores"), match.get("round_winners")
    if round_doc.get("over") is not True or type(scores) is not list or type(winners) is not list:
        return
    if len(scores) != len(log) - 1 or type(round_doc.get("scores")) is not list:
        return
    final = round_doc["scores"]
    winner = round_doc.get("went_out")
    if winner is None and final and all(type(x) is int for x in final) and type(round_doc.get("opener")) is int:
        n, low = len(final), min(final)
        winner = next(s for s in ((round_doc["opener"] + i) % n for i in range(n)) if final[s] == low)
    doc["match"] = {**match, "round_scores": [*scores, final], "round_winners": [*winners, winner]}


def _upgrade_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: nothing to change (format 3 adds the optional ``reviews``
    a save keeps). The checksum is made again only when the version-2 one
    holds, so a damaged version-2 file is still refused for its checksum."""
    if "reviews" in doc:
        raise SaveError("a format 2 save has no field 'reviews'")
    intact = doc.get("checksum") == checksum(doc)
    out = {**doc, "version": 3}
    out["checksum"] = checksum(out) if intact else doc.get("checksum")
    return out


def _upgrade_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 -> 4: ``levels`` records no version for any round (``null``:
    format 3 kept none, so ``verify-deal`` decides no computer move again), and
    every round a network table mixed names the shuffle of that time
    (``python-random``) and leaves open whether this game saw its commitment
    (``witnessed: null``). The checksum is made again only when the version-3
    one holds, as for version 2."""
    if "levels" in doc:
        raise SaveError("a format 3 save has no field 'levels'")
    log, mixes = doc.get("action_log"), doc.get("mixes")
    if type(log) is not list:
        raise SaveError("action_log must be a list of rounds, each a list of actions")
    intact = doc.get("checksum") == checksum(doc)
    out: dict[str, Any] = {}
    for key, value in doc.items():
        if key == "action_log":
            out["levels"] = [None] * len(log)
        if key == "mixes" and type(mixes) is list:
            value = [{**mix, "shuffle": LEGACY_SHUFFLE, "witnessed": None} if type(mix) is dict else mix
                     for mix in mixes]
        out[key] = value
    out["version"] = 4
    out["checksum"] = checksum(out) if intact else doc.get("checksum")
    return out


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _upgrade_0, 1: _upgrade_1, 2: _upgrade_2, 3: _upgrade_3,
}
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
