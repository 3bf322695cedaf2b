"""Prepared tables for screenshots and benchmarks (no randomness of its own)."""

from __future__ import annotations

import random

from ..engine import MEXICAN, Play, preset
from ..session import GameSession, SeatConfig

CROWD_NAMES = ("You", "Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria")
CROWD_KINDS = ("human", "easy", "medium", "hard", "expert", "medium", "hard", "easy")


def crowded_session(min_tiles: int = 70) -> GameSession:
    """An 8-seat double-15 table mid-round: long trains, an uncovered double,
    public markers, and you to move. Found by seeded random play."""
    for seed in range(1, 400):
        session = GameSession(preset("star-ranch"), [SeatConfig(n, k) for n, k in zip(CROWD_NAMES, CROWD_KINDS)], seed)
        match = session.match
        state = match.start_next_round()
        rng = random.Random(seed)
        while not state.round_over:
            on_table = sum(len(t) for t in state.trains)
            if (on_table >= min_tiles and state.open_doubles and sum(state.public) >= 3
                    and state.to_move == 0 and state.trains[MEXICAN]
                    and any(isinstance(a, Play) for a in state.legal_actions())):
                return session
            legal = state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            match.apply(rng.choice(plays) if plays and rng.random() < 0.97 else rng.choice(legal))
    raise RuntimeError("no crowded table found")
