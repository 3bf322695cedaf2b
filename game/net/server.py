"""The table server: many tables over WebSocket (asyncio and ``websockets``).

Every connection starts with ``hello``; each later message passes
``messages.parse_request`` and then its table's rules (``table.Table``)
before anything happens, and a refused one is answered with an ``error``.
Messages to a connection go through its own queue and sender task, so a
slow client never holds up another table. Computer players think in a
process pool (``thinking.Thinkers``). Tables are saved by the saves' writer
thread at most every ``save_every`` seconds and on stop (``persist``), and
resumed at start. ``GET /health`` answers ``ok`` with counts.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..version import game_version
from .codes import WrongCodeLimit, new_code, normal_code
from .memory import keep_pauses_short
from .messages import MAX_BYTES, OPEN, PROTOCOL, BadMessage, parse_request
from .persist import TableFiles
from .settings import Settings, SettingsError
from .table import Out, Refused, Table
from .thinking import Thinkers

log = logging.getLogger("mexican_train.server")
QUEUE_LIMIT = 2000
"""Messages waiting for one connection before it is dropped as too slow."""


@dataclass
class Config:
    """How a server runs (``mexican-train serve`` sets it from its options)."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path = Path("mexican-train-server")
    certfile: str | None = None
    keyfile: str | None = None
    hello_timeout: float = 10.0
    """Seconds a connection not at a table may stay silent before it is closed."""
    idle_close: float = 600.0
    """Seconds a started table with no one connected stays open before it is saved and closed."""
    save_every: float = 5.0
    """Seconds between two saves of a table that changed (a kill -9 loses at most this much play)."""
    tick: float = 0.25
    workers: int | None = None
    wrong_codes: int = 10
    """Wrong table codes or tokens one address may try per minute."""
    max_tables: int = 5000
    """Tables one server holds at most (a new one is refused beyond)."""
    tables_per_address: int = 20
    """Open tables one address may have created."""


@dataclass(eq=False)
class Conn:
    """One client connection."""

    ws: ServerConnection
    address: str
    table: Table | None = None
    seat: int = -1
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a connection too slow to take them is closed)."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))


