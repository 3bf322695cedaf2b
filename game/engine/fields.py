"""The fields of a round, named once.

``ROUND_FIELDS`` lists every attribute of ``RoundState`` with how it is copied
and whether a seat may see it. ``RoundState`` takes its ``__slots__``, its
blank state and ``copy`` from this list; ``seat_view`` copies out the fields
marked public and ``determinize`` copies them back; the save codec declares
its own name for every saved field, and a test holds it to this list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from .turn import TurnProgress


class Kind(Enum):
    """How a field's value is duplicated by ``copy`` (and frozen for a view)."""

    VALUE = "value"
    """Immutable (int, bool, tuple, None, a frozen record): shared."""
    LIST = "list"
    """A list of immutable values: copied with ``[:]``; a view holds a tuple."""
    NESTED = "nested"
    """A list of lists of immutable values; a view holds a tuple of tuples."""
    MAPPING = "mapping"
    """A dict of immutable keys and values; a view holds sorted (key, value) pairs."""
    TURN = "turn"
    """The turn's progress record: copied with its ``copy``."""
    SCORES = "scores"
    """A list of ints, or None before the round ends."""
    EVENTS = "events"
    """The event record: never copied (a copy records anew or not at all)."""
    CACHE = "cache"
    """A cache of derived data: shared, since whatever replaces it is new."""


@dataclass(frozen=True, slots=True)
class RoundField:
    """One attribute of ``RoundState``."""

    name: str
    kind: Kind
    public: bool
    """Whether every seat sees it: ``SeatView`` carries it under the same name."""
    initial: Callable[[int], Any] | None
    """Its value in a blank round, from the player count (None: set by the builder)."""


def _seats(value: Any) -> Callable[[int], list[Any]]:
    """One ``value`` per seat."""
    return lambda n: [value] * n


ROUND_FIELDS: Final = (
    RoundField("setup", Kind.VALUE, True, None),
    RoundField("options", Kind.VALUE, False, None),
    RoundField("players", Kind.VALUE, False, None),
    RoundField("engine", Kind.VALUE, True, None),
    RoundField("names", Kind.VALUE, True, None),
    RoundField("hands", Kind.NESTED, False, lambda n: [[] for _ in range(n)]),
    RoundField("boneyard", Kind.LIST, False, lambda n: []),
    RoundField("trains", Kind.NESTED, True, lambda n: [[] for _ in range(n + 1)]),
    RoundField("ends", Kind.LIST, True, None),
    RoundField("public", Kind.LIST, True, _seats(False)),
    RoundField("open_doubles", Kind.LIST, True, lambda n: []),
    RoundField("double_owner", Kind.MAPPING, True, lambda n: {}),
    RoundField("suspended", Kind.LIST, True, _seats(False)),
    RoundField("opening_done", Kind.VALUE, True, None),
    RoundField("first_turn_done", Kind.LIST, True, None),
    RoundField("own_started_turn", Kind.LIST, True, _seats(None)),
    RoundField("to_move", Kind.VALUE, True, lambda n: 0),
    RoundField("opener", Kind.VALUE, True, lambda n: 0),
    RoundField("turn_number", Kind.VALUE, True, lambda n: 0),
    RoundField("round_over", Kind.VALUE, True, lambda n: False),
    RoundField("went_out", Kind.VALUE, False, lambda n: None),
    RoundField("scores", Kind.SCORES, False, lambda n: None),
    RoundField("charges", Kind.LIST, False, _seats(0)),
    RoundField("events", Kind.EVENTS, False, None),
    RoundField("history", Kind.LIST, True, lambda n: []),
    RoundField("stops", Kind.VALUE, True, lambda n: ()),
    RoundField("turn", Kind.TURN, True, lambda n: TurnProgress()),
    RoundField("_legal", Kind.CACHE, False, lambda n: None),
)
"""Every attribute of a round, in one place."""

FIELD_NAMES: Final = tuple(f.name for f in ROUND_FIELDS)
PUBLIC_FIELDS: Final = tuple(f for f in ROUND_FIELDS if f.public)


def copy_value(kind: Kind, value: Any) -> Any:
    """An independent copy of a field's value (events and caches excepted)."""
    if kind is Kind.LIST:
        return value[:]
    if kind is Kind.NESTED:
        return [part[:] for part in value]
    if kind is Kind.MAPPING:
        return dict(value)
    if kind is Kind.TURN:
        return value.copy()
    if kind is Kind.SCORES:
        return None if value is None else value[:]
    return value


def freeze(kind: Kind, value: Any) -> Any:
    """A field's value as a seat view holds it: immutable, sharing nothing."""
    if kind is Kind.LIST:
        return tuple(value)
    if kind is Kind.NESTED:
        return tuple(tuple(part) for part in value)
    if kind is Kind.MAPPING:
        return tuple(sorted(value.items()))
    if kind is Kind.TURN:
        return value.copy()
    if kind is Kind.SCORES:
        return None if value is None else tuple(value)
    return value


def thaw(kind: Kind, value: Any) -> Any:
    """A view's frozen value back as the round holds it."""
    if kind is Kind.LIST:
        return list(value)
    if kind is Kind.NESTED:
        return [list(part) for part in value]
    if kind is Kind.MAPPING:
        return dict(value)
    if kind is Kind.TURN:
        return value.copy()
    return value


def snapshot(state: Any) -> tuple[Any, ...]:
    """Every field of a round as an immutable value (events and caches left
    out): two rounds in the same position give equal snapshots."""
    return tuple(
        freeze(f.kind, getattr(state, f.name))
        for f in ROUND_FIELDS
        if f.kind not in (Kind.EVENTS, Kind.CACHE)
    )
