"""Whatever a client sends, it gets its answer, and other tables play on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client.client import Client
from game.net.client.replies import ServerRefused
from game.net.protocol.messages import MAX_BYTES

from .conftest import Person, Running, connected, next_of


async def _error_for(client: Client, text: str | bytes) -> dict[str, Any]:
    """Send raw text; the error that answers it."""
    await client.send_raw(text)
    return (await next_of(client, "error")).data


async def _with_bystander(server: Running, abuse: Callable[[], Awaitable[None]]) -> None:
    """Run ``abuse`` while a person plays a whole match against a computer at another table."""
    person = await connected(server.url)
    await person.create("Flo", "classic", 2, length="blitz", seats=["person", "easy"])
    await person.start()
    bystander = Person(person, seed="bystander")
    end, _ = await asyncio.gather(bystander.play_until("match_end"), abuse())
    assert end.data["winners"]
    await person.close()


def test_malformed_oversized_and_wrongly_typed_messages_each_get_their_error(server: Running) -> None:
    async def abuse() -> None:
        client = await connected(server.url)
        assert (await _error_for(client, "{not json"))["code"] == "bad_json"
        assert (await _error_for(client, b"\xff\xfe\x00"))["code"] == "bad_json"
        assert (await _error_for(client, '{"type": "join", "type": "join"}'))["code"] == "bad_json"
        assert (await _error_for(client, " " * (MAX_BYTES + 10)))["code"] == "too_large"
        assert (await _error_for(client, "[1, 2]"))["code"] == "schema"
        assert (await _error_for(client, '{"type": "fly"}'))["code"] == "schema"
        wrong = await _error_for(client, json.dumps({"type": "create", "name": 5, "preset": "classic", "players": 2}))
        assert wrong["code"] == "schema" and "'name'" in wrong["message"] and wrong["about"] == "create"
        assert (await _error_for(client, json.dumps({"type": "join", "table": "X"})))["code"] == "schema"
        hidden = await _error_for(client, json.dumps({"type": "join", "table": "ABCDE-FGHJK", "name": "A\u202eB"}))
        assert hidden["code"] == "schema"
        assert (await _error_for(client, json.dumps({"type": "act", "action": "draw"})))["code"] == "state"
        assert (await _error_for(client, json.dumps({"type": "create", "name": "X", "preset": "classic",
                                                     "players": 2, "seats": ["person"]})))["code"] == "schema"
        await client.create("Gus", "classic", 2)
        with_it = await _error_for(client, json.dumps({"type": "create", "name": "X", "preset": "tap", "players": 2}))
        assert with_it["code"] == "state"
        await client.close()

    asyncio.run(_with_bystander(server, abuse))


def test_out_of_turn_illegal_and_unreadable_actions_are_refused_with_the_reason(server: Running) -> None:
    async def scenario() -> None:
        host = await connected(server.url)
        joined = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        guest = await connected(server.url)
        await guest.join(joined.table, "Ben")
        await host.start()
        first = await next_of(host, "update")
        assert first.view is not None
        mover, waiter = (host, guest) if first.view.to_move == 0 else (guest, host)
        await next_of(guest, "update")
        assert (await _error_for(waiter, json.dumps({"type": "act", "action": "draw"})))["code"] == "not_your_turn"
        assert (await _error_for(mover, json.dumps({"type": "act", "action": "fly away"})))["code"] == "bad_action"
        view = mover.view
        assert view is not None
        hand = set(view.hand)
        absent = next(t for t in range(91) if t not in hand and t not in {x for tr in view.trains for x in tr})
        from game.engine import TEXT

        illegal = await _error_for(mover, json.dumps({"type": "act", "action": f"play {TEXT[absent]} on 0"}))
        assert illegal["code"] == "illegal" and illegal["message"]
        stale = await _error_for(mover, json.dumps({"type": "act", "action": "draw", "round": 3}))
        assert stale["code"] == "stale"
        assert (await _error_for(waiter, json.dumps({"type": "start"})))["code"] in ("not_host", "state")
        await host.close()
        await guest.close()

    asyncio.run(scenario())


def test_another_tables_token_and_a_flood_of_wrong_codes_are_refused(server: Running) -> None:
    async def abuse() -> None:
        host = await connected(server.url)
        joined = await host.create("Ana", "classic", 3, seats=["person", "open", "open"])
        other = await connected(server.url)
        theirs = await other.create("Bo", "classic", 2)
        thief = await connected(server.url)
        try:
            await thief.rejoin(joined.table, theirs.token)
            raise AssertionError("a token of another table took a seat")
        except ServerRefused as refused:
            assert refused.code == "bad_token"
        codes = []
        for _ in range(12):
            try:
                await thief.join("ZZZZZ-ZZZZZ", "Eve")
            except ServerRefused as refused:
                codes.append(refused.code)
        assert codes[:9] == ["bad_code"] * 9 and codes[-1] == "rate_limited"
        try:
            await thief.join(joined.table, "Eve")  # even the right code, from this address, for now
            raise AssertionError("a flooding address joined")
        except ServerRefused as refused:
            assert refused.code == "rate_limited"
        for client in (host, other, thief):
            await client.close()

    asyncio.run(_with_bystander(server, abuse))


def test_a_client_that_never_speaks_is_closed_and_one_without_hello_refused(server: Running) -> None:
    async def abuse() -> None:
        async with connect(server.url) as silent:
            goodbye = json.loads(await asyncio.wait_for(silent.recv(), 10))
            assert goodbye["type"] == "closed" and goodbye["reason"] == "idle"
            try:
                await asyncio.wait_for(silent.recv(), 10)
                raise AssertionError("the silent connection stayed open")
            except ConnectionClosed:
                pass
        async with connect(server.url) as rude:
            await rude.send(json.dumps({"type": "join", "table": "ABCDE-FGHJK", "name": "Rude"}))
            refusal = json.loads(await rude.recv())
            assert refusal["type"] == "error" and refusal["code"] == "protocol"
        async with connect(server.url) as future:
            await future.send(json.dumps({"type": "hello", "protocol": 99}))
            assert json.loads(await future.recv())["code"] == "protocol"
        async with connect(server.url) as older:
            await older.send(json.dumps({"type": "hello", "protocol": 1}))
            refusal = json.loads(await older.recv())
            assert refusal["code"] == "protocol" and "update Mexican Train" in refusal["message"]

    asyncio.run(_with_bystander(server, abuse))


def test_the_health_check_answers_on_the_loopback(server: Running) -> None:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/health", timeout=10) as response:
        body = json.loads(response.read())
    assert response.status == 200 and body["status"] == "ok" and body["tables"] == 0


def test_one_address_cannot_fill_the_server_with_tables(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.net.server.limits import LimitSettings

    from .conftest import start_server

    running, embedded = start_server(tmp_path / "server", limits=LimitSettings(open_tables=3))
    try:
        async def flood() -> list[str]:
            answers = []
            for _ in range(5):
                client = await connected(running.url)
                try:
                    answers.append((await client.create("Spam", "classic", 2)).table)
                except ServerRefused as refused:
                    answers.append(refused.code)
                finally:
                    await client.close()
            return answers

        answers = asyncio.run(flood())
        assert answers[3:] == ["too_many_tables"] * 2 and all(len(code) == 11 for code in answers[:3])
    finally:
        embedded.stop()


def _junk(rng) -> Any:  # type: ignore[no-untyped-def]
    """A random JSON value: what a confused or hostile client might send for a field."""
    return rng.choice([None, True, -1, 0, 7, 2**70, 1.5, "", "draw", "play 1-1 on 0", "x" * 300, "\u202e",
                       [], [1, "a"], {}, {"a": [None]}, "person", "open", "easy", "0" * 64, "ABCDE-FGHJK"])


def test_random_requests_at_a_table_only_ever_get_answers(server: Running) -> None:
    """Hundreds of requests of every type with random fields, from a seated person
    mid-match: refusals come back with their codes (none a failure of the
    server), and the person can still play the match to its end."""
    import random

    from game.net.protocol.messages import REQUESTS

    async def scenario() -> None:
        rng = random.Random(27)
        host = await connected(server.url)
        await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await host.start()
        await next_of(host, "update")
        for _ in range(300):
            kind = rng.choice([*REQUESTS, "nope"])
            names = [*REQUESTS.get(kind, {}), "seat", "extra"]
            message = {"type": kind, **{name: _junk(rng) for name in rng.sample(names, k=min(len(names), rng.randint(0, 3)))}}
            if kind in ("leave", "create", "join", "rejoin", "hello"):
                message["type"] = "act"  # stay at the table: what it answers to everything else is the point
            await host.send_raw(json.dumps(message))
        await host.send_raw(json.dumps({"type": "start", "sentinel_zz": 1}))  # answered after all the others
        codes: list[str] = []
        while True:
            message_in = await host.next(timeout=20)
            if message_in.type == "error":
                codes.append(message_in.data["code"])
                if "sentinel_zz" in message_in.data["message"]:
                    break
        assert "server" not in codes and {"schema", "state"} <= set(codes) and len(codes) > 250
        player = Person(host, seed="after")
        end = await player.play_until("match_end")
        assert end.data["winners"]
        await host.close()

    asyncio.run(scenario())
