"""Valuing one decision: the planted blunder, the seat's own view only, determinism."""

from __future__ import annotations

from ai.positions import random_position, with_other_hidden_tiles

from game.engine import parse_action, seat_view
from game.review.results import COSTLY, MISTAKE, ReviewBudget, level
from game.review.value import value_decision

from .positions import planted_blunder

SMALL = ReviewBudget(candidates=4, choose_samples=12, measure_samples=24)


def test_a_planted_blunder_is_a_clear_mistake_and_the_obvious_move_is_best() -> None:
    state = planted_blunder()
    view = seat_view(state, 0)
    made = parse_action("play 1-0 on mexican", 4, 12)
    valued = value_decision(view, made, "test", SMALL)
    assert valued.made == "play 1-0 on mexican"
    assert valued.best == "play 12-11 on 0"
    assert valued.level == MISTAKE
    assert valued.diff > 3 * valued.se


def test_the_best_move_made_costs_nothing() -> None:
    view = seat_view(planted_blunder(), 0)
    valued = value_decision(view, parse_action("play 12-11 on 0", 4, 12), "test", SMALL)
    assert valued.best == valued.made
    assert (valued.diff, valued.se, valued.level) == (0.0, 0.0, "")


def test_the_review_of_a_seat_never_depends_on_tiles_it_cannot_see() -> None:
    """Two rounds that differ only in the other hands and the boneyard give the
    seat the same view, and the review values its decision identically."""
    checked = 0
    for seed in range(30):
        state = random_position("classic", 4, seed, 10 + seed % 25)
        if state is None or len(state.legal_actions()) < 3:
            continue
        seat = state.to_move
        view = seat_view(state, seat)
        other = with_other_hidden_tiles(state, seat, seed)
        made = state.legal_actions()[-1]
        assert value_decision(view, made, "s", SMALL) == value_decision(seat_view(other, seat), made, "s", SMALL)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_same_seed_gives_the_same_numbers() -> None:
    view = seat_view(planted_blunder(5), 0)
    made = parse_action("play 1-0 on mexican", 4, 12)
    assert value_decision(view, made, "a", SMALL) == value_decision(view, made, "a", SMALL)


def test_marks_need_a_difference_clearly_above_the_noise() -> None:
    assert level(12.0, 3.0) == MISTAKE
    assert level(12.0, 5.0) == COSTLY  # 2.4 standard errors: costly, not clearly a mistake
    assert level(12.0, 7.0) == ""  # within the noise
    assert level(5.0, 1.0) == COSTLY
    assert level(3.0, 0.1) == ""  # too small to matter
    assert level(-6.0, 1.0) == ""
    assert level(12.0, 1.0, worse=0.6) == COSTLY  # worse on too few deals to be clearly a mistake
    assert level(12.0, 1.0, worse=0.4) == ""  # loses on average through a few bad deals only


def test_a_move_that_is_not_legal_is_refused() -> None:
    view = seat_view(planted_blunder(), 0)
    try:
        value_decision(view, parse_action("play 1-0 on 2", 4, 12), "test", SMALL)
    except ValueError as error:
        assert "not a legal action" in str(error)
    else:
        raise AssertionError("an illegal move was valued")
