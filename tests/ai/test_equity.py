"""Valuing a playout by the chance of winning the match (``Standing``)."""

from __future__ import annotations

from dataclasses import replace as with_fields

from game.ai.search import Standing, match_standing
from game.engine import seat_view

from .positions import random_position


def test_in_the_last_round_only_finishing_first_counts() -> None:
    """With no round to follow, a finished round is worth 1 to the seat with
    the lowest total, 0 to the others, and a shared first place is shared."""
    last = Standing(totals=(100, 120, 90, 150), rounds_after=0)
    assert last.equity(0, (0, 40, 20, 30), finished=True) == 1.0
    assert last.equity(2, (0, 40, 20, 30), finished=True) == 0.0
    assert last.equity(0, (0, 40, 10, 30), finished=True) == 0.5


def test_with_rounds_to_come_a_lead_is_worth_more_the_fewer_remain() -> None:
    """The same 60-point lead is a likelier match win with one round left than
    with twelve, and losing pips to the nearest rival costs more than losing
    them to a seat far behind."""
    scores = (0.0, 30.0, 30.0, 30.0)
    totals = (100, 160, 160, 160)
    late = Standing(totals, rounds_after=1).equity(0, scores, finished=True)
    early = Standing(totals, rounds_after=12).equity(0, scores, finished=True)
    assert 0.0 < early < late < 1.0
    race = Standing((100, 105, 300, 300), rounds_after=2)
    rival_gains = race.equity(0, (20.0, 0.0, 20.0, 20.0), finished=True)
    far_gains = race.equity(0, (20.0, 20.0, 0.0, 20.0), finished=True)
    assert rival_gains < far_gains


def test_an_unfinished_round_is_judged_with_its_rest_still_to_play() -> None:
    """In the last round an estimate is not a certainty: a seat ahead on the
    estimate is likely, not sure, to win."""
    last = Standing(totals=(100, 100, 100, 100), rounds_after=0)
    ahead = last.equity(0, (10.0, 40.0, 40.0, 40.0), finished=False)
    assert 0.0 < ahead < 1.0
    assert ahead > last.equity(1, (10.0, 40.0, 40.0, 40.0), finished=False)


def test_the_standing_comes_from_the_view_of_a_match_round() -> None:
    """A view with match totals knows how many rounds follow from its round's
    engine double; a view outside a match has no standing."""
    state = random_position("classic", 4, 3, 6)
    assert state is not None
    view = seat_view(state, state.to_move)
    assert match_standing(view) is None
    engines = view.setup.engines
    assert engines is not None
    in_match = with_fields(view, totals=(10, 20, 30, 40))
    standing = match_standing(in_match)
    assert standing is not None
    assert standing.totals == (10, 20, 30, 40)
    assert standing.rounds_after == len(engines) - 1 - engines.index(view.engine)
