"""The one table of what every rule option may hold, and the check every reader uses.

``OPTION_RANGES`` has one ``Range`` per field of ``RuleOptions``: its kind
(true/false, a whole number, a word, a tile set, ...), its bounds or
choices, whether null is allowed and whether a table may change it as a
house rule. ``options_problem`` checks a whole mapping of options against
it and says in one sentence what is wrong. The engine's ``replace``, a
network table's create request and its settings read back, the client
library's check of a ``table`` message and a save's options all ask it, so
they accept exactly the same values. Whether the values together can seat
a table is ``RuleOptions.setup``'s question, not this one's.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from .tiles import SET_SIZES, tile_count

RoundStart = Literal[
    "draw-in-turn", "all-draw", "designate-largest", "held-out", "held-out-winner", "highest-unused"
]
MultiTileStart = Literal["first-turn", "starting-turn", "none"]
AfterDouble = Literal["cover-or-end", "cover-or-draw", "extra-tile"]
DoubleOrder = Literal["oldest-first", "newest-first"]
GoingOutOnDouble = Literal["ends-round", "must-cover"]
Knock = Literal["none", "courtesy", "penalty"]

PRESET_NAMES: Final = ("classic", "hub", "tournament", "star-ranch", "tap")
"""The presets, in the order the game offers them (``options.PRESETS`` holds each)."""
MAX_HAND: Final = (tile_count(max(SET_SIZES)) - 1) // 2
"""The most tiles any set deals each player: 94, two players from the double-18 set's 190."""
MAX_ROUNDS: Final = 200
"""The most rounds a match may have (a hostile file must not ask for a billion)."""
MAX_ZERO_ZERO: Final = 1000
"""The most points the 0-0 may count."""
PLAYER_COUNTS: Final = 7
"""Entries of a per-player-count list: one for each of 2..8 players."""

Kind = Literal["flag", "whole", "number", "word", "set", "sets", "deal"]


@dataclass(frozen=True)
class Range:
    """What one value may hold: its kind, bounds (``whole``, ``number``) or
    choices (``word``), null too when ``null``; ``house_rule``: a table may change it."""

    kind: Kind
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()
    null: bool = False
    house_rule: bool = True

    def describe(self) -> str:
        """What the value must be, in words ('a whole number from 0 to 1000')."""
        sets = ", ".join(map(str, SET_SIZES))
        words = {
            "flag": "true or false",
            "whole": f"a whole number from {_plain(self.low)} to {_plain(self.high)}",
            "number": f"a number from {_plain(self.low)} to {_plain(self.high)}",
            "word": "one of " + ", ".join(self.choices),
            "set": f"one of {sets}",
            "sets": f"a list of {PLAYER_COUNTS} sets ({sets}), one for each of 2 to 8 players",
            "deal": f"a list of 1 to {len(SET_SIZES)} rows [set, [{PLAYER_COUNTS} whole numbers from 1 to "
                    f"{MAX_HAND}]], each set ({sets}) once",
        }[self.kind]
        return words + (" or null" if self.null else "")

    def fits(self, value: Any) -> bool:
        """Whether ``value`` (JSON data, or the engine's tuples) is allowed."""
        if value is None:
            return self.null
        if self.kind == "flag":
            return type(value) is bool
        if self.kind == "whole":
            return type(value) is int and self.low <= value <= self.high
        if self.kind == "number":
            return type(value) in (int, float) and math.isfinite(value) and self.low <= value <= self.high
        if self.kind == "word":
            return type(value) is str and value in self.choices
        if self.kind == "set":
            return _is_set(value)
        if self.kind == "sets":
            return _sequence(value, PLAYER_COUNTS) and all(_is_set(v) for v in value)
        return _deal_table(value)


def _plain(bound: float) -> str:
    """A bound as a person writes it: 3600, not 3600.0 or 3.6e+03."""
    return str(int(bound)) if bound == int(bound) else str(bound)


def _is_set(value: Any) -> bool:
    """A tile set's highest double."""
    return type(value) is int and value in SET_SIZES


