"""A table server on 127.0.0.1 (an ephemeral port) for network tests, and
scripted people who play through the client library."""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.net.client.client import Client
from game.net.client.inbound import Incoming
from game.net.server.embedded import EmbeddedServer
from game.net.server.server import Server

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from pgcluster import Cluster, ClusterUnavailable

HOST = "127.0.0.1"


class ManualClock:
    """A wall clock a test moves by hand (the server's clock parameter)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        """The time now, in seconds."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock on."""
        self.now += seconds


@dataclass
class Running:
    """A server running on its own thread."""

    server: Server
    port: int
    data: Path

    @property
    def url(self) -> str:
        """Where clients connect."""
        return f"ws://{HOST}:{self.port}/"


def start_server(data: Path, **settings: Any) -> tuple[Running, EmbeddedServer]:
    """A server in this process on its own thread (``EmbeddedServer``), with short timeouts."""
    embedded = EmbeddedServer(data, HOST, 0, hello_timeout=settings.pop("hello_timeout", 0.5), tick=0.05, workers=1,
                              **settings)
    port = embedded.start()
    assert embedded.server is not None
    return Running(embedded.server, port, data), embedded


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the whole run (skipped where none can start, failed under CI=true)."""
    try:
        import psycopg  # noqa: F401 - the postgres extra

        cluster = Cluster()
    except (ImportError, ClusterUnavailable) as why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is needed under CI=true: {why}")
        pytest.skip(f"no PostgreSQL here ({why}); CI runs these tests")
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> str:
    """The ``--database`` of a server under test: '' (SQLite in its data folder) or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return ""
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[Running, ManualClock]]:
    """A fresh server whose wall clock the test moves (turn clocks, days away)."""
    clock = ManualClock()
    running, embedded = start_server(tmp_path / "server", clock=clock)
    yield running, clock
    embedded.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    """A fresh server with short timeouts."""
    running, embedded = start_server(tmp_path / "server")
    yield running
    embedded.stop()


@dataclass
class Person:
    """A scripted person: an Easy player's choices through a real client, every message kept."""

    client: Client
    kind: str = "easy"
    seed: str = "person"
    seen: list[Incoming] = field(default_factory=list)

    async def play_until(self, last: str, limit: float = 60.0) -> Incoming:
        """Play every turn of this seat until a message of type ``last`` comes."""
        player = make_player(self.kind, self.seed)
        view = self.client.view
        if view is not None and view.legal and self.client.joined and view.to_move == self.client.joined.seat:
            await self.client.act(player.choose(view))  # a turn that came while this person was busy
        while True:
            message = await self.client.next(timeout=limit)
            self.seen.append(message)
            view = message.view
            assert self.client.joined is not None
            if message.type == "update" and view is not None and view.legal and view.to_move == self.client.joined.seat:
                await self.client.act(player.choose(view))
            if message.type == last:
                return message


def health(port: int) -> dict[str, Any]:
    """The server's health check: how many tables, connections, moves, ..."""
    with urllib.request.urlopen(f"http://{HOST}:{port}/health", timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def wait_until_nobody_is_connected(port: int) -> None:
    """Wait until the server has let every connection go and noted each departure: a test that moves
    the server's clock on after its people left must not move it before the server saw them go."""
    deadline = time.monotonic() + 60  # it comes in milliseconds; the bound only limits a failure
    while health(port)["connections"]:
        assert time.monotonic() < deadline, "the server still holds a connection after its clients closed"
        time.sleep(0.02)


async def connected(url: str, **options: Any) -> Client:
    """A client that has said hello."""
    client = Client(url, **options)
    await client.connect()
    return client


async def next_of(client: Client, kind: str, limit: float = 20.0) -> Incoming:
    """The next message of type ``kind`` (others skipped)."""
    while True:
        message = await client.next(timeout=limit)
        if message.type == kind:
            return message
