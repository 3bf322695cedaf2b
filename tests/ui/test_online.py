"""Play online, headless, over real sockets on the loopback: the title opens
the online scene, Host starts the game's own server and shows a code, a
second game joins by the code, the table plays a network match with real
mouse and keyboard input, the badge says when the connection drops, and a
game started again rejoins its seat."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import END, MEXICAN, Play, preset
from game.memory.session import GameSession, SeatConfig
from game.net.client.threaded_client import ThreadedClient
from game.net.server.embedded import EmbeddedServer
from game.ui.app import App
from game.ui.online import connection
from game.ui.online.discovery import Announcer
from game.ui.online.kept import kept_seats
from game.ui.online.lobby import LobbyScene
from game.ui.online.scene import OnlineScene
from game.ui.online.table import AWAY, GAVE_UP, OUT_OF_TIME, RECONNECTING, RemoteTableScene
from game.ui.scenes.round_summary import RoundSummaryScene

from .conftest import click, drag, frames, frames_until, key, lines_said, message, train_end, tray_tile_center

LOOPBACK_ONLY = ["127.0.0.1"]


@pytest.fixture(autouse=True)
def stop_server(app: App) -> Iterator[None]:
    """The lesson is not offered on the title (zeroconf keeps to the loopback:
    tests/conftest.py); every test's own server is saved and stopped after it."""
    app.settings.lesson_at("offered")
    yield
    connection.stop_server()


def press(app: App, label: str) -> None:
    """Click the button labelled ``label`` on the scene on top."""
    top = app.top
    assert top is not None
    getattr(top, "laid_out", lambda: None)()  # laid out for the window as it is now
    button = next(w for w in top.widgets if getattr(w, "label", None) == label)  # type: ignore[attr-defined]
    click(app, button.rect.center)


def host(app: App, players: int = 2) -> LobbyScene:
    """From the title: Play online, Host, a blitz table of ``players`` with random computers, on any free port."""
    app.reset(app.routes.title())
    frames(app, 2)
    press(app, "Play online")
    online = app.top
    assert isinstance(online, OnlineScene)
    press(app, "Host a table")
    online.name.value = "Ana"
    online.port.value = "0"
    online.players.set(players)
    online.length.set("blitz")
    online.level.set("random")
    press(app, "Host")
    assert frames_until(app, lambda: isinstance(app.top, LobbyScene), 30), getattr(app.top, "note", "")
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert frames_until(app, lambda: lobby.start_button.enabled, 20)  # once the table's seats have come
    return lobby


class Friend:
    """A second game at the table (a script): joins by the code and plays its first legal move."""

    def __init__(self, lobby: LobbyScene, name: str = "Ben") -> None:
        self.link = ThreadedClient(lobby.seat.url)  # the host's own server, or a server elsewhere
        self.link.client.code = lobby.seat.code  # its connection opens at the table's path: join keeps it
        self.link.connect().result(10)
        self.joined = self.link.call(self.link.client.join(lobby.seat.code.lower(), name)).result(10)
        self.fresh = True
        """Whether news came since this script last acted (an update, or a refusal)."""

    def play(self) -> None:
        """Take in the news; on its turn, play its first legal action once per update."""
        if any(m.type in ("update", "error") for m in self.link.poll()):
            self.fresh = True
        view = self.link.client.view
        if self.fresh and view is not None and view.legal and view.to_move == self.joined.seat:
            self.fresh = False
            self.link.act(view.legal[0])


def lobby_said(app: App) -> str:
    """What the lobby on top says and holds (a table that did not open)."""
    top = app.top
    link = getattr(top, "link", None)
    table = link.client.table if link is not None else None
    return (f"{getattr(top, 'note', '')} state={table.state if table else None} "
            f"got={[m.type for m in getattr(top, 'backlog', [])]}")


def start_hosted_table(app: App) -> None:
    """Host a two-seat table, start it and wait until its table is on show."""
    host(app, players=2)
    press(app, "Start")
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), lobby_said(app)


