"""Settings and the last table setup come back on the next run; a damaged
settings file is reported once on the title and never stops the game."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.main import load_settings
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

from .conftest import frames, key, position, table_for


def _remembering_app(app: App) -> App:
    """``app`` with the settings of the config folder, as the game starts."""
    app.settings = load_settings()
    return app


def test_settings_changed_on_the_settings_screen_come_back_on_the_next_run(app: App) -> None:
    _remembering_app(app)
    scene = SettingsScene()
    app.push(scene)
    frames(app, 1)
    scene.pace.step(1)
    scene.faces.set("pips")
    scene.faces.step(1)
    scene.sort.step(1)
    again = load_settings()
    assert again.pace == scene.pace.value != "normal"
    assert again.tile_faces == "numbers"
    assert again.hand_sort == scene.sort.value != "pips"


def test_sorting_the_hand_with_s_is_remembered(app: App) -> None:
    _remembering_app(app)
    table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    key(app, pygame.K_s, "s")
    assert load_settings().hand_sort == app.settings.hand_sort != "pips"


def test_the_setup_screen_opens_on_the_last_table_started(app: App) -> None:
    _remembering_app(app)
    setup = SetupScene()
    app.push(setup)
    frames(app, 1)
    setup.seat_count.set(5)
    setup._rebuild()
    setup.names[0].value = "Zoë"
    setup.names[2].value = "Beto"
    setup.kinds[2].set("expert")
    setup.preset.set("tap")
    setup._reset_rules()
    setup.rules["discretionary_markers"].set(True)
    setup._validate()
    assert setup.rules_label == "Tap + 1 house rule"
    setup.start()
    assert isinstance(app.top, TableScene)
    app.top.close()

    app.settings = load_settings()  # the next run
    again = SetupScene()
    app.reset(again)
    frames(app, 1)
    assert again.seat_count.value == 5 and again.preset.value == "tap"
    assert again.names[0].value == "Zoë" and again.names[2].value == "Beto" and again.kinds[2].value == "expert"
    assert again.rules["discretionary_markers"].value is True
    assert again.rules_label == "Tap + 1 house rule"


def test_a_damaged_settings_file_falls_back_to_defaults_and_the_title_says_so_once(app: App, tmp_path: Path) -> None:
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    (folder / "settings.json").write_text("{not json", encoding="utf-8")
    settings = load_settings()
    assert settings.pace == "normal" and "could not be read" in settings.note
    app.settings = settings
    title = app.routes.title()
    app.push(title)
    frames(app, 1)
    # the defaults are back, so the lesson is offered as on a first start: its dialog says it, not the title
    offer = app.top
    assert isinstance(offer, DialogScene) and "could not be read" in offer.body
    assert isinstance(title, TitleScene) and title.note == ""
    settings.note = "The settings could not be read: the file is cut off."
    settings.lesson_state = "offered"
    title = app.routes.title()
    app.reset(title)
    frames(app, 1)
    assert isinstance(title, TitleScene) and "could not be read" in title.note, "no dialog: the title says it"
    second = app.routes.title()
    app.reset(second)
    frames(app, 1)
    assert isinstance(second, TitleScene) and second.note == ""
    assert any(p.name.startswith("settings.json.unreadable-") for p in folder.iterdir()), "the damaged file is kept aside"


def test_a_demo_remembers_nothing(app: App) -> None:
    settings = load_settings(remember=False)
    settings.pace = "instant"
    settings.remember()
    assert load_settings().pace == "normal"


def test_the_fullscreen_setting_is_remembered(app: App) -> None:
    window = App((1024, 640), settings=load_settings())
    try:
        window.toggle_fullscreen()
        assert window.fullscreen and load_settings().fullscreen
        window.toggle_fullscreen()
        assert not window.fullscreen and not load_settings().fullscreen
        assert window.size == (1024, 640)
    finally:
        for scene in window.stack:
            scene.close()
