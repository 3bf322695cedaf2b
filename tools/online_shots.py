"""The Play online screens for tools/screenshot.py (``--online``): the online
scene, the host form with its pace and the join form, the host's lobby with a
friend seated, the network table with the friend's turn clock and the
person's own clock in its last seconds, the reconnecting badge, My tables and
the title saying whose move it is. The game's own server listens on
127.0.0.1 only, on a free port; the friend is a script on the same loopback,
and so is a second table server where Ben hosts a table Ana joined; zeroconf
listens on the loopback alone."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from game.net.client.client import Client
from game.net.client.threaded_client import ThreadedClient
from game.net.server.embedded import EmbeddedServer
from game.ui.app import App
from game.ui.online import connection
from game.ui.online.connection import EVERYONE
from game.ui.online.kept import KeptSeat, keep_seat
from game.ui.online.lobby import LobbyScene
from game.ui.online.my_tables import MyTablesScene
from game.ui.online.scene import OnlineScene
from game.ui.online.table import RECONNECTING, RemoteTableScene
from game.ui.online.table_link import table_links

FAR_AWAY = "ws://127.0.0.1:9/"
"""A server that is not there (the discard port on the loopback refuses): its row says so."""


def _until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    """Run frames until ``done()`` holds (or ``frames`` have run)."""
    for _ in range(frames):
        if done():
            return
        app.step([])


def _bens_table(port: int) -> KeptSeat:
    """Ben hosts an any-pace table on a table server at ``port``, Ana takes a seat, Ben starts;
    Ana's seat, as her game keeps it."""
    async def set_up() -> KeptSeat:
        url = f"ws://127.0.0.1:{port}/"
        ben, ana = Client(url), Client(url)
        await ben.connect()
        table = await ben.create("Ben", "classic", 3, seats=["person", "open", "easy"], pace="any")
        ana.code = table.table  # her connection opens at the table's path
        await ana.connect()
        seat = await ana.join(table.table, "Ana")
        await ben.start()
        while ana.view is None:
            await ana.next()
        await ana.close()
        await ben.close()
        return KeptSeat(url, seat.table, seat.token, "Ana")
    return asyncio.run(set_up())


def _ana_plays(table: RemoteTableScene) -> bool:
    """On Ana's turn, her last legal action (a draw when she must); always True."""
    if table.human_turn():
        table.controller.act(table.controller.legal_actions()[-1])
    return True


def _ben_plays(friend: ThreadedClient) -> bool:
    """Ben's script: on his turn, his last legal action, once per update; always True."""
    fresh = any(m.type in ("update", "error") for m in friend.poll())
    view, joined = friend.client.view, friend.client.joined
    if fresh and view is not None and joined is not None and view.to_move == joined.seat and view.legal:
        friend.act(view.legal[-1])
    return True


def online_shots(app: App, shot: Callable[[str], None]) -> None:
    """Write the Play online shots through ``shot``."""
    app.settings.lesson_at("offered")
    connection.DISCOVERY_INTERFACES = ["127.0.0.1"]  # the join form listens for tables: on the loopback alone
    online = OnlineScene()
    app.reset(online)
    _until(app, lambda: False, 3)
    shot("online")
    online.join_form()
    online.code.value = "27NQE-5WB14"
    online.name.value = "Ben"
    _until(app, lambda: False, 3)
    shot("online-join")
    online.back()
    online.host_form()
    online.name.value = "Ana"
    online.port.value = "0"
    online.players.set(3)
    online.length.set("blitz")
    online.pace.set(("live", 30))
    _until(app, lambda: False, 3)
    shot("online-host")
    online.host()
    _until(app, lambda: isinstance(app.top, LobbyScene))
    lobby = app.top
    assert isinstance(lobby, LobbyScene), online.note
    friend = ThreadedClient(f"ws://127.0.0.1:{lobby.seat.port}/")
    friend.client.code = lobby.seat.code  # its connection opens at the table's path
    friend.connect().result(10)
    friend.call(friend.client.join(lobby.seat.code, "Ben")).result(10)
    _until(app, lambda: lobby.link is not None and lobby.link.client.table is not None
           and lobby.link.client.table.seats[1].kind == "person")
    _until(app, lambda: False, 5)
    shot("online-lobby")
    seat = lobby.seat  # as if hosted for the home network: the table's link and its QR code (a documentation address)
    lobby.seat, lobby._links = replace(seat, host=EVERYONE), table_links(EVERYONE, seat.port, seat.code, ["192.168.1.20"])
    _until(app, lambda: False, 3)
    shot("online-lobby-link")
    lobby.seat, lobby._links = seat, None
    lobby.start()
    _until(app, lambda: isinstance(app.top, RemoteTableScene))
    table = app.top
    assert isinstance(table, RemoteTableScene)
    bens_turn = lambda: table.remote.to_move() == 1 and table.picture.ready()
    _until(app, lambda: _ana_plays(table) and bens_turn())
    _until(app, lambda: table.frame is not None and table.frame.pill is not None
           and table.frame.pill.text.startswith("Waiting for Ben"))
    shot("online-table")  # Ben's turn, his clock running down on his panel
    _until(app, lambda: _ben_plays(friend) and table.human_turn())
    _until(app, lambda: table.frame is not None and table.frame.turn_clock is not None
           and table.frame.turn_clock.warning(table.clock) and table.clock % 1 < 0.5)
    _until(app, lambda: False, 20)
    shot("online-clock-warning")  # Ana's own clock in its last seconds
    friend.close()
    app.reset(app.routes.title())  # Ana leaves for now: the title says her move waits
    keep_seat(KeptSeat(FAR_AWAY, "7RX7T-4KD2M", "0" * 32, "Ana"))
    elsewhere = EmbeddedServer(Path(tempfile.mkdtemp(prefix="mt-shots-server-")), "127.0.0.1", 0)
    keep_seat(_bens_table(elsewhere.start()))
    app.reset(app.routes.title())
    title = app.top
    _until(app, lambda: bool(getattr(getattr(title, "tables", None), "said", "")))
    _until(app, lambda: False, 3)
    shot("title-your-move")
    mine = MyTablesScene()
    app.push(mine)
    _until(app, lambda: mine.lookup is None or mine.lookup.done())
    _until(app, lambda: False, 3)
    shot("online-my-tables")
    rejoined = lambda: isinstance(app.top, RemoteTableScene)
    mine.open(next(seat for seat in mine.seats if seat.own))
    _until(app, rejoined)
    table = app.top
    assert isinstance(table, RemoteTableScene)
    _until(app, lambda: table.picture.shown is not None and table.picture.idle())
    connection.stop_server()
    _until(app, lambda: table.frame is not None and table.frame.badge == RECONNECTING)
    _until(app, lambda: False, 5)
    shot("online-reconnecting")
    for scene in app.stack:
        scene.close()
    elsewhere.stop()
