"""Review this round: from the round summary and the replay, a progress bar,
the costliest decisions first, Show me, and the review kept for a second look."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ai import ComputerSeats
from game.engine import play_match, preset
from game.engine.length import with_length
from game.review import ReviewBudget
from game.review.cache import Reviewable
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.round_summary import RoundSummaryScene

from .conftest import NAMES, TextSeen, frames, frames_until, key


@pytest.fixture(autouse=True)
def small_review(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A small budget valued one decision a frame (the worker processes have their own test)."""
    monkeypatch.setattr(ReviewScene, "budget", ReviewBudget(candidates=3, choose_samples=6, measure_samples=8))
    monkeypatch.setattr(ReviewScene, "processes", False)
    yield


def _round_over(seed: int = 3) -> GameSession:
    seats = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)]
    session = GameSession(with_length(preset("classic"), 4, "blitz"), seats, seed)
    play_match(session.match, ComputerSeats(["easy"] * 4), until=lambda m: len(m.round_scores) == 1)
    return session


def _summary(app: App, session: GameSession) -> RoundSummaryScene:
    scene = app.routes.round_summary(session.match, False, False, lambda: None, you=0,
                                     reviewable=Reviewable(session.reviews, session.human_seats))
    assert isinstance(scene, RoundSummaryScene)
    app.push(scene)
    frames(app, 2)
    return scene


def _press(scene: object, label: str) -> None:
    button = next(w for w in getattr(scene, "widgets") if getattr(w, "label", "") == label)
    assert button.enabled
    button.on_click()


def test_review_from_the_summary_lists_the_costliest_first_and_shows_me(app: App) -> None:
    session = _round_over()
    _press(_summary(app, session), "Review this round")
    review = app.top
    assert isinstance(review, ReviewScene) and not review.job.finished
    assert frames_until(app, lambda: review.job.finished, 60)
    frames(app, 1)
    assert review.decisions and all(d.seat == 0 for d in review.decisions)
    top = review.costliest
    assert top and [d.valuation.diff for d in top] == sorted((d.valuation.diff for d in top), reverse=True)
    _press(review, "Show me")
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.at == top[0].index and replay.compare == top[0]
    assert replay.steps[replay.at + 1].action == top[0].valuation.made
    frames(app, 1)


def test_the_review_is_kept_so_a_second_look_is_instant(app: App) -> None:
    session = _round_over()
    _press(_summary(app, session), "Review this round")
    first = app.top
    assert isinstance(first, ReviewScene)
    frames_until(app, lambda: first.job.finished, 60)
    key(app, pygame.K_ESCAPE)
    assert len(session.reviews) == 1
    _press(app.top, "Review this round")
    again = app.top
    assert isinstance(again, ReviewScene) and again.job.finished and again.job.total == 0
    assert again.decisions == first.decisions


def test_esc_stops_a_review_that_is_running_and_keeps_nothing(app: App) -> None:
    session = _round_over()
    _press(_summary(app, session), "Review this round")
    review = app.top
    assert isinstance(review, ReviewScene)
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, RoundSummaryScene) and not review.job.finished
    assert len(session.reviews) == 0


def test_the_replay_offers_the_review_for_finished_rounds_only(app: App) -> None:
    session = _round_over()
    session.match.start_next_round()
    replay = app.routes.replay(session.match, 0, 0, reviewable=Reviewable(session.reviews, [0]))
    assert isinstance(replay, ReplayScene)
    app.push(replay)
    frames(app, 1)
    _press(replay, "Review this round")
    assert isinstance(app.top, ReviewScene) and app.top.round_number == 1
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_PAGEDOWN)
    assert replay.index == 0, "the round in play is never replayed (its hands are hidden)"


def test_the_score_sheet_mid_match_opens_the_replay_where_rounds_are_reviewed(app: App) -> None:
    session = _round_over()
    session.match.start_next_round()
    scores = app.routes.scores(session.match, (), Reviewable(session.reviews, [0]), 0)
    app.push(scores)
    _press(scores, "Replay and review rounds")
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.index == 0
    _press(replay, "Review this round")
    assert isinstance(app.top, ReviewScene)


def test_no_review_button_without_a_person_at_the_table(app: App) -> None:
    session = _round_over()
    scene = app.routes.round_summary(session.match, False, True, lambda: None,
                                     reviewable=Reviewable(session.reviews, []))
    assert "Review this round" not in [getattr(w, "label", "") for w in getattr(scene, "widgets")]


def _kept_review(session: GameSession, valuations: list[tuple[float, float, float]]) -> None:
    """Keep a review of round 1 for seat 0 whose decisions have these (cost, uncertainty, share worse)."""
    from game.review import Decision, RoundReview, Valuation, level

    decisions = tuple(
        Decision(1, i, i + 1, 0, Valuation("play 2-1 on 0", "play 10-2 on mexican", d, se, level(d, se, w), 9, w,
                                           1 - w))
        for i, (d, se, w) in enumerate(valuations))
    session.reviews.keep(RoundReview(1, (0,), "review", ReviewScene.budget.key(), decisions, (0,)))


@pytest.mark.parametrize("worse, marked", [(0.484, False), (0.5, True)])
def test_the_review_says_what_it_marks_and_why_an_unmarked_cost_is_not(
        app: App, text_seen: TextSeen, worse: float, marked: bool) -> None:
    """Either side of the half-the-deals condition: +7.4 ± 1.2 is listed as costly
    when worse on half the deals; worse on 48.4%, the review says nothing is
    marked by the very rule it applies, and says beside the decision which
    condition it misses."""
    from game.ui.scenes.review import nothing_marked

    session = _round_over()
    _kept_review(session, [(7.4, 1.2, worse), (-1.0, 0.8, 0.3)])
    review = ReviewScene(session.match, 1, [0], session.reviews, you=0)
    app.push(review)
    frames(app, 1)
    assert review.job.finished
    drawn = text_seen.frame(app)
    assert (nothing_marked() in drawn) is not marked
    assert ("not marked: worse on only 48% of the deals" in drawn) is not marked
    assert [d.valuation.diff for d in review.costliest] == ([7.4] if marked else [])
    assert ("costly" in drawn) is marked
