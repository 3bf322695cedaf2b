"""Scores in the middle of a round: Tab or the Scores button shows the sheet so far over the table."""

from __future__ import annotations

import pygame

from game.engine import preset
from game.engine.driver import play_match
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.scores import ScoresScene

from .conftest import NAMES, TextSeen, button_labels, click, frames, frames_until, key


def _second_round() -> GameSession:
    seats = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)]
    session = GameSession(preset("classic"), seats, 5)
    play_match(session.match, lambda m, s: m.legal_actions()[0], until=lambda m: len(m.round_scores) == 1)
    session.match.start_next_round()
    return session


def test_tab_shows_the_scores_so_far_over_the_table_and_tab_closes_them(app: App, text_seen: TextSeen) -> None:
    session = _second_round()
    table = app.routes.table(session)
    app.push(table)
    frames(app, 3)
    key(app, pygame.K_TAB)
    assert isinstance(app.top, ScoresScene)
    seen = text_seen.frame(app)
    first = session.match.round_scores[0]
    assert "Scores so far" in seen and "R2" in seen
    assert all(str(score) in seen for score in first)
    assert any("Round 2 of 13 is in play" in line for line in seen)
    key(app, pygame.K_TAB)
    assert app.top is table
    table.close()


def test_the_scores_button_is_on_the_top_bar(app: App) -> None:
    table = app.routes.table(_second_round())
    app.push(table)
    assert frames_until(app, lambda: table.frame is not None and "Scores (Tab)" in button_labels(table))
    assert table.frame is not None
    button = next(b for b in table.frame.buttons if b.key == "scores")
    click(app, button.rect.center)
    assert isinstance(app.top, ScoresScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    table.close()


def test_the_summary_sheet_counts_up_with_the_hands_above_it(app: App) -> None:
    """While the round summary counts the pips up, its score sheet shows the same count,
    not the final totals; once counted, the final ones."""
    from collections import Counter

    from game.ui.fonts import TextLog, recording
    from game.ui.scenes.round_summary import RoundSummaryScene

    session = GameSession(preset("classic"), [SeatConfig(n, "easy") for n in NAMES], 3)
    play_match(session.match, lambda m, s: m.legal_actions()[0], until=lambda m: len(m.round_scores) == 2)
    match = session.match
    app.settings.pace = "normal"
    summary = RoundSummaryScene(match, False, False, lambda: None)
    app.push(summary)

    def shown(done: bool) -> Counter[str]:
        if done:
            summary.tally.finish()
        else:
            summary.tally.elapsed = 0.0
        with recording(TextLog()) as log:
            app.draw()
        return Counter(d.line for d in log.drawn)

    start, end = shown(False), shown(True)
    before = [total - last for total, last in zip(match.totals(), match.round_scores[-1])]
    appeared = end - start
    assert all(appeared[str(total)] for total, last in zip(match.totals(), match.round_scores[-1]) if last)
    assert all((start - end)[str(total)] for total, last in zip(before, match.round_scores[-1]) if last)
