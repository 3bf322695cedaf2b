"""Getting to a network table without ever blocking a frame: the game's own
server (Host), the person's connection, and the seat kept for a rejoin.

Each way to a table (host, join, rejoin) runs as one coroutine on the
connection's thread; the scene holds the returned ``Future`` and looks at it
once a frame. The seat (server address, table code, token, and for a host
the port its server listened on) is kept in the player's data folder through
``game.memory.files``, so a game started again can take the seat back.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
from concurrent.futures import Future
from typing import Any

from ...net.client.replies import ServerRefused
from ...net.client.threaded_client import ThreadedClient
from ...net.protocol.codes import normal_code
from ...net.server.embedded import EmbeddedServer
from ...saves import SaveStore
from ...saves.store import data_dir
from .discovery import Announcer
from .kept import KeptSeat, keep_seat

LOOPBACK = "127.0.0.1"
EVERYONE = "0.0.0.0"
DEFAULT_PORT = 8765

_server: EmbeddedServer | None = None
"""The game's own table server, once the player hosts (it lives as long as the game)."""
_announcer: Announcer | None = None
"""Its announcement on the local network (only when the player chose "local network")."""
DISCOVERY_INTERFACES: list[str] | None = None
"""The addresses zeroconf announces and listens on (None: every interface; tests: the loopback)."""


def server_url(address: str) -> str:
    """``ws://host:port/`` from what the player typed (``host:port``, a ``ws://`` or ``wss://`` address)."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text if text.endswith("/") else text + "/"
    if ":" not in text:
        text = f"{text}:{DEFAULT_PORT}"
    return f"ws://{text}/"


def copies_store() -> SaveStore:
    """Where the person's checked copies of network matches are kept (apart from their own saves)."""
    return SaveStore(data_dir() / "online-copies")


def new_link(url: str) -> ThreadedClient:
    """A connection (not yet open) to the server at ``url``."""
    return ThreadedClient(url, store=copies_store())


def running_server() -> EmbeddedServer | None:
    """The game's own server, if it runs."""
    return _server


def stop_server() -> None:
    """Save every table of the game's own server and stop it (at exit, or hosting elsewhere)."""
    global _server, _announcer
    if _announcer is not None:
        announcer, _announcer = _announcer, None
        with contextlib.suppress(Exception):  # a network that went away must not stop the game from closing
            announcer.close()
    if _server is not None:
        _server.stop()
        _server = None


atexit.register(stop_server)


def announce(name: str, port: int) -> str:
    """Let games on the local network find this game's server; a problem in words, or ''."""
    global _announcer
    if _announcer is not None:
        return ""
    try:
        _announcer = Announcer(name, port, interfaces=DISCOVERY_INTERFACES)
    except Exception as error:  # noqa: BLE001 - zeroconf failing leaves joining by address
        return f"Other games cannot find this table by themselves ({error}): tell them the address."
    return ""


def _start_server(host: str, port: int) -> EmbeddedServer:
    """Start (or reuse) the game's own server on ``host``:``port``."""
    global _server
    if _server is not None and _server.config.host == host and port in (0, _server.port):
        return _server
    stop_server()
    server = EmbeddedServer(data_dir() / "server", host, port)
    server.start()
    _server = server
    return server


async def _serve(link: ThreadedClient, host: str, port: int) -> str:
    """Start the server off the loop's thread; the address a game on this computer connects to."""
    server = await asyncio.to_thread(_start_server, host, port)
    link.client.url = f"ws://{LOOPBACK}:{server.port}/"
    return link.client.url


def host_table(link: ThreadedClient, bind: str, port: int, name: str, settings: dict[str, Any]) -> Future[KeptSeat]:
    """Start the server (none with ``bind`` empty: the table is set up on the
    server ``link`` points at), connect and create the table; the seat, kept."""
    async def flow() -> KeptSeat:
        url = await _serve(link, bind, port) if bind else link.client.url
        await link.reconnect()
        joined = await link.client.create(name, **settings)
        server = running_server()
        if bind == EVERYONE and server is not None:
            await asyncio.to_thread(announce, name, server.port)
        own_port = server.port if server and bind else 0
        return _kept(KeptSeat(url, joined.table, joined.token, name, bind, own_port))
    return link.call(flow())


def join_table(link: ThreadedClient, code: str, name: str) -> Future[KeptSeat]:
    """Connect and take a seat at the table with ``code``; the seat, kept."""
    async def flow() -> KeptSeat:
        link.client.code = normal_code(code)  # connect at the table's own path: once, not again to join
        await link.reconnect()
        joined = await link.client.join(code, name)
        return _kept(KeptSeat(link.client.url, joined.table, joined.token, name))
    return link.call(flow())


def rejoin_table(link: ThreadedClient, seat: KeptSeat) -> Future[KeptSeat]:
    """Start this game's server again if it hosted the table, connect, and take the seat back (kept first)."""
    async def flow() -> KeptSeat:
        if seat.host:
            await _serve(link, seat.host, seat.port)
            if seat.host == EVERYONE:
                await asyncio.to_thread(announce, seat.name, seat.port)
        link.client.code = normal_code(seat.code)  # connect at the table's own path: once, not again to rejoin
        await link.reconnect()
        await link.client.rejoin(seat.code, seat.token)
        return _kept(seat)  # the newest first in My tables
    return link.call(flow())


def _kept(seat: KeptSeat) -> KeptSeat:
    """Keep ``seat`` in the data folder (My tables) and return it."""
    keep_seat(seat)
    return seat


def failure_text(error: BaseException) -> str:
    """Why getting to a table failed, in words for the player."""
    if isinstance(error, ServerRefused):
        return f"The table server said no: {error.message}."
    if isinstance(error, OSError):
        return f"No table server answered there ({error.strerror or error}). Check the address and port."
    return f"That did not work: {error}."
