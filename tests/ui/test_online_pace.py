"""Play at any pace, in the game: the Host form's pace, a live table's turn clock
and its warning, the moves before your turn replayed faster once your clock
runs, the seat handed to the computer and taken back, a seat handed over at an
any-pace table, and an any-pace table found again in My tables days later with
the title saying whose move it is. The table server's clock is the
test's (``ManualClock``); the game windows run headless."""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from net.conftest import ManualClock

from game.net.server.embedded import EmbeddedServer
from game.ui.app import App
from game.ui.online import connection
from game.ui.online import lookup as lookup_module
from game.ui.online.kept import kept_seats
from game.ui.online.lobby import LobbyScene
from game.ui.online.my_tables import MyTablesScene
from game.ui.online.pace_words import pace_label
from game.ui.online.scene import OnlineScene
from game.ui.online.table import TAKE_BACK, RemoteTableScene
from game.ui.scenes.round_summary import RoundSummaryScene
from game.ui.scenes.title import TitleScene

from .conftest import button_labels, click, frames, frames_until, key, lines_said, message
from .test_online import Friend, press

DAY = 86400.0


class Clocked:
    """A table server on 127.0.0.1 whose wall clock the test moves."""

    def __init__(self, folder: Path) -> None:
        self.clock = ManualClock()
        self.server = EmbeddedServer(folder, "127.0.0.1", 0, clock=self.clock, tick=0.05, workers=1)
        self.port = self.server.start()

    def tables_held(self) -> list[str]:
        """The server's tables in memory, for a failure's message: state, whose move, thinking."""
        held = self.server.server.tables.loaded()
        return [f"{t.code} {t.state} to_move={t.session.match.current_player() if t.session else None} thinking={t.thinking} computer={t.computer_turn()} "
                f"here={t.people_here()} paused={t.paused}" for t in held]


@pytest.fixture
def clocked(tmp_path: Path, app: App) -> Iterator[Clocked]:
    """A clocked server for the test (the lesson is not offered on the title)."""
    app.settings.lesson_at("offered")
    running = Clocked(tmp_path / "server-elsewhere")
    yield running
    connection.stop_server()
    running.server.stop()  # the app's scenes are closed after it (the app fixture)


class Heard:
    """The sound effects played, by name (the app's sounds in a test)."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def play(self, name: str) -> None:
        """Note the effect."""
        self.names.append(name)

    def hear(self, event: object) -> None:
        """The table's effects for engine events are not what these tests listen for."""


def looking() -> list[str]:
    """Where each thread that looks at kept tables is now, for a failure's message."""
    frames_now = sys._current_frames()
    return ["".join(traceback.format_stack(frames_now[t.ident]))[-1500:] for t in threading.enumerate()
            if t.name == "tables-lookup" and t.ident in frames_now]


def host_at(app: App, where: str, pace: tuple[str, int], players: int = 2) -> LobbyScene:
    """From the title: Host a table of ``players`` at ``where`` (a port or a server's address),
    at ``pace``."""
    app.reset(app.routes.title())
    frames(app, 2)
    press(app, "Play online")
    online = app.top
    assert isinstance(online, OnlineScene)
    press(app, "Host a table")
    online.name.value = "Ana"
    online.port.value = where
    online.players.set(players)
    online.length.set("blitz")
    online.level.set("random")
    online.pace.set(pace)
    press(app, "Host")
    assert frames_until(app, lambda: isinstance(app.top, LobbyScene), 30), online.note
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert frames_until(app, lambda: lobby.start_button.enabled, 20)
    return lobby


def started(app: App, lobby: LobbyScene) -> RemoteTableScene:
    """Start the table and wait until it is on show."""
    press(app, "Start")
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    return table


def ana_moves(table: RemoteTableScene) -> bool:
    """On Ana's turn (this game's), her last legal action; always True."""
    if table.human_turn():
        table.controller.act(table.controller.legal_actions()[-1])
    return True


def next_round_if_asked(app: App) -> None:
    """Past a round's summary (N), if one is on show."""
    if isinstance(app.top, RoundSummaryScene):
        key(app, pygame.K_n, "n")


def test_the_host_chooses_the_pace_and_the_lobby_shows_it(app: App) -> None:
    app.settings.lesson_at("offered")
    online = OnlineScene()
    app.reset(online)
    online.host_form()
    assert [pace_label(c) for c in online.pace.choices] == [
        "Live: 30 seconds a turn", "Live: 1 minute a turn", "Live: 2 minutes a turn",
        "Live: 5 minutes a turn", "Live: 10 minutes a turn", "Any pace: days between moves"]
    assert online.pace.value == ("live", 120), "two minutes a turn unless the host chooses otherwise"
    lobby = host_at(app, "0", ("any", 0))
    assert lobby.link is not None and lobby.link.client.table is not None
    assert lobby.link.client.table.pace == "any"
    assert lobby.pace_words() == "Pace: any pace (the table waits for every move, even for days)"
    press(app, "Leave")
    lobby = host_at(app, "0", ("live", 30))
    assert lobby.link is not None and lobby.link.client.table is not None
    assert lobby.link.client.table.settings["turn_clock"] == 30
    assert lobby.pace_words().startswith("Pace: live, 30 seconds a turn")
    lobby.close()


