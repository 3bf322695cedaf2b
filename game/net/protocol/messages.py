"""The messages a client may send, and the one check every one passes first.

``parse_request`` turns the text of one WebSocket message into a checked
``dict``: at most ``MAX_BYTES`` bytes of UTF-8 JSON (no key twice, no NaN,
no nesting deeper than ``MAX_DEPTH``), an object whose ``type`` is one of ``REQUESTS``, holding
exactly the fields that type allows, each of the right type and in range
(a table's settings by ``SETTING_RANGES`` below, its house rules by
``engine.option_ranges``: the tables every other reader checks against too),
every text clean (no control or direction characters), every name a name
(``memory.names``: normalized, something visible in it). Anything else raises
``BadMessage`` with an error code and a sentence for the person; nothing a
client sends reaches the server's logic before passing here.
``docs/protocol.md`` lists every message with an example.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...ai import LEVELS
from ...engine.fairdeal import CONTRIBUTION_HEX, is_hex
from ...engine.length import LENGTHS
from ...engine.option_ranges import PRESET_NAMES, Range, options_problem, shown
from ...memory.files import FileProblem, bad_character, parse_json
from ...memory.names import seat_name

PROTOCOL: Final = 2
"""The protocol version a hello names; a server answers another with ``protocol``."""
MAX_BYTES: Final = 64 * 1024
"""The largest message either side accepts (bytes)."""
MAX_DEPTH: Final = 16
"""The deepest lists and objects may nest in a message either side accepts (and in a stored row)."""
MAX_NAME: Final = 24
"""The longest seat name (characters)."""
OPEN: Final = "open"
"""A seat kind in ``create`` and ``seat``: waiting for a person to join."""
COMPUTER_KINDS: Final = (*LEVELS, "random")
"""The computer levels a seat or the stand-in may be."""
MAX_WAIT: Final = 3600.0
"""The longest deal wait (seconds)."""
MAX_LISTED: Final = 50
"""The most seats one list request may ask about."""
MAX_HOUSE_RULES: Final = 40
"""The most house rules one table may list (more than there are options)."""
LIVE: Final = "live"
"""The pace of a table whose turns are timed (``turn_clock``; the rules are ``table.pace``)."""
ANY_PACE: Final = "any"
"""The pace of a table played at any pace: no clock, the computers play on."""
PACES: Final = (LIVE, ANY_PACE)
DEFAULT_TURN_CLOCK: Final = 120.0
"""Seconds a person's turn may take at a live table, by default."""
SHORTEST_CLOCK: Final = 30.0
LONGEST_CLOCK: Final = 600.0

SETTING_RANGES: Final[dict[str, Range]] = {
    "preset": Range("word", choices=PRESET_NAMES),
    "players": Range("whole", 2, 8),
    "length": Range("word", choices=LENGTHS),
    "stand_in": Range("word", choices=COMPUTER_KINDS),
    "pace": Range("word", choices=PACES),
    "turn_clock": Range("number", SHORTEST_CLOCK, LONGEST_CLOCK),
    "deal_wait": Range("number", 0, MAX_WAIT),
}
"""The one table of what a network table's settings may hold, but for ``house_rules``
(``house_rules_problem``: ``engine.option_ranges``). ``create`` and ``Settings.from_json`` use it."""
SEAT_KINDS: Final = Range("word", choices=("person", OPEN, *COMPUTER_KINDS))
"""What a seat may be at the start: a person's, open, or a computer level."""
HOST_SEAT_KINDS: Final = Range("word", choices=(OPEN, *COMPUTER_KINDS))
"""What the host may make a seat before the start: open or a computer level."""
REQUIRED_SETTINGS: Final = ("preset", "players")
"""Settings a create request must name; the others have defaults."""


def house_rules_problem(value: Any) -> str | None:
    """What is wrong with a table's house rules, as a sentence, or None."""
    if type(value) is not dict or len(value) > MAX_HOUSE_RULES:
        return f"'house_rules' must be an object of at most {MAX_HOUSE_RULES} rule options"
    return options_problem(value, house_rules=True)


