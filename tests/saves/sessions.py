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


ROUND_SLOTS = [s for s in RoundState.__slots__ if s not in ("events", "_legal", "setup", "options")]


def round_state(state: RoundState | None) -> dict[str, Any] | None:
    """Every rules-relevant slot of a round, for comparing two rounds."""
    if state is None:
        return None
    return {name: getattr(state, name) for name in ROUND_SLOTS} | {"options": state.options}


def whole_state(session: GameSession) -> dict[str, Any]:
    """Everything a save must restore, straight from the objects (not via the save format)."""
    m = session.match
    return {
        "options": session.options,
        "seats": list(session.seats),
        "seed": session.seed,
        "setup": m.setup,
        "names": m.names,
        "round_scores": m.round_scores,
        "openers": m.openers,
        "used_doubles": m.used_doubles,
        "round_winners": m.round_winners,
        "first_starter": m.first_starter,
        "action_log": m.action_log,
        "round_number": m.round_number,
        "round": round_state(m.round),
        "legal": None if m.round is None else list(m.round.legal_actions()),
    }


def random_rng(seed: int) -> random.Random:
    """A seeded random source for choosing stopping points."""
    return random.Random(seed)
