"""The hint is the review's own pick: the review of a hinted decision, made
with the same seed and budget, never finds a better move."""

from __future__ import annotations

import pytest
from ai.positions import choice_positions

from game.engine import parse_action, seat_view
from game.review.results import REVIEW_SEED, ReviewBudget
from game.review.value import advised_move, value_decision

from .positions import planted_blunder

SMALL = ReviewBudget(candidates=4, choose_samples=10, measure_samples=12)


@pytest.mark.parametrize("rules", ["classic", "hub", "tournament", "star-ranch", "tap"])
def test_the_review_values_the_advised_move_best_in_positions_of_every_preset(rules: str) -> None:
    checked = 0
    for _, state in choice_positions(range(60), lambda seed: 4 + seed % 30, rules):
        view = seat_view(state, state.to_move)
        advised = advised_move(view, REVIEW_SEED, SMALL)
        assert advised in view.legal
        valued = value_decision(view, advised, REVIEW_SEED, SMALL)
        assert valued.best == valued.made and valued.level == "", (rules, valued)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_the_advice_in_a_planted_blunder_is_the_obvious_move() -> None:
    view = seat_view(planted_blunder(), 0)
    assert advised_move(view, "test", SMALL) == parse_action("play 12-11 on 0", 4, 12)


def test_a_seat_that_may_not_move_gets_no_advice() -> None:
    state = planted_blunder()
    with pytest.raises(ValueError):
        advised_move(seat_view(state, 1), "test", SMALL)
