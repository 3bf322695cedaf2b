"""Random mid-round positions for the computer player tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from game.ai.inference import Sampler
from game.engine import Play, RoundState, deal_round, preset, tile_id
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


def choice_positions(
    seeds: Iterable[int], steps: Callable[[int], int], rules: str = "classic", players: int = 4
) -> Iterator[tuple[int, RoundState]]:
    """``(seed, random_position)`` for each seed (after ``steps(seed)`` random
    actions), keeping the rounds still going whose player to move has a real choice."""
    for seed in seeds:
        state = random_position(rules, players, seed, steps(seed))
        if state is not None and len(state.legal_actions()) >= 2:
            yield seed, state


def with_other_hidden_tiles(state: RoundState, seat: int, seed: int) -> RoundState:
    """The same round as ``seat`` sees it, with the tiles it cannot see dealt
    again (the other hands and the boneyard differ, the seat's view does not)."""
    view = seat_view(state, seat)
    hands, boneyard = Sampler(view).deal(random.Random(seed))
    other = determinize(view, hands, boneyard)
    assert [other.hands[s] for s in range(state.players) if s != seat] != [
        state.hands[s] for s in range(state.players) if s != seat]
    return other


def stopped_chain_round() -> RoundState:
    """A ``classic`` opening in which seat 1 lays 12-5 and 5-3 on its train and
    stops, keeping its 3-3 back; seat 2 is to move."""
    setup = preset("classic").setup(4)
    hands = [
        [tile_id(9, 9), tile_id(8, 1)],
        [tile_id(12, 5), tile_id(5, 3), tile_id(3, 3), tile_id(7, 2), tile_id(10, 4)],
        [tile_id(12, 6), tile_id(6, 1)],
        [tile_id(12, 7), tile_id(0, 0)],
    ]
    boneyard = [tile_id(11, 0), tile_id(11, 2), tile_id(9, 4), tile_id(6, 4)]
    state = RoundState.from_table(setup, 12, hands, boneyard, to_move=1, opening_done=False)
    for tile in (tile_id(12, 5), tile_id(5, 3)):
        state.apply(Play(tile, 1))
    state.apply(next(a for a in state.legal_actions() if str(a) == "end"))
    return state
