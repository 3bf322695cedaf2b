"""The round's tally counted into the scores: each hand tile by tile, then each seat's
score carried into its total, skipped by Space or a click, at once with reduced motion."""

from __future__ import annotations

import pygame

from game.engine import preset
from game.engine.driver import play_match
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.round_summary import DEAF_SECONDS, RoundSummaryScene
from game.ui.tally import Tally

from .conftest import NAMES, frames, key


def finished_round_session() -> GameSession:
    """A classic match of four just after its second round."""
    session = GameSession(preset("classic"), [SeatConfig(n, "easy") for n in NAMES], 3)
    play_match(session.match, lambda m, s: m.legal_actions()[0], until=lambda m: len(m.round_scores) == 2)
    return session


def test_a_tally_counts_each_hand_then_carries_each_score_into_its_total() -> None:
    tally = Tally([[3, 12, 5], [], [18]], [20, 0, 50])
    assert tally.busy and tally.counted(0) == 0 and tally.row_value(0) == 0
    rows, added = [], []
    while tally.busy:
        tally.update(0.02)
        rows.append(tally.row_value(0))
        added.append(tally.added(0))
    assert rows == sorted(rows) and rows[-1] == 20, "the row counts up to the score, never down"
    assert 3 <= len(set(rows)), "tile by tile"
    first_added = next(i for i, share in enumerate(added) if share > 0)
    assert rows[first_added] == 20, "a score is carried into its total once its hand is counted"
    assert added == sorted(added) and added[-1] == 1.0
    assert tally.row_value(2) == 50, "the 0-0's 50 is the score the row ends on"


def test_a_tally_of_no_length_is_over_before_it_starts() -> None:
    tally = Tally([[3, 4]], [7], 0.0)
    assert not tally.busy and tally.row_value(0) == 7 and tally.added(0) == 1.0 and tally.carried(0) is None


def _summary(app: App) -> RoundSummaryScene:
    app.settings.pace = "normal"
    session = finished_round_session()
    scene = RoundSummaryScene(session.match, False, False, lambda: None, session.hints, you=0)
    app.push(scene)
    frames(app, 2)
    return scene


def test_the_summary_counts_the_tally_and_space_shows_its_end(app: App) -> None:
    scene = _summary(app)
    assert scene.tally.busy
    for _ in range(round(DEAF_SECONDS * 60) + 2):
        app.step([], 1 / 60)
    assert scene.tally.busy, "the longest hand is still being counted, or its score carried"
    key(app, pygame.K_SPACE, " ")
    assert not scene.tally.busy


def test_a_click_beside_the_buttons_shows_the_tallys_end(app: App) -> None:
    scene = _summary(app)
    assert scene.tally.busy
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, 40), button=1)])
    assert not scene.tally.busy


def test_with_reduced_motion_the_tally_shows_at_once(app: App) -> None:
    app.settings.reduced_motion = True
    scene = _summary(app)
    assert not scene.tally.busy


def test_the_matchs_end_shows_the_places_from_the_last_up_to_the_winner(app: App) -> None:
    from conftest import finished_match

    from game.ui.scenes.match_end import MatchEndScene

    app.settings.pace = "normal"
    session = finished_match(5, levels=("easy", "easy", "easy"))
    scene = MatchEndScene(session)
    app.push(scene)
    reveal = scene.reveal
    assert reveal.busy and reveal.shown(0) == 0.0
    order = []
    for _ in range(400):
        app.step([], 1 / 60)
        order += [row for row in range(reveal.rows) if reveal.shown(row) > 0 and row not in order]
        if not reveal.busy:
            break
    assert order == list(range(reveal.rows)), "one row after another"
    scene2 = MatchEndScene(session)
    app.push(scene2)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(30, 30), button=1)])
    assert not scene2.reveal.busy, "a click shows them all"
    app.settings.reduced_motion = True
    scene3 = MatchEndScene(session)
    app.push(scene3)
    assert not scene3.reveal.busy
