"""Building sessions by letting computer players play, for the saves tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.ai import make_player
from game.engine import Match, Phase, RoundState, preset
from game.memory.session import HUMAN, GameSession, SeatConfig


def player_kind(kind: str) -> str:
    """Who plays a seat in a test: a person's seat is played at random."""
    return "random" if kind == HUMAN else kind


def step(match: Match, kinds: Sequence[str]) -> bool:
    """One action in the match (starting or finishing rounds as needed); False once the match is over."""
    if match.phase is Phase.MATCH_OVER:
        return False
    if match.phase is not Phase.PLAYING:
        match.start_next_round()
        return True
    seat = match.current_player()
    assert seat is not None
    player = make_player(player_kind(kinds[seat]), match.player_seed(seat))
    match.apply(player.choose(match.view(seat)))
    return True


def new_session(rules: str, kinds: Sequence[str], seed: int | str, **house: Any) -> GameSession:
    """A fresh session with seats named after their kinds."""
    seats = [SeatConfig("You" if k == HUMAN else f"{k.title()} {i}", k) for i, k in enumerate(kinds)]
    return GameSession(preset(rules, **house), seats, seed)


def play_steps(session: GameSession, steps: int) -> int:
    """Play up to ``steps`` steps; return how many were played."""
    kinds = [s.kind for s in session.seats]
    for done in range(steps):
        if not step(session.match, kinds):
            return done
    return steps


def play_to_end(session: GameSession) -> None:
    """Play the match out."""
    kinds = [s.kind for s in session.seats]
    while step(session.match, kinds):
        pass


UNSAVED_ROUND = {"events": "what the table animates next, taken by it", "_legal": "a cache of legal_actions()"}
"""Round fields a save does not keep, and why."""
UNSAVED_MATCH = {"start_events": "the draw-off the table animates once, taken by it"}
"""Match attributes a save does not keep, and why."""


def round_state(state: RoundState | None) -> dict[str, Any] | None:
    """Every field of a round (``game.engine.fields``) but those a save does not keep."""
    if state is None:
        return None
    from game.engine.fields import FIELD_NAMES

    return {name: getattr(state, name) for name in FIELD_NAMES if name not in UNSAVED_ROUND}


def attributes(thing: object) -> dict[str, Any]:
    """Every attribute ``thing`` holds, by name: its ``__dict__``, and for a class
    compiled by mypyc (no ``__dict__`` of its own) the attributes it declares."""
    declared = getattr(type(thing), "__mypyc_attrs__", ())
    found = {name: getattr(thing, name) for name in declared if name != "__dict__" and hasattr(thing, name)}
    return {**found, **getattr(thing, "__dict__", {})}


def match_state(match: Match) -> dict[str, Any]:
    """Every attribute of a match (its round field by field), the legal actions
    and the round number, but those a save does not keep."""
    state = {name: value for name, value in attributes(match).items() if name not in UNSAVED_MATCH}
    state["round"] = round_state(match.round)
    state["legal"] = list(match.legal_actions())
    state["round_number"] = match.round_number
    return state


def whole_state(session: GameSession, fresh_from: int | None = None) -> dict[str, Any]:
    """Everything a save must restore, straight from the objects (not via the
    save format): every attribute of the session and of its match, walked by
    name, so a new one is compared without being named here. ``fresh_from``:
    rounds from that index on were dealt after the save, each game drawing its
    own secret salt (so their salts and fingerprints are left out)."""
    state = dict(vars(session))
    state["match"] = match_state(session.match)
    if fresh_from is not None:
        for name in ("salts", "fingerprints"):
            state["match"][name] = state["match"][name][:fresh_from]
    state["levels"] = [session.round_levels(i) for i in range(len(session.match.deals))]
    state["reviews"] = (list(session.reviews), session.reviews.problem)
    return state


def random_rng(seed: int) -> random.Random:
    """A seeded random source for choosing stopping points."""
    return random.Random(seed)
