"""One check for every value: a ``create`` request (as the server handles it),
a table's settings read back from the server's database (``Settings.from_json``), the client library's
decode of a ``table`` message and a save's options accept exactly the same
values. Every option and every setting is walked at each bound and one
beyond (derived from the table of ranges), and every place must agree."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from game.engine import PRESETS
from game.engine.option_ranges import MAX_HAND, OPTION_RANGES, Range
from game.engine.tiles import SET_SIZES
from game.net.client.inbound import decode
from game.net.protocol.messages import SEAT_KINDS, SETTING_RANGES, BadMessage, parse_request
from game.net.protocol.wire import WireError
from game.net.server.rebuild import settings_from_json
from game.net.table.settings import Settings, SettingsError
from game.net.table.table import Table
from game.saves import SaveError
from game.saves.codec import encode_options
from game.saves.validate import check_table

PLAYERS = 2
CONTEXT: dict[str, dict[str, Any]] = {"set_max": {"hand_size": 7}, "hand_size": {"set_max": 18},
                                      "first_engine": {"set_max": 18}}
"""House rules beside the one walked, so that every allowed value seats two players
(a double-6 set cannot deal classic's 15 tiles each; 94 tiles each need the double-18 set)."""
FIXED_CONTEXT: dict[str, dict[str, Any]] = {"set_by_players": {"hand_size": 7}, "deal_table": {"set_max": 18}}
"""The same for the options a table may not change, in a save's rules."""
BASE: dict[str, Any] = {"preset": "classic", "players": PLAYERS, "length": "full", "house_rules": {},
                        "stand_in": "easy", "deal_wait": 30.0, "pace": "live", "turn_clock": 120.0}


def edges(allowed: Range) -> list[tuple[Any, bool]]:
    """Values at each bound of ``allowed`` and one beyond, each with whether it is in range."""
    low, high = allowed.low, allowed.high
    out: list[tuple[Any, bool]] = [(None, allowed.null)]
    if allowed.kind == "whole":
        out += [(int(low), True), (int(high), True), (int(low) - 1, False), (int(high) + 1, False),
                (float(low), False), (True, False)]
    elif allowed.kind == "number":
        out += [(low, True), (high, True), (int(high), True), (math.nextafter(low, -math.inf), False),
                (math.nextafter(high, math.inf), False), (-5, False), (1e300, False), (True, False), ("1", False)]
    elif allowed.kind == "word":
        out += [(word, True) for word in allowed.choices] + [(allowed.choices[0].upper(), False), ("", False),
                                                              (1, False)]
    elif allowed.kind == "flag":
        out += [(True, True), (False, True), (0, False), (1, False), ("true", False)]
    elif allowed.kind == "set":
        out += [(size, True) for size in SET_SIZES] + [(min(SET_SIZES) - 1, False), (max(SET_SIZES) + 1, False),
                                                      (10, False)]
    elif allowed.kind == "sets":
        out += [([min(SET_SIZES)] * 7, True), ([max(SET_SIZES)] * 7, True), ([12] * 6, False), ([12] * 8, False),
                ([12] * 6 + [19], False), (12, False)]
    else:
        every = [[size, [1] * 7] for size in SET_SIZES]
        out += [([[6, [1] * 7]], True), ([[18, [MAX_HAND] * 7]], True), (every, True), ([], False),
                (every + [[6, [1] * 7]], False), ([[6, [0] * 7]], False), ([[6, [MAX_HAND + 1] * 7]], False),
                ([[7, [1] * 7]], False), ([[6, [1] * 6]], False), ([[6]], False)]
    return out


# ----------------------------------------------------------------- the four places

def by_create(settings: dict[str, Any], seats: list[Any] | None = None) -> bool:
    """Whether the server sets up a table for a create request with ``settings`` (as ``_create`` does)."""
    request = {"type": "create", "name": "Ana", **settings, **({"seats": seats} if seats is not None else {})}
    try:
        checked = parse_request(json.dumps(request))
        Table("ABCDE-FGHJK", Settings.from_request(checked), list(checked.get("seats") or ["person", "open"]),
              lambda: 0.0)
    except (BadMessage, SettingsError):
        return False
    return True


def by_storage(settings: dict[str, Any]) -> bool:
    """Whether settings read back from the server's database make a table (``Settings.from_json``)."""
    try:
        settings_from_json(json.loads(json.dumps(settings)))
    except SettingsError:
        return False
    return True


def server_options(settings: dict[str, Any]) -> dict[str, Any]:
    """The options a server sends with ``settings``: the ones they make, or, where
    they make none, the base table's with the walked values written in."""
    try:
        return encode_options(Settings.from_request(settings).options())
    except (SettingsError, TypeError, KeyError, ValueError):
        options = encode_options(Settings.from_request(BASE).options())
        preset_name = settings.get("preset")
        if isinstance(preset_name, str) and preset_name in PRESETS:
            options = encode_options(PRESETS[preset_name])
        written = {k: v for k, v in (settings.get("house_rules") or {}).items() if k in options}
        return {**options, **written, "preset": preset_name}


def by_client(settings: dict[str, Any], options: dict[str, Any] | None = None, kinds: list[Any] | None = None) -> bool:
    """Whether the client library takes a ``table`` message holding ``settings`` and ``options``."""
    players = settings.get("players")
    count = players if type(players) is int and 0 <= players <= 20 else PLAYERS
    seats = [{"name": f"P{i}", "kind": kind, "connected": True, "stand_in": False, "left": False, "thinking": False}
             for i, kind in enumerate(kinds or ["person"] * count)]
    message = {"type": "table", "table": "ABCDE-FGHJK", "state": "lobby", "settings": settings,
               "options": options if options is not None else server_options(settings), "round": 1,
               "seats": seats, "totals": [0] * len(seats)}
    try:
        decode(json.dumps(message), None)
    except WireError:
        return False
    return True


def by_save(preset_name: Any, options: dict[str, Any], players: int = PLAYERS) -> bool:
    """Whether a save with these rules and seats passes the saves' checks."""
    seats = [{"name": f"P{i}", "kind": "human" if i == 0 else "easy"} for i in range(players)]
    doc = json.loads(json.dumps({"preset": preset_name, "options": options, "seats": seats, "seed": 1}))
    try:
        check_table(doc)
    except SaveError:
        return False
    return True


# ------------------------------------------------------------------------ options

HOUSE = [name for name, allowed in OPTION_RANGES.items() if allowed.house_rule]
FIXED = [name for name, allowed in OPTION_RANGES.items() if not allowed.house_rule and name != "preset"]


@pytest.mark.parametrize("name", HOUSE)
def test_every_house_rule_is_accepted_and_refused_alike_everywhere(name: str) -> None:
    for value, in_range in edges(OPTION_RANGES[name]):
        house = {**CONTEXT.get(name, {}), name: value}
        settings = {**BASE, "house_rules": house}
        options = {**server_options({**BASE, "house_rules": CONTEXT.get(name, {})}), name: value}
        verdicts = {"create": by_create(settings), "storage": by_storage(settings), "client": by_client(settings),
                    "save": by_save("classic", options)}
        assert set(verdicts.values()) == {in_range}, f"{name} = {value!r}: {verdicts}"


@pytest.mark.parametrize("name", FIXED)
def test_an_option_a_table_may_not_change_is_refused_by_tables_and_ranged_alike_by_saves_and_clients(
        name: str) -> None:
    base = encode_options(PRESETS["classic"])
    for value, in_range in edges(OPTION_RANGES[name]):
        settings = {**BASE, "house_rules": {name: value}}
        assert not by_create(settings) and not by_storage(settings)
        seats = value if name == "min_players" and in_range else PLAYERS
        saved = by_save("classic", {**base, **FIXED_CONTEXT.get(name, {}), name: value}, seats)
        assert saved == in_range, f"{name} = {value!r}"
        assert by_client(BASE, {**base, name: value}) == (in_range and value == base[name]), f"{name} = {value!r}"


# ----------------------------------------------------------------------- settings

@pytest.mark.parametrize("name", list(SETTING_RANGES))
def test_every_table_setting_is_accepted_and_refused_alike_everywhere(name: str) -> None:
    for value, in_range in edges(SETTING_RANGES[name]):
        if value is None and name in ("preset", "players"):
            continue  # null is no value for a required field: the same as leaving it out, below
        settings = {**BASE, name: value}
        verdicts = {"create": by_create(settings), "storage": by_storage(settings), "client": by_client(settings)}
        if name == "players" and type(value) is int and 0 <= value <= 20:
            verdicts["save"] = by_save("classic", encode_options(PRESETS["classic"]), value)
        if name == "preset":
            verdicts["save"] = by_save(value, server_options(settings))
        assert set(verdicts.values()) == {in_range}, f"{name} = {value!r}: {verdicts}"


@pytest.mark.parametrize("name", ["preset", "players"])
def test_a_required_setting_left_out_is_refused_everywhere(name: str) -> None:
    settings = {k: v for k, v in BASE.items() if k != name}
    assert not by_create(settings) and not by_storage(settings) and not by_client(settings, server_options(BASE))


def test_a_field_no_table_has_is_refused_everywhere() -> None:
    settings = {**BASE, "colour": "red"}
    assert not by_create(settings) and not by_storage(settings) and not by_client(settings, server_options(BASE))


def test_every_seat_kind_is_accepted_and_refused_alike_by_create_and_the_client() -> None:
    for value, in_range in edges(SEAT_KINDS):
        assert by_create(BASE, ["person", value]) == in_range, value
        assert by_client(BASE, kinds=["person", value]) == in_range, value


def test_rules_that_cannot_seat_the_players_are_refused_everywhere() -> None:
    settings = {**BASE, "players": 8, "preset": "tournament"}
    assert not by_create(settings) and not by_storage(settings) and not by_client(settings)
    assert not by_save("tournament", encode_options(PRESETS["tournament"]), 8)


# ------------------------------------------------------- what the hostile tester found

@pytest.mark.parametrize(("change", "where"), [
    ({"house_rules": {"zero_zero_value": 1001}}, "zero_zero_value"),
    ({"turn_clock": 5}, "turn_clock"), ({"deal_wait": 1e300}, "deal_wait"),
])
def test_values_once_let_through_somewhere_are_refused_everywhere_with_the_reason(
        change: dict[str, Any], where: str) -> None:
    settings = {**BASE, **change}
    with pytest.raises(BadMessage, match=where):
        parse_request(json.dumps({"type": "create", "name": "Ana", **settings}))
    with pytest.raises(SettingsError, match=where):
        Settings.from_json(settings)
    with pytest.raises(WireError, match=where):
        decode(json.dumps({"type": "table", "table": "ABCDE-FGHJK", "state": "lobby", "settings": settings,
                           "options": server_options(settings), "round": 1, "seats": [], "totals": []}), None)


def test_a_table_the_server_made_reads_back_as_the_same_settings() -> None:
    made = Settings("hub", 5, "short", {"zero_zero_value": 1000, "knock": "penalty"}, "hard", 3600.0, "any", 30.0)
    assert Settings.from_json(json.loads(json.dumps(made.json()))) == made
    table = Table("ABCDE-FGHJK", made, ["person", "open", "easy", "hard", "open"], lambda: 0.0)
    table.seats[0].take("Ana", 0.0)
    info = decode(json.dumps(table.table_message()), None).table
    assert info is not None and info.options == made.options() and Settings.from_json(info.settings) == made

