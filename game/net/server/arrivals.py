"""The requests of a connection not (or no longer) at a table: create, join, rejoin, leave, list.

Each finds or makes its table (reading it back from the database if need
be), checks the address's limits and seats the connection; the server's
``send`` and ``deliver`` store what changed before anyone is told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from ..protocol.addresses import placed_at
from ..protocol.codes import normal_code
from ..protocol.messages import OPEN
from ..protocol.refusals import Moved, Refused
from ..store import StoreError
from ..table.listed import listed_json, settled
from ..table.seats import token_hash
from ..table.settings import Settings, SettingsError
from ..table.table import Table
from .host import Hub

if TYPE_CHECKING:
    from .cluster import Cluster
    from .conn import Conn
    from .tables import Tables

log = logging.getLogger("mexican_train.server")


class Front(Hub, Protocol):
    """The server as the arrivals see it: beside the hub, its tables in memory, the cluster, and seating."""

    @property
    def tables(self) -> Tables:
        """The tables in memory."""
        ...

    @property
    def cluster(self) -> Cluster:
        """This process among the live ones."""
        ...

    def seat_conn(self, conn: Conn, table: Table, seat: int, token: str) -> None:
        """Attach the connection to its seat and tell it so (once the seat is stored)."""
        ...


async def create(server: Front, conn: Conn, request: dict[str, Any]) -> None:
    """A new table with the sender as its host in seat 0 (or Moved to the least loaded process, at the
    path that names it: a table sent on is set up where it is sent)."""
    now = server.clock()
    elsewhere = None if conn.placed else server.cluster.least_loaded()
    if elsewhere is not None:
        raise Moved(placed_at(elsewhere.address, elsewhere.id), f"new tables go to the server at {elsewhere.address} now")
    if len(server.tables) >= server.config.max_tables:
        log.info("refused a new table to %s: server_full (%s in memory)", conn.address, server.tables.summary())
        raise Refused("server_full", "this server holds as many tables as it can: try again later")
    refusal = server.limits.refusal(conn.address, now)
    if refusal is not None:
        log.info("refused a new table to %s: %s (%s)", conn.address, *refusal)
        raise Refused(*refusal)
    created = server.limits.created(conn.address, now)  # counted before any work: parallel creates see it
    try:
        table, token = await _new_table(server, conn, request)
    except BaseException:
        server.limits.uncreated(conn.address, now)
        raise
    server.tables.add(table)
    server.outbox.count(created)
    table.events_log.append(f"created by {request['name']} from {conn.address}: {table.settings.preset}, "
                            f"{table.settings.players} players, {table.settings.length}")
    server.seat_conn(conn, table, 0, token)
    server.deliver(table, [(None, table.table_message())])


async def _new_table(server: Front, conn: Conn, request: dict[str, Any]) -> tuple[Table, str]:
    """The table a ``create`` asks for, its sender seated as host; and the host's token."""
    settings = Settings.from_request(request)
    kinds = list(request.get("seats") or [OPEN] * settings.players)
    if len(kinds) != settings.players:
        raise Refused("schema", f"'seats' must list {settings.players} seats")
    kinds[0] = "person"
    try:
        table = Table(await server.tables.free_code(), settings, kinds, server.clock)
    except SettingsError as error:
        raise Refused("rules", str(error)) from None
    except StoreError as error:
        log.error("a new table's code could not be drawn: %s", error.reason)
        raise Refused("server", "the server cannot reach its tables right now: try again in a moment") from None
    return table, table.open(request["name"], conn.address)


async def join(server: Front, conn: Conn, request: dict[str, Any]) -> None:
    """A person takes a seat at a table by its code."""
    table = await find(server, conn, request["table"])
    seat, token, outs = table.join(request["name"], request.get("seat"))
    server.seat_conn(conn, table, seat, token)
    server.deliver(table, outs)


async def rejoin(server: Front, conn: Conn, request: dict[str, Any]) -> None:
    """A person comes back to their seat with its token."""
    table = await find(server, conn, request["table"], request["token"])
    seat = table.seat_of(request["token"])
    old = server.seated.get((table.code, seat))
    if old is not None:
        old.table, old.seat = None, -1
        server.send(old, {"type": "closed", "reason": "replaced",
                         "message": "this seat was taken up on another connection"}, table)
        server.outbox.stage(table.table_id, table.epoch, [], [(Closer(old), {})])
    server.seat_conn(conn, table, seat, request["token"])
    server.deliver(table, table.rejoin(seat))


