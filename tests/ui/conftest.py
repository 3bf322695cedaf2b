"""Headless UI fixtures: a dummy video driver, a private save folder, a table
with a known position, and helpers that post real pygame events."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.engine import RoundState, preset, tile_id
from game.memory.session import GameSession, SeatConfig
from game.play.advice_job import AdviceJob
from game.review import ReviewBudget
from game.ui.app import App
from game.ui.fonts import forget_fonts
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.table.scene import TableScene
from game.ui.table.tips import TIPS
from game.ui.ui_scale import use_scale

NAMES = ["You", "Ana", "Bruno", "Carmen"]


@pytest.fixture(autouse=True)
def private_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and settings made during a test go to a temporary folder."""
    monkeypatch.setenv("MEXICAN_TRAIN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MEXICAN_TRAIN_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def designed_text_size() -> Iterator[None]:
    """Each test starts and ends with text at its designed size: the UI scale is one value for the
    whole process, and a test that changes it (the settings' scale) must not change what a later
    test on the same worker measures (a name cut to '4 C...' in a panel it fits)."""
    use_scale(1.0)
    yield
    use_scale(1.0)


HINT_BUDGET = ReviewBudget(candidates=3, choose_samples=6, measure_samples=8)
"""The hint's (and so the review's) budget in table tests: small, so a hint takes a moment."""


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints are found at once in the test's process, with a small budget (the
    worker process and the full budget have their own tests)."""
    monkeypatch.setattr(AdviceJob, "processes", False)
    monkeypatch.setattr(AdviceJob, "budget", HINT_BUDGET)


@pytest.fixture
def saves(private_saves: None) -> Iterator[SavesBridge]:
    """The saves of this test's temporary folder, as the game opens them."""
    bridge = SavesBridge.open()
    yield bridge
    bridge.close()


@pytest.fixture
def app(saves: SavesBridge) -> Iterator[App]:
    """A headless app at 1280x800, instant pace, with the game's routes."""
    application = App((1280, 800), headless=True, routes=GameRoutes(saves))
    application.settings.pace = "instant"
    application.settings.tips_seen = list(TIPS)  # tips have their own tests
    yield application
    for scene in application.stack:
        scene.close()


def position(human_hand: Sequence[tuple[int, int]], rules: str = "classic") -> GameSession:
    """A 4-seat match (classic unless ``rules`` says otherwise) whose round is a
    known position with seat 0 (you) to move: trains 12-4 (yours), 12-6, 12-8,
    12-10, all private."""
    session = GameSession(preset(rules), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 7)
    session.match.start_next_round()
    t = tile_id
    hands = [[t(*p) for p in human_hand], [t(9, 9), t(9, 8)], [t(7, 7), t(7, 5)], [t(11, 11), t(11, 5)]]
    trains = {0: [t(12, 4)], 1: [t(12, 6)], 2: [t(12, 8)], 3: [t(12, 10)]}
    used = {t(12, 12), *(x for h in hands for x in h), *(x for tr in trains.values() for x in tr)}
    boneyard = [x for x in range(91) if x not in used][:20]
    state = RoundState.from_table(session.match.setup, 12, hands, boneyard, 0, trains=trains, names=NAMES)
    session.match.round = state
    return session


def table_for(app: App, session: GameSession) -> TableScene:
    """Push a table for ``session`` and run a few frames."""
    table = TableScene(session)
    app.push(table)
    frames(app, 3)
    return table


