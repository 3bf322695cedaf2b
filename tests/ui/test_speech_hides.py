"""Speech never names a tile the person at the screen may not see. A pass-and-play
round and an online round are played with speech on through a recording and a
speech log; at every moment that differs (a person's own turn with the hand face
up, a hand turned face down while others play, the pass screen, another seat's
turn at a network table) every key that asks the table something is pressed,
and every line said, logged or kept in the move log is held whole against every
tile that moment hides: the other hands and the whole boneyard, in any order."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Collection, Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import END, MEXICAN, Play, RoundState, preset
from game.engine.tiles import TEXT, Tile, double, full_set
from game.memory.session import GameSession, SeatConfig
from game.speech import Recording, Voice
from game.speech.log import SpeechLog, read_log
from game.ui.app import App
from game.ui.online import connection
from game.ui.online.table import RemoteTableScene
from game.ui.scenes.pass_to import PassScene
from game.ui.table.scene import TableScene
from game.words.movelog import MoveLog

from .conftest import frames_until
from .test_online import Friend, host, press

TILE_OF_TEXT = {text: tile for tile, text in enumerate(TEXT)}
NAMED = re.compile(r"\bdouble (\d{1,2})\b|\b(\d{1,2})[ -](\d{1,2})\b")
"""A tile as a voice says it ('12 5', 'double 6') or as the game writes it ('12-5')."""

ASKING = ["a", "p", "t", "c", "b", "r", "r", "r", "v", "v", "?", "h", "left", "right", "up", "down", "home",
          "end", "l", "up", "up", "home", "down", "end", "l", "shift m", *(f"shift {n}" for n in range(1, 5))]
"""Every key that asks the table something without looking (and the arrows, the log's too); V twice
so the verbosity ends as it began, L twice so the log ends closed."""
NAMED_KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN,
              "home": pygame.K_HOME, "end": pygame.K_END}


def named_tiles(line: str) -> set[Tile]:
    """Every tile a line names, as said or as written, either end first."""
    found: set[Tile] = set()
    for d, a, b in NAMED.findall(line):
        for text in ((f"{d}-{d}",) if d else (f"{a}-{b}", f"{b}-{a}")):
            if text in TILE_OF_TEXT:
                found.add(TILE_OF_TEXT[text])
    return found


def unseen(state: RoundState, seat: int | None) -> set[Tile]:
    """Every tile of the set that a person sees none of: not on a train nor the hub, and not in the
    hand of ``seat`` (None: no hand is shown face up) - the other hands and the boneyard."""
    laid = {tile for train in state.trains for tile in train} | {double(state.engine)}
    own = set(state.hands[seat]) if seat is not None else set()
    return set(full_set(state.setup.set_max)) - laid - own


class Ear:
    """Reads what was said (the recording, the speech log) and kept (the move log) since the last
    look, and holds each line whole against the tiles hidden both before and after it was said."""

    def __init__(self, recording: Recording, log: Path, moves: Callable[[], MoveLog]) -> None:
        self.recording = recording
        self.log = log
        self.moves = moves
        self.read = [0, 0, 0]
        self.heard = 0
        """How many tiles the lines checked named (the check saw something)."""
        self.lines = 0

    def skip(self) -> None:
        """What was said so far is not the table's (a lobby spells its code out: 'E Z H 6 2')."""
        self.read = [len(self.recording.lines), len(read_log(self.log)), len(self.moves().lines)]

    def check(self, hidden: Collection[Tile], moment: str) -> None:
        """Every line since the last check names no ``hidden`` tile."""
        sources = [self.recording.lines, read_log(self.log), [line.text for line in self.moves().lines]]
        for index, lines in enumerate(sources):
            if len(lines) < self.read[index]:
                self.read[index] = 0  # the move log starts again with each round
            for line in lines[self.read[index]:]:
                named = named_tiles(line)
                leaked = named & set(hidden)
                assert not leaked, (f"{moment}: {line!r} names {[TEXT[t] for t in sorted(leaked)]}, which this "
                                    "screen may not show")
                self.heard += len(named)
                self.lines += 1
            self.read[index] = len(lines)


def press_key(app: App, name: str) -> None:
    """One key down, as a person presses it ('shift 2', 'left', 'a')."""
    shift = name.startswith("shift ")
    name = name.removeprefix("shift ")
    code = NAMED_KEYS.get(name) or (pygame.K_SLASH if name == "?" else pygame.key.key_code(name))
    char = "" if name in NAMED_KEYS else (name.upper() if shift else name)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char,
                                 mod=pygame.KMOD_SHIFT if shift or name == "?" else 0)])


def ask_everything(app: App, check: Callable[[str], None], moment: str) -> None:
    """Press every asking key, checking what each made the game say."""
    for name in ASKING:
        check(f"{moment}, before {name}")
        press_key(app, name)
        check(f"{moment}, after {name}")


