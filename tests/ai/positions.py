"""Random mid-round positions for the computer player tests."""

from __future__ import annotations

import random

from game.engine import RoundState, deal_round, preset

PRESET_NAMES = ("classic", "hub", "tournament", "star-ranch", "tap")


def random_position(rules: str, players: int, seed: int, steps: int) -> RoundState | None:
    """A round after up to ``steps`` random legal actions, or None if it ended first."""
    setup = preset(rules).setup(players)
    rng = random.Random(seed)
    engine = setup.engines[seed % len(setup.engines)] if setup.engines else None
    state = deal_round(setup, engine, seed % players, rng, record_events=False)
    for _ in range(steps):
        if state.round_over:
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.round_over else state
