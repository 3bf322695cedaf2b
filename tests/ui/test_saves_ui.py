"""Save as from the pause menu, and the Load screen's list, Delete and damaged saves."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine import preset
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.saves_bridge import SavesBridge, describe_lines
from game.ui.scenes.load import LoadScene, SaveRow
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.save_as import SaveAsScene
from game.ui.table.scene import TableScene

from .conftest import NAMES, click, frames, key, table_for


def real_session(seed: int = 7) -> GameSession:
    """A classic 4-seat match dealt for real (a save replays it, so no hand-built position)."""
    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], seed)
    session.match.start_next_round()
    return session


def _center(scene, label: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    for widget in scene.widgets:
        if getattr(widget, "label", None) == label:
            return widget.rect.center
    raise AssertionError(f"no button {label!r}")


def _rows(scene: LoadScene) -> list[SaveRow]:
    """The rows shown, once the background reader has read every summary."""
    scene.settle()
    return [w for w in scene.widgets if isinstance(w, SaveRow)]


def _row(scene: LoadScene, name: str) -> SaveRow:
    for row in _rows(scene):
        if row.entry.name == name:
            return row
    raise AssertionError(f"no row {name!r} in {[r.entry.name for r in _rows(scene)]}")


def _delete_button_of(scene: LoadScene, name: str):  # type: ignore[no-untyped-def]
    row = _row(scene, name)
    for widget in scene.widgets:
        if not isinstance(widget, SaveRow) and getattr(widget, "label", "") in ("Delete", "Sure?") \
                and widget.rect.colliderect(row.rect.inflate(10**4, 0)):
            return widget
    raise AssertionError(f"no Delete button for {name!r}")


def _type(app: App, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])


def _save_as(app: App, name: str) -> tuple[PauseScene, SaveAsScene]:
    """Esc on the table, click Save as..., replace the name, leave the dialog open."""
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, _center(pause, "Save as..."))
    dialog = app.top
    assert isinstance(dialog, SaveAsScene)
    assert dialog.field.value.startswith("Classic, round")
    for _ in range(len(dialog.field.value)):
        key(app, pygame.K_BACKSPACE)
    if name:
        _type(app, name)
    return pause, dialog


def _saves_dir(tmp_path: Path) -> Path:
    return tmp_path / "saves"


def test_save_as_writes_a_named_save_that_the_load_screen_lists(
    app: App, saves: SavesBridge, tmp_path: Path
) -> None:
    table_for(app, real_session())
    pause, _ = _save_as(app, "Before the big play")
    key(app, pygame.K_RETURN)
    assert app.top is pause
    assert pause.note == "Saved as Before the big play"
    assert (_saves_dir(tmp_path) / "before-the-big-play.json").exists()
    app.reset(LoadScene(saves))
    frames(app, 2)
    load = app.top
    assert isinstance(load, LoadScene)
    row = _row(load, "Before the big play")
    assert "Classic" in describe_lines(row.entry)[2]
    assert "You " in describe_lines(row.entry)[2]
    click(app, row.rect.center)
    assert isinstance(app.top, TableScene)
    assert app.top.session.seats[0].name == "You"


def test_an_empty_name_is_refused_with_the_stores_reason_and_the_dialog_stays(app: App, tmp_path: Path) -> None:
    table_for(app, real_session())
    _, dialog = _save_as(app, "   ")
    key(app, pygame.K_RETURN)
    assert app.top is dialog
    assert "needs a name" in dialog.error
    assert not any(not p.name.startswith("autosave-") for p in _saves_dir(tmp_path).glob("*.json"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert app.top.note == ""


def test_save_as_is_disabled_in_demo_mode(app: App, saves: SavesBridge) -> None:
    table = TableScene(real_session(), watching=True)
    app.push(table)
    app.push(PauseScene(table.session, saves, True, lambda: None))
    frames(app, 1)
    pause = app.top
    click(app, _center(pause, "Save as..."))
    assert app.top is pause


def _named_saves(saves: SavesBridge, count: int) -> list[str]:
    session = real_session()
    names = [f"Game {i:02d}" for i in range(count)]
    for name in names:
        assert saves.save_named(session, name) is None
    return names


def test_delete_asks_first_and_removes_the_save_only_after_sure(
    app: App, saves: SavesBridge, tmp_path: Path
) -> None:
    _named_saves(saves, 2)
    path = _saves_dir(tmp_path) / "game-01.json"
    assert path.exists()
    load = LoadScene(saves)
    app.push(load)
    frames(app, 1)
    click(app, _delete_button_of(load, "Game 01").rect.center)
    assert path.exists(), "one click must not delete"
    assert _delete_button_of(load, "Game 01").label == "Sure?"
    click(app, (5, 5))  # clicking elsewhere drops the question
    assert _delete_button_of(load, "Game 01").label == "Delete"
    assert path.exists()
    click(app, _delete_button_of(load, "Game 01").rect.center)
    click(app, _delete_button_of(load, "Game 01").rect.center)
    assert not path.exists()
    assert [r.entry.name for r in _rows(load)] == ["Game 00"]
    assert app.top is load


def _damage(path: Path) -> bytes:
    data = path.read_bytes()[:-40]
    path.write_bytes(data)
    return data


def test_a_damaged_save_shows_its_problem_and_opening_it_leaves_the_file_alone(
    app: App, saves: SavesBridge, tmp_path: Path
) -> None:
    _named_saves(saves, 1)
    path = _saves_dir(tmp_path) / "game-00.json"
    before = _damage(path)
    load = LoadScene(saves)
    app.push(load)
    frames(app, 1)
    row = _row(load, "game-00")
    assert row.damaged
    assert describe_lines(row.entry)[2].startswith("Cannot be read:")
    click(app, row.rect.center)
    assert app.top is load
    assert "cannot be opened" in load.note
    assert path.read_bytes() == before


def test_a_save_damaged_after_listing_fails_to_load_with_the_reason(
    app: App, saves: SavesBridge, tmp_path: Path
) -> None:
    _named_saves(saves, 1)
    path = _saves_dir(tmp_path) / "game-00.json"
    load = LoadScene(saves)
    app.push(load)
    frames(app, 1)
    row = _row(load, "Game 00")
    before = _damage(path)
    click(app, row.rect.center)
    assert app.top is load
    assert load.note.startswith("Could not load:")
    assert path.read_bytes() == before


def test_many_saves_page_with_the_wheel_and_page_keys(app: App, saves: SavesBridge) -> None:
    names = _named_saves(saves, 8)
    load = LoadScene(saves)
    app.push(load)
    frames(app, 1)
    shown = {r.entry.name for r in _rows(load)}
    assert len(shown) == load.page_rows < len(names), "a page holds the rows that fit the window"
    key(app, pygame.K_PAGEDOWN)
    later = {r.entry.name for r in _rows(load)}
    assert shown | later == set(names)
    key(app, pygame.K_PAGEUP)
    assert {r.entry.name for r in _rows(load)} == shown
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert load.offset == 1
