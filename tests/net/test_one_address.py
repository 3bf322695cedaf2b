"""Several processes behind one address, without PostgreSQL: a new table sent on once and set up
where it is sent, ``moved`` followed only within the service, a stop that lets every table go and
takes none after, and ``/health`` counting the stored tables as they are."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from game.net.client.replies import ServerRefused
from game.net.protocol.addresses import in_service, placed_at, process_path, request_path, spread, table_url
from game.net.protocol.messages import PROTOCOL
from game.net.server.embedded import EmbeddedServer
from game.net.store.sqlite import FILE_NAME

from .conftest import HOST, Running, connected, health, start_server

HELLO = json.dumps({"type": "hello", "protocol": PROTOCOL})
CREATE = json.dumps({"type": "create", "name": "Ana", "preset": "classic", "players": 2, "length": "blitz",
                     "seats": ["person", "easy"]})


async def _ask(url: str, request: str) -> dict[str, Any]:
    """The answer to one request on a fresh connection (after its hello)."""
    async with connect(url, open_timeout=10) as ws:
        await ws.send(HELLO)
        assert json.loads(await asyncio.wait_for(ws.recv(), 20))["type"] == "welcome"
        await ws.send(request)
        while True:  # (news of the live processes may come first)
            answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if answer["type"] != "servers":
                return answer


def test_the_paths_that_name_a_process_or_a_table() -> None:
    assert request_path("/") == ("", "")
    assert request_path("/t/abcde-12345") == ("", "ABCDE-12345")
    assert request_path("/p/b/") == ("b", "")
    assert request_path("/p/b/t/ABCDE-12345?x=1") == ("b", "ABCDE-12345")
    assert request_path("/game/p/b/t/ABCDE-12345") == ("b", "ABCDE-12345"), "under a prefix the proxy leaves"
    assert request_path("/favicon.ico") is None and request_path("/t/!!") is None and request_path("/p/") is None
    assert process_path("wss://play.example.org/p/b/") == "b" and process_path("ws://127.0.0.1:8765/") == ""
    assert placed_at("wss://play.example.org/p/b/", "3fa2") == "wss://play.example.org/p/b/"
    assert placed_at("ws://127.0.0.1:8765/", "3fa2") == "ws://127.0.0.1:8765/p/3fa2/"
    assert table_url("wss://play.example.org/p/b/", "ABCDE-12345") == "wss://play.example.org/p/b/t/ABCDE-12345"


def test_moved_is_followed_only_to_an_address_of_the_service() -> None:
    known = ["wss://play.example.org/", "ws://127.0.0.1:8002/"]
    assert in_service("wss://play.example.org/p/c/", known), "the same origin: another process behind the proxy"
    assert in_service("wss://PLAY.example.org:443/p/c/", known)
    assert in_service("ws://127.0.0.1:8002/p/3fa2/", known)
    for outside in ("wss://evil.example.org/", "ws://play.example.org/", "wss://play.example.org:8443/",
                    "ws://127.0.0.1:8003/", "https://play.example.org/", "", "wss://"):
        assert not in_service(outside, known), outside


def test_the_tables_of_a_process_that_died_spread_over_the_others() -> None:
    servers = [f"ws://127.0.0.1:{8000 + n}/" for n in range(3)]
    firsts = [spread(servers, f"TABLE-{n:05d}")[0] for n in range(300)]
    assert all(firsts.count(s) > 60 for s in servers), {s: firsts.count(s) for s in servers}
    assert spread(servers, "TABLE-00001") == spread(list(reversed(servers)), "TABLE-00001"), \
        "every person of a table tries the same process first"


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    """Two servers (each its own SQLite) beating often."""
    started = [start_server(tmp_path / name, heartbeat_every=0.05) for name in ("a", "b")]
    yield started[0][0], started[1][0]
    for _, embedded in started:
        embedded.stop()


def _believes(running: Running, other: Running) -> None:
    """Make ``running``'s database list ``other`` as a live process with no table (its heartbeats
    then say ``other`` is the least loaded)."""
    with sqlite3.connect(running.data / FILE_NAME, timeout=30) as db:
        db.execute("INSERT INTO processes (id, address, started_at, heartbeat_at, state, tables, people) "
                   "VALUES (?, ?, 0, 1e12, 'up', 0, 0)", (other.server.store.holder, other.url))


def test_a_new_table_sent_on_is_set_up_where_it_is_sent_even_when_that_process_would_send_it_back(
        two_servers: tuple[Running, Running]) -> None:
    """Each process's heartbeats say the other is less loaded (counts of different ages did, and one
    create was sent on 28 times): a create sent to a process's own path is set up there."""
    a, b = two_servers
    _believes(a, b)
    _believes(b, a)

    async def run() -> None:
        for running in (a, b):  # three tables each, at their own paths: each is past the spare
            for _ in range(3):
                answer = await _ask(placed_at(running.url, running.server.store.holder), CREATE)
                assert answer["type"] == "joined", answer
        deadline = time.monotonic() + 30
        while a.server.cluster.least_loaded() is None or b.server.cluster.least_loaded() is None:
            assert time.monotonic() < deadline, "the heartbeats never counted the tables"
            await asyncio.sleep(0.02)
        sent = await _ask(a.url, CREATE)
        assert sent["type"] == "moved" and sent["about"] == "create" and sent["table"] == ""
        assert sent["to"] == placed_at(b.url, b.server.store.holder)
        taken = await _ask(sent["to"], CREATE)
        assert taken["type"] == "joined", f"sent on again: {taken}"
        client = await connected(a.url)
        joined = await client.create("Ben", "classic", 2, length="blitz", seats=["person", "easy"])
        assert client.url == sent["to"] and b.server.tables.get(joined.table) is not None
        await client.close()

    asyncio.run(run())
    assert len(b.server.tables) == 5 and len(a.server.tables) == 3


