"""Play at any pace: a live table's turn clock, an any-pace table that waits for days,
and the list of a person's tables. The server's clock is the test's."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Callable
from pathlib import Path

from game.ai import make_player
from game.engine import events as ev
from game.net.client.client import Client
from game.net.client.inbound import Incoming
from game.net.client.replies import ServerRefused

from .conftest import ManualClock, Running, connected, next_of, start_server, wait_until_nobody_is_connected


def _in_memory(port: int) -> int:
    """Tables the server holds in memory, from its health check."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as response:
        return int(json.loads(response.read())["tables"])


async def _until(client: Client, done: Callable[[Incoming], bool], play_seat: int | None = None) -> Incoming:
    """Messages until ``done``; ``play_seat``: play that seat's turns (Easy) meanwhile."""
    player = make_player("easy", "until")
    while True:
        message = await client.next(timeout=30)
        view = message.view
        if (play_seat is not None and message.type == "update" and view is not None and view.legal
                and view.to_move == play_seat):
            await client.act(player.choose(view))
        if done(message):
            return message


def _turn_of(seat: int) -> Callable[[Incoming], bool]:
    """An update that starts ``seat``'s turn (not one in the middle of it)."""
    return lambda m: (m.type == "update" and m.view is not None and m.view.to_move == seat and bool(m.view.legal)
                      and any(isinstance(e, ev.TurnStarted) and e.seat == seat for e in m.events))


async def _live_table(url: str) -> tuple[Client, Client]:
    """Ana (host) and Ben at a live table of two people, started, Ben to move."""
    ana = await connected(url)
    table = await ana.create("Ana", "classic", 2, seats=["person", "open"], pace="live", turn_clock=120)
    ben = await connected(url)
    await ben.join(table.table, "Ben")
    await ana.start()
    await _until(ana, lambda m: m.type == "update" and m.view is not None and m.view.to_move == 1, play_seat=0)
    return ana, ben


def test_a_turn_with_no_move_for_121_seconds_is_finished_by_the_stand_in_and_the_seat_stays(
        clocked: tuple[Running, ManualClock]) -> None:
    server, clock = clocked

    async def scenario() -> None:
        ana, ben = await _live_table(server.url)
        told = await _until(ben, _turn_of(1))
        assert told.data["clock"]["seat"] == 1 and told.data["clock"]["of"] == 120
        clock.advance(121)
        moved = await _until(ana, lambda m: m.type == "update" and any(getattr(e, "seat", None) == 1
                                                                         for e in m.events), play_seat=0)
        assert moved.data["moves"] > told.data["moves"]
        table = await _until(ben, lambda m: m.type == "table")
        assert table.table is not None and not table.table.seats[1].stand_in and table.table.seats[1].connected
        for client in (ana, ben):
            await client.close()
    asyncio.run(scenario())


def test_three_turns_out_of_time_in_a_row_hand_the_seat_over_and_take_back_returns_it(
        clocked: tuple[Running, ManualClock]) -> None:
    server, clock = clocked

    async def ben_turn(ana: Client, ben: Client, runs_out: bool) -> Incoming:
        """Ben's next turn: let its clock run out, or play it; the table message after it."""
        turn = await _until(ben, _turn_of(1))
        if runs_out:
            clock.advance(121)
            return await _until(ben, lambda m: m.type == "table")
        player, view = make_player("easy", "ben"), turn.view
        while view is not None and view.to_move == 1 and view.legal:
            await ben.act(player.choose(view))
            view = (await next_of(ben, "update")).view
        return turn

    async def scenario() -> None:
        ana, ben = await _live_table(server.url)
        host = asyncio.create_task(_until(ana, lambda m: m.type == "match_end", play_seat=0))
        for runs_out in (True, False, True, True):
            after = await ben_turn(ana, ben, runs_out)
            if after.table is not None:
                assert not after.table.seats[1].stand_in, "clock, move, clock, clock hands nothing over"
        handed = await ben_turn(ana, ben, runs_out=True)
        assert handed.table is not None and handed.table.seats[1].stand_in, "the third in a row hands it over"
        await ben.take_back()
        back = await _until(ben, lambda m: m.type == "table" and m.table is not None and not m.table.seats[1].stand_in)
        assert back.table is not None and back.table.seats[1].connected
        host.cancel()
        for client in (ana, ben):
            await client.close()
        # its end (cancelled, or Disconnected when a message won the race with the cancel) is taken here
        await asyncio.gather(host, return_exceptions=True)
    asyncio.run(scenario())


