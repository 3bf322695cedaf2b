"""A person who drops: their turns run out of time, a stand-in finishes them, and a rejoin gives the seat back."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.server import ServerConnection, serve

from game.ai import make_player
from game.engine import events as ev
from game.net.client.client import Client
from game.net.client.replies import Disconnected, NoAnswer, ServerRefused
from game.net.protocol.messages import PROTOCOL

from .conftest import HOST, ManualClock, Running, connected, next_of


async def _host_plays_until(host: Client, done, limit: float = 30.0):  # type: ignore[no-untyped-def]
    """The host plays its turns (Easy) until ``done(message)`` holds for a message."""
    player = make_player("easy", "host")
    while True:
        message = await host.next(timeout=limit)
        view = message.view
        if message.type == "update" and view is not None and view.legal and view.to_move == 0:
            await host.act(player.choose(view))
        if done(message):
            return message


def test_a_person_dropped_mid_turn_is_stood_in_for_and_gets_the_seat_back(
        clocked: tuple[Running, ManualClock]) -> None:
    server, clock = clocked

    async def scenario() -> None:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "open"], stand_in="easy")
        ben = await connected(server.url)
        seat = await ben.join(table.table, "Ben")
        await host.start()
        await _host_plays_until(host, lambda m: m.type == "update" and m.view.to_move == 1 and not m.view.round_over)
        await next_of(ben, "update")
        await ben.close()  # gone in the middle of his own turn

        clock.advance(121)  # his turn's clock runs out: the stand-in finishes it
        await _host_plays_until(host, lambda m: m.type == "update" and any(
            getattr(e, "seat", None) == 1 and isinstance(e, (ev.TilePlayed, ev.TileDrawn, ev.Passed))
            for e in m.events))

        back = await connected(server.url)
        again = await back.rejoin(table.table.lower(), seat.token)
        assert again.seat == 1 and again.token == seat.token
        table_now = await next_of(back, "table")
        assert table_now.table is not None
        assert table_now.table.seats[1].connected and not table_now.table.seats[1].stand_in
        update = await next_of(back, "update")
        assert update.view is not None and update.view.seat == 1 and len(update.view.hand) > 0

        own_turn = asyncio.create_task(_host_plays_until(host, lambda m: m.type == "match_end", limit=60))
        player = make_player("easy", "ben")
        message = update  # it may be his turn already
        while True:
            assert message.type != "error", message.data
            view = message.view
            if message.type == "update" and view is not None and view.legal and view.to_move == 1:
                await back.act(player.choose(view))
                acted = await next_of(back, "update")
                assert acted.data["moves"] > message.data["moves"] or acted.data["round"] > message.data["round"]
                break
            message = await back.next(timeout=30)
        own_turn.cancel()
        for client in (host, back):
            await client.close()
        # its end (cancelled, or Disconnected when a message won the race with the cancel) is taken here
        await asyncio.gather(own_turn, return_exceptions=True)

    asyncio.run(scenario())


def test_a_second_connection_rejoining_a_seat_replaces_the_first(server: Running) -> None:
    async def scenario() -> None:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 2, seats=["person", "open"])
        first = await connected(server.url)
        seat = await first.join(table.table, "Ben")
        second = await connected(server.url)
        await second.rejoin(table.table, seat.token)
        closed = await next_of(first, "closed")
        assert closed.data["reason"] == "replaced"
        for client in (host, second):
            await client.close()

    asyncio.run(scenario())


def test_a_rejoining_game_completes_its_copy_of_the_rounds_it_missed(clocked: tuple[Running, ManualClock]) -> None:
    """Rounds dealt while away are sent again on rejoin; the copy holds them,
    marked as dealt while this game was away (it never saw their commitment)."""
    server, clock = clocked

    async def time_flies() -> None:
        while True:  # every turn of Ben's runs out of time: after three the stand-in plays his seat
            clock.advance(200)
            await asyncio.sleep(0.05)

    async def scenario() -> None:
        flying = asyncio.create_task(time_flies())
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        ben = await connected(server.url)
        seat = await ben.join(table.table, "Ben")
        await host.start()
        await next_of(ben, "commit")
        await ben.close()  # a computer player stands in for Ben from now on
        await _host_plays_until(host, lambda m: m.type == "round_end")
        back = await connected(server.url)
        await back.rejoin(table.table, seat.token)
        again = await next_of(back, "round_end")
        assert again.data["again"] is True and again.data["round"] == 1
        assert back.copy is not None and back.copy.session is not None, back.copy.problems
        assert back.copy.problems == [] and back.copy.unwitnessed == [1]
        assert back.copy.session.match.round_scores == [again.data["scores"]]
        flying.cancel()
        for client in (host, back):
            await client.close()

    asyncio.run(scenario())


def test_the_host_leaving_the_lobby_closes_the_table_for_everyone(server: Running) -> None:
    async def scenario() -> None:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 3, seats=["person", "open", "open"])
        ben = await connected(server.url)
        await ben.join(table.table, "Ben")
        await host.leave()
        closed = await next_of(ben, "closed")
        assert closed.data["reason"] == "host_left" and ben.joined is None
        late = await connected(server.url)
        try:
            await late.join(table.table, "Cy")
            raise AssertionError("a closed table took a joiner")
        except ServerRefused as refused:
            assert refused.code == "bad_code"
        for client in (host, ben, late):
            await client.close()

    asyncio.run(scenario())


def test_a_request_the_server_never_answers_ends_with_no_answer_and_the_connection_closed() -> None:
    async def welcome_then_silence(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL, "server": "silent", "servers": []}))
        async for _ in ws:  # every later request is read and never answered
            pass

    async def run() -> None:
        async with serve(welcome_then_silence, HOST, 0) as silent:
            port = silent.sockets[0].getsockname()[1]
            client = Client(f"ws://{HOST}:{port}/")
            await client.connect()
            client.reply_wait = 0.5  # the server never answers, so any bound gives the same outcome
            with pytest.raises(NoAnswer, match="did not answer"):
                await asyncio.wait_for(client.create("Ana", "classic", 2), 60)
            with pytest.raises(Disconnected, match="did not answer"):  # closed: the game connects again
                while True:
                    await asyncio.wait_for(client.next(), 60)  # (the welcome first)
            await client.close()
    asyncio.run(run())