def take_turn(app: App, table: RemoteTableScene) -> Play | None:
    """On the person's turn, with real input: drag the first playable tile to its
    train (returned), else end the turn (E) or draw (D)."""
    if not table.human_turn() or table.frame is None:
        return None
    legal = table.controller.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        play = plays[0]
        if table.tray.tile_center(play.tile) is not None:
            drag(app, tray_tile_center(table, play.tile), train_end(table, play.train))
        else:  # a long hand scrolls: pick the tile as a click does, then the train's key
            table.tray.selected = play.tile
            name = "m" if play.train == MEXICAN else str(play.train + 1)
            key(app, pygame.key.key_code(name), name)
        return play
    key(app, pygame.K_e if END in legal else pygame.K_d, "e" if END in legal else "d")
    return None


def test_play_online_on_the_title_opens_host_and_join(app: App) -> None:
    app.reset(app.routes.title())
    frames(app, 2)
    press(app, "Play online")
    online = app.top
    assert isinstance(online, OnlineScene)
    labels = [getattr(w, "label", "") for w in online.widgets]
    assert {"Host a table", "Join a table"} <= set(labels)
    press(app, "Join a table")
    assert online.mode == "join"
    online.code.value = "abc"
    press(app, "Join")
    assert "table code" in online.note  # too short to be a code: said, nothing sent


def test_host_shows_a_code_and_a_friend_who_joins_by_it_appears_in_the_lobby(app: App) -> None:
    lobby = host(app, players=3)
    code = lobby.seat.code
    assert len(code.replace("-", "")) >= 8 and "Only games on this computer" in lobby.where_to_join()
    assert lobby.start_button.enabled
    friend = Friend(lobby)
    try:
        seats = lambda: lobby.link.client.table.seats if lobby.link and lobby.link.client.table else ()  # noqa: E731
        assert frames_until(app, lambda: len(seats()) == 3 and seats()[1].name == "Ben", 20)
        assert seats()[1].kind == "person" and seats()[1].connected
        assert seats()[2].kind == "open"
        app.draw()
        kept = kept_seats()
        assert [seat.code for seat in kept] == [code] and kept[0].port == lobby.seat.port
    finally:
        friend.link.close()


def test_a_network_round_is_played_with_real_drags_and_shows_the_others_moves(app: App) -> None:
    lobby = host(app, players=3)
    friend = Friend(lobby)
    try:
        press(app, "Start")
        assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        me = table.remote.seat.seat
        dropped: Play | None = None

        def step() -> bool:
            nonlocal dropped
            friend.play()
            if dropped is None:
                dropped = take_turn(app, table)
            view = friend.link.client.view
            return dropped is not None and view is not None and dropped.tile in view.trains[dropped.train]

        assert frames_until(app, lambda: (friend.play(), table.human_turn())[1], 60)
        assert not any("at the table again" in said for said in table.message_line.history)  # a fresh deal
        key(app, pygame.K_h, "h")  # a hint reads the seat's own view, as at a local table
        assert message(table).startswith("Hint: ")
        assert frames_until(app, step, 60), (dropped, [line.text for line in table.log.lines],
                                             list(table.message_line.history))
        assert dropped is not None
        assert dropped.tile not in (friend.link.client.view.hand if friend.link.client.view else ())
        said = lambda: [line.text for line in table.log.lines]  # noqa: E731
        assert frames_until(app, lambda: (friend.play(), take_turn(app, table), any("Ben" in t for t in said()))[2],
                            60), said()
        assert table.seat_labels[me] == "You"
        people = GameSession(preset("classic"), [SeatConfig("Ana", "human"), SeatConfig("Ben", "human"),
                                                 SeatConfig("Random 3", "random")], 1)
        counted = table.as_counted(people)  # at the match's end: this computer counts its own seat only
        assert [(s.name, s.is_human) for s in counted.seats] == [("Ana", True), ("Ben", False), ("Random 3", False)]
        assert counted.match is people.match and people.seats[1].is_human
    finally:
        friend.link.close()


def test_while_a_person_far_away_decides_the_line_says_the_table_waits_for_them(app: App) -> None:
    lobby = host(app, players=2)
    friend = Friend(lobby)
    try:
        press(app, "Start")
        assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), lobby_said(app)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        ben = friend.joined.seat

        def bens_turn() -> bool:
            friend.link.poll()  # the friend reads the news but does not move
            take_turn(app, table)
            return table.remote.to_move() == ben

        assert frames_until(app, bens_turn, 60)
        assert table.remote.waiting_for_person()
        waiting = lambda: message(table).startswith("Waiting for Ben: ") and message(table).endswith(" left")
        assert frames_until(app, waiting, 30), lines_said(table)  # a live table: with Ben's turn clock
        assert not any("Ben is thinking" in said for said in lines_said(table))
    finally:
        friend.link.close()