def frames_until(app: App, done: Callable[[], bool], seconds: float = 120.0) -> bool:
    """Run frames until ``done()`` holds or ``seconds`` of wall time pass (computer
    players think in another process, so a loaded machine needs more frames);
    whether it held."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        app.step([])
    return True


def frames(app: App, count: int, events: Sequence[pygame.event.Event] = ()) -> None:
    """Run ``count`` frames; ``events`` go into the first."""
    for i in range(count):
        app.step(list(events) if i == 0 else [])


def drag(app: App, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A real mouse drag: press, several moves, release."""
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for i in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * i / 5, start[1] + (end[1] - start[1]) * i / 5)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def click(app: App, pos: tuple[float, float]) -> None:
    """A mouse click at ``pos``."""
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app: App, keycode: int, char: str = "") -> None:
    """A key press."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=keycode, unicode=char, mod=0)])
    app.step([pygame.event.Event(pygame.KEYUP, key=keycode, unicode=char, mod=0)])


def tray_tile_center(table: TableScene, tile: int) -> tuple[float, float]:
    """Where ``tile`` lies in the hand tray on screen."""
    center = table.tray.tile_center(tile)
    assert center is not None, f"tile {tile} is not in the tray"
    return center


def train_end(table: TableScene, train: int) -> tuple[float, float]:
    """Where the next tile of ``train`` goes on screen."""
    slot = table.frame.plan.lanes[train].next_slot if table.frame is not None else None
    end = None if slot is None else (slot.x, slot.y)
    assert end is not None, f"train {train} has no room"
    return end


class TextSeen:
    """Every line of text rendered while it records (see ``text_seen``)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.widths: dict[str, int] = {}
        """The widest each line was rendered (pixels)."""

    def frame(self, app: App) -> list[str]:
        """Draw one frame from scratch (no cached text) and return every line rendered in it."""
        forget_fonts()
        self.lines = []
        self.widths = {}
        app.draw()
        return list(self.lines)


@pytest.fixture
def text_seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextSeen]:
    """Records every text pygame renders (fonts made through game.ui.fonts)."""
    seen = TextSeen()

    class RecordingFont(pygame.font.Font):
        def render(self, text: object, *args: object, **kwargs: object) -> pygame.Surface:  # type: ignore[override]
            seen.lines.append(str(text))
            image = super().render(text, *args, **kwargs)  # type: ignore[arg-type]
            seen.widths[str(text)] = max(seen.widths.get(str(text), 0), image.get_width())
            return image

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    forget_fonts()
    yield seen
    forget_fonts()


# ---------------------------------------------------------------- reading a table (tests only)


def message(table: TableScene) -> str:
    """The line the message area shows now ('' when it shows none)."""
    pill = table.frame.pill if table.frame is not None else None
    return "" if pill is None else pill.text


def lines_said(table: TableScene) -> list[str]:
    """The lines said in the message area lately, oldest first."""
    return list(table.message_line.history)


def selected(table: TableScene) -> int | None:
    """The tile picked in the tray."""
    return table.tray.selected


def select(table: TableScene, tile: int | None) -> None:
    """Pick ``tile`` in the tray (None: none), as a click on it does."""
    table.tray.selected = tile


def legal_trains(table: TableScene, tile: int) -> list[int]:
    """Trains the person may play ``tile`` on now."""
    from game.engine import Play

    if not table.human_turn():
        return []
    return sorted({a.train for a in table.controller.legal_actions() if isinstance(a, Play) and a.tile == tile})


def button_labels(table: TableScene) -> list[str]:
    """The labels of the buttons on show (the sort button first, the menu last)."""
    sort = [table.tray.sort_label] if table.tray.showing is not None else []
    return sort + [b.label for b in table.frame.buttons] if table.frame else sort


def boneyard_center(table: TableScene) -> tuple[float, float]:
    """The middle of the boneyard's pile (a click there draws)."""
    return table.frame.boneyard.center if table.frame else table.geometry.boneyard_center()


def hub_center(table: TableScene) -> tuple[float, float]:
    """The middle of the roundhouse hub."""
    assert table.frame is not None
    return table.frame.plan.hub


def tray_shows(table: TableScene, tile: int) -> bool:
    """Whether ``tile`` is in view in the tray (not in flight, not carried)."""
    carried = table.frame.carried if table.frame else None
    return (table.tray.tile_center(tile) is not None and tile not in table.picture.hidden_hand
            and (carried is None or carried[0] != tile))
