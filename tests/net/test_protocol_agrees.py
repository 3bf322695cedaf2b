"""What docs/protocol.md promises is what the server does: a ``table`` at every change of state, and
at an any-pace table a person whose contribution the deal waits for is the one whose move it is."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client.client import Client
from game.net.client.replies import ServerRefused

from .conftest import Person, Running, connected, next_of


async def _states_until(client: Client, last: str) -> list[str]:
    """The states of every ``table`` up to the first message of type ``last``, in order, with each
    ``commit`` and first ``update`` of a round marked where it came."""
    seen: list[str] = []
    while True:
        message = await client.next(timeout=20)
        if message.type == "table" and message.table is not None:
            seen.append(message.table.state)
        elif message.type in ("commit", "round_end") or (message.type == "update" and seen[-1:] != ["update"]):
            seen.append(message.type)
        if message.type == last:
            return seen


def test_a_table_comes_at_every_change_of_state(server: Running) -> None:
    async def scenario() -> None:
        ana = await connected(server.url)
        await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        await next_of(ana, "table")
        await ana.start()
        started = await next_of(ana, "table")
        assert started.table is not None and started.table.state == "dealing", "after start: dealing"
        assert started.table.seats[1].kind == "easy", "the open seat has the stand-in level"
        assert (await _states_until(ana, "update"))[:3] == ["commit", "playing", "update"]
        person = Person(ana, seed="ana")
        await person.play_until("round_end")
        after = await _states_until(ana, "commit")
        assert after[-2:] == ["dealing", "commit"], "a table says the next deal waits before its commit"
        end = await person.play_until("match_end")
        over = await next_of(ana, "table")
        assert over.table is not None and over.table.state == "over"
        assert list(over.table.totals) == end.data["totals"], "the last table holds the final totals"
        await ana.close()
    asyncio.run(scenario())


def test_at_an_any_pace_table_a_contribution_awaited_is_the_persons_move(server: Running) -> None:
    async def scenario() -> None:
        ana = await connected(server.url, auto_contribute=False)
        table = await ana.create("Ana", "classic", 2, seats=["person", "easy"], pace="any")
        await ana.start()
        await next_of(ana, "commit")
        look = await connected(server.url)
        (listed,) = await look.list_tables([(table.table, table.token)])
        assert listed.state == "dealing" and listed.waiting == (0,) and listed.your_move
        await ana.contribute()
        await next_of(ana, "update")
        (listed,) = await look.list_tables([(table.table, table.token)])
        assert listed.state == "playing" and listed.waiting
        for client in (ana, look):
            await client.close()
    asyncio.run(scenario())


def test_leave_ends_the_seats_token(server: Running) -> None:
    async def scenario() -> None:
        ana = await connected(server.url)
        table = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        await ana.start()
        await next_of(ana, "update")
        await ana.leave()
        with pytest.raises(ServerRefused) as refused:
            await ana.rejoin(table.table, table.token)
        assert refused.value.code == "bad_token"
        (listed,) = await ana.list_tables([(table.table, table.token)])
        assert listed.found == "unknown"
        await ana.close()
    asyncio.run(scenario())
