"""Rebuilding a session from a checked save by replaying its record.

The match is rebuilt from the save's deals and draw-off: each round is dealt
again from its recorded tile order, every logged action is parsed and applied
with the rules engine (so an illegal action is refused with the engine's
reason), and finished rounds are recorded. The rebuilt state, the log as the
engine writes it included, must equal the saved one field for field, which
catches edits that JSON and the checksum cannot show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ai.levels import carried_on
from ..engine import IllegalAction, Match, SetupError, parse_action
from ..engine.actions import Action, ActionSyntaxError
from ..engine.match import MatchRecord
from ..engine.tiles import parse_tile
from ..memory.session import GameSession
from .checks import tiles_of
from .codec import encode_state
from .errors import SaveError
from .reviews import kept_reviews
from .validate import Checked

_PARSED: dict[tuple[int, int], dict[str, Action]] = {}
"""Parsed action texts per (players, set_max): a table has a few thousand at most."""


def _parser(players: int, set_max: int) -> Callable[[str], Action]:
    """A cached action parser (the same texts recur in every log of that table)."""
    cache = _PARSED.setdefault((players, set_max), {})

    def parse(text: str) -> Action:
        found = cache.get(text)
        if found is None:
            found = parse_action(text, players, set_max)
            if len(cache) < 50_000:
                cache[text] = found
        return found

    return parse


def replay_match(checked: Checked) -> Match:
    """The match the save's record gives: its deals dealt again and every logged
    action applied (events off while replaying, on after)."""
    doc = checked.doc
    names = [s.name for s in checked.seats]
    held = doc["draw_off"]
    record = MatchRecord(
        checked.options, len(names), tuple(names), checked.seed,
        tuple((seat, parse_tile(tile)) for seat, tile in held["tiles"]) if held else (),
        held["starter"] if held else None,
        tuple(tuple(tiles_of(deal, "deals", checked.setup.set_max)) for deal in doc["deals"]),
        tuple(tuple(log) for log in doc["action_log"]),
        tuple(doc["salts"]),
        tuple(doc["fingerprints"]),
        tuple(doc["undos"]),
    )
    parse = _parser(len(names), checked.setup.set_max)
    try:
        return Match.replay(record, parse)
    # One name per handler: compiled, a name bound by one except clause keeps that clause's type.
    except ActionSyntaxError as unreadable:
        raise SaveError(f"the action log holds an action that cannot be read: {unreadable}") from None
    except IllegalAction as illegal:
        r, i = illegal.round_index, illegal.action_index
        text = doc["action_log"][r][i] if r is not None and i is not None else "?"
        raise SaveError(
            f"the action log does not replay: action_log[{r}][{i}] '{text}' is not legal there: {illegal.reason}"
        ) from None
    except (SetupError, ValueError) as undealt:
        raise SaveError(f"the match cannot be dealt again from the save: {undealt}") from None


def _first_difference(a: Any, b: Any, where: str) -> str:
    """The path of the first place two JSON values differ."""
    if type(a) is dict and type(b) is dict:
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key, ...) != b.get(key, ...):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if type(a) is list and type(b) is list and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return where


def doc_allow_undo(checked: Checked) -> bool:
    """The save's undo house setting."""
    return bool(checked.doc["allow_undo"])


def restore(checked: Checked) -> GameSession:
    """The session of a checked save, after proving its state is what its log gives."""
    match = replay_match(checked)
    saved = {k: checked.doc[k] for k in ("match", "round", "action_log")}
    replayed = encode_state(match)
    if replayed != saved:
        where = _first_difference(saved, replayed, "save").removeprefix("save.")
        raise SaveError(f"{where} is not what the action log gives: the file was edited or damaged")
    session = GameSession(checked.options, checked.seats, checked.seed, checked.match_id, doc_allow_undo(checked))
    session.hints = list(checked.doc["hints"])
    session.mixes = list(checked.mixes)
    session.match = match
    session.levels = list(checked.levels)
    if session.levels and match.round is not None and not match.round.round_over:
        session.levels[-1] = carried_on(session.levels[-1], [s.kind for s in checked.seats])
    session.reviews = kept_reviews(checked.doc.get("reviews"), match)
    return session
