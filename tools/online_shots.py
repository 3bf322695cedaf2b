"""The Play online screens for tools/screenshot.py (``--online``): the online
scene, the host and join forms, the host's lobby with a friend seated, the
network table and its reconnecting badge. The game's own server listens on
127.0.0.1 only, on a free port; the friend is a script on the same loopback;
zeroconf listens on the loopback alone."""

from __future__ import annotations

from collections.abc import Callable

from game.net.client import ThreadedClient
from game.ui.app import App
from game.ui.online import connection
from game.ui.online.lobby import LobbyScene
from game.ui.online.scene import OnlineScene
from game.ui.online.table import RECONNECTING, RemoteTableScene


def _until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    """Run frames until ``done()`` holds (or ``frames`` have run)."""
    for _ in range(frames):
        if done():
            return
        app.step([])


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
    _until(app, lambda: False, 3)
    shot("online-host")
    online.host()
    _until(app, lambda: isinstance(app.top, LobbyScene))
    lobby = app.top
    assert isinstance(lobby, LobbyScene), online.note
    friend = ThreadedClient(f"ws://127.0.0.1:{lobby.seat.port}/")
    friend.connect().result(10)
    friend.call(friend.client.join(lobby.seat.code, "Ben")).result(10)
    _until(app, lambda: lobby.link is not None and lobby.link.client.table is not None
           and lobby.link.client.table.seats[1].kind == "person")
    _until(app, lambda: False, 5)
    shot("online-lobby")
    lobby.start()
    _until(app, lambda: isinstance(app.top, RemoteTableScene))
    table = app.top
    assert isinstance(table, RemoteTableScene)
    _until(app, lambda: table.human_turn() or friend.client.view is not None and friend.client.view.to_move == 1)
    _until(app, lambda: False, 120)
    shot("online-table")
    friend.close()
    connection.stop_server()
    _until(app, lambda: table.frame is not None and table.frame.badge == RECONNECTING)
    _until(app, lambda: False, 5)
    shot("online-reconnecting")
    for scene in app.stack:
        scene.close()