def test_an_any_pace_table_waits_days_its_computers_playing_on_to_the_persons_turn(
        clocked: tuple[Running, ManualClock]) -> None:
    server, clock = clocked

    async def scenario() -> None:
        ana = await connected(server.url)
        table = await ana.create("Ana", "classic", 3, seats=["person", "medium", "easy"], pace="any")
        await ana.start()
        first = await next_of(ana, "update")
        await ana.close()  # gone at once: nobody is at the table
        clock.advance(3 * 86400)
        look = await connected(server.url)
        deadline = asyncio.get_running_loop().time() + 60
        while True:  # the computers play on to her turn with nobody there
            (listed,) = await look.list_tables([(table.table, table.token)])
            if listed.your_move or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.05)
        assert listed.found == "table" and listed.your_move and listed.waiting == (0,) and listed.pace == "any"
        assert not listed.seats[0].stand_in, "no stand-in for someone away at an any-pace table"
        await look.rejoin(table.table, table.token)
        update = await next_of(look, "update")
        assert update.view is not None and update.view.to_move == 0 and update.view.legal
        assert update.data["round"] == first.data["round"] and update.data["moves"] >= first.data["moves"]
        await look.close()
    asyncio.run(scenario())


def test_the_list_loads_no_table_keeps_its_retention_and_counts_wrong_tokens(tmp_path: Path) -> None:
    from game.net.server.limits import LimitSettings

    clock = ManualClock()
    running, embedded = start_server(tmp_path / "server", clock=clock, unload_after=0,
                                     limits=LimitSettings(wrong_codes=3))
    try:
        async def scenario() -> None:
            ana = await connected(running.url)
            table = await ana.create("Ana", "classic", 2, seats=["person", "easy"], pace="any")
            await ana.start()
            await next_of(ana, "update")
            await ana.close()
            while _in_memory(running.port):
                await asyncio.sleep(0.05)  # unloaded once the computer has played to her turn
            look = await connected(running.url)  # after the wait: a connection not at a table must speak soon
            clock.advance(3600)
            (first,) = await look.list_tables([(table.table, table.token)])
            clock.advance(3600)
            (second,) = await look.list_tables([(table.table, table.token)])
            assert first.found == second.found == "table"
            assert second.last_move_at == first.last_move_at, "asking does not move the table's last move"
            assert _in_memory(running.port) == 0, "asking loads no table"
            wrong = await look.list_tables([(table.table, "0" * 32), ("ZZZZZ-ZZZZZ", table.token),
                                             (table.table, "1" * 32)])
            assert [w.found for w in wrong] == ["unknown", "unknown", "unknown"]
            try:
                await look.list_tables([(table.table, table.token)])
                raise AssertionError("an address past its limit is refused")
            except ServerRefused as refused:
                assert refused.code == "rate_limited"
            await look.close()
        asyncio.run(scenario())
    finally:
        embedded.stop()


async def _clock_left_at_rejoin(url: str, code: str, token: str) -> float:
    """Ben rejoins: the seconds left on the turn clock his table shows."""
    ben = await connected(url)
    await ben.rejoin(code, token)
    table = await next_of(ben, "table")
    await ben.close()
    assert table.table is not None and table.table.clock is not None
    return table.table.clock.left


