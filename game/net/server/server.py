"""The table server: many tables over WebSocket (asyncio and ``websockets``), kept in a database.

Every connection starts with ``hello``; each later message passes
``messages.parse_request`` and then its table's rules (``table.Table``)
before anything happens, and a refused one is answered with an ``error``.
What a request changes is committed to the database before anyone hears of
it (``outbox``), so a killed server loses nothing anyone saw. Tables are
loaded from the database when someone comes to them (``tables.Tables``) and
unloaded when everyone has left; the database keeps them for the retention.
Computer players think in a process pool (``thinking.Thinkers``).
``GET /health`` answers with counts and the database's state; any other request
that is not a WebSocket's gets the guest page (``game.web``) unless ``web`` is off.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ...version import game_version
from ...web.answer import GuestPage
from ...web.http import from_browser, web_response
from ..protocol.addresses import process_path, request_path
from ..protocol.codes import normal_code
from ..protocol.messages import MAX_BYTES, PROTOCOL, BadMessage, parse_request
from ..protocol.refusals import Moved, Refused
from ..store import Store, open_store
from ..table.outgoing import Out
from ..table.table import Table
from . import arrivals
from .cluster import Cluster
from .config import Config
from .conn import Conn
from .limits import AddressLimits
from .memory import keep_pauses_short
from .outbox import STALL, Outbox, small_send_buffer
from .tables import Tables
from .thinking import Thinkers

log = logging.getLogger("mexican_train.server")


class Server:
    """Connections, the tables people sit at, and their timers."""

    def __init__(self, config: Config, clock: Callable[[], float] = time.time, store: Store | None = None) -> None:
        self.config = config
        self.clock = clock
        """Wall-clock seconds; tests pass a clock they move."""
        self.store = store or open_store(config.database, config.data)
        self.store.lease = config.lease
        self.tables = Tables(self)
        self.outbox = Outbox(self.store, clock, self._failed, self.tables.fenced)
        self.limits = AddressLimits(config.limits)
        self.thinkers = Thinkers(config.workers)
        self.cluster = Cluster(self, self.tables)
        self.page = GuestPage() if config.web else None
        """The guest page, answered to a browser (None: ``--no-web``)."""
        self.address = _with_slash(config.public_address)
        """Where clients reach this process (known once it listens)."""
        self.seated: dict[tuple[str, int], Conn] = {}
        self.conns: set[Conn] = set()
        self.port = 0
        self.moves = 0
        self.stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()

    # ----------------------------------------------------------- running

    async def run(self, stop: asyncio.Event, ready: asyncio.Future[int] | None = None) -> None:
        """Serve until ``stop`` is set, then stop at once (everything is stored already)."""
        await self.store.open()
        try:
            await self.tables.start()
            await self._serve(stop, ready)
        finally:
            await self._stop()

    async def _serve(self, stop: asyncio.Event, ready: asyncio.Future[int] | None) -> None:
        """Listen and run the timers until ``stop``."""
        context = None
        if self.config.certfile:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.config.certfile, self.config.keyfile)
        async with serve(self._connection, self.config.host, self.config.port, ssl=context,
                         max_size=4 * MAX_BYTES, process_request=self._http, server_header=None,
                         compression=None, close_timeout=1) as ws_server:
            self.port = _port(ws_server)
            scheme = "wss" if context else "ws"
            self.address = self.address or f"{scheme}://{self.config.host}:{self.port}/"
            await self.cluster.beat()
            log.info("listening on %s://%s:%d/ (%s)", "wss" if context else "ws", self.config.host, self.port,
                     self.tables.summary())
            if context is None and self.config.host not in ("127.0.0.1", "localhost", "::1"):
                log.warning("serving without TLS on %s: tokens and hands cross the network in clear text; "
                            "use --certfile/--keyfile or a reverse proxy with TLS for play across the internet",
                            self.config.host)
            if ready is not None:
                ready.set_result(self.port)
            self._spawn(self.outbox.run())
            self._spawn(self._timers(stop))
            self._spawn(keep_pauses_short(stop))
            self._spawn(self.cluster.run(stop))
            await stop.wait()
            await self.cluster.leave(ws_server)
            for conn in list(self.conns):
                conn.ws.transport.abort()  # no closing handshakes: a stop takes moments whatever the load

    async def _stop(self) -> None:
        """Abandon thinking and timers, let the database go."""
        self.stopping = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinkers.close()
        await self.store.close()
        log.info("stopped; every move was stored as it was played")

    def _spawn(self, work: Any) -> asyncio.Task[Any]:
        """Run ``work`` as a task the stop cancels."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _timers(self, stop: asyncio.Event) -> None:
        """Grace periods and deal deadlines every ``tick``; unloading, recovery and sweeping."""
        while not stop.is_set():
            await asyncio.sleep(self.config.tick)
            for table in self.tables.loaded():
                if table.paused:
                    continue
                outs = table.tick()
                if outs or table.writes:
                    self.deliver(table, outs)
            await self.tables.maintain()

    @property
    def name(self) -> str:
        """This process's name in its own path ``/p/NAME/``: its public address's, or its id."""
        return process_path(self.address) or self.store.holder

    async def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """``GET /health`` (under a process's path too); a path that names no table or process is not found."""
        path = request.path.split("?", 1)[0]
        if path == "/health" or path.endswith(f"/p/{self.name}/health"):
            body = json.dumps(await self.health()) + "\n"
            response = connection.respond(200, body)
            response.headers = Headers({"Content-Type": "application/json", "Content-Length": str(len(body))})
            return response
        if self.page is not None and from_browser(request):
            return web_response(self.page, request, self.cluster.addresses())
        if request_path(path) is None:
            return connection.respond(404, "Not found: the game speaks WebSocket at / (or /t/CODE)\n")
        return None

    async def health(self) -> dict[str, Any]:
        """What ``GET /health`` answers (docs/server.md lists every field)."""
        status = "stopping" if self.stopping else "paused" if self.tables.failing else "ok"
        return {"status": status, "process": self.store.holder, "address": self.address,
                "tables": len(self.tables), "people": len(self.seated), "connections": len(self.conns),
                "moves": self.moves, "database": self.tables.failing or "ok", "stored": await self.tables.stored_now(),
                "processes": len(self.cluster.addresses()), "version": game_version()}

    # -------------------------------------------------------- connections

    async def _connection(self, ws: ServerConnection) -> None:
        """One client, from hello to goodbye."""
        conn = Conn(ws, self._address_of(ws))
        named = request_path(ws.request.path) if ws.request is not None else None
        conn.placed = named is not None and named[0] == self.name
        small_send_buffer(ws)
        self.conns.add(conn)
        sender = asyncio.create_task(self._sender(conn))
        try:
            if await self._hello(conn):
                await self._requests(conn)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            if not self.stopping:
                self._gone(conn)
            conn.end()
            await sender

    def _address_of(self, ws: ServerConnection) -> str:
        """The client's address: the connection's, or with ``trust_proxy`` the last one the proxy added."""
        if self.config.trust_proxy and ws.request is not None:
            forwarded = ws.request.headers.get("X-Forwarded-For", "")
            last = forwarded.split(",")[-1].strip()
            if last and len(last) <= 64 and all(c in "0123456789abcdefABCDEF.:" for c in last):
                return last
        return str(ws.remote_address[0]) if ws.remote_address else "?"

    async def _receive(self, conn: Conn) -> str | bytes | None:
        """The next message, or None when a connection not at a table stays silent too long."""
        timeout = None if conn.table is not None else self.config.hello_timeout
        try:
            return await asyncio.wait_for(conn.ws.recv(), timeout)
        except TimeoutError:
            conn.send({"type": "closed", "reason": "idle", "message": "no message came in time"})
            conn.end()
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
            older = request["protocol"] < PROTOCOL
            return self._refuse_hello(conn, "protocol", (
                f"this game speaks protocol {request['protocol']} and this server protocol {PROTOCOL}: "
                + ("update Mexican Train to play here" if older else "this server is older than your game")))
        self.send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": f"mexican-train {game_version()}",
                         "servers": self.cluster.addresses()})
        conn.welcomed = True
        return True

    def _refuse_hello(self, conn: Conn, code: str, message: str) -> bool:
        """Answer a bad first message and close."""
        conn.send({"type": "error", "code": code, "message": message, "about": "hello"})
        conn.end()
        return False

    async def _requests(self, conn: Conn) -> None:
        """Every later message, answered one by one."""
        while True:
            if not await conn.mailbox.room(STALL):  # its answers are not read: handle nothing more of it
                conn.drop()
                return
            await asyncio.sleep(0)  # one request at a time: every other connection gets its turn between two
            data = await self._receive(conn)
            if data is None:
                return
            try:
                request = parse_request(data)
                await self._handle(conn, request)
            except BadMessage as bad:
                self.send(conn, {"type": "error", "code": bad.code, "message": bad.message, "about": bad.about})
            except Refused as refused:
                self.send(conn, {"type": "error", "code": refused.code, "message": refused.message,
                                  "about": _about(data)}, conn.table)
            except Moved as moved:
                self.send(conn, {"type": "moved", "to": moved.to, "table": moved.table, "message": moved.message,
                                 "about": _about(data)})
            except Exception:
                log.exception("request from %s failed", conn.address)
                self.send(conn, {"type": "error", "code": "server", "message": "the server could not do that"})
            await self.outbox.caught_up()  # its answer stored and on its way before its next request

    async def _sender(self, conn: Conn) -> None:
        """Send the connection's queued messages in order; None closes it."""
        while True:
            text = await conn.mailbox.get()
            if text is None:
                await conn.ws.close()
                return
            try:
                await asyncio.wait_for(conn.ws.send(text), STALL)
            except TimeoutError:
                conn.drop()
                return
            except ConnectionClosed:
                return
            conn.mailbox.sent(text)

    def _gone(self, conn: Conn) -> None:
        """A connection closed: its person drops from their seat."""
        table, seat = conn.table, conn.seat
        if table is None or self.seated.get((table.code, seat)) is not conn:
            return
        del self.seated[(table.code, seat)]
        if self.tables.get(table.code) is table and not table.paused:
            self.deliver(table, table.drop(seat))

    # ----------------------------------------------------------- requests

    async def _handle(self, conn: Conn, request: dict[str, Any]) -> None:
        """One checked request (none once the stop has begun: the request goes to another process)."""
        kind = request["type"]
        if self.stopping:
            raise Moved(self.successor(conn.table), "this server is stopping: your table goes on at another",
                        conn.table.code if conn.table else normal_code(str(request.get("table", ""))))
        if kind == "list":
            await arrivals.list_tables(self, conn, request["seats"])
            return
        if kind in ("create", "join", "rejoin"):
            if conn.table is not None:
                raise Refused("state", "this connection is already at a table (leave it first)")
            await {"create": arrivals.create, "join": arrivals.join, "rejoin": arrivals.rejoin}[kind](self, conn, request)
            return
        table = conn.table
        if table is None or kind == "hello":
            raise Refused("state", "join a table first" if kind != "hello" else "hello comes once, first")
        if table.paused:
            raise Refused("paused", "play is paused: the server cannot store moves right now; "
                                    "it goes on by itself as soon as it can")
        if kind == "leave":
            arrivals.leave(self, conn, table, conn.seat)
            return
        self.deliver(table, self._play(table, conn.seat, request))

    def _play(self, table: Table, seat: int, request: dict[str, Any]) -> list[Out]:
        """A checked request of a seated person to their table, but leave: the messages it gives."""
        kind = request["type"]
        if kind == "seat":
            return table.set_seat(seat, request["seat"], request["kind"])
        if kind == "start":
            return table.start(seat)
        if kind == "contribute":
            return table.contribute(seat, request["round"], request["contribution"])
        if kind == "act":
            outs = table.act(seat, request["action"], request.get("round"))
            self.moves += 1
            return outs
        if kind == "take_back":
            return table.take_back(seat)
        return table.hand_over(seat, request["seat"])

    def seat_conn(self, conn: Conn, table: Table, seat: int, token: str) -> None:
        """Attach the connection to its seat and tell it so (once the seat is stored)."""
        conn.table, conn.seat = table, seat
        self.seated[(table.code, seat)] = conn
        self.send(conn, {"type": "joined", "table": table.code, "seat": seat, "token": token,
                          "host": seat == table.host}, table)

    # ------------------------------------------------------------ delivery

    def send(self, conn: Conn, message: dict[str, Any], table: Table | None = None) -> None:
        """Send ``message`` to one connection after what is staged before it (and ``table``'s writes)."""
        self.outbox.stage(table.table_id if table else "", table.epoch if table else 0,
                          table.take_writes() if table else [], [(conn, message)])

    def deliver(self, table: Table, outs: list[Out]) -> None:
        """Stage the table's writes and each message to its seat's connection (or all), once
        stored; log, and let a computer move."""
        sends: list[tuple[Conn, dict[str, Any]]] = []
        for seat, message in outs:
            seats = range(len(table.seats)) if seat is None else (seat,)
            for index in seats:
                conn = self.seated.get((table.code, index))
                if conn is not None:
                    sends.append((conn, message))
        self.outbox.stage(table.table_id, table.epoch, table.take_writes(), sends)
        if table.state == "over" and table.counts_as_open:
            table.counts_as_open = False
            self.limits.closed(table.creator)
        self.log_table(table)
        self._kick(table)

    def successor(self, table: Table | None) -> str:
        """At a stop, where ``table``'s people go (a connection at no table: anywhere live; '' when no
        other process lives)."""
        return self.cluster.successor(table)

    def log_table(self, table: Table) -> None:
        """The table's lines for the operator."""
        for line in table.events_log:
            log.info("table %s: %s", table.code, line)
        table.events_log.clear()

    def _failed(self, table_ids: set[str], reason: str) -> None:
        """Writes of these tables were not stored: pause them (the outbox dropped their messages)."""
        self.tables.pause(table_ids, reason)

    def _kick(self, table: Table) -> None:
        """Start the computer player's thinking when one is to move."""
        turn = table.computer_turn()
        if turn is None or table.session is None or table.paused or self.stopping:
            return
        seat, kind, version = turn
        table.thinking = seat
        match = table.session.match
        self._spawn(self._think(table, seat, kind, match.player_seed(seat), version))

    async def _think(self, table: Table, seat: int, kind: str, seed: str, version: int) -> None:
        """Ask the pool for the decision, then play it."""
        assert table.session is not None
        try:
            action = await self.thinkers.decide(kind, seed, table.session.match.view(seat), table.creator, table.code)
            if self.tables.get(table.code) is table and not table.paused:
                self.deliver(table, table.computer_acted(seat, action, version))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: a computer decision for seat %d failed", table.code, seat)
            table.thinking = None
            self._kick(table)


def _port(ws_server: WsServer) -> int:
    """The port the server listens on (the system's choice for port 0)."""
    for sock in ws_server.sockets:
        return int(sock.getsockname()[1])
    return 0


def _with_slash(address: str) -> str:
    """A public address whose path ends in ``/`` (a table's path goes under it)."""
    return address if not address or address.endswith("/") else address + "/"


def _about(data: str | bytes) -> str:
    """The type of a checked request, for its error message."""
    try:
        return str(json.loads(data)["type"])
    except (ValueError, KeyError, TypeError):
        return ""
