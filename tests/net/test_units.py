"""The parts of network play that need no socket: codes, the request checks,
views and events as JSON, a table's seat rules."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, preset
from game.engine import events as ev
from game.engine.length import with_length
from game.net.client.inbound import decode
from game.net.protocol.codes import ALPHABET, CODE_CHARS, new_code, normal_code
from game.net.protocol.messages import MAX_BYTES, BadMessage, parse_request
from game.net.protocol.refusals import Refused
from game.net.protocol.wire import WireError, event_from_json, event_json, view_from_json, view_json
from game.net.table.settings import Settings
from game.net.table.table import Table


def test_a_table_code_holds_at_least_40_random_bits_and_reads_leniently() -> None:
    assert CODE_CHARS * math.log2(len(ALPHABET)) >= 40
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    code = next(iter(codes))
    assert normal_code(code.lower().replace("-", " ")) == code
    assert normal_code("0O1IL-ABCDE") == "00111-ABCDE"
    assert normal_code("ABCDE-FGHJ") == "" and normal_code("ABCDE-FGHJU") == ""


@pytest.mark.parametrize(("text", "code"), [
    ("", "bad_json"), ("{", "bad_json"), ('{"a": NaN}', "bad_json"), ("[" * 5000 + "]" * 5000, "bad_json"),
    ('{"type": "list", "seats": ' + "[" * 16 + "]" * 16 + "}", "bad_json"),
    ('{"type": "list", "seats": ' + "[" * 15 + "]" * 15 + "}", "schema"),
    ("null", "schema"), ('{"type": 3}', "schema"), ('{"type": "act"}', "schema"),
    ('{"type": "act", "action": "draw", "seat": 2}', "schema"),
    ('{"type": "contribute", "round": 1, "contribution": "ABC"}', "schema"),
    ('{"type": "create", "name": "A", "preset": "classic", "players": 9}', "schema"),
    ('{"type": "create", "name": "A", "preset": "classic", "players": 2, "turn_clock": 10}', "schema"),
    ('{"type": "create", "name": "A", "preset": "classic", "players": 2, "house_rules": {"x": [1]}}', "schema"),
    ('{"type": "join", "table": "K", "name": "   "}', "schema"),
    ('{"type": "join", "table": "K", "name": "a\\u0007"}', "schema"),
])
def test_a_bad_request_is_refused_with_its_code(text: str, code: str) -> None:
    with pytest.raises(BadMessage) as refused:
        parse_request(text)
    assert refused.value.code == code and refused.value.message


def test_an_oversized_request_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(BadMessage) as refused:
        parse_request(json.dumps({"type": "join", "table": "K", "name": "x" * MAX_BYTES}))
    assert refused.value.code == "too_large"


@pytest.mark.parametrize("char", ["\u00e9", "\u20ac", "\U0001f600"])
def test_the_size_limit_counts_the_bytes_of_a_message_not_its_characters(char: str) -> None:
    """Fewer characters than the limit, more bytes (2, 3 or 4 to a character): refused."""
    count = MAX_BYTES // len(char.encode()) + 10
    text = json.dumps({"type": "join", "table": "K", "name": char * count}, ensure_ascii=False)
    assert len(text) < MAX_BYTES < len(text.encode())
    with pytest.raises(BadMessage) as refused:
        parse_request(text)
    assert refused.value.code == "too_large"
    with pytest.raises(WireError, match="too large"):
        decode(json.dumps({"type": "left", "note": char * (16 * count)}, ensure_ascii=False), None)


def test_a_message_of_exactly_the_limit_in_bytes_is_read() -> None:
    head = '{"type": "act", "action": "draw", "x": "'
    text = head + "\u20ac" * ((MAX_BYTES - len(head) - 2) // 3) + '"}'
    text += " " * (MAX_BYTES - len(text.encode()))
    assert len(text.encode()) == MAX_BYTES
    with pytest.raises(BadMessage) as refused:
        parse_request(text)
    assert refused.value.code == "schema"  # read, then refused for its unknown field, not for its size


def test_a_good_request_comes_back_checked() -> None:
    request = parse_request('{"type": "create", "name": "Ana", "preset": "hub", "players": 3, "turn_clock": 45}')
    assert request == {"type": "create", "name": "Ana", "preset": "hub", "players": 3, "turn_clock": 45.0}


@given(st.text(max_size=200) | st.binary(max_size=200))
@settings(max_examples=300, deadline=None)
def test_no_text_makes_the_request_check_fail_other_than_by_refusing(data: str | bytes) -> None:
    try:
        parse_request(data)
    except BadMessage as refused:
        assert refused.code in ("bad_json", "schema", "too_large")


def _match_in_play() -> Match:
    """A classic blitz match some moves into round 1."""
    match = Match(with_length(preset("classic"), 3, "blitz"), 3, 5)
    match.start_next_round()
    for _ in range(9):
        match.apply(match.legal_actions()[0])
    return match


def test_a_view_and_its_events_survive_the_wire_unchanged() -> None:
    match = _match_in_play()
    for seat in range(3):
        view = match.view(seat)
        assert view_from_json(json.loads(json.dumps(view_json(view))), match.setup) == view
    for event in (ev.TileDrawn(1, None, True), ev.TilePlayed(0, 12, -1, 4, 2), ev.RoundEnded(((1, 2), ()), (3, 0), 1, (0, 0))):
        assert event_from_json(json.loads(json.dumps(event_json(event))), 12) == event


def test_a_view_that_does_not_fit_the_table_is_refused() -> None:
    match = _match_in_play()
    data = view_json(match.view(0))
    for change in ({"hand": ["13-2"]}, {"names": ["A", "B\u202e", "C"]}, {"to_move": 7}, {"legal": ["fly"]},
                   {"turn": {}}, {"hand_sizes": [1, 2]}):
        with pytest.raises(WireError):
            view_from_json({**data, **change}, match.setup)
    with pytest.raises(WireError):
        event_from_json({"event": "TileDrawn", "seat": 1, "tile": "1-1"}, 12)


def test_only_the_host_sets_seats_and_starts_and_a_full_table_refuses_a_joiner() -> None:
    table = Table("ABCDE-FGHJK", Settings("classic", 2), ["person", "open"], lambda: 0.0)
    table.seats[0].take("Ana", 0.0)
    seat, token, _ = table.join("Ben", None)
    assert seat == 1 and table.seat_of(token) == 1
    for refused_call in (lambda: table.join("Cy", None), lambda: table.start(1), lambda: table.set_seat(1, 0, "easy")):
        with pytest.raises(Refused):
            refused_call()
    with pytest.raises(Refused) as bad:
        table.seat_of("0" * 32)
    assert bad.value.code == "bad_token"


def test_a_table_plays_the_house_rules_and_length_it_was_set_up_with() -> None:
    settings = Settings("classic", 4, "short", {"zero_zero_value": 0, "knock": "penalty"})
    options = settings.options()
    assert options.zero_zero_value == 0 and options.knock == "penalty"
    assert options.setup(4).rounds < preset("classic").setup(4).rounds


@pytest.mark.parametrize("house", [{"rounds": 2}, {"no_such_rule": 1}, {"knock": "loudly"}, {"set_max": 7}])
def test_house_rules_a_table_may_not_have_are_refused_with_the_reason(house: dict) -> None:  # type: ignore[type-arg]
    from game.net.table.settings import SettingsError

    with pytest.raises(SettingsError) as refused:
        Settings("classic", 4, "full", house).options()
    assert str(refused.value)


def test_computers_wait_while_no_person_is_connected() -> None:
    table = Table("ABCDE-FGHJK", Settings("classic", 2, "blitz", deal_wait=0), ["person", "easy"], lambda: 0.0)
    table.seats[0].take("Ana", 0.0)
    table.start(0)
    table.tick()  # the deal's wait is over: it is dealt
    assert table.session is not None and table.state == "playing"
    match = table.session.match
    while match.current_player() != 1:
        table.act(0, str(match.legal_actions()[0]), None)
    assert table.computer_turn() is not None
    table.drop(0)
    assert table.computer_turn() is None
    table.rejoin(0)
    assert table.computer_turn() == (1, "easy", table.version)


def test_thinking_takes_addresses_in_turn_then_each_addresss_tables_in_turn() -> None:
    import asyncio

    from game.net.server.thinking import FairQueue, Job

    async def order() -> list[str]:
        queue = FairQueue()
        loop = asyncio.get_running_loop()
        for address, table, label in [("busy", "t1", "b1"), ("busy", "t1", "b1'"), ("busy", "t2", "b2"),
                                      ("busy", "t3", "b3"), ("other", "t9", "o9")]:
            queue.push(address, table, Job(label, "", None, loop.create_future()))  # type: ignore[arg-type]
        taken = []
        while (job := queue.pop()) is not None:
            taken.append(job.kind)
        return taken

    assert asyncio.run(order()) == ["b1", "o9", "b2", "b3", "b1'"]


def test_two_processes_never_send_a_new_table_to_each_other_in_turn() -> None:
    """Each process counts every process, itself too, from the same heartbeats: whatever each holds
    in memory since (a burst of new tables), the one they agree is less loaded keeps the table."""
    from types import SimpleNamespace

    from game.net.server.cluster import SPARE, Cluster
    from game.net.store.records import Process

    beats = [Process("a", "ws://a/", 30, 0), Process("b", "ws://b/", 10, 0)]

    def process(me: str, in_memory: int) -> Cluster:
        server = SimpleNamespace(store=SimpleNamespace(holder=me))
        cluster = Cluster(server, [None] * in_memory)  # type: ignore[arg-type]
        cluster.processes = beats
        return cluster

    a, b = process("a", 5), process("b", 40)  # both took many tables since their last heartbeat
    elsewhere_a, elsewhere_b = a.least_loaded(), b.least_loaded()
    assert elsewhere_a is not None and elsewhere_a.id == "b", "a sends the table to the less loaded b"
    assert elsewhere_b is None, "b keeps what a sends it"
    even = [Process("a", "ws://a/", 10 + SPARE, 0), Process("b", "ws://b/", 10, 0)]
    a.processes = b.processes = even
    assert a.least_loaded() is None and b.least_loaded() is None, "within the spare, each keeps its own"
