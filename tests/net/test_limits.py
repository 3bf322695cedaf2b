"""The per-network limits: counted before any work, exact however many connections try at once,
kept while the database's counts are read, bounded in memory without ever forgetting a count early."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

from game.net.client.client import Client
from game.net.client.replies import ServerRefused
from game.net.protocol.codes import new_code
from game.net.server.limits import BUSY, AddressLimits, LimitSettings, network
from game.net.store.records import AddressCounts

from .conftest import connected, start_server

NOW = 1_800_000_000.0
AT = "10.0.0.9"
NOTHING = AddressCounts({}, {}, {})


def _wrong_try(limits: AddressLimits, address: str, now: float = NOW) -> bool:
    """One try of a code that turns out wrong: whether it was answered (not rate_limited)."""
    if limits.reserve(address, now) is not None:
        return False
    return limits.settle(address, now, 1)[0]


def test_what_is_counted_while_the_stored_counts_are_read_counts_on_top_of_them() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=3, open_tables=1))
    limits.reading()
    assert all(_wrong_try(limits, AT) for _ in range(3))
    limits.created(AT, NOW)
    limits.load(NOTHING)  # read before those were stored
    assert limits.wrong_blocked(AT, NOW + 1)
    refusal = limits.refusal(AT, NOW + 1)
    assert refusal is not None and refusal[0] == "too_many_tables"
    limits.load(AddressCounts({AT: [NOW] * 3}, {AT: [NOW]}, {AT: 1}))  # the next read has them stored
    assert limits.open_tables(AT) == 1 and limits.wrong_blocked(AT, NOW + 1), "counted once, not again"


def test_a_read_that_failed_leaves_the_counts_and_keeps_nothing_for_later() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=2))
    assert _wrong_try(limits, AT)
    limits.reading()
    assert _wrong_try(limits, AT)
    limits.read_failed()
    assert limits.wrong_blocked(AT, NOW + 1)
    limits.load(NOTHING)  # a later read (a sweep's), with nothing counted during it
    assert not limits.wrong_blocked(AT, NOW + 1)


def test_tries_in_flight_count_before_their_answer_so_parallel_tries_get_no_more() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=10))
    started = [limits.reserve(AT, NOW) is None for _ in range(50)]  # fifty lookups begin before any ends
    assert started.count(True) == 10
    answers = [limits.settle(AT, NOW, 1)[0] for _ in range(10)]
    assert answers == [True] * 10 and limits.wrong_blocked(AT, NOW)
    assert not limits.wrong_blocked(AT, NOW + 60), "a wrong try counts for a minute"


def test_a_right_code_gives_its_try_back() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=2))
    for _ in range(5):
        assert limits.reserve(AT, NOW) is None
        assert limits.settle(AT, NOW, 0) == (True, [])
    assert not limits.wrong_blocked(AT, NOW)


def test_a_list_holding_more_unknown_seats_than_tries_left_is_refused_and_uses_them_up() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=10))
    assert all(_wrong_try(limits, AT) for _ in range(3))
    assert limits.reserve(AT, NOW) is None
    answered, events = limits.settle(AT, NOW, 50)
    assert not answered and len(events) == 7, "the seven tries left are counted, nothing is answered"
    assert limits.wrong_blocked(AT, NOW)
    assert limits.reserve(AT, NOW) is not None, "refused before any work now"


def test_an_ipv6_network_counts_as_one_and_an_ipv4_address_as_itself() -> None:
    assert network("2001:db8:1:2:aaaa::1") == network("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert network("2001:db8:1:3::1") != network("2001:db8:1:2::1")
    assert network("::ffff:10.0.0.9") == "10.0.0.9" and network("10.0.0.8") != network("10.0.0.9")
    assert network("2001:db8:1:2::/64") == "2001:db8:1:2::/64", "a stored network reads as itself"
    limits = AddressLimits(LimitSettings(wrong_codes=3))
    answered = [_wrong_try(limits, f"2001:db8:1:2::{n:x}") for n in range(10)]
    assert answered == [True] * 3 + [False] * 7, "another address of the same /64 is the same network"
    assert _wrong_try(limits, "2001:db8:1:3::1")


def test_a_flood_of_networks_never_clears_a_count_it_only_waits_for_room() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=2), most=100)
    assert _wrong_try(limits, AT) and _wrong_try(limits, AT)
    flood = [_wrong_try(limits, f"2001:db8:{n:x}::1") for n in range(1000)]
    assert flood.count(True) == 99, "the table of networks fills, then new ones wait"
    assert limits.reserve("2001:db8:ffff::1", NOW) == BUSY
    assert limits.wrong_blocked(AT, NOW + 1), "the flood did not clear the address's count"
    assert limits.reserve("2001:db8:ffff::1", NOW + 61) is None, "an expired network makes room"


def test_a_creation_counts_before_its_table_is_made_and_is_given_back_if_it_is_not() -> None:
    limits = AddressLimits(LimitSettings(open_tables=1, tables_per_hour=1))
    assert limits.refusal(AT, NOW) is None
    limits.created(AT, NOW)
    refusal = limits.refusal(AT, NOW)
    assert refusal is not None and refusal[0] == "too_many_tables"
    limits.uncreated(AT, NOW)
    assert limits.refusal(AT, NOW) is None and limits.open_tables(AT) == 0


# ----------------------------------------------------------------- through a server, many connections at once

async def _at_once(url: str, count: int, work: str) -> list[str]:
    """``count`` connections each send one request at the same moment; each one's answer (a code or 'ok')."""
    clients: list[Client] = await asyncio.gather(*(connected(url) for _ in range(count)))

    async def one(client: Client) -> str:
        try:
            if work == "join":
                await client.join(new_code(), "Eve")
            elif work == "create":
                await client.create("Spam", "classic", 2)
            else:
                await client.list_tables([(new_code(), secrets.token_hex(16)) for _ in range(50)])
        except ServerRefused as refused:
            return refused.code
        return "ok"
    try:
        return list(await asyncio.gather(*(one(client) for client in clients)))
    finally:
        await asyncio.gather(*(client.close() for client in clients))


def test_fifty_connections_at_once_get_exactly_the_limit_of_wrong_codes_answered(tmp_path: Path) -> None:
    running, embedded = start_server(tmp_path / "server")
    try:
        answers = asyncio.run(_at_once(running.url, 50, "join"))
        assert sorted(answers) == ["bad_code"] * 10 + ["rate_limited"] * 40
        assert asyncio.run(_at_once(running.url, 5, "list")) == ["rate_limited"] * 5
    finally:
        embedded.stop()


def test_a_list_of_fifty_unknown_seats_is_refused_and_counts_the_tries_left(tmp_path: Path) -> None:
    running, embedded = start_server(tmp_path / "server")
    try:
        assert asyncio.run(_at_once(running.url, 1, "list")) == ["rate_limited"]
        assert asyncio.run(_at_once(running.url, 3, "join")) == ["rate_limited"] * 3
    finally:
        embedded.stop()


def test_creations_at_once_are_counted_before_any_is_made(tmp_path: Path) -> None:
    running, embedded = start_server(tmp_path / "server", limits=LimitSettings(open_tables=3))
    try:
        answers = asyncio.run(_at_once(running.url, 12, "create"))
        assert sorted(answers) == ["ok"] * 3 + ["too_many_tables"] * 9
    finally:
        embedded.stop()
