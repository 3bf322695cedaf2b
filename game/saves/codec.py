"""Turning a ``GameSession`` into the save document (format version 4).

The document is plain JSON data, readable by a person: tiles are written as
text (``"12-5"``), train tiles as laid (``"near-far"``, hub side first), the
boneyard in draw order (next draw first), trains keyed by seat number or
``"mexican"``. ``docs/saves.md`` describes every field.

The format names its fields itself: ``ROUND_KEYS`` and ``TURN_KEYS`` map each
saved round field (``game.engine.fields``) to its key in the file, so an
engine attribute can be renamed without a save migration.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from ..engine import MEXICAN, TEXT, Match, RoundState, RuleOptions, train_name
from ..engine.turn import NEED_NAMES, TURN_FIELDS
from ..memory.session import GameSession
from ..version import game_version
from .mixes import encode_mixes
from .reviews import encode_reviews

FORMAT_MARK = "mexican-train save"
FORMAT_VERSION = 4
NEEDS = NEED_NAMES
"""Text of the turn's ``need`` values 0, 1, 2."""

ROUND_KEYS: dict[str, str] = {
    "engine": "engine",
    "opener": "opener",
    "to_move": "to_move",
    "turn_number": "turn_number",
    "hands": "hands",
    "boneyard": "boneyard",
    "trains": "trains",
    "public": "public",
    "open_doubles": "open_doubles",
    "double_owner": "double_owner",
    "suspended": "suspended",
    "opening_done": "first_turns_over",
    "first_turn_done": "first_turn_taken",
    "own_started_turn": "own_train_started_on_turn",
    "round_over": "over",
    "went_out": "went_out",
    "scores": "scores",
    "charges": "charges",
    "history": "history",
    "turn": "turn",
}
"""Round field -> its key in a save (format 2). Fields not listed are not
saved: they are constant for the match (setup, options, players, names),
follow from the saved ones (ends, stops) or are not state (events, caches)."""