async def find(server: Front, conn: Conn, typed: str, token: str = "") -> Table:
    """The table a typed code names (read back from the database if need be) and, for a rejoin, that
    ``token`` holds a seat there (a process holding it at this address hands it over only then). The
    try counts against the address before any work: refused at once when it has no tries left; a
    wrong code or token counts as wrong."""
    _reserve(server, conn)
    try:
        table = await server.tables.by_code(normal_code(typed), token)
    except Refused as refused:  # a token no seat holds is found so before any handover
        _settle(server, conn, int(refused.code == "bad_token"))
        raise
    except BaseException:
        _settle(server, conn, 0)  # no answer about the code: the table is elsewhere, or could not be read
        raise
    wrong = table is None or (bool(token) and not _holds(table, token))
    _settle(server, conn, int(wrong))
    if table is None:
        raise Refused("bad_code", "there is no table with that code")
    if table.paused:
        raise Refused("paused", "play at this table is paused: the server cannot store moves right now")
    return table


def _holds(table: Table, token: str) -> bool:
    """Whether ``token`` holds a seat at ``table``."""
    try:
        table.seat_of(token)
    except Refused:
        return False
    return True


def _reserve(server: Front, conn: Conn) -> None:
    """Count a try of a code or token as pending before any work; Refused when the address has none left."""
    refusal = server.limits.reserve(conn.address, server.clock())
    if refusal is not None:
        log.info("refused %s: rate_limited (%s)", conn.address, refusal)
        raise Refused("rate_limited", refusal)


def _settle(server: Front, conn: Conn, wrong: int) -> None:
    """The pending try held ``wrong`` wrong codes or tokens: count them (stored with the next commit);
    Refused (rate_limited) when they are more than the address had left."""
    answered, events = server.limits.settle(conn.address, server.clock(), wrong)
    for event in events:
        server.outbox.count(event)
    if not answered:
        log.info("refused %s: rate_limited (too many wrong codes or tokens)", conn.address)
        raise Refused("rate_limited", "too many wrong codes or tokens from your address: wait a minute")


def leave(server: Front, conn: Conn, table: Table, seat: int) -> None:
    """The person leaves their seat; a host leaving before the start closes the table."""
    server.seated.pop((table.code, seat), None)
    conn.table, conn.seat = None, -1
    if table.state == "lobby" and seat == table.host:
        for index in range(len(table.seats)):
            other = server.seated.pop((table.code, index), None)
            if other is not None:
                other.table, other.seat = None, -1
                server.send(other, {"type": "closed", "reason": "host_left", "message": "the host closed the table"})
        table.events_log.append("closed: the host left before the start")
        server.tables.remove(table)
        server.send(conn, {"type": "left", "table": table.code})
        return
    outs = table.leave(seat)
    server.send(conn, {"type": "left", "table": table.code}, table)
    server.deliver(table, outs)


async def list_tables(server: Front, conn: Conn, seats: list[dict[str, str]]) -> None:
    """Where the table of each (code, token) stands, read from the database without
    loading any table or touching its retention; unknown seats count as wrong tokens (the list is
    refused when they are more than the address has left)."""
    _reserve(server, conn)
    wanted = [(normal_code(seat["table"]), token_hash(seat["token"])) for seat in seats]
    try:
        found = [settled(listed) for listed in await server.store.listed(wanted)]
    except StoreError as error:
        _settle(server, conn, 0)
        log.error("the list of %s's tables could not be read: %s", conn.address, error.reason)
        raise Refused("server", "the server cannot read its tables right now: try again in a moment") from None
    except BaseException:
        _settle(server, conn, 0)
        raise
    _settle(server, conn, sum(1 for listed in found if listed.found == "unknown"))
    for listed in found:
        if listed.found == "damaged":
            log.error("table %s is stored damaged and cannot be listed: %s", listed.code, listed.problem)
    tables = [listed_json(listed, seat["table"]) for listed, seat in zip(found, seats)]
    server.send(conn, {"type": "list", "tables": tables})


class Closer:
    """Closes a replaced connection once the messages staged before it are sent."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    def send(self, message: dict[str, Any]) -> None:
        """End the connection (the message is empty)."""
        self.conn.end()
