"""The title screen shows the game's version in a corner, and a note (a damaged
settings file) where it can be read: clear of the dominoes, not behind a dialog."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import fonts
from game.ui.app import App
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes import title as title_module
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.title import TitleScene
from game.ui.ui_scale import use_scale
from game.version import game_version

from .conftest import frames


def test_the_title_screen_shows_the_version_in_the_bottom_left_corner(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, Any, str]] = []

    def spy(target: Any, line: str, size: int, color: Any, pos: Any, anchor: str = "topleft", *rest: Any,
            **named: Any) -> Any:
        drawn.append((line, pos, anchor))
        return fonts.blit_text(target, line, size, color, pos, anchor, *rest, **named)

    monkeypatch.setattr(title_module, "blit_text", spy)
    app.push(app.routes.title())
    frames(app, 2)
    shown = [(pos, anchor) for line, pos, anchor in drawn if line == f"version {game_version()}"]
    assert shown, "the version is drawn on the title screen"
    (x, y), anchor = shown[0]
    width, height = app.screen.get_size()
    assert anchor == "bottomleft" and x < width * 0.1 and y > height * 0.9


NOTE = ("The settings could not be read: the file is cut off (truncated) at line 1: it ends before a "
        "settings file does. The defaults are back; the old file is kept as settings.json.unreadable-20240102-030405.")


@pytest.mark.parametrize("size,scale", [((1024, 640), 1.5), ((1920, 1080), 1.0)])
def test_a_note_on_the_title_keeps_clear_of_the_dominoes_and_the_buttons(
        saves: SavesBridge, size: tuple[int, int], scale: float) -> None:
    use_scale(scale)
    try:
        small = App(size, headless=True, routes=GameRoutes(saves))
        small.settings.note = NOTE
        small.push(small.routes.title())
        frames(small, 2)
        title = small.top
        assert isinstance(title, TitleScene)
        with fonts.recording(fonts.TextLog()) as log:
            small.draw()
        note = [d.ink for d in log.drawn if d.line == NOTE]
        assert note, "the note is on the title"
        assert not any(note[0].colliderect(domino) for domino in title.fan_rects), "over the dominoes"
        assert not any(note[0].colliderect(b.rect) for b in title.buttons()), "under a button"
        for scene in small.stack:
            scene.close()
    finally:
        use_scale(1.0)


def test_on_the_first_start_the_lesson_offer_says_what_the_title_note_would_have_said(app: App) -> None:
    app.settings.lesson_state = "new"
    app.settings.note = NOTE
    app.push(app.routes.title())
    frames(app, 2)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and NOTE in dialog.body and "Learn to play" in dialog.body
    below = app.stack[0]
    assert isinstance(below, TitleScene) and below.note == "", "said once, in the dialog, not again behind it"
