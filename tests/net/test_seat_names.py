"""Every name at a network table shows something, and no two seats share a name
(after the same normalization, case folding and width folding)."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.client.replies import ServerRefused
from game.net.protocol.messages import BadMessage, parse_request
from game.net.protocol.refusals import Refused
from game.net.table.settings import Settings
from game.net.table.table import Table

from .conftest import Running, connected, next_of

INVISIBLE = {"zero-width space": "\u200b", "byte-order mark": "\ufeff",
             "tags": "".join(chr(0xE0000 + i) for i in (0x01, 0x41, 0x6E, 0x61, 0x7F)),
             "hangul filler": "\u3164", "braille blank": "\u2800"}


def _join(name: str) -> dict[str, object]:
    """A checked join request with ``name``."""
    return parse_request(json.dumps({"type": "join", "table": "ABCDE-FGHJK", "name": name}))


@pytest.mark.parametrize("name", list(INVISIBLE.values()), ids=list(INVISIBLE))
def test_a_name_with_nothing_to_see_is_refused_by_create_and_join(name: str) -> None:
    for request in ({"type": "join", "table": "ABCDE-FGHJK", "name": name},
                    {"type": "create", "name": name, "preset": "classic", "players": 2}):
        with pytest.raises(BadMessage) as refused:
            parse_request(json.dumps(request))
        assert refused.value.code == "schema" and "'name'" in refused.value.message


@pytest.mark.parametrize(("typed", "seated"), [
    ("Ana\u200d", "Ana"), (" \ufeffBen ", "Ben"), ("\U0001f600 Cy", "\U0001f600 Cy"), ("\u674e", "\u674e"),
])
def test_the_server_seats_a_person_under_the_normalized_name(typed: str, seated: str) -> None:
    assert _join(typed)["name"] == seated


def _lobby() -> Table:
    """A lobby with Ana as host, an Easy computer in seat 1 ("Easy 2") and two open seats."""
    table = Table("ABCDE-FGHJK", Settings("classic", 4), ["person", "easy", "open", "open"], lambda: 0.0)
    table.seats[0].take("Ana", 0.0)
    return table


@pytest.mark.parametrize("name", ["Ana\u200d", "ANA", "\uff41\uff4e\uff41", "ana", "easy 2", "EASY\u00a02"])
def test_a_name_another_seat_has_is_refused(name: str) -> None:
    table = _lobby()
    with pytest.raises(Refused) as refused:
        table.join(str(_join(name)["name"]), None)
    assert refused.value.code == "name_taken"
    assert refused.value.message == "another seat at this table is called that"
    assert [seat.kind for seat in table.seats] == ["person", "easy", "open", "open"]


def test_a_name_taken_by_a_joiner_is_refused_to_the_next_and_freed_when_they_leave() -> None:
    table = _lobby()
    seat, _, _ = table.join("Ben", None)
    with pytest.raises(Refused):
        table.join("BEN", None)
    table.leave(seat)
    assert table.join("BEN", None)[0] == seat


def test_a_joiner_in_another_script_or_with_an_emoji_takes_a_seat() -> None:
    table = _lobby()
    assert table.join("\u674e", None)[0] == 2
    assert table.join("Ana \U0001f3b2", None)[0] == 3


def test_a_person_named_like_the_host_hears_why_from_a_real_server(server: Running) -> None:
    async def play() -> None:
        host = await connected(server.url)
        joined = await host.create("Ana", "classic", 3)
        code = joined.table
        guest = await connected(server.url)
        with pytest.raises(ServerRefused) as refused:
            await guest.join(code, "\uff21\uff4e\uff41\u200d")
        assert refused.value.code == "name_taken"
        with pytest.raises(ServerRefused) as invisible:
            await guest.join(code, "\u200b\u3164")
        assert invisible.value.code == "schema"
        with pytest.raises(ServerRefused) as too_many_points:
            await guest.create("Ben", "classic", 2, house_rules={"zero_zero_value": 1001})
        assert too_many_points.value.code == "schema" and "zero_zero_value" in too_many_points.value.message
        assert (await guest.join(code, "Ben\u200d")).seat == 1
        seated = (await next_of(guest, "table")).table
        assert seated is not None and [s.name for s in seated.seats][:2] == ["Ana", "Ben"]
        await guest.close()
        await host.close()

    asyncio.run(play())


def test_no_computer_seat_and_no_host_share_a_name_with_a_person() -> None:
    clock = lambda: 0.0  # noqa: E731 - a fixed time is all these seats need
    table = Table("AAAAA-BBBBB", Settings("classic", 3), ["person", "open", "easy"], clock)
    with pytest.raises(Refused) as refused:
        table.open("easy 3", "10.0.0.1")
    assert refused.value.code == "name_taken"
    table.open("Medium 2", "10.0.0.1")
    table.set_seat(0, 1, "medium")
    table.start(0)
    names = [seat.name for seat in table.seats]
    assert names == ["Medium 2", "Medium 2 (computer)", "Easy 3"]
