"""When saves fail, the table says so until they work again, and the game never
quits having lost moves the player did not choose to lose."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest

from game.saves import SaveError
from game.ui.app import App
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes.load import LoadScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.save_as import SaveAsScene
from game.ui.table.scene import TableScene

from .conftest import click, frames, key
from .test_saves_ui import _center, _named_saves, _rows, real_session


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Every save write fails as on a full disk, until the returned function is called."""
    import game.saves.store as store
    import game.saves.writer as writer

    real = store.write_file

    def refuse(path: Path, data: bytes, keep_backup: bool = True, make_folder: bool = True) -> None:
        raise SaveError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(store, "write_file", refuse)
    monkeypatch.setattr(writer, "write_file", refuse)

    def mend() -> None:
        monkeypatch.setattr(store, "write_file", real)
        monkeypatch.setattr(writer, "write_file", real)

    return mend


def _table(app: App) -> TableScene:
    table = app.routes.table(real_session())
    assert isinstance(table, TableScene)
    app.push(table)
    frames(app, 3)
    return table


def test_save_and_quit_stays_on_the_table_saying_why_and_offers_to_quit_without_saving(
    app: App, saves: SavesBridge, full_disk
) -> None:  # type: ignore[no-untyped-def]
    _table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert "Not saved" in pause.note, "the table saved as it opened, and knows it could not"
    click(app, _center(pause, "Try saving again"))
    assert app.running and app.top is pause
    assert "Not saved" in pause.note and "No space left" in pause.note
    frames(app, 300)
    assert "Not saved" in pause.note, "the message lasts"
    click(app, _center(pause, "Quit without saving"))
    assert not app.running and app.quit_without_saving


def test_save_and_quit_quits_once_the_save_is_on_disk(app: App, saves: SavesBridge, full_disk) -> None:  # type: ignore[no-untyped-def]
    table = _table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    click(app, _center(pause, "Try saving again"))
    assert app.running
    full_disk()
    click(app, _center(pause, "Try saving again"))
    assert not app.running and not app.quit_without_saving
    resumed, _ = saves.continue_latest()
    assert resumed is not None and resumed.match.action_log == table.session.match.action_log


def test_a_lasting_badge_shows_while_autosaves_fail(app: App, saves: SavesBridge, full_disk) -> None:  # type: ignore[no-untyped-def]
    table = _table(app)
    saves.autosave(table.session)
    saves.flush()
    frames(app, 2)
    assert table.frame is not None and table.frame.badge is not None and "Not saving" in table.frame.badge
    frames(app, 300)
    assert table.frame.badge is not None
    full_disk()
    saves.autosave(table.session)
    saves.flush()
    frames(app, 2)
    assert table.frame.badge is None


def test_closing_the_window_while_saves_fail_asks_first_then_quits_on_a_second_close(
    app: App, saves: SavesBridge, full_disk
) -> None:  # type: ignore[no-untyped-def]
    _table(app)
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])
    assert app.running and isinstance(app.top, PauseScene) and "Not saved" in app.top.note
    frames(app, 1, [pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_save_as_asks_before_replacing_a_save_of_the_same_name(app: App, saves: SavesBridge) -> None:
    table = _table(app)
    assert saves.save_named(real_session(9), "Sunday") is None
    key(app, pygame.K_ESCAPE)
    click(app, _center(app.top, "Save as..."))
    dialog = app.top
    assert isinstance(dialog, SaveAsScene)
    dialog.field.value = "Sunday"
    key(app, pygame.K_RETURN)
    assert app.top is dialog and "exists" in dialog.error
    assert saves.store is not None
    path = saves.store.find_named("Sunday")
    assert path is not None and saves.store.load(path).seed == 9, "nothing replaced yet"
    key(app, pygame.K_RETURN)
    assert app.top is not dialog
    assert saves.store.load(path).seed == table.session.seed


def test_save_as_a_full_path_saves_outside_the_save_folder(app: App, saves: SavesBridge, tmp_path: Path) -> None:
    _table(app)
    key(app, pygame.K_ESCAPE)
    click(app, _center(app.top, "Save as..."))
    dialog = app.top
    assert isinstance(dialog, SaveAsScene)
    target = tmp_path / "elsewhere" / "sunday"
    dialog.field.value = str(target)
    key(app, pygame.K_RETURN)
    assert app.top is not dialog
    assert (tmp_path / "elsewhere" / "sunday.json").exists()


def test_the_load_screen_opens_at_once_and_reads_summaries_behind_the_frames(
    app: App, saves: SavesBridge, monkeypatch: pytest.MonkeyPatch
) -> None:
    _named_saves(saves, 5)
    gate = threading.Event()
    real = SavesBridge.info

    def slow(bridge: SavesBridge, entry):  # type: ignore[no-untyped-def]
        gate.wait(10)
        return real(bridge, entry)

    monkeypatch.setattr(SavesBridge, "info", slow)
    load = LoadScene(saves)
    app.push(load)
    frames(app, 5)
    shown = [w.entry for w in load.widgets if hasattr(w, "entry") and w.entry is not None]
    page = load.page_rows  # as many as the window shows
    assert 3 <= len(shown) == page and all(not e.preset for e in shown), "rows are there, summaries still coming"
    gate.set()
    assert [r.entry.name for r in _rows(load)] == [f"Game {i:02d}" for i in range(4, -1, -1)][:page]
