"""The client library: play at a network table from a game, a script or a test.

``Client`` is asyncio: ``await connect()``, then ``create``/``join``/
``rejoin`` (each returns the ``Joined`` reply or raises ``ServerRefused``),
``set_seat``, ``start``, ``act``, ``leave``; ``await next()`` gives each
checked message from the server (``inbound.Incoming``) in order, after the
client has taken what it needs from it: the table, this seat's view, and
the person's copy of the match (``match_copy``). By default the client
answers each deal's commitment with a fresh random contribution at once
(``auto_contribute``); a game that wants its player to press Continue first
turns that off and calls ``contribute`` itself. A contribution counts (the
copy records it) only once the server answers ``contributed``. A message
that shows this seat a tile it may not see closes the connection
(``watch``), with a ``closed`` of reason ``unfair``. Where several server
processes share a service, the client follows a request sent on to another
(``moved``), tries the other live processes when its own is gone, and sends
an action lost in a handover again after its rejoin.

A window uses it through ``threaded_client.ThreadedClient``.
"""

from __future__ import annotations

import asyncio
import json
import ssl
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ...engine import Action, SeatView
from ...engine.fairdeal import is_hex, new_contribution
from ...saves import SaveStore
from ...version import game_version
from ..protocol.addresses import (
    FOLLOW_FOR,
    FOLLOW_PAUSE,
    OPEN_WAIT,
    in_service,
    server_address,
    spread,
    table_url,
)
from ..protocol.codes import normal_code
from ..protocol.messages import MAX_BYTES, PROTOCOL
from ..protocol.wire import WireError
from .inbound import Incoming, Listing, TableInfo, decode, listings
from .match_copy import MatchCopy
from .replies import REPLIES, Disconnected, Joined, Moved, NoAnswer, refusal
from .watch import Unfair, Watch

REPLY_WAIT = 60.0
"""Seconds a request waits for its answer (a table handed over between processes takes a lease's
seconds at most) before the connection is given up as one the server no longer serves."""


