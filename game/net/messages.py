"""The messages a client may send, and the one check every one passes first.

``parse_request`` turns the text of one WebSocket message into a checked
``dict``: at most ``MAX_BYTES`` bytes of UTF-8 JSON (no key twice, no NaN,
no deep nesting), an object whose ``type`` is one of ``REQUESTS``, holding
exactly the fields that type allows, each of the right type and in range,
every text clean (no control or direction characters). Anything else raises
``BadMessage`` with an error code and a sentence for the person; nothing a
client sends reaches the server's logic before passing here.
``docs/protocol.md`` lists every message with an example.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..ai import LEVELS
from ..engine.fairdeal import CONTRIBUTION_HEX, is_hex
from ..engine.length import LENGTHS
from ..engine.options import PRESETS
from ..memory.files import FileProblem, bad_character, parse_json

PROTOCOL: Final = 2
"""The protocol version a hello names; a server answers another with ``protocol``."""
MAX_BYTES: Final = 64 * 1024
"""The largest message either side accepts (bytes)."""
MAX_NAME: Final = 24
"""The longest seat name (characters)."""
OPEN: Final = "open"
"""A seat kind in ``create`` and ``seat``: waiting for a person to join."""
COMPUTER_KINDS: Final = (*LEVELS, "random")
MAX_GRACE: Final = 3600.0


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
    """Rule options changed from the preset: names to plain values (checked
    again, against the rules, when the table is set up)."""
    if type(value) is not dict or len(value) > 40:
        raise _wrong(where, "an object of at most 40 rule options")
    for name, option in value.items():
        text(40)(name, f"{where} key")
        if option is not None and type(option) not in (bool, int, str):
            raise _wrong(f"{where}.{name}", "true, false, a whole number, a word or null")
        if type(option) is str:
            text(40)(option, f"{where}.{name}")
    return dict(value)


SEAT_KIND: Final = one_of((OPEN, *COMPUTER_KINDS))
TABLE_CODE: Final = text(20)
TOKEN: Final = text(64)

REQUESTS: Final[dict[str, dict[str, tuple[Check, bool]]]] = {
    "hello": {"protocol": (whole(0, 1_000_000), True), "client": (text(60), False)},
    "create": {
        "name": (text(MAX_NAME), True),
        "preset": (one_of(tuple(PRESETS)), True),
        "players": (whole(2, 8), True),
        "length": (one_of(LENGTHS), False),
        "house_rules": (house_rules, False),
        "seats": (list_of(one_of(("person", OPEN, *COMPUTER_KINDS)), 2, 8), False),
        "stand_in": (one_of(COMPUTER_KINDS), False),
        "grace": (number(0, MAX_GRACE), False),
        "deal_wait": (number(0, MAX_GRACE), False),
    },
    "join": {"table": (TABLE_CODE, True), "name": (text(MAX_NAME), True), "seat": (whole(0, 7), False)},
    "rejoin": {"table": (TABLE_CODE, True), "token": (TOKEN, True)},
    "seat": {"seat": (whole(0, 7), True), "kind": (SEAT_KIND, True)},
    "start": {},
    "contribute": {"round": (whole(1, 1000), True), "contribution": (hex_digits(CONTRIBUTION_HEX), True)},
    "act": {"action": (text(40), True), "round": (whole(1, 1000), False)},
    "leave": {},
}
"""Each request type's fields: (check, required)."""


def parse_request(data: str | bytes) -> dict[str, Any]:
    """The checked request in one WebSocket message; BadMessage says what is wrong."""
    if len(data) > MAX_BYTES:
        raise BadMessage("too_large", f"a message may hold at most {MAX_BYTES} bytes")
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    try:
        doc = parse_json(raw, "a message")
    except FileProblem as problem:
        raise BadMessage("bad_json", "the message is not JSON: " + problem.reason.replace("the file", "it")) from None
    except (RecursionError, ValueError):
        raise BadMessage("bad_json", "the message is not JSON") from None
    if type(doc) is not dict:
        raise BadMessage("schema", "a message must be a JSON object")
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