def _sequence(value: Any, length: int | None = None) -> bool:
    """A list or tuple (of ``length`` entries when given)."""
    return type(value) in (list, tuple) and (length is None or len(value) == length)


def _deal_table(value: Any) -> bool:
    """Rows of [set, [tiles dealt for 2..8 players]], each set once."""
    if not _sequence(value) or not 1 <= len(value) <= len(SET_SIZES):
        return False
    if not all(_sequence(row, 2) and _is_set(row[0]) and _sequence(row[1], PLAYER_COUNTS) for row in value):
        return False
    hands = Range("whole", 1, MAX_HAND)
    return len({row[0] for row in value}) == len(value) and all(hands.fits(n) for row in value for n in row[1])


def _choices(literal: Any) -> tuple[str, ...]:
    """The words of a Literal type."""
    return tuple(get_args(literal))


FLAG: Final = Range("flag")
OPTION_RANGES: Final[dict[str, Range]] = {
    "preset": Range("word", choices=PRESET_NAMES, house_rule=False),
    "set_max": Range("set", null=True),
    "set_by_players": Range("sets", house_rule=False),
    "hand_size": Range("whole", 1, MAX_HAND, null=True),
    "deal_table": Range("deal", house_rule=False),
    "min_players": Range("whole", 2, 8, house_rule=False),
    "max_players": Range("whole", 2, 8, house_rule=False),
    "first_engine": Range("whole", 0, max(SET_SIZES), null=True),
    "rounds": Range("whole", 1, MAX_ROUNDS, null=True, house_rule=False),
    "round_start": Range("word", choices=_choices(RoundStart)),
    "zero_zero_value": Range("whole", 0, MAX_ZERO_ZERO),
    "multi_tile_start": Range("word", choices=_choices(MultiTileStart)),
    "own_train_first": FLAG,
    "mexican_after_own_turn": FLAG,
    "start_public_unstarted": FLAG,
    "discretionary_markers": FLAG,
    "may_open_own": FLAG,
    "after_double": Range("word", choices=_choices(AfterDouble)),
    "double_order": Range("word", choices=_choices(DoubleOrder)),
    "going_out_on_double": Range("word", choices=_choices(GoingOutOnDouble)),
    "cover_bonus_play": FLAG,
    "uncovered_double_charge": FLAG,
    "suspension": FLAG,
    "knock": Range("word", choices=_choices(Knock)),
}
"""Every rule option's range, by name, in the order of ``RuleOptions``'s fields."""

NOT_HOUSE_RULES: Final = tuple(name for name, allowed in OPTION_RANGES.items() if not allowed.house_rule)
"""Options a table's house rules may not change (the match length sets ``rounds``)."""


def shown(value: Any) -> str:
    """A value as a message quotes it: JSON, at most 40 characters, ASCII only."""
    text = json.dumps(value, ensure_ascii=True, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


def option_problem(name: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the option ``name``, as a sentence; None when it fits."""
    allowed = OPTION_RANGES.get(name)
    if allowed is None:
        return f"unknown rule option {shown(name)}"
    if allowed.fits(value):
        return None
    return f"rule option '{name}' must be {allowed.describe()}, not {shown(value)}"


def options_problem(values: Mapping[str, Any], every: bool = False, house_rules: bool = False) -> str | None:
    """What is wrong with ``values`` (option names to values), in one sentence,
    or None: an unknown name, a value out of its range; with ``every`` a missing
    option too, with ``house_rules`` an option a table may not change."""
    for name, value in values.items():
        problem = option_problem(name, value)
        if problem is not None:
            return problem
        if house_rules and not OPTION_RANGES[name].house_rule:
            return f"'{name}' is not a house rule a table may change"
    missing = [name for name in OPTION_RANGES if name not in values]
    if every and missing:
        return f"rule option '{missing[0]}' is missing"
    return None


def option_value(name: str, value: Any) -> Any:
    """An allowed value as the engine holds it: the lists of JSON as tuples."""
    kind = OPTION_RANGES[name].kind
    if kind == "sets":
        return tuple(value)
    if kind == "deal":
        return tuple((row[0], tuple(row[1])) for row in value)
    return value