class Client:
    """One person's connection to a table server."""

    def __init__(self, url: str, auto_contribute: bool = True, store: SaveStore | None = None,
                 ssl_context: ssl.SSLContext | None = None) -> None:
        self.url = url
        self.door = url
        """The address the game was given: the service's, where a proxy stands in front of it."""
        self.auto_contribute = auto_contribute
        self.store = store
        """Where the person's copy of the match is saved after each round (None: kept in memory)."""
        self.ssl_context = ssl_context
        self.joined: Joined | None = None
        self.table: TableInfo | None = None
        self.view: SeatView | None = None
        self.round = 0
        """The round of the latest update."""
        self.copy: MatchCopy | None = None
        self.pending_commit: dict[str, Any] | None = None
        """The latest commitment this game has not contributed to yet."""
        self.contributing: tuple[int, str, str] | None = None
        """The contribution sent and not yet accepted: (round, commitment, contribution)."""
        self.watch = Watch()
        """What this seat may see, against which every message is checked as it comes."""
        self.unfair = False
        """The connection was closed because the server broke the fair deal (trying again is no use)."""
        self.closed_reason = ""
        self.code = ""
        """The table this client is at or goes to: its connections open at ``/t/CODE`` (a proxy routes by it)."""
        self.servers: list[str] = []
        """Every live process of the service, as the last ``welcome`` listed them (tried when ``url`` fails)."""
        self._pending_act: tuple[int, int, str] | None = None
        """The last action sent: (round, moves then, its text), until an update shows it played."""
        self._resend = False
        self._moves = 0
        self._ws: ClientConnection | None = None
        self._inbox: asyncio.Queue[Incoming | int] = asyncio.Queue()
        """Messages in order, across connections; an int marks the end of that connection's messages."""
        self._moving = False
        """Whether the client is on its way to the process that holds its table (``moved``)."""
        self.generation = 0
        """Counts the connections opened: an end mark of an older one is passed over."""
        self._replies: asyncio.Queue[Incoming] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self.reply_wait = REPLY_WAIT
        """Seconds a request waits for its answer."""

    # ------------------------------------------------------------ requests

    async def connect(self) -> None:
        """Open the connection and say hello; ServerRefused if the server will not
        talk. Where ``url`` cannot be reached, the other live processes of the
        service (``servers``, in the table's own order: ``spread``) and last the
        address the game was given are tried, and the first that answers becomes
        ``url``. A client may connect again after losing its connection, then
        ``rejoin``: the same seat keeps its copy of the match."""
        first: BaseException | None = None
        tried = [self.url, *spread((s for s in self.servers if s != self.url), self.code)]
        for url in [*tried, *([self.door] if self.door not in tried else [])]:
            try:
                await self._connect_to(table_url(url, self.code))
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, Disconnected) as error:
                first = first or error
                continue
            self.url = url
            return
        assert first is not None
        raise first

    async def _connect_to(self, url: str) -> None:
        """Open a connection to ``url`` and say hello."""
        self.generation += 1  # before closing: the old connection's end is an old one from now on
        if self._reader is not None and not self._reader.done():
            await self.close()
        self._replies, self.closed_reason = asyncio.Queue(), ""
        self.unfair = False
        self._ws = await connect(url, max_size=16 * MAX_BYTES, ssl=self.ssl_context, open_timeout=OPEN_WAIT)
        self._reader = asyncio.create_task(self._read(self.generation, self._replies))
        welcome = await self._request({"type": "hello", "protocol": PROTOCOL,
                                       "client": f"mexican-train {game_version()}"}, "welcome")
        self._learn_servers(welcome)

    def _learn_servers(self, message: Incoming) -> None:
        """Keep the live processes a ``welcome`` or ``servers`` message lists (tried when this one is gone)."""
        servers = message.data.get("servers", [])
        if type(servers) is list:
            self.servers = [s for s in servers if type(s) is str and s.startswith(("ws://", "wss://"))][:64]

    async def create(self, name: str, preset: str, players: int, **settings: Any) -> Joined:
        """Set up a new table (``length``, ``house_rules``, ``seats``,
        ``stand_in``, ``pace``, ``turn_clock``, ``deal_wait`` as in docs/protocol.md) and take seat 0 as its host."""
        await self._following({"type": "create", "name": name, "preset": preset, "players": players, **settings},
                              "joined")
        return self._seat()

    async def join(self, code: str, name: str, seat: int | None = None) -> Joined:
        """Take a seat at the table with ``code``."""
        await self._toward(code)
        message: dict[str, Any] = {"type": "join", "table": code, "name": name}
        if seat is not None:
            message["seat"] = seat
        await self._following(message, "joined")
        return self._seat()

    async def rejoin(self, code: str, token: str) -> Joined:
        """Come back to a seat with its token; the table as it is now follows."""
        await self._toward(code)
        self._resend = self._pending_act is not None  # before the table's update can come in
        await self._following({"type": "rejoin", "table": code, "token": token}, "joined")
        return self._seat()

    async def set_seat(self, seat: int, kind: str) -> None:
        """(Host) make a seat ``open`` or a computer level before the start."""
        await self._send({"type": "seat", "seat": seat, "kind": kind})

    async def start(self) -> None:
        """(Host) start the match: open seats get computer players."""
        await self._send({"type": "start"})

    async def contribute(self) -> None:
        """Send this game's random contribution to the deal now waiting for it."""
        commit = self.pending_commit
        if commit is None or self.copy is None:
            return
        self.pending_commit = None
        mine = new_contribution()
        self.contributing = (commit["round"], commit["commitment"], mine)
        await self._send({"type": "contribute", "round": commit["round"], "contribution": mine})

    async def act(self, action: Action | str) -> None:
        """Play an action for this seat (refusals come back as ``error`` messages)."""
        message: dict[str, Any] = {"type": "act", "action": str(action)}
        if self.round:
            message["round"] = self.round
        self._pending_act = (self.round, self._moves, str(action))
        await self._send(message)

    async def leave(self) -> None:
        """Leave the table for good (a computer player takes the seat)."""
        await self._request({"type": "leave"}, "left")
        self.joined = None

    async def take_back(self) -> None:
        """Take this seat back from the stand-in it was handed to (its turns ran out of time)."""
        await self._send({"type": "take_back"})

    async def hand_over(self, seat: int) -> None:
        """(Any pace) hand the seat of a person away for a week to the stand-in."""
        await self._send({"type": "hand_over", "seat": seat})

    async def list_tables(self, seats: Sequence[tuple[str, str]]) -> list[Listing]:
        """Where the table of each (code, token) stands, as the server's database says,
        without sitting down anywhere (``inbound.Listing``, in the same order)."""
        answer = await self._request({"type": "list", "seats": [{"table": c, "token": t} for c, t in seats]}, "list")
        return listings(answer.data, len(seats))

    async def close(self) -> None:
        """Close the connection (the seat stays this person's: rejoin with the token)."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def next(self, timeout: float | None = None) -> Incoming:
        """The next message from the server; Disconnected once the connection is gone (messages
        go on across a connection this client opens again, as in a join routed to ``/t/CODE``)."""
        while True:
            item = await asyncio.wait_for(self._inbox.get(), timeout)
            if not isinstance(item, int):
                return item
            if item == self.generation and not self._moving:
                self._inbox.put_nowait(item)
                raise Disconnected(self.closed_reason or "the connection closed")

    async def send_raw(self, text: str | bytes) -> None:
        """Send any text as it is (tests of the server's checks)."""
        if self._ws is None:
            raise Disconnected("not connected")
        self.watch.sent(text if isinstance(text, str) else text.decode("utf-8", "replace"))
        try:
            await self._ws.send(text)
        except ConnectionClosed:
            raise Disconnected(self.closed_reason or "the connection closed") from None

    # ------------------------------------------------------------- inside

    async def _send(self, message: dict[str, Any]) -> None:
        """Send one request."""
        await self.send_raw(json.dumps(message))

    async def _toward(self, code: str) -> None:
        """Open the connection at the table's own path (``/t/CODE``) if it is not open there yet."""
        wanted = normal_code(code)
        if wanted and wanted != self.code:
            self.code = wanted
            await self.connect()

    async def _following(self, message: dict[str, Any], reply: str) -> Incoming:
        """A request that the service may send on to the process serving its table: it
        reconnects there and asks again, for up to ``FOLLOW_FOR`` seconds (a handover)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FOLLOW_FOR
        while True:
            try:
                return await self._request(message, reply)
            except Moved as moved:
                if loop.time() > deadline:
                    raise Disconnected("the table could not be reached on any of the service's servers") from None
                await self._move(moved.to, deadline)

    async def _move(self, to: str, deadline: float) -> None:
        """Close this connection and open one at ``to`` (any live process if it cannot be reached):
        the ends of the connections closed meanwhile are not the client's end, unless no
        connection opens (``next`` then says so)."""
        self._moving = True
        try:
            await self.close()
            if to:
                self.url = to
            await asyncio.sleep(FOLLOW_PAUSE)
            await self._connect_until(deadline)
        except BaseException:
            self._inbox.put_nowait(self.generation)  # no connection is open: the end
            raise
        finally:
            self._moving = False

    async def _connect_until(self, deadline: float) -> None:
        """Connect again (any live process), trying until ``deadline``."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                await self.connect()
                return
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, Disconnected):
                if loop.time() > deadline:
                    raise
                await asyncio.sleep(FOLLOW_PAUSE)

    async def _request(self, message: dict[str, Any], reply: str) -> Incoming:
        """Send a request and wait for its reply (or its error); replies to
        earlier messages still queued are not this one's. NoAnswer (the connection
        closed) when none comes within ``reply_wait`` seconds."""
        while not self._replies.empty():
            self._replies.get_nowait()
        if self._reader is None or self._reader.done():
            raise Disconnected(self.closed_reason or "the connection closed")
        await self._send(message)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reply_wait
        while True:
            try:
                answer = await asyncio.wait_for(self._replies.get(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                self.closed_reason = f"the server did not answer in {self.reply_wait:g} seconds"
                await self.close()
                raise NoAnswer(self.closed_reason) from None
            if answer.type == reply:
                return answer
            refusal(message["type"], answer)
            if answer.type == "moved" and answer.data.get("about") in (message["type"], ""):
                raise Moved(self._follow(answer))

    @property
    def moves(self) -> int:
        """The move count of the newest update taken in: the position ``view`` shows (an update
        still waiting in the inbox may be older, such as the one a rejoin sends again)."""
        return self._moves

    @property
    def resending(self) -> bool:
        """Whether an action lost with a connection is being sent again for the position on show
        (the seat should not choose another until its update comes)."""
        pending = self._pending_act
        return pending is not None and (pending[0], pending[1]) == (self.round, self._moves) and not self._resend

    async def _resend_if_lost(self, moves: int) -> None:
        """After a rejoin: send again the action sent before the connection was lost when the
        table still stands where it was sent (it was never played); forget it once it is."""
        pending = self._pending_act
        self._moves = moves
        if pending is None:
            return
        round_number, before, text = pending
        if (self.round, moves) != (round_number, before):
            self._pending_act = None
            return
        view = self.view
        if self._resend and view is not None and self.joined is not None and view.to_move == self.joined.seat \
                and text in (str(a) for a in view.legal):
            self._resend = False
            await self._send({"type": "act", "action": text, "round": round_number} if round_number
                             else {"type": "act", "action": text})

    def _seat(self) -> Joined:
        """The seat the latest ``joined`` gave."""
        if self.joined is None:
            raise Disconnected("the server left this seat")
        return self.joined

    def _joined(self, answer: Incoming) -> Joined:
        """Take the seat a ``joined`` message gives (on the reader's side)."""
        data = answer.data
        token = data.get("token")
        if type(data.get("seat")) is not int or type(token) is not str or not is_hex(token, 32):
            raise WireError("the server's joined message is not in its form")
        self.joined = Joined(str(data.get("table")), data["seat"], token, data.get("host") is True)
        if self.copy is None or (self.copy.code, self.copy.seat) != (self.joined.table, self.joined.seat):
            self.copy = MatchCopy(self.joined.table, self.joined.seat)  # the same seat again keeps its copy
            self.watch = Watch()
        return self.joined

    async def _read(self, generation: int, replies: asyncio.Queue[Incoming]) -> None:
        """Take every message of connection ``generation`` in, check it, keep what the client needs,
        pass it on; then mark its end."""
        assert self._ws is not None
        try:
            async for text in self._ws:
                message = decode(text, self.table.setup if self.table else None)
                await self._take(message)
        except (ConnectionClosed, Disconnected):  # (an answer it sent itself, a contribution, found it closed)
            pass
        except Unfair as error:
            self.closed_reason = f"the server broke the fair deal: {error}"
            self.unfair = True
            if self.copy is not None:
                self.copy.problems.append(self.closed_reason)
            await self._ws.close()
        except asyncio.CancelledError:  # the loop is ending with no close(): let go of the socket now
            self._ws.transport.abort()
            raise
        except WireError as error:
            self.closed_reason = f"the server sent a message that does not fit the protocol: {error}"
            await self._ws.close()
        finally:
            self._inbox.put_nowait(generation)
            closed = {"message": self.closed_reason or "the connection closed"}
            replies.put_nowait(Incoming("closed", {**closed, "reason": "unfair"} if self.unfair else closed))

    async def _take(self, message: Incoming) -> None:
        """Keep the table, the view and the copy up to date; answer a commitment."""
        kind = message.type
        if kind == "servers":
            self._learn_servers(message)  # the client's own business: not passed on
            return
        self.watch.check(message, self.view, self.table)
        if kind == "joined":
            self._joined(message)  # before any later message of the table is taken in
        if kind in REPLIES:
            self._replies.put_nowait(message)
        self._note(message)
        if message.table is not None:
            self.table = message.table
        if message.view is not None:
            self.view = message.view
            self.round = int(message.data.get("round", 0))
            await self._resend_if_lost(int(message.data.get("moves", 0)))
        await self._keep_copy(message)
        self._contribution_answered(message)
        self._inbox.put_nowait(message)

    def _note(self, message: Incoming) -> None:
        """What an error about an action, a ``moved`` at no request's end and a ``closed`` change."""
        kind, data = message.type, message.data
        if kind == "error" and data.get("about") == "act":
            self._pending_act = None  # refused: this seat chooses again
        if kind == "moved" and not data.get("about"):
            self._moved_away(message)
        if kind == "closed":
            self.closed_reason = str(data.get("message", ""))
            if data.get("reason") == "host_left":
                self.joined = None

    async def _keep_copy(self, message: Incoming) -> None:
        """The person's copy of the match takes in what it checks: each update, each commitment
        (answered with a contribution when the client does that by itself), each round's end (saved)."""
        kind, copy = message.type, self.copy
        if copy is None:
            return
        if kind == "update" and message.view is not None:
            copy.saw(self.round, int(message.data.get("moves", -1)), message.view, message.events)
        if kind == "commit":
            copy.witness(message.data["round"], message.data["commitment"])
            self.pending_commit = message.data
            if self.auto_contribute:
                await self.contribute()
        if kind == "round_end" and self.table is not None:
            copy.add_round(message.data, self.table.options)
            if self.store is not None:
                copy.save(self.store)

    def _follow(self, moved: Incoming) -> str:
        """The address a ``moved`` names, if it is one of the service's (the origin of the address the
        game was given, of this connection's, or of a live process the service listed); else ''
        (the client then tries the addresses it knows)."""
        to = server_address(moved.data.get("to"))
        return to if in_service(to, [self.door, self.url, *self.servers]) else ""

    def _moved_away(self, message: Incoming) -> None:
        """The table goes on at another process (this connection is about to close): rejoin there."""
        to = self._follow(message)
        if to:
            self.url = to
        self.closed_reason = str(message.data.get("message", ""))[:200]

    def _contribution_answered(self, message: Incoming) -> None:
        """The server accepted this game's contribution (the copy records it) or
        refused it (say, the deal went on without it): either way it is no longer pending."""
        sent = self.contributing
        if sent is None:
            return
        if message.type == "contributed" and message.data.get("round") == sent[0]:
            if self.copy is not None:
                self.copy.committed(*sent)
            self.contributing = None
        elif message.type == "error" and message.data.get("about") == "contribute":
            self.contributing = None