class FakeDoor:
    """A process of a service that answers every create with ``moved`` to ``to`` (then, asked again,
    with an error), on the loopback."""

    def __init__(self, to: str, servers: list[str]) -> None:
        self.to, self.servers = to, servers
        self.creates = 0
        self.port = 0
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    @property
    def url(self) -> str:
        """Where it is reached."""
        return f"ws://{HOST}:{self.port}/"

    async def _answer(self, ws: ServerConnection) -> None:
        async for text in ws:
            kind = json.loads(text)["type"]
            if kind == "hello":
                await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL, "server": "fake",
                                          "servers": [self.url, *self.servers]}))
            elif kind == "create":
                self.creates += 1
                if self.creates == 1:
                    await ws.send(json.dumps({"type": "moved", "to": self.to, "table": "", "about": "create",
                                              "message": "new tables go elsewhere"}))
                else:
                    await ws.send(json.dumps({"type": "error", "code": "server", "message": "no", "about": "create"}))

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        async with serve(self._answer, HOST, 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()

    def __enter__(self) -> Self:
        self._thread.start()
        assert self._ready.wait(20)
        return self

    def __exit__(self, *_: object) -> None:
        assert self._loop is not None and self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(20)


def test_a_client_follows_moved_to_another_process_of_the_service(server: Running) -> None:
    with FakeDoor(placed_at(server.url, "x"), [server.url]) as door:
        async def run() -> None:
            client = await connected(door.url)
            joined = await client.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
            assert client.url == placed_at(server.url, "x") and server.server.tables.get(joined.table) is not None
            await client.close()

        asyncio.run(run())
    assert door.creates == 1


def test_a_client_does_not_follow_moved_to_an_address_outside_the_service(server: Running) -> None:
    """Sent to another host (here 127.0.0.2, where something listens and counts), the client goes
    nowhere but the addresses it knows: the door again, which refuses."""
    outside = socket.socket()
    outside.bind(("127.0.0.2", 0))
    outside.listen()
    outside.settimeout(0.0)
    to = f"ws://127.0.0.2:{outside.getsockname()[1]}/"
    try:
        with FakeDoor(to, [server.url]) as door:
            async def run() -> None:
                client = await connected(door.url)
                with pytest.raises(ServerRefused):
                    await client.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
                assert client.url == door.url
                await client.close()

            asyncio.run(run())
        try:
            came, _ = outside.accept()
        except BlockingIOError:
            return  # nothing came
        came.close()
        pytest.fail("the client followed moved to an address outside the service")
    finally:
        outside.close()


def test_a_stop_lets_every_table_go(tmp_path: Path) -> None:
    """Every table row holds no process after a stop, so another process takes it at once."""
    running, embedded = start_server(tmp_path / "server")

    async def run() -> None:
        clients = []
        for name in ("Ana", "Ben"):
            client = await connected(running.url)
            await client.create(name, "classic", 2, length="blitz", seats=["person", "easy"])
            clients.append(client)
        await clients[1].start()
        await asyncio.to_thread(embedded.stop)
        for client in clients:
            await client.close()

    asyncio.run(run())
    with sqlite3.connect(running.data / FILE_NAME) as db:
        holders = [row[0] for row in db.execute("SELECT holder FROM tables")]
    assert holders == ["", ""], f"still held after the stop: {holders}"


def test_a_stopping_server_takes_no_table(server: Running) -> None:
    """Once its stop has begun a process answers a rejoin with ``moved`` (it would load the table
    again only to drop it at the exit)."""
    async def run() -> None:
        host = await connected(server.url)
        joined = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await host.close()
        server.server.stopping = True
        answer = await _ask(server.url, json.dumps({"type": "rejoin", "table": joined.table, "token": joined.token}))
        assert answer["type"] == "moved" and answer["about"] == "rejoin" and answer["table"] == joined.table, answer

    asyncio.run(run())


def test_health_counts_the_stored_tables_as_they_are(tmp_path: Path) -> None:
    """``stored`` follows the tables as they change (it said ``{"lobby": 15}`` while the 15 played:
    it was counted only at the sweeps, every five minutes)."""
    running, embedded = start_server(tmp_path / "server")

    async def no_more_sweeps() -> None:
        running.server.tables._next_sweep = float("inf")  # the counts of the sweeps come no more
        await running.server.tables.sweep()

    async def run() -> None:
        host = await connected(running.url)
        await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        deadline = time.monotonic() + 30
        while health(running.port)["stored"] != {"lobby": 1}:
            assert time.monotonic() < deadline, health(running.port)
            await asyncio.sleep(0.05)
        await host.start()
        while (stored := health(running.port)["stored"]) not in ({"playing": 1}, {"dealing": 1}):
            assert time.monotonic() < deadline, f"/health still says {stored} while the table plays"
            await asyncio.sleep(0.05)
        await host.close()

    try:
        embedded.call(no_more_sweeps())
        assert health(running.port)["stored"] == {}
        asyncio.run(run())
        answer = health(running.port)
    finally:
        embedded.stop()
    assert set(answer) == {"status", "process", "address", "tables", "people", "connections", "moves", "database",
                           "stored", "processes", "version"}
    assert answer["status"] == "ok" and answer["address"] == running.url and answer["processes"] == 1


def test_health_answers_at_a_process_path_and_other_paths_are_not_found(tmp_path: Path) -> None:
    import urllib.error
    import urllib.request

    embedded = EmbeddedServer(tmp_path / "server", HOST, 0, public_address="wss://play.example.org/p/b/", workers=1)
    port = embedded.start()
    try:
        with urllib.request.urlopen(f"http://{HOST}:{port}/p/b/health", timeout=10) as response:
            assert json.loads(response.read())["address"] == "wss://play.example.org/p/b/"
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://{HOST}:{port}/wp-admin", timeout=10)
    finally:
        embedded.stop()
