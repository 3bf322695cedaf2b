"""A table a person can follow: at the default pace each computer move's line
stays up long enough to read (a clock the test drives), the skip notice never
stands in for what the computer did, and the person's own draw is said."""

from __future__ import annotations

import pygame

from game.engine import DRAW, preset
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.ui.app import App
from game.ui.table.message_line import reading_seconds
from game.ui.table.scene import TableScene

from .conftest import NAMES, frames, key, message, position, table_for

FRAME = 1 / 60
SKIP_NOTICE = "Space or a click skips ahead"


def _runs(app: App, table: TableScene, seconds: float) -> list[tuple[str, float]]:
    """What the message line said, frame by frame for ``seconds`` of the test's
    clock, as (text, seconds on show) runs; stops at the person's turn."""
    runs: list[tuple[str, float]] = []
    clock = 0.0
    while clock < seconds and not table.human_turn():
        app.step([], FRAME)
        clock += FRAME
        said = message(table)
        if runs and runs[-1][0] == said:
            runs[-1] = (said, runs[-1][1] + FRAME)
        else:
            runs.append((said, FRAME))
    return runs


def _computers_first(seed: int = 5) -> GameSession:
    seats = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)]
    return GameSession(preset("classic"), seats, seed)


def test_at_the_default_pace_every_computer_moves_line_stays_up_long_enough_to_read(app: App) -> None:
    app.settings.pace = "normal"
    session = _computers_first()
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    runs = _runs(app, table, 120)
    assert table.human_turn(), "the computers' first turns took longer than the test looked"
    told = {line.text for line in table.log.lines}
    moves = [(text, shown) for text, shown in runs[:-1] if text in told]  # the last one is still on show
    assert len(moves) >= 10, runs
    short = [(text, round(shown, 2)) for text, shown in moves if shown + 1e-9 < reading_seconds(text)]
    assert short == []
    assert all(reading_seconds(text) >= 1.5 + 0.05 * len(text.split()) for text, _ in moves)
    assert SKIP_NOTICE not in [text for text, _ in runs], "the skip notice stood in for a computer's move"


def test_the_skip_notice_comes_only_once_the_person_has_skipped(app: App) -> None:
    """While the picture catches up with nothing said, the line says nothing of
    skipping until the person has skipped once (Space); then it may remind them."""
    from game.ui.table.message_line import Present

    app.settings.pace = "normal"
    table = TableScene(_computers_first(), worker=InlineWorker())
    app.push(table)
    frames(app, 30)
    line = table.message_line
    catching_up = Present(catching_up=True)
    line.forget()
    assert line.on_show(catching_up) is None
    key(app, pygame.K_SPACE)
    said = line.on_show(catching_up)
    assert said is not None and said.text == SKIP_NOTICE
    assert not line.reading(1.0), "what was said of the steps skipped over is gone"


def test_the_persons_own_draw_is_said_with_the_tile_drawn_while_the_computers_wait(app: App) -> None:
    """'You drew the 0-0: it does not fit, so you pass ...' stays up, long enough to
    read, before the next computer's move replaces it."""
    from game.engine.tiles import TEXT

    app.settings.pace = "normal"
    table = table_for(app, position([(1, 1)]))
    assert table.controller.legal_actions() == (DRAW,)
    state = table.match.round
    assert state is not None
    before = list(state.hands[0])
    key(app, pygame.K_d, "d")
    [drawn] = [t for t in state.hands[0] if t not in before]
    while table.picture.flyers:  # said as the tile lands in the hand
        app.step([], FRAME)
    said = message(table)
    assert said.startswith(f"You drew the {TEXT[drawn]}"), said
    for _ in range(int(reading_seconds(said) / FRAME) - 2):  # the line's reading time, less this frame
        app.step([], FRAME)
        assert message(table) == said


def test_a_doubles_notice_comes_when_the_tile_lands_not_while_it_flies(app: App) -> None:
    from game.engine import tile_id

    from .conftest import drag, train_end, tray_tile_center

    app.settings.pace = "normal"
    table = table_for(app, position([(4, 4), (4, 2)]))
    drag(app, tray_tile_center(table, tile_id(4, 4)), train_end(table, 0))
    notice = "You laid the 4-4: cover it now if you can (no draw for it)."
    assert table.picture.flyers, "the tile is on its way"
    while table.picture.flyers:
        assert message(table) != notice, "the notice came while the tile still flew"
        app.step([], FRAME)
    assert message(table) == notice
    assert table.log.lines[-1].text == notice


def test_skipping_ahead_keeps_every_skipped_move_in_the_move_log(app: App) -> None:
    from game.words.movelog import rebuild

    app.settings.pace = "normal"
    session = _computers_first()
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    frames(app, 120)
    key(app, pygame.K_SPACE)
    frames(app, 2)
    live = [line.text for line in table.log.lines]
    assert live == [line.text for line in rebuild(session.match, 0)][:len(live)]
    assert len(live) >= 10, "the steps skipped over are in the log"
