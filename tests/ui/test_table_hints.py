"""H at the table: the hint is the round review's own pick, found in a worker
while the table says it is looking, and a round that takes every hint is
never told by its review that a hinted move was a mistake. The next hints
along the line a hint plans are said at once, and a position hinted twice
is counted once."""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from game.engine import Phase, SeatView, preset
from game.engine.dealcode import decode
from game.engine.length import with_length
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.play.advice_job import Advice, AdviceJob, Hints, find_hints
from game.review.results import REVIEW_SEED
from game.review.rounds import review_round
from game.ui.app import App
from game.ui.table.hinting import FINDING
from game.ui.table.scene import TableScene

from .conftest import HINT_BUDGET, NAMES, frames, frames_until, key, message, position, selected, table_for


def _hinting(table: TableScene, asked: list[SeatView]) -> list[Future[Hints]]:
    """Make the table's hints wait for the test: each asked view gets a future the test resolves."""
    futures: list[Future[Hints]] = []

    def submit(view: SeatView) -> Future[Hints]:
        asked.append(view)
        futures.append(Future())
        futures[-1].set_running_or_notify_cancel()  # as in a worker: already being worked on
        return futures[-1]

    table.hints.job = AdviceJob(submit)
    return futures


def test_the_table_says_it_is_finding_a_hint_and_keeps_drawing_until_it_comes(app: App) -> None:
    session = position([(4, 2), (6, 1), (3, 3)])
    table = table_for(app, session)
    asked: list[SeatView] = []
    futures = _hinting(table, asked)
    key(app, pygame.K_h, "h")
    assert message(table) == FINDING
    frames(app, 5)
    assert message(table) == FINDING and session.hints[0] == 0
    assert asked == [session.match.view(0)], "the hint is asked for the person's own view"
    futures[0].set_result(find_hints(asked[0], REVIEW_SEED, HINT_BUDGET))
    frames(app, 1)
    advice = table.hints.last
    assert advice is not None and message(table).startswith("Hint: ") and advice.text == message(table)
    assert session.hints[0] == 1, "a hint is counted once said"
    assert selected(table) == getattr(advice.action, "tile", None)


def test_a_move_or_esc_cancels_the_hint_being_found(app: App) -> None:
    session = position([(4, 2), (6, 1), (3, 3)])
    table = table_for(app, session)
    futures = _hinting(table, [])
    key(app, pygame.K_h, "h")
    key(app, pygame.K_ESCAPE)
    assert not table.hints.busy
    key(app, pygame.K_ESCAPE)  # the pause menu closes
    assert app.top is table and message(table) != FINDING
    key(app, pygame.K_h, "h")
    assert message(table) == FINDING
    key(app, pygame.K_d, "d")  # a move (here refused: the person has a play) cancels it too
    assert not table.hints.busy and message(table) != FINDING
    for future in futures:  # answers nobody waits for any more
        view = table.match.view(0)
        future.set_result(((view, Advice(table.controller.legal_actions()[0], "late")),))
    frames(app, 2)
    assert session.hints[0] == 0 and "late" not in message(table)


def test_a_round_taking_every_hint_has_no_hinted_move_marked_in_its_review(app: App) -> None:
    """The person takes every hint of a round (each found as the table finds it);
    the round's review, with the same seed and budget, values every hinted move
    best: none is marked costly or a mistake, none has a better move found."""
    seats = [SeatConfig(n, "human" if i == 0 else "medium") for i, n in enumerate(NAMES)]
    session = GameSession(with_length(preset("classic"), 4, "blitz"), seats, 21)
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    hinted: set[int] = set()
    while table.controller.phase is Phase.PLAYING:
        if table.human_turn():
            key(app, pygame.K_h, "h")
            assert frames_until(app, lambda: not table.hints.busy)
            advice = table.hints.last
            assert advice is not None
            hinted.add(len(session.match.action_log[-1]))
            assert table.controller.act(advice.action) is None
            table.catch_steps()
        app.step([])
    assert session.match.round_scores, "the round is over"
    review = review_round(session.match, 1, [0], REVIEW_SEED, HINT_BUDGET)
    mine = [d for d in review.decisions if d.index in hinted]
    assert len(mine) >= 4, "too few real choices to tell"
    assert [(d.turn, d.valuation.best, d.valuation.level) for d in mine if d.valuation.best != d.valuation.made
            or d.valuation.level] == []
    table.close()


def test_the_hints_along_a_line_are_said_at_once_and_each_position_counted_once(app: App) -> None:
    """Deal JSFG-YMEE, your first turn: H says a line; H again at the same position says
    it again and counts nothing more; play the hinted tile, H: the line's next move, said
    without a new search (the worker is asked once), one tile fewer, counted once more."""
    seats = [SeatConfig(n, "human" if i == 0 else "medium") for i, n in enumerate(NAMES)]
    session = GameSession(with_length(preset("classic"), 4, "full"), seats, decode("JSFG-YMEE"))
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    assert frames_until(app, table.human_turn)
    asked: list[SeatView] = []
    search = table.hints.job._submit
    table.hints.job._submit = lambda view: (asked.append(view), search(view))[1]
    key(app, pygame.K_h, "h")
    assert frames_until(app, lambda: table.hints.last is not None)
    first = table.hints.last
    assert first is not None and len(first.line) >= 3 and message(table) == first.text
    key(app, pygame.K_h, "h")
    frames(app, 1)
    assert message(table) == first.text and session.hints[0] == 1, "the same position, counted once"
    assert table.controller.act(first.action) is None
    table.catch_steps()
    assert frames_until(app, table.human_turn)
    key(app, pygame.K_h, "h")
    frames(app, 1)
    second = table.hints.last
    assert second is not None and second.line == first.line[1:] and message(table) == second.text
    assert len(asked) == 1, "the next hint of the line is known already"
    assert session.hints[0] == 2
    table.close()


def test_speech_says_the_hint_in_the_very_words_the_message_line_shows(app: App) -> None:
    from game.speech import Recording, Voice
    from game.speech.spoken import spoken

    recording = Recording()
    app.voice = Voice(recording, "system voice")
    session = position([(4, 2), (6, 1), (3, 3)])
    table = table_for(app, session)
    key(app, pygame.K_h, "h")
    frames(app, 2)
    advice = table.hints.last
    assert advice is not None and message(table) == advice.text
    assert spoken(advice.text) in recording.lines, "one sentence for the eyes and the ears (tiles said as numbers)"
