"""Expert's reading of first-turn chains: the longest its player could lay."""

from __future__ import annotations

import random

from game.ai import make_player
from game.ai.inference import ChainRead, Sampler, chain_fits, chain_reads
from game.ai.medium import MediumPlayer
from game.engine import RoundState, deal_round, determinize, preset, seat_view
from game.engine.tiles import tile_id


def _opening(seed: int) -> RoundState:
    """A classic 4-seat round at the first seat's first turn."""
    setup = preset("classic").setup(4)
    return deal_round(setup, 12 - seed % 13, seed % 4, random.Random(seed), record_events=False)


def _lay_chains(state: RoundState, seats: int | None = None) -> None:
    """Medium lays the first-turn chains of ``seats`` seats (all of them if None)."""
    players = [MediumPlayer(f"m{s}") for s in range(4)]
    done = 0
    while not state.opening_done and not state.round_over and (seats is None or done < seats):
        seat = state.to_move
        while state.to_move == seat and not state.round_over:
            state.apply(players[seat].choose(seat_view(state, seat)))
        done += 1


def test_a_hand_that_could_have_laid_a_longer_chain_does_not_fit() -> None:
    chain = (tile_id(12, 5), tile_id(5, 3))
    read = ChainRead(1, 12, chain)
    assert chain_fits(read, [tile_id(9, 9), tile_id(0, 1)])
    assert not chain_fits(read, [tile_id(3, 8), tile_id(0, 1)])  # 3-8 would have gone on
    assert chain_fits(read, [tile_id(3, 3), tile_id(0, 1)])  # the end's double is kept back
    assert not chain_fits(read, [tile_id(3, 3), tile_id(3, 8)])


def test_medium_first_turn_chains_fit_the_true_hands() -> None:
    checked = 0
    for seed in range(12):
        state = _opening(seed)
        _lay_chains(state)
        if state.round_over:
            continue
        view = seat_view(state, state.to_move)
        for seat, read in chain_reads(view).items():
            assert seat != view.seat
            assert read.chain == tuple(state.trains[seat][: len(read.chain)])
            assert chain_fits(read, state.hands[seat])
            checked += 1
    assert checked > 10


def test_chains_are_not_read_outside_the_classic_opening() -> None:
    state = deal_round(preset("tournament").setup(4), 12, 0, random.Random(1), record_events=False)
    assert chain_reads(seat_view(state, state.to_move)) == {}


def test_samples_read_the_chains_and_depend_only_on_the_view() -> None:
    checked = 0
    for seed in range(20):
        state = _opening(seed)
        _lay_chains(state, 1 + seed % 3)
        if state.round_over or len(state.legal_actions()) < 2:
            continue
        seat = state.to_move
        view = seat_view(state, seat)
        reads = chain_reads(view)
        if not reads:
            continue
        fit = {}
        for read_chains in (False, True):
            sampler = Sampler(view, read_stops=True, read_chains=read_chains)
            rng = random.Random(seed)
            deals = [sampler.deal(rng)[0] for _ in range(30)]
            fit[read_chains] = sum(all(chain_fits(reads[s], d[s]) for s in reads) for d in deals)
        assert fit[True] > fit[False]
        hands, boneyard = sampler.deal(random.Random(seed))
        other = determinize(view, hands, boneyard)
        assert seat_view(other, seat) == view
        first = make_player("expert", "same").choose(view)
        assert first in view.legal
        assert make_player("expert", "same").choose(seat_view(other, seat)) == first
        checked += 1
        if checked == 3:
            break
    assert checked == 3
