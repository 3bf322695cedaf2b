"""Speech never names a tile the person at the screen may not see: a whole
pass-and-play round and an online round are played with speech on through a
recording, the hand asked for on every turn, and every line is checked, as it
is said, against the hands of the other people and the boneyard."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Collection

import pygame

from game.engine import END, MEXICAN, Play, preset
from game.engine.tiles import TEXT, Tile
from game.memory.session import GameSession, SeatConfig
from game.speech import Recording, Voice
from game.ui.app import App
from game.ui.online import connection
from game.ui.online.table import RemoteTableScene
from game.ui.scenes.pass_to import PassScene
from game.ui.table.scene import TableScene

from .conftest import frames_until, key
from .test_online import Friend, host, press

TILE_OF_TEXT = {text: tile for tile, text in enumerate(TEXT)}
NAMED = re.compile(r"\bdouble (\d{1,2})\b|\b(\d{1,2}) (\d{1,2})\b")


def named_tiles(line: str) -> set[Tile]:
    """The tiles a spoken line names (as a voice says a tile: '12 5', 'double 6')."""
    found = {f"{d}-{d}" if d else f"{a}-{b}" for d, a, b in NAMED.findall(line)}
    return {TILE_OF_TEXT[m] for m in found if m in TILE_OF_TEXT}


class Ear:
    """Reads the recording's new lines and holds each against what may not be named at that moment."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.read = 0
        self.heard = 0

    def check(self, hidden: Collection[Tile]) -> None:
        """Every line said since the last check names no ``hidden`` tile."""
        for line in self.recording.lines[self.read:]:
            leaked = named_tiles(line) & set(hidden)
            assert not leaked, f"said {line!r}, naming {[TEXT[t] for t in leaked]} that this screen may not show"
            self.heard += len(named_tiles(line))
        self.read = len(self.recording.lines)


def play_by_keys(app: App, table: TableScene) -> None:
    """On the person's turn: ask for the hand (A) and a train (Shift+M), then play the first
    legal tile by keys (picked, then its train's key), else end the turn or draw."""
    key(app, pygame.K_a, "a")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, unicode="M", mod=pygame.KMOD_SHIFT)])
    legal = table.controller.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        table.tray.selected = plays[0].tile
        name = "m" if plays[0].train == MEXICAN else str(plays[0].train + 1)
        key(app, pygame.key.key_code(name), name)
    else:
        key(app, pygame.K_e if END in legal else pygame.K_d, "e" if END in legal else "d")


def play_until(app: App, over: Callable[[], bool], step: Callable[[], None], seconds: float = 240.0) -> None:
    """Frames, with ``step`` before each, until ``over``."""
    deadline = time.monotonic() + seconds
    while not over():
        assert time.monotonic() < deadline, "the round did not end in time"
        step()
        app.step([])


def test_pass_and_play_speech_names_no_tile_of_another_persons_hand(app: App) -> None:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    app.settings.pace = "instant"
    seats = [SeatConfig("Ana", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy")]
    session = GameSession(preset("classic"), seats, 23)
    table = TableScene(session)
    app.push(table)
    ear = Ear(recording)
    names = list(session.match.names)
    shown: int | None = None
    """The person the last pass screen gave the screen to."""

    def hidden() -> list[Tile]:
        live = table.controller.live
        if live is None or live.round_over:
            return []
        others = [t for seat, hand in enumerate(live.hands) if seat != shown for t in hand]
        return others + list(live.boneyard)

    def step() -> None:
        nonlocal shown
        ear.check(hidden())
        top = app.top
        if isinstance(top, PassScene):
            shown = names.index(top.name)
            key(app, pygame.K_RETURN)
        elif top is table and table.human_turn():
            play_by_keys(app, table)
        ear.check(hidden())

    def over() -> bool:
        live = table.controller.live
        return live is not None and live.round_over

    play_until(app, over, step)
    ear.check(hidden())
    assert ear.heard >= 20, "the hands were never said: the check saw nothing"


def test_an_online_rounds_speech_names_no_tile_the_seat_cannot_see(app: App) -> None:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    lobby = host(app, players=3)
    friend = Friend(lobby)
    try:
        press(app, "Start")
        assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        ear = Ear(recording)

        def hidden() -> list[Tile]:
            """The friend's hand as its game last heard it, less what this table has seen played since."""
            view, live = friend.link.client.view, table.controller.live
            if view is None or view.round_over or live is None or live.round_over:
                return []  # the round's end shows every hand (this game may hear of it first)
            played = {tile for train in live.trains for tile in train}
            return [tile for tile in view.hand if tile not in played]

        def step() -> None:
            friend.play()
            ear.check(hidden())
            if app.top is table and table.human_turn():
                play_by_keys(app, table)
            ear.check(hidden())

        def over() -> bool:
            view = friend.link.client.view
            return view is not None and view.round_over

        play_until(app, over, step)
        assert ear.heard >= 10, "the hand was never said: the check saw nothing"
    finally:
        friend.link.close()
        connection.stop_server()  # the hosted server goes with the test (it outlived it, and later tests met it)
