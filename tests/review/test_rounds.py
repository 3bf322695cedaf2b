"""Reviewing a finished round: which decisions, in what order, and refusals."""

from __future__ import annotations

import pytest

from game.engine import parse_action, seat_view
from game.engine.history import round_steps
from game.review import ReviewBudget, review_round, value_decision

from .matches import played_round

SMALL = ReviewBudget(candidates=3, choose_samples=6, measure_samples=8)


def test_every_choice_of_the_seat_is_reviewed_and_forced_moves_skipped() -> None:
    match = played_round()
    log = match.action_log[0]
    turns = match.turns[0]
    seen: list[tuple[int, int]] = []
    review = review_round(match, 1, [2], budget=SMALL, progress=lambda done, total: seen.append((done, total)))
    steps = round_steps(match, 0)
    choices = [k for k in range(len(log)) if turns[k][0] == 2 and len(steps[k].state.legal_actions()) > 1]
    mine = [k for k in range(len(log)) if turns[k][0] == 2]
    assert [d.index for d in review.decisions] == choices
    assert review.forced == (len(mine) - len(choices),)
    assert all(d.seat == 2 and d.round == 1 and d.valuation.made == log[d.index] for d in review.decisions)
    assert seen[0] == (0, len(choices)) and seen[-1] == (len(choices), len(choices))


def test_a_decision_is_valued_from_the_view_the_seat_had_then() -> None:
    match = played_round()
    review = review_round(match, 1, [1], budget=SMALL)
    decision = review.decisions[len(review.decisions) // 2]
    before = round_steps(match, 0)[decision.index].state
    made = parse_action(match.action_log[0][decision.index], 4, match.setup.set_max)
    assert value_decision(seat_view(before, 1), made, "review", SMALL) == decision.valuation


def test_the_costliest_are_the_marked_ones_largest_first() -> None:
    match = played_round(seed=7)  # a round with many marked decisions
    review = review_round(match, 1, [0, 1, 2, 3], budget=ReviewBudget(candidates=2, choose_samples=4, measure_samples=6))
    top = review.costliest()
    assert all(d.valuation.level for d in top)
    assert [d.valuation.diff for d in top] == sorted((d.valuation.diff for d in top), reverse=True)
    marked = [d for d in review.decisions if d.valuation.level]
    assert len(marked) > 3 and len(top) == 3


def test_a_round_not_over_or_a_seat_not_at_the_table_is_refused() -> None:
    match = played_round()
    with pytest.raises(ValueError, match="not a finished round"):
        review_round(match, 2, [0], budget=SMALL)
    with pytest.raises(ValueError, match="no seat 4"):
        review_round(match, 1, [4], budget=SMALL)


def test_a_kept_review_is_used_again_and_only_missing_seats_are_reviewed() -> None:
    from game.review.cache import ReviewCache, review_cached

    match = played_round()
    cache = ReviewCache()
    first = review_cached(match, 1, [1], cache, budget=SMALL)
    calls: list[tuple[int, int]] = []
    again = review_cached(match, 1, [1], cache, budget=SMALL, progress=lambda d, t: calls.append((d, t)))
    assert again == first and calls == [(1, 1)]
    both = review_cached(match, 1, [1, 2], cache, budget=SMALL)
    assert both.seats == (1, 2) and both.for_seat(1) == first
    assert both == review_round(match, 1, [1, 2], budget=SMALL)
    assert len(cache) == 2
    assert cache.get(1, 1, "another seed", first.budget) is None