def test_the_badge_says_reconnecting_when_the_connection_drops(app: App) -> None:
    lobby = host(app, players=2)
    press(app, "Start")
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), lobby_said(app)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    assert table.saving_badge() is None
    connection.stop_server()  # the host's server goes away: the connection drops
    assert frames_until(app, lambda: table.frame is not None and table.frame.badge == RECONNECTING, 20)
    assert not table.human_turn()  # nothing can be played while away
    del lobby


def test_a_game_started_again_rejoins_its_seat_and_gets_the_table_as_it_is(app: App) -> None:
    lobby = host(app, players=2)
    code = lobby.seat.code
    press(app, "Start")
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), lobby_said(app)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    assert frames_until(app, lambda: table.picture.shown is not None, 20)
    hand = sorted(table.remote.live.hands[table.remote.seat.seat]) if table.remote.live else []
    app.reset(app.routes.title())  # leave for now (the window closed)...
    connection.stop_server()  # ...and the game with its server
    assert [seat.code for seat in kept_seats()] == [code]
    frames(app, 2)
    press(app, "My tables")
    press(app, code)  # its row in My tables
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), (app.stack, getattr(app.top, "note", ""))
    again = app.top
    assert isinstance(again, RemoteTableScene)
    assert frames_until(app, lambda: again.picture.shown is not None, 20)
    assert again.remote.seat.table == code
    live = again.remote.live
    assert live is not None and sorted(live.hands[again.remote.seat.seat]) == hand
    assert "You are at the table again: the round as it stands now." in again.message_line.history
    again.message_line.tick(3.5, False)  # the welcome back has been read; nobody has moved since
    frames(app, 1)
    assert not message(again).startswith("Round "), "the round's opening line came back mid-round"


def test_host_can_set_the_table_up_on_a_table_server_elsewhere(app: App, tmp_path: Path) -> None:
    server = EmbeddedServer(tmp_path / "elsewhere", "127.0.0.1", 0)
    port = server.start()
    try:
        app.reset(app.routes.title())
        frames(app, 2)
        press(app, "Play online")
        online = app.top
        assert isinstance(online, OnlineScene)
        press(app, "Host a table")
        online.name.value = "Ana"
        online.port.value = f"127.0.0.1:{port}"  # an address, not a port: no server of this game's own
        press(app, "Host")
        assert frames_until(app, lambda: isinstance(app.top, LobbyScene), 30), online.note
        assert connection.running_server() is None
        (kept,) = kept_seats()
        assert kept.url == f"ws://127.0.0.1:{port}/" and kept.host == ""
        for scene in list(app.stack):
            scene.close()
    finally:
        server.stop()


def test_a_network_round_ends_with_its_summary_from_the_checked_copy_and_the_next_deal_follows(app: App) -> None:
    start_hosted_table(app)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    assert frames_until(app, lambda: (take_turn(app, table), isinstance(app.top, RoundSummaryScene))[1], 120)
    summary = app.top
    assert isinstance(summary, RoundSummaryScene)
    copy = table.remote.link.client.copy
    assert copy is not None and copy.problems == [] and summary.match is copy.session.match  # type: ignore[union-attr]
    assert summary.deal_check == ""  # the deal checked out: the proof is shown
    assert len(copy.session.match.round_scores) == 1  # type: ignore[union-attr]
    labels = [getattr(w, "label", "") for w in summary.widgets]
    assert "Replay this round" in labels and "Review this round" in labels  # the revealed round, all hands known
    press(app, "Review this round")
    frames(app, 2)
    assert type(app.top).__name__ == "ReviewScene"  # this seat's decisions, reviewed on the checked copy
    key(app, pygame.K_ESCAPE)
    assert app.top is summary
    summary.next()
    assert frames_until(app, lambda: table.match.round_number == 2 and table.picture.shown is not None
                        and not table.picture.shown.round_over, 30)
    assert app.top is table


