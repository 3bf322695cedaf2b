"""Events and seat views as JSON, and back, checked.

The server sends each person their seat's ``SeatView`` and the events as
that seat may see them (``events.for_seat``: another seat's drawn tile face
down). Tiles are written as text (``"12-5"``), actions as the scenario
vocabulary (``"play 12-5 on mexican"``), the Mexican train as ``-1``.
``view_from_json`` and ``event_from_json`` are the client's side: every
value is checked, and anything that does not fit raises ``WireError``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, get_args

from ...engine import TEXT, SeatView, TableSetup, parse_action
from ...engine import events as ev
from ...engine.actions import ActionSyntaxError, action_text
from ...engine.tiles import TileSyntaxError, parse_tile
from ...engine.turn import TurnProgress
from ...memory.files import bad_character

EVENT_TYPES: Final[dict[str, type[Any]]] = {cls.__name__: cls for cls in get_args(ev.Event)}
"""Every engine event class by name."""


class WireError(ValueError):
    """A message from the other side that does not hold what it must."""


# ------------------------------------------------------------------ events

def event_json(event: ev.Event) -> dict[str, Any]:
    """One event (already filtered for its seat) as JSON data."""
    out: dict[str, Any] = {"event": type(event).__name__}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if field.name == "tile":
            value = None if value is None else TEXT[value]
        elif field.name == "hands":
            value = [[TEXT[t] for t in hand] for hand in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


def event_from_json(data: Any, set_max: int) -> ev.Event:
    """An event from JSON data, every field checked."""
    if type(data) is not dict or data.get("event") not in EVENT_TYPES:
        raise WireError("an event must be an object naming a known event")
    cls = EVENT_TYPES[data["event"]]
    names = [f.name for f in dataclasses.fields(cls)]
    if sorted(data) != sorted(["event", *names]):
        raise WireError(f"a {data['event']} event must hold exactly {', '.join(names)}")
    values = {name: _event_field(name, data[name], set_max) for name in names}
    event: ev.Event = cls(**values)
    return event


def _event_field(name: str, value: Any, set_max: int) -> Any:
    """One event field from JSON, by the field's name."""
    if name == "tile":
        return None if value is None else tile(value, set_max)
    if name == "hands":
        return tuple(tuple(tile(t, set_max) for t in hand) for hand in listed(value))
    if name in ("scores", "charges"):
        return tuple(small(v) for v in listed(value))
    if name == "penalty":
        return flag(value)
    if name == "went_out":
        return None if value is None else small(value)
    return small(value)


# ------------------------------------------------------------------ values

def tile(value: Any, set_max: int) -> int:
    """A tile from its text."""
    if type(value) is not str:
        raise WireError("a tile must be text like 12-5")
    try:
        return parse_tile(value, set_max)
    except TileSyntaxError as error:
        raise WireError(str(error)) from None


def small(value: Any, low: int = -1, high: int = 100_000) -> int:
    """A whole number in range."""
    if type(value) is not int or not low <= value <= high:
        raise WireError(f"expected a whole number from {low} to {high}")
    return value


def flag(value: Any) -> bool:
    """true or false."""
    if type(value) is not bool:
        raise WireError("expected true or false")
    return value


def listed(value: Any, length: int | None = None) -> list[Any]:
    """A list (of ``length`` items when given)."""
    if type(value) is not list or (length is not None and len(value) != length) or len(value) > 10_000:
        raise WireError("expected a list" + (f" of {length} entries" if length is not None else ""))
    return value


def tiles(value: Any, set_max: int) -> tuple[int, ...]:
    """A list of tiles."""
    return tuple(tile(t, set_max) for t in listed(value))


# ------------------------------------------------------------------- views

TURN_FIELDS: Final = tuple(f.name for f in dataclasses.fields(TurnProgress))


def view_json(view: SeatView, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat's view as JSON data (its setup is the table's, sent once in
    ``table``); ``public``: ``public_json`` of any seat's view of the same
    moment, made once for every seat."""
    return {
        "seat": view.seat, "hand": [TEXT[t] for t in view.hand],
        "legal": [action_text(action) for action in view.legal],
        **(public if public is not None else public_json(view)),
    }


def public_json(view: SeatView) -> dict[str, Any]:
    """The part of a view every seat shares, as JSON data."""
    turn = view.turn
    return {
        "engine": view.engine, "names": list(view.names), "hand_sizes": list(view.hand_sizes),
        "boneyard_size": view.boneyard_size,
        "trains": [[TEXT[t] for t in train] for train in view.trains],
        "ends": list(view.ends), "public": list(view.public), "open_doubles": list(view.open_doubles),
        "double_owner": [list(pair) for pair in view.double_owner], "suspended": list(view.suspended),
        "opening_done": view.opening_done, "first_turn_done": list(view.first_turn_done),
        "own_started_turn": list(view.own_started_turn), "to_move": view.to_move, "opener": view.opener,
        "turn_number": view.turn_number, "round_over": view.round_over,
        "history": [[kind, seat, sorted(pips)] for kind, seat, pips in view.history],
        "stops": [list(stop) for stop in view.stops],
        "turn": {name: list(turn.start_doubles) if name == "start_doubles" else getattr(turn, name)
                 for name in TURN_FIELDS},
        "totals": list(view.totals),
    }


def view_from_json(data: Any, setup: TableSetup) -> SeatView:
    """A seat's view from JSON data; WireError for anything that does not fit ``setup``."""
    if type(data) is not dict:
        raise WireError("a view must be an object")
    try:
        return _view(data, setup)
    except KeyError as missing:
        raise WireError(f"the view has no field {missing}") from None
    except (TypeError, ActionSyntaxError) as error:
        raise WireError(f"the view does not fit the table: {error}") from None


