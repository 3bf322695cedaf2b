"""Moving between scenes as a player does."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

from .conftest import click, frames, key


def _button_center(app: App, scene, label: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    for widget in scene.widgets:
        if getattr(widget, "label", None) == label:
            return widget.rect.center
    raise AssertionError(f"no button {label!r}")


def test_new_match_from_the_title_reaches_the_table_and_esc_pauses_it(app: App) -> None:
    title = app.routes.title()
    assert isinstance(title, TitleScene)
    app.push(title)
    frames(app, 2)
    click(app, _button_center(app, title, "New match"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.names[1].focus(True)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="", mod=0)])
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="e")])
    assert setup.names[1].value == "Ane"
    setup.names[1].focus(False)
    click(app, _button_center(app, setup, "Start match"))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.seats[1].name == "Ane"
    assert table.session.seats[0].is_human
    frames(app, 5)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_setup_refuses_a_table_that_cannot_be_dealt_with_the_engines_reason(app: App) -> None:
    setup = app.routes.setup()
    assert isinstance(setup, SetupScene)
    app.push(setup)
    setup.seat_count.set(8)
    setup.rules["hand_size"].set(20)
    setup._rebuild()
    frames(app, 1)
    assert "cannot be dealt" in setup.error
    assert not setup.start_button.enabled


def test_continue_is_not_offered_without_a_match_in_progress_and_new_match_has_the_focus(app: App) -> None:
    title = app.routes.title()
    assert isinstance(title, TitleScene)
    app.push(title)
    frames(app, 1)
    assert not title.continue_button.enabled and all(w is not title.continue_button for w in title.widgets)
    assert title.buttons()[title.focus].label == "New match"


def test_every_scene_on_the_stack_hears_when_the_window_changes_size() -> None:
    from game.ui.scene import Scene

    class Listening(Scene):
        def __init__(self) -> None:
            super().__init__()
            self.sizes: list[tuple[int, int]] = []

        def resize(self, size: tuple[int, int]) -> None:
            self.sizes.append(size)

    window = App((1024, 640))
    below, above = Listening(), Listening()
    window.push(below)
    window.push(above)
    window.dispatch([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    assert below.sizes == above.sizes == [window.size]
    for scene in window.stack:
        scene.close()
