"""Prepared tables for screenshots and benchmarks (no randomness of its own)."""

from __future__ import annotations

import random

from ..engine import MEXICAN, Action, Match, Phase, Play, play_match, preset
from ..memory.session import GameSession, SeatConfig

CROWD_NAMES = ("You", "Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria")
CROWD_KINDS = ("human", "easy", "medium", "hard", "expert", "medium", "hard", "easy")


def crowded_session(min_tiles: int = 70) -> GameSession:
    """An 8-seat double-15 table mid-round: long trains, an uncovered double,
    public markers, and you to move. Found by seeded random play."""
    for seed in range(1, 400):
        session = GameSession(preset("star-ranch"), [SeatConfig(n, k) for n, k in zip(CROWD_NAMES, CROWD_KINDS)], seed)
        rng = random.Random(seed)

        def mostly_plays(match: Match, seat: int, rng: random.Random = rng) -> Action:
            """A random play nearly always, else any legal action."""
            legal = match.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            return rng.choice(plays) if plays and rng.random() < 0.97 else rng.choice(legal)

        play_match(session.match, mostly_plays, until=lambda m: _crowded(m, min_tiles) or _round_ended(m))
        if session.match.phase is Phase.PLAYING:
            return session
    raise RuntimeError("no crowded table found")


def _round_ended(match: Match) -> bool:
    """Whether the first round is over without the table getting crowded."""
    return match.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def _crowded(match: Match, min_tiles: int) -> bool:
    """Whether the round in play shows everything the crowded screenshot wants, you to move with a play."""
    state = match.round
    if state is None or match.current_player() != 0:
        return False
    return (
        sum(len(t) for t in state.trains) >= min_tiles and bool(state.open_doubles) and sum(state.public) >= 3
        and bool(state.trains[MEXICAN]) and any(isinstance(a, Play) for a in state.legal_actions())
    )