def test_a_live_turn_clock_counts_down_for_everyone_and_warns_in_its_last_seconds(
        app: App, clocked: Clocked) -> None:
    heard = Heard()
    app.sounds = heard  # type: ignore[assignment]
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("live", 30))
    friend = Friend(lobby)
    table = started(app, lobby)
    me, ben = table.remote.seat.seat, friend.joined.seat
    try:
        bens_clock = lambda: table.frame is not None and table.frame.turn_clock is not None and (
            table.frame.turn_clock.seat == ben)
        assert frames_until(app, lambda: ana_moves(table) and bens_clock(), 60)
        said = lambda: message(table)
        waiting = lambda: said().startswith("Waiting for Ben: 0:") and said().endswith(" left")
        assert frames_until(app, waiting, 30), lines_said(table)
        assert frames_until(app, lambda: (friend.play(), table.human_turn())[1], 60)
        frames(app, 1)
        shown = table.frame.turn_clock if table.frame else None
        assert shown is not None and shown.seat == me and not shown.warning(table.clock)
        for _ in range(60):  # the table's own clock, half a second a frame: the server's stands still
            app.step([], 0.5)
            if "clock-warning" in heard.names:
                break
        assert heard.names.count("clock-warning") == 1
        assert table.frame is not None and table.frame.turn_clock is not None
        assert table.frame.turn_clock.warning(table.clock)
        assert any("nearly up" in said for said in lines_said(table))
        frames(app, 20)
        assert heard.names.count("clock-warning") == 1, "once a turn"
    finally:
        friend.link.close()


def test_the_moves_before_your_turn_replay_faster_once_your_clock_runs(app: App, clocked: Clocked) -> None:
    app.settings.pace = "normal"
    normal = app.settings.anim_scale
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("live", 30))
    friend = Friend(lobby)
    table = started(app, lobby)
    behind: list[float] = []  # the replay's pace on each frame my clock ran while Ben's move still showed

    def replayed_while_my_clock_ran() -> bool:
        friend.play()
        next_round_if_asked(app)
        if table.turn_clock.mine_runs and not table.picture.ready():
            behind.append(table.animation_scale())
        elif behind and table.human_turn():
            return True
        ana_moves(table)
        return False

    try:
        assert frames_until(app, replayed_while_my_clock_ran, 60), clocked.tables_held()
        assert max(behind) < normal / 2, "the moves before my turn replay hurried while my clock runs"
        assert table.animation_scale() == normal, "my own turn, and what follows it, at the chosen pace"
    finally:
        friend.link.close()


def test_three_turns_out_of_time_hand_the_seat_to_the_computer_until_take_my_seat_back(
        app: App, clocked: Clocked) -> None:
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("live", 30))
    friend = Friend(lobby)
    table = started(app, lobby)
    me = table.remote.seat.seat
    timed: list[int] = []

    def let_my_clock_run_out() -> bool:
        """Ben plays his turns; each of Ana's turns runs out of time (once per turn)."""
        friend.play()
        next_round_if_asked(app)
        remote, clock = table.remote, table.remote.clock
        if (clock is not None and clock.seat == me and clock.running and not remote.handed_over()
                and remote.clock_readings not in timed):
            timed.append(remote.clock_readings)
            clocked.clock.advance(31)
        return remote.handed_over()

    try:
        assert frames_until(app, let_my_clock_run_out, 120), lines_said(table)
        assert any(said.startswith("Your time ran out, so the computer played your turn") for said in
                   lines_said(table))
        # the computer's move for me may end the round: its summary is passed, as a person would
        assert frames_until(app, lambda: (next_round_if_asked(app), app.top is table and TAKE_BACK in
                                          button_labels(table))[1], 20), (
            type(app.top).__name__, button_labels(table), table.remote.table.seats, lines_said(table),
            clocked.tables_held())
        assert table.seat_labels[me] == "You: computer plays" and not table.human_turn()
        assert "Your seat: the computer plays it" in (table.saving_badge() or "")
        clicked: list[bool] = []

        def take_my_seat_back() -> bool:
            """Click Take my seat back once, as a person would; a round's summary that comes up meanwhile
            is passed (it may have taken the click: the button is clicked again once the table is back)."""
            friend.play()
            if isinstance(app.top, RoundSummaryScene):
                next_round_if_asked(app)
                clicked.clear()
            elif app.top is table and not clicked and TAKE_BACK in button_labels(table):
                button = next(b for b in table.frame.buttons if b.label == TAKE_BACK)  # type: ignore[union-attr]
                click(app, button.rect.center)
                clicked.append(True)
            return not table.remote.handed_over()

        assert frames_until(app, take_my_seat_back, 30), (
            type(app.top).__name__, table.remote.table.seats, table.remote.to_move(), lines_said(table),
            clocked.tables_held())
        frames(app, 2)
        assert TAKE_BACK not in button_labels(table) and table.seat_labels[me] == "You"
    finally:
        friend.link.close()