def setting_problem(name: str, value: Any) -> str | None:
    """What is wrong with one setting's value, as a sentence, or None."""
    if name == "house_rules":
        return house_rules_problem(value)
    allowed = SETTING_RANGES.get(name)
    if allowed is None:
        return f"there is no setting {shown(name)}"
    if not allowed.fits(value):
        return f"'{name}' must be {allowed.describe()}, not {shown(value)}"
    return None


class BadMessage(Exception):
    """A message refused; ``code`` names the kind of problem (see docs/protocol.md)."""

    def __init__(self, code: str, message: str, about: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.about = about


Check = Callable[[Any, str], Any]
"""Checks one field's value (named by the second argument) and returns it, or raises BadMessage."""


def _wrong(where: str, what: str) -> BadMessage:
    """The schema error for a field."""
    return BadMessage("schema", f"'{where}' must be {what}")


def text(longest: int, empty: bool = False) -> Check:
    """Clean text of 1..``longest`` characters (0 with ``empty``)."""
    def check(value: Any, where: str) -> str:
        if type(value) is not str or len(value) > longest or (not value.strip() and not empty):
            raise _wrong(where, f"text of {0 if empty else 1} to {longest} characters")
        if bad_character(value) is not None:
            raise _wrong(where, "text without control or direction characters")
        return value
    return check


def person_name(longest: int) -> Check:
    """A seat's name (``memory.names.seat_name``: normalized, with something
    visible in it) of 1..``longest`` characters; returns the normalized name."""
    def check(value: Any, where: str) -> str:
        if type(value) is not str or len(value) > longest:
            raise _wrong(where, f"a name of 1 to {longest} characters")
        if bad_character(value) is not None:
            raise _wrong(where, "text without control or direction characters")
        named = seat_name(value)
        if named is None or len(named) > longest:
            raise _wrong(where, f"a name of 1 to {longest} characters with a letter, digit, punctuation mark "
                                "or symbol in it")
        return named
    return check


def ranged(allowed: Range) -> Check:
    """A value in the range ``allowed`` (a whole ``number`` comes back as a float)."""
    def check(value: Any, where: str) -> Any:
        if not allowed.fits(value):
            raise _wrong(where, allowed.describe())
        return float(value) if allowed.kind == "number" else value
    return check


def whole(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high``."""
    def check(value: Any, where: str) -> int:
        if type(value) is not int or not low <= value <= high:
            raise _wrong(where, f"a whole number from {low} to {high}")
        return value
    return check


def number(low: float, high: float) -> Check:
    """A number (whole or not) from ``low`` to ``high``."""
    def check(value: Any, where: str) -> float:
        if type(value) not in (int, float) or not low <= value <= high:
            raise _wrong(where, f"a number from {low:g} to {high:g}")
        return float(value)
    return check


def one_of(choices: tuple[str, ...]) -> Check:
    """One of the words ``choices``."""
    def check(value: Any, where: str) -> str:
        if type(value) is not str or value not in choices:
            raise _wrong(where, "one of " + ", ".join(choices))
        return value
    return check


def hex_digits(length: int) -> Check:
    """Exactly ``length`` lowercase hexadecimal digits."""
    def check(value: Any, where: str) -> str:
        if type(value) is not str or not is_hex(value, length):
            raise _wrong(where, f"{length} lowercase hexadecimal digits")
        return value
    return check


def list_of(item: Check, shortest: int, longest: int) -> Check:
    """A list of ``shortest``..``longest`` items, each passing ``item``."""
    def check(value: Any, where: str) -> list[Any]:
        if type(value) is not list or not shortest <= len(value) <= longest:
            raise _wrong(where, f"a list of {shortest} to {longest} entries")
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return check


def house_rules(value: Any, where: str) -> dict[str, Any]:
    """Rule options changed from the preset: each a house rule, in its range
    (``engine.option_ranges``; whether they seat the table is checked when it is set up)."""
    problem = house_rules_problem(value)
    if problem is not None:
        raise BadMessage("schema", f"'{where}': {problem}")
    return dict(value)


def listed_seat(value: Any, where: str) -> dict[str, str]:
    """One seat a list request asks about: its table's code and its token."""
    if type(value) is not dict or set(value) != {"table", "token"}:
        raise _wrong(where, "an object of 'table' and 'token'")
    return {"table": TABLE_CODE(value["table"], f"{where}.table"), "token": TOKEN(value["token"], f"{where}.token")}


SEAT_KIND: Final = ranged(HOST_SEAT_KINDS)
TABLE_CODE: Final = text(20)
TOKEN: Final = text(64)
NAME: Final = person_name(MAX_NAME)


REQUESTS: Final[dict[str, dict[str, tuple[Check, bool]]]] = {
    "hello": {"protocol": (whole(0, 1_000_000), True), "client": (text(60), False)},
    "create": {
        "name": (NAME, True),
        **{setting: (ranged(allowed), setting in REQUIRED_SETTINGS) for setting, allowed in SETTING_RANGES.items()},
        "house_rules": (house_rules, False),
        "seats": (list_of(ranged(SEAT_KINDS), 2, 8), False),
    },
    "join": {"table": (TABLE_CODE, True), "name": (NAME, True), "seat": (whole(0, 7), False)},
    "rejoin": {"table": (TABLE_CODE, True), "token": (TOKEN, True)},
    "seat": {"seat": (whole(0, 7), True), "kind": (SEAT_KIND, True)},
    "start": {},
    "contribute": {"round": (whole(1, 1000), True), "contribution": (hex_digits(CONTRIBUTION_HEX), True)},
    "act": {"action": (text(40), True), "round": (whole(1, 1000), False)},
    "leave": {},
    "take_back": {},
    "hand_over": {"seat": (whole(0, 7), True)},
    "list": {"seats": (list_of(listed_seat, 1, MAX_LISTED), True)},
}
"""Each request type's fields: (check, required)."""


def parse_request(data: str | bytes) -> dict[str, Any]:
    """The checked request in one WebSocket message; BadMessage says what is wrong."""
    doc = _json_object(data)
    kind = doc.get("type")
    if type(kind) is not str or kind not in REQUESTS:
        raise BadMessage("schema", "'type' must be one of " + ", ".join(REQUESTS))
    fields = REQUESTS[kind]
    checked: dict[str, Any] = {"type": kind}
    for name, value in doc.items():
        if name == "type":
            continue
        if name not in fields:
            raise BadMessage("schema", f"a '{kind}' message has no field '{name[:40]}'", kind)
        try:
            checked[name] = fields[name][0](value, name)
        except BadMessage as error:
            error.about = kind
            raise
    missing = [name for name, (_, required) in fields.items() if required and name not in doc]
    if missing:
        raise BadMessage("schema", f"a '{kind}' message needs the field '{missing[0]}'", kind)
    return checked


def _json_object(data: str | bytes) -> dict[str, Any]:
    """The JSON object one message holds (at most ``MAX_BYTES`` bytes, ``MAX_DEPTH`` deep); BadMessage else."""
    if len(data) > MAX_BYTES:  # at least one byte a character: too large before it is encoded
        raise BadMessage("too_large", f"a message may hold at most {MAX_BYTES} bytes")
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise BadMessage("too_large", f"a message may hold at most {MAX_BYTES} bytes")
    try:
        doc = parse_json(raw, "a message", max_depth=MAX_DEPTH)
    except FileProblem as problem:
        raise BadMessage("bad_json", "the message is not JSON: " + problem.reason.replace("the file", "it")) from None
    except (RecursionError, ValueError):
        raise BadMessage("bad_json", "the message is not JSON") from None
    if type(doc) is not dict:
        raise BadMessage("schema", "a message must be a JSON object")
    return doc