TURN_KEYS: dict[str, str] = {
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
"""Turn-progress field -> its key in the round's ``turn`` object (format 2)."""


def encode_options(options: RuleOptions) -> dict[str, Any]:
    """Every rule option by name; tuples become lists."""
    return {f.name: _plain(getattr(options, f.name)) for f in dataclasses.fields(options)}


def _plain(value: Any) -> Any:
    """Tuples (nested) as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def encode_round(state: RoundState) -> dict[str, Any]:
    """The whole round: table, hands, boneyard, markers, doubles, phase and turn progress."""
    n = state.players
    turn = state.turn
    values: dict[str, Any] = {
        "engine": state.engine,
        "opener": state.opener,
        "to_move": state.to_move,
        "turn_number": state.turn_number,
        "hands": [[TEXT[t] for t in hand] for hand in state.hands],
        "boneyard": [TEXT[t] for t in reversed(state.boneyard)],
        "trains": {
            train_name(t): [f"{near}-{far}" for near, far in state.train_tiles(t)] for t in [*range(n), MEXICAN]
        },
        "public": list(state.public),
        "open_doubles": [train_name(t) for t in state.open_doubles],
        "double_owner": {train_name(t): seat for t, seat in state.double_owner.items()},
        "suspended": list(state.suspended),
        "opening_done": state.opening_done,
        "first_turn_done": list(state.first_turn_done),
        "own_started_turn": list(state.own_started_turn),
        "round_over": state.round_over,
        "went_out": state.went_out,
        "scores": None if state.scores is None else list(state.scores),
        "charges": list(state.charges),
        "history": [[kind, seat, sorted(pips)] for kind, seat, pips in state.history],
        "turn": {
            TURN_KEYS[name]: (
                NEEDS[turn.need] if name == "need"
                else [train_name(t) for t in turn.start_doubles] if name == "start_doubles"
                else getattr(turn, name)
            )
            for name in TURN_FIELDS
        },
    }
    return {ROUND_KEYS[name]: value for name, value in values.items()}


def encode_match(match: Match) -> dict[str, Any]:
    """The match bookkeeping: finished rounds' scores and what later deals depend on."""
    return {
        "round_scores": [list(r) for r in match.round_scores],
        "openers": list(match.openers),
        "used_doubles": list(match.used_doubles),
        "round_winners": list(match.round_winners),
        "first_starter": match.first_starter,
    }


def encode_record(match: Match) -> dict[str, Any]:
    """The chance outcomes the match was dealt: each round's tile order and the
    draw-off (None where the preset has none, or before the first deal)."""
    draw_off = None
    if match.first_starter is not None:
        draw_off = {
            "starter": match.first_starter,
            "tiles": [[seat, TEXT[tile]] for seat, tile in match.draw_off_tiles],
        }
    return {
        "deals": [[TEXT[t] for t in deal] for deal in match.deals],
        "salts": list(match.salts),
        "fingerprints": list(match.fingerprints),
        "undos": list(match.undos),
        "draw_off": draw_off,
    }


def encode_state(match: Match) -> dict[str, Any]:
    """The parts of a save that replaying the action log must reproduce exactly."""
    return {
        "match": encode_match(match),
        "round": None if match.round is None else encode_round(match.round),
        "action_log": [list(log) for log in match.action_log],
    }


def encode_session(session: GameSession, name: str, saved_at: datetime | None = None) -> dict[str, Any]:
    """The complete save document of ``session`` (with its checksum)."""
    when = (saved_at or datetime.now(UTC)).isoformat(timespec="seconds")
    doc: dict[str, Any] = {
        "format": FORMAT_MARK,
        "version": FORMAT_VERSION,
        "name": name,
        "saved_at": when,
        "game_version": game_version(),
        "preset": session.options.preset,
        "options": encode_options(session.options),
        "seats": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "seed": session.seed,
        "match_id": session.match_id,
        "allow_undo": session.allow_undo,
        "hints": list(session.hints),
        **encode_record(session.match),
        "levels": [session.round_levels(index) for index in range(len(session.match.deals))],
        **encode_state(session.match),
    }
    if session.mixes:
        doc["mixes"] = encode_mixes(session.mixes)
    reviews = encode_reviews(session.reviews)
    if reviews is not None:
        doc["reviews"] = reviews
    doc["checksum"] = checksum(doc)
    return doc


def checksum(doc: dict[str, Any]) -> str:
    """SHA-256 of the document's canonical JSON, without its ``checksum`` field
    and without the ``reviews`` it keeps (which carry their own: see ``saves.reviews``)."""
    body = {k: v for k, v in doc.items() if k not in ("checksum", "reviews")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _flat(doc: Any) -> str:
    """``doc`` as JSON on one line."""
    return json.dumps(doc, ensure_ascii=False, separators=(", ", ": "))


def _fits_one_line(doc: Any, indent: int) -> str:
    """``doc`` on one line when it is small enough to read that way, else ''."""
    small = not isinstance(doc, (dict, list)) or (indent and len(doc) <= 16)
    if not small:
        return ""
    flat = _flat(doc)
    rows_of_lists = isinstance(doc, list) and doc and isinstance(doc[0], list)
    return flat if len(flat) + 2 * indent <= 100 and not rows_of_lists else ""


def to_text(doc: Any, indent: int = 0) -> str:
    """Readable JSON: objects one key a line, lists of plain values on one line."""
    one_line = _fits_one_line(doc, indent)
    if one_line:
        return one_line
    pad = "  " * (indent + 1)
    close = "\n" + "  " * indent
    if isinstance(doc, dict):
        if not doc:
            return "{}"
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {to_text(v, indent + 1)}" for k, v in doc.items()]
        return "{\n" + ",\n".join(items) + close + "}"
    if isinstance(doc, list) and any(isinstance(v, (dict, list)) for v in doc):
        flat_rows = all(isinstance(v, list) and not any(isinstance(x, (dict, list)) for x in v) for v in doc)
        rows = [pad + (_flat(v) if flat_rows else to_text(v, indent + 1)) for v in doc]
        return "[\n" + ",\n".join(rows) + close + "]"
    return _flat(doc)


def dumps(session: GameSession, name: str, saved_at: datetime | None = None) -> bytes:
    """The save file's bytes for ``session``."""
    return (to_text(encode_session(session, name, saved_at)) + "\n").encode("utf-8")


def dumps_compact(session: GameSession, name: str) -> bytes:
    """The save file's bytes on one line: the same document as ``dumps`` (the
    same checksum), four times faster to write, for a server saving many matches."""
    return (json.dumps(encode_session(session, name), ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