def test_a_seat_played_by_the_computer_is_never_said_to_be_thinking(app: App, clocked: Clocked) -> None:
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("live", 30))
    friend = Friend(lobby)
    table = started(app, lobby)
    ben = friend.joined.seat
    timed: list[int] = []
    said: list[str] = []

    def ben_never_moves() -> bool:
        """Ana plays; Ben's clock runs out on each of his turns; every line on show is kept."""
        friend.link.poll()
        next_round_if_asked(app)
        ana_moves(table)
        remote, clock = table.remote, table.remote.clock
        if clock is not None and clock.seat == ben and clock.running and remote.clock_readings not in timed:
            timed.append(remote.clock_readings)
            clocked.clock.advance(31)
        said.append(message(table))
        return remote.table.seats[ben].stand_in and remote.to_move() == ben

    try:
        assert frames_until(app, ben_never_moves, 120)
        assert table.waiting_line() == "The computer plays for Ben (out of time)\u2026"
        assert table.seat_labels[ben] == "Out of time: computer"
        assert "Ben: the computer plays (out of time)" in (table.saving_badge() or "")
        assert not [line for line in said + lines_said(table) if "Ben is thinking" in line]
    finally:
        friend.link.close()


def test_at_an_any_pace_table_a_seat_away_for_a_week_can_be_handed_over(app: App, clocked: Clocked) -> None:
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("any", 0))
    friend = Friend(lobby)
    table = started(app, lobby)
    ben = friend.joined.seat
    friend.link.close()  # Ben goes away
    assert frames_until(app, lambda: not table.remote.table.seats[ben].connected, 30)

    def hand_over() -> None:
        key(app, pygame.K_ESCAPE)
        press(app, "Hand over\u2026")
        assert getattr(app.top, "heading", "") == "Let the computer play for Ben?"
        press(app, "For Ben")

    hand_over()
    refused = "The table server said no: Ben has not been away for a week."
    assert frames_until(app, lambda: refused in lines_said(table), 30), lines_said(table)
    assert not table.remote.table.seats[ben].stand_in
    clocked.clock.advance(8 * DAY)
    hand_over()
    assert frames_until(app, lambda: table.remote.table.seats[ben].stand_in, 30), lines_said(table)
    frames(app, 2)
    assert table.seat_labels[ben] == "Away: computer"


def test_an_any_pace_table_waits_days_and_is_found_again_in_my_tables_at_the_persons_move(
        app: App, clocked: Clocked, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookup_module, "TITLE_EVERY", 0.0)  # the title looks again once it has answers
    lobby = host_at(app, f"127.0.0.1:{clocked.port}", ("any", 0), players=3)
    table = started(app, lobby)
    me = table.remote.seat.seat
    assert frames_until(app, lambda: table.picture.shown is not None and table.picture.idle(), 30)
    live = table.remote.live
    assert live is not None
    hand, round_number = sorted(live.hands[me]), table.match.round_number
    key(app, pygame.K_ESCAPE)
    press(app, "Leave for now")  # the game closes the table: nobody is there
    clocked.clock.advance(3 * DAY)
    (seat,) = kept_seats()
    app.reset(app.routes.title())
    title = app.top
    assert isinstance(title, TitleScene) and title.tables is not None
    first_look = title.tables
    assert frames_until(app, lambda: title.tables is not None and title.tables.said != "", 60), (
        title.tables.answers if title.tables else None, clocked.tables_held(), seat, title.tables is first_look,
        (title.tables.lookup.done(), title.tables.lookup.age()) if title.tables else None,
        [type(scene).__name__ for scene in app.stack], app.running, looking())
    assert title.tables is not None and title.tables.said == "Your move at the table you host"
    listed = title.tables.answers[seat.token].listing
    assert listed is not None and listed.waiting == (me,) and listed.pace == "any"
    assert not listed.seats[me].stand_in, "no stand-in for someone away at an any-pace table"
    press(app, "My tables")
    mine = app.top
    assert isinstance(mine, MyTablesScene)
    assert frames_until(app, lambda: mine.rows[0].words is not None and mine.rows[0].words.your_move, 30)
    assert mine.rows[0].words is not None and mine.rows[0].words.state == "Your move"
    key(app, pygame.K_RETURN)  # the row in focus: back to the table
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), mine.note
    again = app.top
    assert isinstance(again, RemoteTableScene)
    assert frames_until(app, again.human_turn, 30)
    assert again.match.round_number == round_number and again.remote.live is not None
    assert sorted(again.remote.live.hands[me]) == hand, "the person's hand as they left it"
    monkeypatch.setattr(lookup_module, "TITLE_EVERY", 60.0)  # as in the game: a look is good for a minute...
    app.reset(app.routes.title())
    after = app.top
    assert isinstance(after, TitleScene) and after.tables is not None
    assert after.tables.lookup is not mine.lookup, "...but not once the person was at the table"
