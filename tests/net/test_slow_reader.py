"""A client that never reads what it is sent gets no more of its requests handled once a little waits
for it, and is dropped; everyone else's answers never wait behind it (the delay in milliseconds is
tools/slowreader.py's figure)."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import game.net.server.server as server_module
from game.net.server.outbox import Mailbox

from .conftest import connected, next_of, start_server


def test_a_mailbox_counts_bytes_refuses_past_its_limit_and_says_when_there_is_room_again() -> None:
    async def scenario() -> None:
        box = Mailbox(limit=100, pause=40)
        assert box.put("a" * 30) and box.put("b" * 30)
        assert not box.put("c" * 50) and box.overflowed, "past the limit: the connection is to be dropped"
        assert not await box.room(0.01), "more than the pause mark waits"
        waiting = asyncio.ensure_future(box.room(60))
        assert await box.get() == "a" * 30
        box.sent("a" * 30)
        assert await waiting and box.waiting == 30
        box.end()
        assert await box.get() == "b" * 30 and await box.get() is None
    asyncio.run(scenario())


def test_a_client_that_never_reads_is_held_then_dropped_while_the_others_are_answered(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "STALL", 3.0)
    caplog.set_level(logging.INFO, logger="mexican_train.server")
    running, embedded = start_server(tmp_path / "server")

    async def scenario() -> tuple[str, int]:
        never = await connect(running.url, max_queue=1)  # it reads one message at most, then nothing
        await never.send(json.dumps({"type": "hello", "protocol": 2}))
        await never.send(json.dumps({"type": "create", "name": "Never", "preset": "classic", "players": 4,
                                     "seats": ["person", "open", "open", "open"]}))
        sent = 0

        async def flood() -> None:
            nonlocal sent
            try:
                while True:
                    await never.send(json.dumps({"type": "seat", "seat": 1, "kind": ("easy", "hard")[sent % 2]}))
                    sent += 1
                    await asyncio.sleep(0)
            except ConnectionClosed:
                pass
        flooding = asyncio.ensure_future(flood())
        other = await connected(running.url)
        await other.create("Ana", "classic", 2, seats=["person", "open"])
        await next_of(other, "table")  # the new table's own
        for turn in range(30):  # answered one by one while the never-reader is still there
            await other.send_raw(json.dumps({"type": "seat", "seat": 1, "kind": ("easy", "hard")[turn % 2]}))
            table = await next_of(other, "table")
            assert table.table is not None and table.table.seats[1].kind == ("easy", "hard")[turn % 2]
        assert not flooding.done(), "the never-reader was still connected meanwhile"
        await asyncio.wait_for(never.wait_closed(), 60)  # dropped: the bound only limits a failure
        await flooding
        await other.close()
        return str(never.close_code), sent
    try:
        _, sent = asyncio.run(scenario())
    finally:
        embedded.stop()
    handled = sum(1 for r in caplog.records if "seat 1 is now" in r.getMessage()) - 30
    assert any("did not read what was sent to it" in r.getMessage() for r in caplog.records)
    assert 0 < handled < sent - 100, f"{handled} of {sent} requests handled: none once its answers piled up"


def test_a_connection_sending_many_requests_at_once_gets_one_into_each_commit(tmp_path: Path) -> None:
    """Requests sent all at once are taken one commit at a time: however many one connection sends,
    everyone else's answers never wait for a commit made long by them."""
    from game.net.server.embedded import EmbeddedServer
    from game.net.store import open_store
    from game.net.store.records import Batch, SaveSeats

    store = open_store("", tmp_path / "server")
    commit = store.commit
    per_commit: list[int] = []

    async def counted(batch: Batch) -> set[str]:
        per_commit.append(max((sum(isinstance(w, SaveSeats) for w in t.writes) for t in batch.tables.values()),
                              default=0))
        return await commit(batch)
    store.commit = counted  # type: ignore[method-assign]
    embedded = EmbeddedServer(tmp_path / "server", "127.0.0.1", 0, store=store, hello_timeout=5, tick=0.05,
                              workers=1)
    embedded.start()

    async def scenario() -> None:
        many = await connected(embedded.url)
        await many.create("Ana", "classic", 4, seats=["person", "open", "open", "open"])
        await next_of(many, "table")
        for turn in range(200):
            await many.send_raw(json.dumps({"type": "seat", "seat": 1 + turn % 3, "kind": ("easy", "hard")[turn % 2]}))
        for _ in range(200):
            await next_of(many, "table")
        await many.close()
    try:
        asyncio.run(scenario())
    finally:
        embedded.stop()
    assert len(per_commit) > 200 and max(per_commit) == 1, f"seat changes per commit: {max(per_commit)}"
