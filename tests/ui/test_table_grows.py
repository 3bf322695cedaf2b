"""The table grows with the window and the text setting: at 150% its words are half
again as large (the top bar, the panels, the message line, the tray, the move log, a
tip), measured from the text the game drew (``fonts.TextLog``); a larger window
gives larger tiles and words rather than more felt."""

from __future__ import annotations

import statistics
from collections.abc import Callable

import pytest

from game.memory.session import GameSession
from game.ui import fonts
from game.ui.app import App
from game.ui.fonts import TextLog, recording
from game.ui.showcase import crowded_session
from game.ui.table.scene import TableScene
from game.ui.table.tips import TIPS
from game.ui.ui_scale import use_scale

from .conftest import frames, position

HAND = [(4, 2), (6, 1), (3, 3), (10, 1), (8, 1), (5, 5), (9, 0)]


def _table_text(size: tuple[int, int], scale: float, session: Callable[[], GameSession],
                log_open: bool = False, tip: bool = False) -> tuple[list[int], TableScene]:
    """The ink height of every text the table draws in one frame (pixels), and the table."""
    use_scale(scale)
    fonts.forget_fonts()
    app = App(size, headless=True)
    app.settings.pace = "instant"
    app.settings.tips_seen = [] if tip else list(TIPS)
    table = TableScene(session())
    app.push(table)
    frames(app, 3)
    if log_open:
        table.log_panel.toggle()
        frames(app, 1)
    with recording(TextLog()) as log:
        app.draw()
    table.close()
    return [d.ink.h for d in log.drawn], table


@pytest.mark.parametrize("size", ((1024, 640), (2560, 1440)), ids=("1024x640", "2560x1440"))
@pytest.mark.parametrize("case", ("four seats, the log open, a tip", "eight seats"))
def test_at_150_percent_the_tables_words_are_half_again_as_large(saves: object, size: tuple[int, int],
                                                                 case: str) -> None:
    def made() -> GameSession:
        return position(HAND) if case.startswith("four") else crowded_session()

    four = case.startswith("four")
    designed, _ = _table_text(size, 1.0, made, log_open=four, tip=four)
    larger, _ = _table_text(size, 1.5, made, log_open=four, tip=four)
    use_scale(1.0)
    assert len(designed) > 20 and len(larger) > 20
    growth = statistics.median(larger) / statistics.median(designed)
    assert growth >= 1.45, f"the median text grew {growth:.2f} times at 150%"


def test_a_larger_window_gives_larger_tiles_and_words_not_more_felt(saves: object) -> None:
    small_text, small = _table_text((1024, 640), 1.0, lambda: position(HAND))
    large_text, large = _table_text((2560, 1440), 1.0, lambda: position(HAND))
    assert statistics.median(large_text) >= 2 * statistics.median(small_text)
    assert large.geometry.tray_unit >= 2 * small.geometry.tray_unit
    state = large.match.round
    assert state is not None
    assert large.geometry.plan(state).unit >= 2 * small.geometry.plan(state).unit