def test_a_host_on_the_local_network_is_listed_in_the_join_form_and_fills_the_address(app: App) -> None:
    announcer = Announcer("Ana", 8765, addresses=["127.0.0.1"], interfaces=LOOPBACK_ONLY)
    try:
        app.reset(app.routes.title())
        frames(app, 2)
        press(app, "Play online")
        press(app, "Join a table")
        online = app.top
        assert isinstance(online, OnlineScene)
        press(app, "Find tables nearby")
        assert frames_until(app, lambda: any(f.host == "Ana" for f in online.found), 20)
        press(app, next(w.label for w in online.widgets if getattr(w, "label", "").startswith("Ana")))
        assert online.address.value == "127.0.0.1:8765"
        assert online.code.value == ""  # the code is never announced: the host tells it
    finally:
        announcer.close()


def test_esc_at_a_network_table_offers_to_leave_for_now_or_give_the_seat_up(app: App) -> None:
    start_hosted_table(app)
    key(app, pygame.K_ESCAPE)
    labels = [getattr(w, "label", "") for w in app.top.widgets]  # type: ignore[union-attr]
    assert {"Stay", "Leave for now", "Give up seat"} <= set(labels)
    press(app, "Leave for now")
    (kept,) = kept_seats()  # the seat waits for a rejoin
    press(app, "My tables")
    press(app, kept.code)
    assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30)
    key(app, pygame.K_ESCAPE)
    press(app, "Give up seat")
    assert kept_seats() == []  # nothing left to rejoin
    assert type(app.top).__name__ == "TitleScene"


def test_leaving_the_lobby_forgets_the_seat(app: App) -> None:
    host(app, players=2)
    press(app, "Leave")
    assert kept_seats() == [] and type(app.top).__name__ == "TitleScene"


def test_a_whole_network_match_ends_on_the_final_ranking_and_leaves_nothing_to_rejoin(app: App) -> None:
    start_hosted_table(app)
    table = app.top
    assert isinstance(table, RemoteTableScene)

    def play_on() -> bool:
        top = app.top
        if isinstance(top, RoundSummaryScene):
            key(app, pygame.K_n, "n")  # Next round / See the final result
        elif top is table:
            take_turn(app, table)
        return type(app.top).__name__ == "MatchEndScene"

    assert frames_until(app, play_on, 120)
    copy = table.remote.link.client.copy
    assert copy is not None and copy.problems == [] and copy.session is not None
    assert len(copy.session.match.round_scores) == 3  # a blitz match: every round checked into the copy
    ended = app.top.session  # type: ignore[union-attr]
    assert ended.match is copy.session.match and kept_seats() == []


def test_the_lobby_and_the_network_table_keep_every_text_in_its_place(app: App) -> None:
    """The text-fit check of tests/ui/test_text_fits.py on the routes it leaves to this file: the
    lobby and the network table (a friend who gave the seat up) in every size, text scale and face."""
    from .test_text_fits import CONFIGS, drawn_now, problems, reconfigure, without_table

    found: list[str] = []

    def check(name: str) -> None:
        for size, scale, faces in CONFIGS:
            reconfigure(app, size, scale, faces)
            frames(app, 3)
            log = without_table(app, drawn_now(app), scale)
            found.extend(f"{name} {size} {scale} {faces}: {p}" for p in problems(log.drawn, size, log.panels))

    lobby = host(app, players=3)
    friend = Friend(lobby)
    try:
        assert frames_until(app, lambda: lobby.link is not None and lobby.link.client.table is not None
                            and lobby.link.client.table.seats[1].kind == "person", 20)
        check("lobby")
        reconfigure(app, (1280, 800), 1.0, "pips")
        press(app, "Start")
        assert frames_until(app, lambda: isinstance(app.top, RemoteTableScene), 30), lobby_said(app)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        friend.link.call(friend.link.client.leave()).result(10)
        assert frames_until(app, lambda: GAVE_UP in table.seat_labels, 30)
        check("network table")
    finally:
        friend.link.close()
    assert found == [], "\n".join(found)