class Server:
    """Tables, the connections at them, and their timers."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.clock = time.monotonic
        self.tables: dict[str, Table] = {}
        self.seated: dict[tuple[str, int], Conn] = {}
        self.conns: set[Conn] = set()
        self.limit = WrongCodeLimit(config.wrong_codes)
        self.thinkers = Thinkers(config.workers)
        self.files = TableFiles(config.data)
        self.empty_since: dict[str, float] = {}
        self.port = 0
        self.moves = 0
        self._tasks: set[asyncio.Task[Any]] = set()

    # ----------------------------------------------------------- running

    async def run(self, stop: asyncio.Event, ready: asyncio.Future[int] | None = None) -> None:
        """Serve until ``stop`` is set, then save every table and close."""
        for table in self.files.resume(self.clock):
            self.tables[table.code] = table
            self._log(table)
            self.empty_since[table.code] = self.clock()
        context = None
        if self.config.certfile:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.config.certfile, self.config.keyfile)
        async with serve(self._connection, self.config.host, self.config.port, ssl=context,
                         max_size=4 * MAX_BYTES, process_request=self._http, server_header=None,
                         compression=None) as ws_server:
            self.port = _port(ws_server)
            log.info("listening on %s://%s:%d/ (%d tables resumed)", "wss" if context else "ws",
                     self.config.host, self.port, len(self.tables))
            if context is None and self.config.host not in ("127.0.0.1", "localhost", "::1"):
                log.warning("serving without TLS on %s: tokens and hands cross the network in clear text; "
                            "use --certfile/--keyfile or a reverse proxy with TLS for play across the internet",
                            self.config.host)
            if ready is not None:
                ready.set_result(self.port)
            for table in self.tables.values():
                self._kick(table)
            timers = asyncio.create_task(self._timers(stop))
            await stop.wait()
            timers.cancel()
        self.shutdown()

    def shutdown(self) -> None:
        """Save every table and stop thinking."""
        for table in self.tables.values():
            self.files.save(table)
        self.files.flush()
        self.files.close()
        self.thinkers.close()
        log.info("stopped; %d tables saved", len(self.tables))

    async def _timers(self, stop: asyncio.Event) -> None:
        """Grace periods, deal deadlines and idle tables every ``tick``; saving alongside."""
        saver = asyncio.create_task(self._saver(stop))
        keeper = asyncio.create_task(keep_pauses_short(stop))
        try:
            while not stop.is_set():
                await asyncio.sleep(self.config.tick)
                for table in list(self.tables.values()):
                    outs = table.tick()
                    if outs:
                        self._deliver(table, outs)
                    self._close_if_idle(table)
        finally:
            saver.cancel()
            keeper.cancel()

    async def _saver(self, stop: asyncio.Event) -> None:
        """Save each changed table at most every ``save_every`` seconds, one
        table at a time with the loop free between two, so saving many tables
        never holds up a move (the bytes are written by the saves' writer thread)."""
        while not stop.is_set():
            await asyncio.sleep(self.config.tick)
            now = self.clock()
            due = [t for t in self.tables.values() if t.dirty and now - t.saved_at >= self.config.save_every]
            for table in sorted(due, key=lambda t: t.saved_at):
                if self.tables.get(table.code) is table:
                    self.files.save(table)
                    table.saved_at = self.clock()
                await asyncio.sleep(0)

    def _close_if_idle(self, table: Table) -> None:
        """Save and close a table whose people have all been gone for ``idle_close``."""
        if table.people_here():
            self.empty_since.pop(table.code, None)
            return
        since = self.empty_since.setdefault(table.code, self.clock())
        if self.clock() - since >= self.config.idle_close:
            table.events_log.append("closed: no one came back")
            self._log(table)
            self.files.save(table, closed=True)
            del self.tables[table.code]
            self.empty_since.pop(table.code, None)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """``GET /health``; any path but ``/`` is not found."""
        if request.path == "/health":
            body = json.dumps({"status": "ok", "tables": len(self.tables), "connections": len(self.conns),
                               "moves": self.moves, "version": game_version()}) + "\n"
            response = connection.respond(200, body)
            response.headers = Headers({"Content-Type": "application/json", "Content-Length": str(len(body))})
            return response
        if request.path != "/":
            return connection.respond(404, "Not found: the game speaks WebSocket at /\n")
        return None

    # -------------------------------------------------------- connections

    async def _connection(self, ws: ServerConnection) -> None:
        """One client, from hello to goodbye."""
        conn = Conn(ws, str(ws.remote_address[0]) if ws.remote_address else "?")
        self.conns.add(conn)
        sender = asyncio.create_task(self._sender(conn))
        try:
            if await self._hello(conn):
                await self._requests(conn)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self._gone(conn)
            conn.queue.put_nowait(None)
            await sender

    async def _receive(self, conn: Conn) -> str | bytes | None:
        """The next message, or None when a connection not at a table stays silent too long."""
        timeout = None if conn.table is not None else self.config.hello_timeout
        try:
            return await asyncio.wait_for(conn.ws.recv(), timeout)
        except TimeoutError:
            conn.send({"type": "closed", "reason": "idle", "message": "no message came in time"})
            conn.queue.put_nowait(None)
            return None

    async def _hello(self, conn: Conn) -> bool:
        """The first message must be a hello naming this protocol."""
        data = await self._receive(conn)
        if data is None:
            return False
        try:
            request = parse_request(data)
        except BadMessage as bad:
            return self._refuse_hello(conn, bad.code, bad.message)
        if request["type"] != "hello":
            return self._refuse_hello(conn, "protocol", "the first message must be a hello")
        if request["protocol"] != PROTOCOL:
            return self._refuse_hello(conn, "protocol", f"this server speaks protocol {PROTOCOL}")
        conn.send({"type": "welcome", "protocol": PROTOCOL, "server": f"mexican-train {game_version()}"})
        return True

    def _refuse_hello(self, conn: Conn, code: str, message: str) -> bool:
        """Answer a bad first message and close."""
        conn.send({"type": "error", "code": code, "message": message, "about": "hello"})
        conn.queue.put_nowait(None)
        return False

    async def _requests(self, conn: Conn) -> None:
        """Every later message, answered one by one."""
        while True:
            data = await self._receive(conn)
            if data is None:
                return
            try:
                request = parse_request(data)
                self._handle(conn, request)
            except BadMessage as bad:
                conn.send({"type": "error", "code": bad.code, "message": bad.message, "about": bad.about})
            except Refused as refused:
                conn.send({"type": "error", "code": refused.code, "message": refused.message,
                           "about": _about(data)})
            except Exception:  # noqa: BLE001 - nothing a client sends may stop the server
                log.exception("request from %s failed", conn.address)
                conn.send({"type": "error", "code": "server", "message": "the server could not do that"})

    async def _sender(self, conn: Conn) -> None:
        """Send the connection's queued messages in order; None closes it."""
        while True:
            text = await conn.queue.get()
            if text is None:
                await conn.ws.close()
                return
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    def _gone(self, conn: Conn) -> None:
        """A connection closed: its person drops from their seat."""
        table, seat = conn.table, conn.seat
        if table is None or self.seated.get((table.code, seat)) is not conn:
            return
        del self.seated[(table.code, seat)]
        if table.code in self.tables:
            self._deliver(table, table.drop(seat))

    # ----------------------------------------------------------- requests

    def _handle(self, conn: Conn, request: dict[str, Any]) -> None:
        """One checked request."""
        kind = request["type"]
        if kind in ("create", "join", "rejoin"):
            if conn.table is not None:
                raise Refused("state", "this connection is already at a table (leave it first)")
            {"create": self._create, "join": self._join, "rejoin": self._rejoin}[kind](conn, request)
            return
        table = conn.table
        if table is None or kind == "hello":
            raise Refused("state", "join a table first" if kind != "hello" else "hello comes once, first")
        seat = conn.seat
        if kind == "seat":
            outs = table.set_seat(seat, request["seat"], request["kind"])
        elif kind == "start":
            outs = table.start(seat)
        elif kind == "contribute":
            outs = table.contribute(seat, request["round"], request["contribution"])
        elif kind == "act":
            outs = table.act(seat, request["action"], request.get("round"))
            self.moves += 1
        else:
            self._leave(conn, table, seat)
            return
        self._deliver(table, outs)

    def _leave(self, conn: Conn, table: Table, seat: int) -> None:
        """The person leaves their seat; a host leaving before the start closes the table."""
        self.seated.pop((table.code, seat), None)
        conn.table, conn.seat = None, -1
        conn.send({"type": "left", "table": table.code})
        if table.state == "lobby" and seat == table.host:
            for index in range(len(table.seats)):
                other = self.seated.pop((table.code, index), None)
                if other is not None:
                    other.table, other.seat = None, -1
                    other.send({"type": "closed", "reason": "host_left", "message": "the host closed the table"})
            table.events_log.append("closed: the host left before the start")
            self._log(table)
            self.files.save(table, closed=True)
            del self.tables[table.code]
            return
        self._deliver(table, table.leave(seat))

    def _create(self, conn: Conn, request: dict[str, Any]) -> None:
        """A new table with the sender as its host in seat 0."""
        if len(self.tables) >= self.config.max_tables:
            raise Refused("server_full", "this server holds as many tables as it can: try again later")
        if sum(1 for t in self.tables.values() if t.creator == conn.address) >= self.config.tables_per_address:
            raise Refused("too_many_tables", "your address has set up as many open tables as it may")
        settings = Settings.from_request(request)
        kinds = list(request.get("seats") or [OPEN] * settings.players)
        if len(kinds) != settings.players:
            raise Refused("schema", f"'seats' must list {settings.players} seats")
        kinds[0] = "person"
        code = new_code()
        while code in self.tables:
            code = new_code()
        try:
            table = Table(code, settings, kinds, self.clock)
        except SettingsError as error:
            raise Refused("rules", str(error)) from None
        token = table.seats[0].take(request["name"], self.clock())
        table.creator = conn.address
        self.tables[code] = table
        table.events_log.append(f"created by {request['name']} from {conn.address}: {settings.preset}, "
                                f"{settings.players} players, {settings.length}")
        self._seat(conn, table, 0, token)
        self._deliver(table, [(None, table.table_message())])

    def _find(self, conn: Conn, typed: str) -> Table:
        """The table a typed code names; wrong codes count against the address."""
        if self.limit.blocked(conn.address):
            raise Refused("rate_limited", "too many wrong codes from your address: wait a minute")
        table = self.tables.get(normal_code(typed))
        if table is None:
            self.limit.wrong(conn.address)
            raise Refused("bad_code", "there is no table with that code")
        return table

    def _join(self, conn: Conn, request: dict[str, Any]) -> None:
        """A person takes a seat at a table by its code."""
        table = self._find(conn, request["table"])
        seat, token, outs = table.join(request["name"], request.get("seat"))
        self._seat(conn, table, seat, token)
        self._deliver(table, outs)

    def _rejoin(self, conn: Conn, request: dict[str, Any]) -> None:
        """A person comes back to their seat with its token."""
        table = self._find(conn, request["table"])
        try:
            seat = table.seat_of(request["token"])
        except Refused:
            self.limit.wrong(conn.address)
            raise
        old = self.seated.get((table.code, seat))
        if old is not None:
            old.table, old.seat = None, -1
            old.send({"type": "closed", "reason": "replaced", "message": "this seat was taken up on another connection"})
            old.queue.put_nowait(None)
        self._seat(conn, table, seat, request["token"])
        self._deliver(table, table.rejoin(seat))

    def _seat(self, conn: Conn, table: Table, seat: int, token: str) -> None:
        """Attach the connection to its seat and tell it so."""
        conn.table, conn.seat = table, seat
        self.seated[(table.code, seat)] = conn
        conn.send({"type": "joined", "table": table.code, "seat": seat, "token": token, "host": seat == table.host})

    # ------------------------------------------------------------ delivery

    def _deliver(self, table: Table, outs: list[Out]) -> None:
        """Send each message to its seat's connection (or all), log, and let a computer move."""
        for seat, message in outs:
            seats = range(len(table.seats)) if seat is None else (seat,)
            for index in seats:
                conn = self.seated.get((table.code, index))
                if conn is not None:
                    conn.send(message)
        self._log(table)
        self._kick(table)

    def _log(self, table: Table) -> None:
        """The table's lines for the operator."""
        for line in table.events_log:
            log.info("table %s: %s", table.code, line)
        table.events_log.clear()

    def _kick(self, table: Table) -> None:
        """Start the computer player's thinking when one is to move."""
        turn = table.computer_turn()
        if turn is None or table.session is None:
            return
        seat, kind, version = turn
        table.thinking = seat
        match = table.session.match
        task = asyncio.create_task(self._think(table, seat, kind, match.player_seed(seat), version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, table: Table, seat: int, kind: str, seed: str, version: int) -> None:
        """Ask the pool for the decision, then play it."""
        assert table.session is not None
        try:
            action = await self.thinkers.decide(kind, seed, table.session.match.view(seat))
            if self.tables.get(table.code) is table:
                self._deliver(table, table.computer_acted(seat, action, version))
        except Exception:  # noqa: BLE001 - one table's failure must not stop it for good
            log.exception("table %s: a computer decision for seat %d failed", table.code, seat)
            table.thinking = None
            self._kick(table)


def _port(ws_server: WsServer) -> int:
    """The port the server listens on (the system's choice for port 0)."""
    for sock in ws_server.sockets:
        return int(sock.getsockname()[1])
    return 0


def _about(data: str | bytes) -> str:
    """The type of a checked request, for its error message."""
    try:
        return str(json.loads(data)["type"])
    except (ValueError, KeyError, TypeError):
        return ""
