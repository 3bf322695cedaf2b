"""Several server processes on one PostgreSQL, at the level of the database: the schema made once
however many start together, a dead process's tables taken at once, a handover only for a seat's token."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from pgcluster import Cluster
from websockets.asyncio.client import connect

from game.net.client.client import Client
from game.net.client.replies import Joined
from game.net.protocol.addresses import placed_at
from game.net.protocol.messages import PROTOCOL
from game.net.server.embedded import EmbeddedServer
from game.net.store.postgres import PostgresStore
from game.net.store.records import Batch, CreateTable, Held, SaveSeats, SeatRow, TableRow

from .conftest import Running, connected, next_of, start_server

NOW = 1_800_000_000.0


def test_three_servers_starting_together_on_an_empty_database_all_come_up(postgres_cluster: Cluster) -> None:
    """Their schema transactions take turns (without the lock two of three failed with a duplicate
    type or column nearly every time)."""

    async def start_three(url: str) -> list[BaseException]:
        stores = [PostgresStore(url) for _ in range(3)]
        results = await asyncio.gather(*(store.open() for store in stores), return_exceptions=True)
        for store in stores:
            await store.close()
        return [r for r in results if isinstance(r, BaseException)]

    failed = [asyncio.run(start_three(postgres_cluster.new_database())) for _ in range(10)]
    assert not any(failed), [f"{type(e).__name__}: {e}" for run in failed for e in run]


def _table(table_id: str, code: str) -> Batch:
    """A new table of one person (token hash ``a`` * 64) and one computer player."""
    batch = Batch(now=NOW)
    batch.add(table_id, 1, [CreateTable(TableRow(table_id, code, '{"players": 2}', "playing", "seed", "10.0.0.1",
                                                 NOW)),
                            SaveSeats((SeatRow(0, "person", "Ana", "a" * 64, False, False),
                                       SeatRow(1, "easy", "Easy 2", "", False, False)))])
    return batch


def test_a_process_whose_database_connections_closed_loses_its_tables_at_once(postgres_cluster: Cluster) -> None:
    """A killed process's connections close, and another takes its tables without waiting for its
    lease (which still runs: its heartbeat is a moment old); one alive and beating keeps them."""
    url = postgres_cluster.new_database()

    async def run() -> None:
        holder, other = PostgresStore(url), PostgresStore(url)
        for store in (holder, other):
            await store.open()
            store.lease = 600.0  # only the closed connections can tell
        await holder.heartbeat("ws://127.0.0.1:1/", 1, 1)
        await other.heartbeat("ws://127.0.0.1:2/", 0, 0)
        assert await holder.commit(_table("t1", "AAAAA-11111")) == set()
        held = await other.load("AAAAA-11111")
        assert isinstance(held, Held) and held.address == "ws://127.0.0.1:1/" and not held.stale
        live = await other.heartbeat("ws://127.0.0.1:2/", 0, 0)
        assert sorted(p.address for p in live) == ["ws://127.0.0.1:1/", "ws://127.0.0.1:2/"]
        await holder.close()  # as a kill -9 does: no release, no goodbye
        claimed = None
        for _ in range(100):  # the server notices a closed socket in moments
            claimed = await other.load("AAAAA-11111")
            if not isinstance(claimed, Held):
                break
            await asyncio.sleep(0.05)
        assert claimed is not None and not isinstance(claimed, Held), claimed
        assert claimed.epoch == 2
        live = await other.heartbeat("ws://127.0.0.1:2/", 1, 1)
        assert [p.address for p in live] == ["ws://127.0.0.1:2/"], "a closed process is told to no game"
        await other.close()

    asyncio.run(run())


def _serving(tmp_path: Path, database: str, count: int, **settings: Any) -> list[tuple[Running, EmbeddedServer]]:
    """``count`` servers in this process sharing one PostgreSQL database."""
    return [start_server(tmp_path / f"p{n}", database=database, **settings) for n in range(count)]


def _raw(url: str, request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one request on a fresh connection (after its hello)."""
    async def ask() -> dict[str, Any]:
        async with connect(url, open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
            await ws.send(json.dumps(request))
            while True:
                answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if answer["type"] not in ("welcome", "servers"):
                    return answer
    return asyncio.run(ask())


def test_a_code_alone_makes_no_holder_hand_its_table_over(postgres_cluster: Cluster, tmp_path: Path) -> None:
    """Two processes at one address (a proxy in front): a join by code at the one that does not hold
    the table waits for the holder's lease and is refused; only a seat's token asks for a handover
    (anyone who knows a code could bounce a table between processes and kick its people)."""
    servers = _serving(tmp_path, postgres_cluster.new_database(), 2, public_address="ws://127.0.0.1:9/",
                       lease=2.0, heartbeat_every=0.4)
    (holder, _), (other, _) = servers

    async def seat_ana() -> tuple[Client, Joined]:
        ana = await connected(holder.url)
        return ana, await ana.create("Ana", "classic", 3, length="blitz", seats=["person", "open", "easy"])

    loop = asyncio.new_event_loop()
    try:
        ana, joined = loop.run_until_complete(seat_ana())
        refused = _raw(other.url, {"type": "join", "table": joined.table, "name": "Ben"})
        assert refused["type"] == "error" and refused["about"] == "join", refused
        assert holder.server.tables.get(joined.table) is not None, "the holder let the table go for a code"
        loop.run_until_complete(ana.set_seat(1, "easy"))
        assert loop.run_until_complete(next_of(ana, "table")).type == "table", "Ana is still at her table"
        wrong = _raw(other.url, {"type": "rejoin", "table": joined.table, "token": "0" * 32})
        assert wrong["type"] == "error" and wrong["code"] == "bad_token", wrong
        taken = _raw(other.url, {"type": "rejoin", "table": joined.table, "token": joined.token})
        assert taken["type"] == "joined", taken
        moved = loop.run_until_complete(next_of(ana, "moved"))
        assert moved.data["about"] == "" and moved.data["table"] == joined.table
        loop.run_until_complete(ana.close())
    finally:
        loop.close()
        for _, embedded in servers:
            embedded.stop()


def test_a_stopping_process_sends_each_tables_people_to_a_live_process(postgres_cluster: Cluster,
                                                                       tmp_path: Path) -> None:
    """SIGTERM of a process: every person there is told ``moved`` (its table named, ``about`` empty),
    the tables spread over the two others, none held by the stopped process, and each person sits
    at their table again where they were sent; a join at a process that does not hold the table
    is sent to the one that does, the table named."""
    servers = _serving(tmp_path, postgres_cluster.new_database(), 3, heartbeat_every=0.2)
    (stopping, embedded), *others = servers

    async def run() -> None:
        people = []
        for number in range(4):
            client = await connected(placed_at(stopping.url, stopping.server.store.holder))
            people.append((client, await client.create(f"P{number}", "classic", 2, length="blitz",
                                                       seats=["person", "open"])))
        deadline = time.monotonic() + 30
        while sorted(people[0][0].servers) != sorted(r.url for r, _ in servers):
            assert time.monotonic() < deadline, people[0][0].servers
            await asyncio.sleep(0.05)
        sent = await asyncio.to_thread(_raw, others[0][0].url, {"type": "join", "table": people[0][1].table,
                                                                "name": "Ben"})
        assert sent == {"type": "moved", "to": stopping.url, "table": people[0][1].table, "about": "join",
                        "message": f"this table is served at {stopping.url}"}
        await asyncio.to_thread(embedded.stop)
        went = []
        for client, joined in people:
            moved = await next_of(client, "moved")
            assert moved.data["about"] == "" and moved.data["table"] == joined.table, moved.data
            went.append(moved.data["to"])
            again = await client.rejoin(joined.table, joined.token)
            assert again.seat == 0 and client.url == moved.data["to"]
            await client.close()
        assert sorted(went) == sorted([others[0][0].url, others[1][0].url] * 2), went

    try:
        asyncio.run(run())
        held = asyncio.run(_held_by(postgres_cluster, stopping))
        assert held == 0, f"{held} tables still held by the stopped process"
    finally:
        for _, server in servers:
            server.stop()


async def _held_by(cluster: Cluster, running: Running) -> int:
    """How many tables ``running`` holds, as the database says."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(running.server.config.database) as db:
        cursor = await db.execute("SELECT COUNT(*) FROM tables WHERE holder = %s", (running.server.store.holder,))
        row = await cursor.fetchone()
        return int(row[0]) if row else 0