def test_a_friend_who_gave_the_seat_up_is_shown_as_gone_not_as_away_for_a_while() -> None:
    from game.net.client.inbound import SeatInfo
    from game.ui.online.table import seat_label

    gave_up = SeatInfo("Ben", "person", connected=False, stand_in=True, left=True, thinking=False)
    away = dataclasses.replace(gave_up, left=False)
    for pace in ("live", "any"):
        assert seat_label(gave_up, yours=False, pace=pace) == GAVE_UP
        assert seat_label(dataclasses.replace(away, stand_in=False, connected=True), False, pace) == "Person"
    assert seat_label(away, yours=False, pace="any") == AWAY  # handed over after a week away
    assert seat_label(away, yours=False, pace="live") == OUT_OF_TIME  # three turns out of time


def test_the_host_form_remembers_the_name_and_the_server_for_next_time(app: App) -> None:
    from game.ui.online.connection import server_url

    app.reset(OnlineScene())
    online = app.top
    assert isinstance(online, OnlineScene)
    online.host_form()
    online.name.value, online.port.value = "Ana", "127.0.0.1:9"  # a table server elsewhere, which refuses
    online.host()
    assert frames_until(app, lambda: online.pending is None, 30)
    assert app.settings.online_name == "Ana" and app.settings.online_server == "127.0.0.1:9"
    app.reset(OnlineScene())
    again = app.top
    assert isinstance(again, OnlineScene)
    again.host_form()
    assert again.name.value == "Ana" and again.port.value == "127.0.0.1:9"
    assert server_url(again.port.value) == "ws://127.0.0.1:9/"


def test_the_join_form_looks_for_tables_nearby_only_when_asked(app: App) -> None:
    app.reset(app.routes.title())
    frames(app, 2)
    press(app, "Play online")
    press(app, "Join a table")
    online = app.top
    assert isinstance(online, OnlineScene)
    frames(app, 3)
    assert online.finder is None, "the local network was browsed before the person asked"
    press(app, "Find tables nearby")
    assert online.finder is not None


def test_the_lobby_says_where_to_join_whatever_server_holds_the_table() -> None:
    from game.ui.online.kept import KeptSeat
    from game.ui.online.lobby import join_address

    assert join_address("ws://tables.example.org:8765/") == "tables.example.org:8765"
    assert join_address("wss://tables.example.org/mexican/") == "wss://tables.example.org/mexican/"
    elsewhere = LobbyScene.__new__(LobbyScene)
    elsewhere.link = None
    elsewhere.seat = KeptSeat("ws://tables.example.org:8765/", "ABCDE-FGHJK", "t", "Ana")
    assert "tables.example.org:8765" in elsewhere.where_to_join()


def test_a_round_dealt_before_the_game_saw_its_commitment_is_said_not_checked_on_its_summary(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commitment never reaches this game's copy (as if the server never
    showed it): the round summary says the deal could not be checked, in place of the proof."""
    from game.net.client.match_copy import UNCHECKED, MatchCopy

    monkeypatch.setattr(MatchCopy, "witness", lambda self, round_number, shown: None)
    start_hosted_table(app)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    assert frames_until(app, lambda: (take_turn(app, table), isinstance(app.top, RoundSummaryScene))[1], 120)
    summary = app.top
    assert isinstance(summary, RoundSummaryScene)
    copy = table.remote.link.client.copy
    assert copy is not None and copy.unwitnessed == [1] and copy.problems == []
    assert summary.deal_check == UNCHECKED
    frames(app, 2)
    assert app.top is summary


def test_the_lobby_says_its_code_spelled_out_and_who_comes_to_the_table(app: App) -> None:
    from game.speech import Recording, Voice

    recording = Recording()
    app.voice = Voice(recording, "system voice")
    lobby = host(app, players=3)
    spelled = ", ".join(" ".join(part) for part in lobby.seat.code.split("-"))
    assert any(f"Table code {spelled}" in line for line in recording.lines), recording.lines[-5:]
    assert any("Seat 1: Ana (you)" in line for line in recording.lines), recording.lines[-5:]
    friend = Friend(lobby)
    try:
        assert frames_until(app, lambda: any(line.startswith("Seat 2: Ben") for line in recording.lines), 20), \
            recording.lines[-5:]
    finally:
        friend.link.close()