def test_a_live_turns_clock_is_stored_and_stands_still_while_nobody_is_there(tmp_path: Path) -> None:
    clock = ManualClock()

    async def leave_mid_turn(url: str) -> tuple[str, str]:
        ana, ben = await _live_table(url)
        await _until(ben, _turn_of(1))
        clock.advance(50)
        await ana.close()
        await ben.close()
        return (ben.joined.table, ben.joined.token) if ben.joined else ("", "")

    running, embedded = start_server(tmp_path / "server", clock=clock)
    try:
        code, token = asyncio.run(leave_mid_turn(running.url))
        wait_until_nobody_is_connected(running.port)  # both departures noted before the time passes
        clock.advance(600)  # nobody is there: the clock stands still
    finally:
        embedded.stop()
    running, embedded = start_server(tmp_path / "server", clock=clock)
    try:
        assert asyncio.run(_clock_left_at_rejoin(running.url, code, token)) == 70.0
    finally:
        embedded.stop()


def test_a_live_turns_clock_stands_still_from_a_stop_while_people_were_at_the_table(tmp_path: Path) -> None:
    clock = ManualClock()

    async def stopped_mid_turn() -> tuple[str, str]:
        running, embedded = start_server(tmp_path / "server", clock=clock)
        ana, ben = await _live_table(running.url)
        await _until(ben, _turn_of(1))
        clock.advance(50)
        await asyncio.to_thread(embedded.stop)  # both still connected when the server stops
        for client in (ana, ben):
            await client.close()
        return (ben.joined.table, ben.joined.token) if ben.joined else ("", "")

    code, token = asyncio.run(stopped_mid_turn())
    clock.advance(600)  # the server is down: the clock stands still
    running, embedded = start_server(tmp_path / "server", clock=clock)
    try:
        assert asyncio.run(_clock_left_at_rejoin(running.url, code, token)) == 70.0
    finally:
        embedded.stop()


def test_a_hosts_own_tables_are_listed_from_its_database_without_starting_its_server(tmp_path: Path) -> None:
    from game.net.client.listing import listed_from_file

    clock = ManualClock()
    running, embedded = start_server(tmp_path / "server", clock=clock)
    try:
        async def one_move_each() -> tuple[str, str]:
            ana = await connected(running.url)
            table = await ana.create("Ana", "classic", 2, seats=["person", "easy"], pace="any")
            await ana.start()
            await next_of(ana, "update")
            await ana.close()
            return table.table, table.token
        code, token = asyncio.run(one_move_each())
    finally:
        embedded.stop()
    mine, stranger = listed_from_file(tmp_path / "server", [(code, token), (code, "f" * 32)])
    assert mine.found == "table" and mine.seat == 0 and mine.pace == "any" and [s.name for s in mine.seats] == [
        "Ana", "Easy 2"]
    assert stranger.found == "unknown"
    assert listed_from_file(tmp_path / "nothing-here", [(code, token)])[0].found == "unknown"


def test_a_stop_notes_when_each_person_left_so_a_week_away_counts_from_then(tmp_path: Path) -> None:
    clock = ManualClock()

    async def scenario() -> Incoming:
        running, embedded = start_server(tmp_path / "server", clock=clock)
        ana = await connected(running.url)
        table = await ana.create("Ana", "classic", 3, seats=["person", "open", "easy"], pace="any")
        ben = await connected(running.url)
        await ben.join(table.table, "Ben")
        await ana.start()
        await next_of(ana, "update")
        await asyncio.to_thread(embedded.stop)  # both still connected when the server stops
        for client in (ana, ben):
            await client.close()
        clock.advance(8 * 86400)
        running, embedded = await asyncio.to_thread(start_server, tmp_path / "server", clock=clock)
        try:
            back = await connected(running.url)
            await back.rejoin(table.table, table.token)
            await back.hand_over(1)
            answer = await _until(back, lambda m: m.type == "error" or (
                m.type == "table" and m.table is not None and m.table.seats[1].stand_in))
            await back.close()
            return answer
        finally:
            await asyncio.to_thread(embedded.stop)

    answer = asyncio.run(scenario())
    assert answer.type == "table", answer.data
