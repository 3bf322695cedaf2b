"""The whole game by keyboard: the title, the setup (fields, pickers and
buttons), the settings and back, with no mouse event at all."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene
from game.ui.ui_scale import current, use_scale
from game.ui.widgets import Button

from .conftest import frames, key


@pytest.fixture(autouse=True)
def designed_size() -> Iterator[None]:
    use_scale(1.0)
    yield
    use_scale(1.0)


def _type(app: App, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])


def _down_to(app: App, scene: MenuScene, wanted: object, limit: int = 60) -> None:
    """Press Down until the focus is on ``wanted`` (a widget, or a button's label)."""
    for _ in range(limit):
        focused = scene.focused()
        if focused is wanted or (isinstance(focused, Button) and focused.label == wanted):
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"Down never reached {wanted!r}")


def test_a_match_is_set_up_and_started_with_the_keyboard_alone(app: App) -> None:
    app.reset(app.routes.title())
    frames(app, 2)
    title = app.top
    assert isinstance(title, TitleScene)
    _down_to(app, title, "New match")
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene)
    _down_to(app, setup, setup.seat_count)
    key(app, pygame.K_LEFT)  # one seat fewer
    assert setup.seat_count.value == 3
    key(app, pygame.K_DOWN)  # your name: the field takes the typing
    assert setup.names[0].focused
    for _ in range(len(setup.names[0].value)):
        key(app, pygame.K_BACKSPACE)
    _type(app, "Zoe")
    key(app, pygame.K_TAB)  # your seat's player kind
    assert not setup.names[0].focused and setup.focused() is setup.kinds[0]
    _down_to(app, setup, setup.kinds[1])
    before = setup.kinds[1].value
    key(app, pygame.K_RIGHT)
    after = setup.kinds[1].value
    assert after != before
    _down_to(app, setup, setup.length)
    key(app, pygame.K_RIGHT)
    assert setup.length.value != "full"
    length = setup.length.value
    key(app, pygame.K_RETURN)  # Enter anywhere but on a button starts the match
    table = app.top
    assert isinstance(table, TableScene), "Enter starts the match"
    assert table.session.match.names[0] == "Zoe"
    assert [s.kind for s in table.session.seats][1] == after
    assert table.session.match.players == 3
    assert table.session.match.setup.options.rounds < 13 and length != "full"


def test_esc_on_a_focused_button_goes_back_and_enter_on_back_does_not_start(app: App) -> None:
    app.reset(app.routes.title())
    app.push(app.routes.setup())
    frames(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene)
    _down_to(app, setup, "Back")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene), "Enter on Back goes back"


def test_settings_are_reached_and_changed_by_keyboard(app: App) -> None:
    app.reset(app.routes.title())
    frames(app, 2)
    title = app.top
    assert isinstance(title, TitleScene)
    _down_to(app, title, "Settings")
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    _down_to(app, settings, settings.scale)
    key(app, pygame.K_RIGHT)
    assert current() > 1.0 and app.settings.ui_scale == current()
    _down_to(app, settings, settings.pace)
    pace = settings.pace.value
    key(app, pygame.K_LEFT)
    assert app.settings.pace == settings.pace.value != pace
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
