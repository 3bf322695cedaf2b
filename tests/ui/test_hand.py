"""The tray's "longest train" order agrees with the hint's plan."""

from __future__ import annotations

import random

from game.ai.medium import view_plan
from game.engine import deal_round, preset, seat_view, tile_id
from game.ui.hand import own_train_chain, sort_hand


def test_the_longest_train_sort_starts_with_the_chain_the_hint_plans_with() -> None:
    setup = preset("classic").setup(4)
    rng = random.Random(5)
    for seed in range(30):
        state = deal_round(setup, 12, 0, random.Random(seed))
        seat = state.to_move
        view = seat_view(state, seat)
        plan = view_plan(view, {})
        order = sort_hand(state.hands[seat], "train", state.ends[seat])
        assert tuple(order[: len(plan)]) == plan
        assert sorted(order) == sorted(state.hands[seat])
        rng.shuffle(state.hands[seat])
        assert own_train_chain(state.hands[seat], state.ends[seat]) == plan


def test_ties_go_to_the_heavier_chain_like_the_computer_players() -> None:
    t = tile_id
    hand = [t(12, 1), t(1, 0), t(12, 9), t(9, 5)]
    assert own_train_chain(hand, 12) == (t(12, 9), t(9, 5))
    assert sort_hand(hand, "train", 12) == [t(12, 9), t(9, 5), t(12, 1), t(1, 0)]