def play_by_keys(app: App, table: TableScene) -> None:
    """The first legal tile picked and played by its train's key, else end the turn or draw."""
    legal = table.controller.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        table.tray.selected = plays[0].tile
        press_key(app, "m" if plays[0].train == MEXICAN else str(plays[0].train + 1))
    else:
        press_key(app, "e" if END in legal else "d")


def play_until(app: App, over: Callable[[], bool], step: Callable[[], None], seconds: float = 240.0) -> None:
    """Frames, with ``step`` before each, until ``over``."""
    deadline = time.monotonic() + seconds
    while not over():
        assert time.monotonic() < deadline, "the round did not end in time"
        step()
        app.step([])


@pytest.fixture
def heard(app: App, tmp_path: Path) -> Iterator[tuple[Recording, Path]]:
    """Speech on through a recording, every line also in a speech log (closed after the test)."""
    recording = Recording()
    log = tmp_path / "speech.log"
    app.voice = Voice(recording, "system voice", SpeechLog(log))
    yield recording, log
    app.voice.close()


def test_pass_and_play_speech_names_no_tile_hidden_from_the_screen_whatever_is_asked(
        app: App, heard: tuple[Recording, Path]) -> None:
    recording, log = heard
    app.settings.pace = "fast"  # a hand stays face down while the computer's move is shown
    seats = [SeatConfig("Ana", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy")]
    table = TableScene(GameSession(preset("classic"), seats, 23))
    app.push(table)
    ear = Ear(recording, log, lambda: table.log)
    moments: dict[str, int] = {}
    probed: set[tuple[object, ...]] = set()

    def hidden() -> set[Tile]:
        live = table.controller.live
        if live is None or live.round_over:
            return set()  # the round's end shows every hand
        viewer = table.handover.viewer
        face_up = app.top is table and viewer.seat is not None and not viewer.face_down
        return unseen(live, viewer.seat if face_up else None)

    def check(moment: str) -> None:
        ear.check(hidden(), moment)

    def step() -> None:
        check("between frames")
        live = table.controller.live
        top = app.top
        viewer = table.handover.viewer
        moment = ("pass screen" if isinstance(top, PassScene) else "hand face down" if viewer.face_down
                  else "own turn, hand face up" if top is table and table.human_turn() else "")
        situation = (moment, live.turn_number if live else None, live.to_move if live else None, viewer.seat)
        if moment and situation not in probed and live is not None and not live.round_over:
            probed.add(situation)
            moments[moment] = moments.get(moment, 0) + 1
            ask_everything(app, check, f"{moment} (seat shown: {viewer.seat})")
        top = app.top
        if isinstance(top, PassScene):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)])
        elif top is table and table.human_turn():
            play_by_keys(app, table)
        elif top is not table and not isinstance(top, PassScene):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)])  # a screen a key opened
        check("after a move")

    def over() -> bool:
        live = table.controller.live
        return live is not None and live.round_over

    play_until(app, over, step)
    check("at the round's end")
    assert ear.heard >= 40, "the hands were never said: the check saw nothing"
    assert moments.get("hand face down", 0) >= 3 and moments.get("pass screen", 0) >= 3, moments
    assert moments.get("own turn, hand face up", 0) >= 6, moments


def test_an_online_rounds_speech_names_no_tile_the_seat_cannot_see_whatever_is_asked(
        app: App, heard: tuple[Recording, Path]) -> None:
    recording, log = heard
    lobby = host(app, players=3)
    friend = Friend(lobby)
    try:
        press(app, "Start")
        assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        ear = Ear(recording, log, lambda: table.log)
        ear.skip()
        me = table.remote.seat.seat
        probed: set[tuple[object, ...]] = set()
        moments = {"own turn": 0, "another's turn": 0}

        def check(moment: str) -> None:
            live = table.controller.live
            ear.check(set() if live is None or live.round_over else unseen(live, me), moment)

        def step() -> None:
            friend.play()
            check("between frames")
            live = table.controller.live
            if app.top is table and live is not None and not live.round_over:
                moment = "own turn" if table.human_turn() else "another's turn"
                situation = (moment, live.turn_number, live.to_move)
                if situation not in probed and (moment == "own turn" or len(probed) % 2 == 0):
                    probed.add(situation)
                    moments[moment] += 1
                    ask_everything(app, check, f"{moment} at the network table")
                if app.top is table and table.human_turn():
                    play_by_keys(app, table)
            elif app.top is not table:
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)])
            check("after a move")

        def over() -> bool:
            view = friend.link.client.view
            return view is not None and view.round_over

        play_until(app, over, step)
        assert ear.heard >= 20, "the hand was never said: the check saw nothing"
        assert moments["own turn"] >= 2 and moments["another's turn"] >= 2, moments  # a round may be short
    finally:
        friend.link.close()
        connection.stop_server()  # the hosted server goes with the test (it outlived it, and later tests met it)
