"""A table read back from the database is checked as a network message is, then rebuilt only if its
rows make the table they say: a damaged row is refused with its reason, never served or crashed on."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.engine.fairdeal import commitment
from game.net.client.replies import ServerRefused
from game.net.server.limits import LimitSettings
from game.net.server.rebuild import rebuild
from game.net.store import DamagedRecord
from game.net.store.records import Batch, StoredTable
from game.net.store.sqlite import FILE_NAME, SqliteStore
from game.net.table.settings import Settings
from game.net.table.table import Table

from .conftest import ManualClock, connected, next_of, start_server

CODE = "K3F9Q-2XAMB"


def _stored_table(folder: Path, moves: int = 9) -> Table:
    """A table played a little in memory (Ana against Easy, blitz), every write committed to an SQLite
    store in ``folder`` as the server commits it."""
    clock = ManualClock()
    table = Table(CODE, Settings("classic", 2, "blitz"), ["person", "easy"], clock)
    table.open("Ana", "10.0.0.1")
    table.start(0)
    table.contribute(0, 1, "ab" * 32)
    assert table.session is not None
    match = table.session.match
    players = [make_player("easy", "ana"), make_player("easy", "bo")]
    while len(match.action_log[-1]) < moves:
        seat = match.current_player()
        assert seat is not None
        table._apply(players[seat].choose(match.view(seat)))

    async def commit() -> None:
        store = SqliteStore(folder)
        await store.open()
        batch = Batch(now=clock())
        batch.add(table.table_id, table.epoch, table.take_writes())
        assert await store.commit(batch) == set()
        await store.close()
    asyncio.run(commit())
    return table


def _load(folder: Path) -> StoredTable:
    """The table read back from the store in ``folder`` (DamagedRecord if a row does not hold)."""
    async def load() -> StoredTable:
        store = SqliteStore(folder)
        await store.open()
        try:
            stored = await store.load(CODE)
        finally:
            await store.close()
        assert isinstance(stored, StoredTable)
        return stored
    return asyncio.run(load())


def _tamper(folder: Path, statement: str, *params: Any) -> None:
    """Change the stored rows as an operator's tool (or a damaged disk) might."""
    with sqlite3.connect(folder / FILE_NAME) as db:
        assert db.execute(statement, params).rowcount >= 1


def _damage(folder: Path) -> str:
    """Why reading back and rebuilding the table in ``folder`` is refused."""
    with pytest.raises(DamagedRecord) as refused:
        rebuild(_load(folder), ManualClock())
    return refused.value.reason


def test_a_stored_table_comes_back_where_it_stood(tmp_path: Path) -> None:
    played = _stored_table(tmp_path)
    table = rebuild(_load(tmp_path), ManualClock())
    assert table.session is not None and played.session is not None
    assert table.session.match.action_log == played.session.match.action_log
    assert table.state == "playing" and table.session.mixes[0].shuffle == "fisher-yates-sha256"


def test_a_round_whose_secret_is_not_the_one_committed_to_is_refused(tmp_path: Path) -> None:
    _stored_table(tmp_path)
    _tamper(tmp_path, "UPDATE rounds SET commitment = ? WHERE number = 1", commitment("cd" * 16))
    assert _damage(tmp_path) == "round 1's secret is not the one committed to"


def test_a_deal_its_secret_and_contributions_do_not_make_is_refused(tmp_path: Path) -> None:
    _stored_table(tmp_path)
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        deal = db.execute("SELECT deal FROM rounds WHERE number = 1").fetchone()[0].split()
    deal[-1], deal[-2] = deal[-2], deal[-1]  # two tiles of the boneyard's bottom: the moves still replay
    _tamper(tmp_path, "UPDATE rounds SET deal = ? WHERE number = 1", " ".join(deal))
    assert _damage(tmp_path) == "round 1's deal is not the one its secret and contributions make"


def test_a_contribution_changed_after_the_deal_is_refused(tmp_path: Path) -> None:
    _stored_table(tmp_path)
    _tamper(tmp_path, "UPDATE rounds SET contributions = ? WHERE number = 1", json.dumps(["cd" * 32, ""]))
    assert _damage(tmp_path) == "round 1's deal is not the one its secret and contributions make"


def _deep(levels: int) -> str:
    return '{"preset": "classic", "players": 2, "house_rules": ' + "[" * levels + "]" * levels + "}"


@pytest.mark.parametrize("column, value, reason", [
    ("settings", _deep(5000), "its settings is not JSON a server writes: it nests too deeply to be its settings"),
    ("settings", _deep(17), "its settings is not JSON a server writes: it nests lists and objects deeper than 16"),
    ("settings", '{"preset": "classic", "players": 2, "players": 3}', "the field 'players' is written twice"),
    ("settings", '{"preset": "classic", "players": 9}', "its settings do not hold: 'players' must be"),
    ("settings", "x" * 70_000, "its settings is longer than 65536 characters"),
    ("state", '{"x":1}', 'its state is "{\\"x\\":1}", not one of lobby, dealing, playing, over'),
    ("state", "over", "its state is over but its rounds make it playing"),
    ("state", "lobby", "its state is lobby but it holds rounds"),
    ("created_at", "yesterday", "its creation time is not a number"),
    ("seed", "net-\u202e", "its seed holds a control or direction character"),
])
def test_a_damaged_table_row_is_refused_with_its_reason(tmp_path: Path, column: str, value: str,
                                                        reason: str) -> None:
    _stored_table(tmp_path)
    _tamper(tmp_path, f"UPDATE tables SET {column} = ?", value)
    assert reason in _damage(tmp_path)


