"""Random mid-round positions for the computer player tests."""

from __future__ import annotations

import random

from game.ai.inference import Sampler
from game.engine import RoundState, deal_round, preset
from game.engine.view import determinize, seat_view

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


def with_other_hidden_tiles(state: RoundState, seat: int, seed: int) -> RoundState:
    """The same round as ``seat`` sees it, with the tiles it cannot see dealt
    again (the other hands and the boneyard differ, the seat's view does not)."""
    view = seat_view(state, seat)
    hands, boneyard = Sampler(view).deal(random.Random(seed))
    other = determinize(view, hands, boneyard)
    assert [other.hands[s] for s in range(state.players) if s != seat] != [
        state.hands[s] for s in range(state.players) if s != seat]
    return other
