"""Nothing is told before it is stored, and a database that fails pauses play instead of losing it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import make_player
from game.net.client.replies import ServerRefused
from game.net.server.embedded import EmbeddedServer
from game.net.store import Store, StoreError, open_store
from game.net.store.records import Batch, Held, StoredTable

from .conftest import HOST, connected, health, next_of


class Control:
    """What a test does to a real store's commits: hold them, or make them fail."""

    def __init__(self) -> None:
        self.failing = threading.Event()
        self.hold = threading.Event()
        self.entered = threading.Event()
        self.release = threading.Event()
        self.committed: list[Batch] = []


def controlled(store: Store, control: Control) -> Store:
    """``store`` with its commits and probes going through ``control`` first."""
    commit, probe = store.commit, store.probe

    async def held_commit(batch: Batch) -> set[str]:
        if control.hold.is_set() and any(batch.tables.values()):
            control.entered.set()
            await asyncio.to_thread(control.release.wait)
        if control.failing.is_set():
            raise StoreError("database or disk is full")
        fenced = await commit(batch)
        control.committed.append(batch)
        return fenced

    async def failing_probe(now: float) -> None:
        if control.failing.is_set():
            raise StoreError("database or disk is full")
        await probe(now)

    store.commit = held_commit  # type: ignore[method-assign]
    store.probe = failing_probe  # type: ignore[method-assign]
    return store


@pytest.fixture
def control(tmp_path: Path, database: str) -> Iterator[tuple[Control, str]]:
    """A server on SQLite or PostgreSQL whose store's commits the test controls; the control and the address."""
    control = Control()
    store = controlled(open_store(database, tmp_path / "server"), control)
    embedded = EmbeddedServer(tmp_path / "server", HOST, 0, store=store, hello_timeout=5, tick=0.05, workers=1)
    port = embedded.start()
    yield control, f"ws://{HOST}:{port}/"
    control.release.set()
    control.failing.clear()
    embedded.stop()


def _stored_actions(store: Control) -> list[str]:
    """Every action the store was given, in order."""
    from game.net.store.records import SaveAction

    return [w.action for b in store.committed for t in b.tables.values() for w in t.writes if isinstance(w, SaveAction)]


def test_a_move_reaches_no_one_until_the_database_holds_it(control: tuple[Control, str]) -> None:
    store, url = control

    async def play() -> None:
        ana = await connected(url)
        await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await ana.start()
        update = await next_of(ana, "update")
        while update.view is None or update.view.to_move != 0 or not update.view.legal:
            update = await next_of(ana, "update")
        move = make_player("easy", "ana").choose(update.view)
        stored_before = len(_stored_actions(store))
        store.hold.set()
        await ana.act(move)
        await asyncio.to_thread(store.entered.wait, 60)
        with pytest.raises(TimeoutError):
            await ana.next(timeout=0.3)  # the commit is held: nothing about the move may come
        assert len(_stored_actions(store)) == stored_before
        store.hold.clear()
        store.release.set()
        after = await next_of(ana, "update")
        assert _stored_actions(store)[stored_before] == str(move)
        assert after.data["moves"] == update.data["moves"] + 1
        await ana.close()
    asyncio.run(play())


def test_a_failing_database_pauses_the_table_and_play_goes_on_from_what_was_stored(
        control: tuple[Control, str]) -> None:
    store, url = control

    async def play() -> None:
        ana = await connected(url)
        await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await ana.start()
        player = make_player("easy", "ana")
        update = await next_of(ana, "update")
        while update.view is None or update.view.to_move != 0 or not update.view.legal:
            update = await next_of(ana, "update")
        before = update.data["view"]
        store.failing.set()
        await ana.act(player.choose(update.view))
        paused = await next_of(ana, "paused")
        assert "paused" in paused.data["message"]
        await ana.act(player.choose(update.view))
        refused = await next_of(ana, "error")
        assert refused.data["code"] == "paused"
        store.failing.clear()
        table = await next_of(ana, "table")
        assert table.table is not None and not table.table.paused
        again = await next_of(ana, "update")
        assert again.data["view"] == before, "the move that was never stored never happened"
        assert again.view is not None
        await ana.act(player.choose(again.view))
        moved = await next_of(ana, "update")
        assert moved.data["moves"] == again.data["moves"] + 1
        await ana.close()
    asyncio.run(play())


def test_a_table_set_up_while_the_database_fails_is_refused_in_words_and_one_set_up_after_plays(
        control: tuple[Control, str]) -> None:
    store, url = control

    async def play() -> None:
        ana = await connected(url)
        store.failing.set()
        with pytest.raises(ServerRefused) as refused:  # the seat was never stored: no joined comes, paused does
            await asyncio.wait_for(ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"]), 60)
        assert refused.value.code == "paused"
        assert "try again" in refused.value.message
        await ana.close()
        store.failing.clear()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        while (await asyncio.to_thread(health, port))["status"] != "ok":  # the probe found the database again
            await asyncio.sleep(0.05)
        ben = await connected(url)
        seat = await ben.create("Ben", "classic", 2, length="blitz", seats=["person", "easy"])
        await ben.start()
        update = await next_of(ben, "update")
        assert update.view is not None and seat.seat == 0
        await ben.close()
    asyncio.run(asyncio.wait_for(play(), 120))


def test_a_paused_table_another_process_took_meanwhile_sends_its_people_there(tmp_path: Path) -> None:
    control = Control()
    store = controlled(open_store("", tmp_path / "server"), control)
    load = store.load
    taken = threading.Event()

    async def load_or_held(code: str) -> StoredTable | Held | None:
        return Held("other", "ws://127.0.0.1:9/p/other/", stale=False) if taken.is_set() else await load(code)

    store.load = load_or_held  # type: ignore[method-assign]
    embedded = EmbeddedServer(tmp_path / "server", HOST, 0, store=store, hello_timeout=5, tick=0.05, workers=1)
    url = f"ws://{HOST}:{embedded.start()}/"

    async def play() -> None:
        ana = await connected(url)
        joined = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        control.failing.set()
        await ana.set_seat(1, "medium")
        await next_of(ana, "paused")
        taken.set()  # while paused here, another process claimed the table
        control.failing.clear()
        moved = await next_of(ana, "moved")  # read back, it is found held there: its people go there
        assert moved.data["to"] == "ws://127.0.0.1:9/p/other/" and moved.data["table"] == joined.table
        await ana.close()
    try:
        asyncio.run(asyncio.wait_for(play(), 120))
        assert (health(embedded.port))["status"] == "ok", "the server's timers go on"
    finally:
        embedded.stop()


def test_the_database_counts_wrong_codes_across_a_restart(tmp_path: Path) -> None:
    from game.net.server.limits import LimitSettings

    async def wrong_codes(url: str, times: int) -> list[str]:
        client = await connected(url)
        answers = []
        for _ in range(times):
            try:
                await client.join("ZZZZZ-ZZZZZ", "Spam")
            except ServerRefused as refused:
                answers.append(refused.code)
        await client.close()
        return answers

    for expected in (["bad_code"] * 3, ["rate_limited"] * 2):
        embedded = EmbeddedServer(tmp_path / "server", HOST, 0, hello_timeout=5, tick=0.05, workers=1,
                                  limits=LimitSettings(wrong_codes=3))
        port = embedded.start()
        try:
            assert asyncio.run(wrong_codes(f"ws://{HOST}:{port}/", len(expected))) == expected
        finally:
            embedded.stop()