def test_a_code_not_in_its_printed_form_is_refused(tmp_path: Path) -> None:
    _stored_table(tmp_path)
    _tamper(tmp_path, "UPDATE tables SET code = lower(code)")

    async def load() -> str:
        store = SqliteStore(tmp_path)
        await store.open()
        try:
            with pytest.raises(DamagedRecord) as refused:
                await store.load(CODE.lower())
        finally:
            await store.close()
        return refused.value.reason
    assert asyncio.run(load()) == "its code is not a table code"


@pytest.mark.parametrize("table, column, value, reason", [
    ("rounds", "contributions", "[" * 5000 + "]" * 5000, "round 1's contributions is not JSON a server writes"),
    ("rounds", "contributions", '{"a": 1}', "round 1's contributions is not a list of at most 8 entries"),
    ("rounds", "scores", '["7"]', "round 1's scores is not a whole number"),
    ("rounds", "secret", b"\x01\x02", "round 1's secret is not text"),
    ("seats", "name", "A\u202eB", "a seat's name holds a control or direction character"),
    ("seats", "stand_in", 7, "a seat's stand-in flag is not 0 or 1"),
    ("actions", "action", "draw" * 20, "an action of round 1 is longer than 40 characters"),
])
def test_a_damaged_row_of_a_round_a_seat_or_an_action_is_refused_with_its_reason(
        tmp_path: Path, table: str, column: str, value: object, reason: str) -> None:
    _stored_table(tmp_path)
    _tamper(tmp_path, f"UPDATE {table} SET {column} = ?", value)
    assert reason in _damage(tmp_path)


def test_every_refusal_is_a_damaged_record_never_another_error(tmp_path: Path) -> None:
    """Whatever one column holds, reading back and rebuilding ends in the table or in its reason."""
    _stored_table(tmp_path)
    junk: list[object] = [None, 2**40, "", "x" * 300, "[[[[", b"\x00\xff"]
    columns = {"tables": ("settings", "state", "seed", "creator", "finished_at", "clock_left"),
               "seats": ("kind", "name", "token_hash", "timeouts", "away_since"),
               "rounds": ("secret", "contributions", "deal", "scores"), "actions": ("action",)}
    original = (tmp_path / FILE_NAME).read_bytes()
    tried = 0
    for table, names in columns.items():
        for column in names:
            for value in junk:
                (tmp_path / FILE_NAME).write_bytes(original)
                try:
                    with sqlite3.connect(tmp_path / FILE_NAME) as db:
                        db.execute(f"UPDATE {table} SET {column} = ?", (value,))
                except sqlite3.IntegrityError:
                    continue  # the schema itself refuses it (NOT NULL)
                try:
                    rebuild(_load(tmp_path), ManualClock())
                except DamagedRecord as damaged:
                    assert damaged.reason
                tried += 1
    assert tried > 10 * len(junk)


def test_a_damaged_table_is_refused_with_its_reason_and_the_others_play_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Through a server: the damaged table's rejoin is refused (the operator's log says why, with no
    traceback), its list entry says unknown without counting against the address, another table plays."""
    data = tmp_path / "server"

    async def seat(url: str, name: str) -> tuple[str, str]:
        client = await connected(url)
        joined = await client.create(name, "classic", 2, length="blitz", seats=["person", "easy"])
        await client.start()
        await next_of(client, "update")
        await client.close()
        return joined.table, joined.token

    running, embedded = start_server(data)
    try:
        damaged, healthy = asyncio.run(seat(running.url, "Ana")), asyncio.run(seat(running.url, "Bo"))
    finally:
        embedded.stop()
    with sqlite3.connect(data / FILE_NAME) as db:
        db.execute("UPDATE tables SET settings = ? WHERE code = ?", (_deep(5000), damaged[0]))

    async def come_back(url: str) -> None:
        client = await connected(url)
        for _ in range(2):  # a damaged table is no wrong token: the second list is answered too
            listed = await client.list_tables([damaged, healthy])
            assert [one.found for one in listed] == ["unknown", "table"]
        with pytest.raises(ServerRefused) as refused:
            await client.rejoin(*damaged)
        assert refused.value.code == "server" and "damaged" in str(refused.value)
        again = await connected(url)
        await again.rejoin(*healthy)
        update = await next_of(again, "update")
        while update.view is None or not update.view.legal:  # the computer may move first
            update = await next_of(again, "update")
        await again.act(update.view.legal[0])
        assert (await next_of(again, "update")).data["moves"] == update.data["moves"] + 1
        for one in (client, again):
            await one.close()

    caplog.set_level(logging.INFO, logger="mexican_train.server")
    running, embedded = start_server(data, limits=LimitSettings(wrong_codes=1))
    try:
        asyncio.run(come_back(running.url))
    finally:
        embedded.stop()
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(f"table {damaged[0]} is stored damaged and cannot be played: its settings is not JSON" in line
               and "nests too deeply" in line for line in said), said
    assert any(f"table {damaged[0]} is stored damaged and cannot be listed" in line for line in said), said
    assert not [r for r in caplog.records if r.exc_info], "a damaged row is refused, never a traceback"