def _view(d: dict[str, Any], setup: TableSetup) -> SeatView:
    """The checked fields of a view."""
    n, top = setup.players, setup.set_max
    seats = [small(s, 0, n - 1) for s in (d["seat"], d["to_move"], d["opener"])]
    return SeatView(
        seat=seats[0], setup=setup, engine=small(d["engine"], 0, top),
        names=tuple(name(x) for x in listed(d["names"], n)),
        hand=tiles(d["hand"], top), hand_sizes=_ints(d["hand_sizes"], n),
        boneyard_size=small(d["boneyard_size"], 0),
        trains=tuple(tiles(t, top) for t in listed(d["trains"], n + 1)),
        ends=tuple(small(e, -1, top) for e in listed(d["ends"], n + 1)),
        public=_flags(d["public"], n), open_doubles=tuple(small(t, -1, n - 1) for t in listed(d["open_doubles"])),
        double_owner=_pairs(d["double_owner"], n), suspended=_flags(d["suspended"], n),
        opening_done=flag(d["opening_done"]), first_turn_done=_flags(d["first_turn_done"], n),
        own_started_turn=tuple(None if v is None else small(v) for v in listed(d["own_started_turn"], n)),
        to_move=seats[1], opener=seats[2], turn_number=small(d["turn_number"], 0),
        round_over=flag(d["round_over"]), history=tuple(_history(e, n, top) for e in listed(d["history"])),
        stops=_stops(d["stops"], n, top), turn=_turn(d["turn"]),
        legal=tuple(parse_action(_text(a), n, top) for a in listed(d["legal"])),
        totals=_ints(d["totals"], n) if d["totals"] else (),
    )


def _ints(value: Any, players: int) -> tuple[int, ...]:
    """One whole number per seat."""
    return tuple(small(v) for v in listed(value, players))


def _flags(value: Any, players: int) -> tuple[bool, ...]:
    """One true/false per seat."""
    return tuple(flag(v) for v in listed(value, players))


def _pairs(value: Any, players: int) -> tuple[tuple[int, int], ...]:
    """(train, seat) pairs: who laid each uncovered double."""
    return tuple((small(a, -1, players - 1), small(b, 0, players - 1)) for a, b in (listed(p, 2) for p in listed(value)))


def _stops(value: Any, players: int, top: int) -> tuple[tuple[int, int, int], ...]:
    """Where seats ended chain turns: (seat, end pip, history length)."""
    return tuple((small(s, 0, players - 1), small(p, 0, top), small(h, 0)) for s, p, h in
                 (listed(x, 3) for x in listed(value)))


def name(value: Any) -> str:
    """A seat's name: short text fit to draw (no control or direction character)."""
    if type(value) is not str or len(value) > 40 or bad_character(value) is not None:
        raise WireError("a name must be short text without control or direction characters")
    return value


def _text(value: Any) -> str:
    """Short text."""
    if type(value) is not str or len(value) > 60:
        raise WireError("expected short text")
    return value


def _history(entry: Any, players: int, top: int) -> tuple[str, int, frozenset[int]]:
    """One public history entry."""
    kind, seat, pips = listed(entry, 3)
    if kind not in ("draw", "pass", "penalty"):
        raise WireError("a history entry is a draw, a pass or a penalty")
    return kind, small(seat, 0, players - 1), frozenset(small(p, 0, top) for p in listed(pips))


def _turn(data: Any) -> TurnProgress:
    """The turn's progress."""
    names = [f.name for f in dataclasses.fields(TurnProgress)]
    if type(data) is not dict or sorted(data) != sorted(names):
        raise WireError("the turn must hold exactly " + ", ".join(names))
    values = dict(data)
    values["start_doubles"] = tuple(small(t) for t in listed(values["start_doubles"]))
    for name, value in values.items():
        if name != "start_doubles" and type(value) not in (int, bool):
            raise WireError(f"turn.{name} must be a number or true/false")
    return TurnProgress(**values)
