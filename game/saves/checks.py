"""The small checks every part of a save document is made of: each returns
the value when it is of the right type and range, and raises ``SaveError``
naming the field otherwise."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..engine import MEXICAN, TableSetup
from ..engine.tiles import IS_DOUBLE, tile_count, tile_id, tile_value
from ..memory.files import bad_character
from .errors import SaveError


def type_name(value: Any) -> str:
    """A reader's word for a JSON value's type."""
    if value is None:
        return "null"
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def int_in(value: Any, where: str, lo: int, hi: int) -> int:
    """An integer in ``lo..hi`` (true/false are not integers)."""
    if type(value) is not int:
        raise SaveError(f"{where} must be a whole number, not {type_name(value)}")
    if not lo <= value <= hi:
        raise SaveError(f"{where} is {value}, outside {lo}..{hi}")
    return value


def int_or_null(value: Any, where: str, lo: int, hi: int) -> int | None:
    """An integer in range, or null."""
    return None if value is None else int_in(value, where, lo, hi)


def true_false(value: Any, where: str) -> bool:
    """true or false."""
    if type(value) is not bool:
        raise SaveError(f"{where} must be true or false, not {type_name(value)}")
    return value


def text(value: Any, where: str, longest: int) -> str:
    """Text of at most ``longest`` characters fit to draw and print: no control
    character and no bidirectional control (``game.memory.files.bad_character``)."""
    if type(value) is not str:
        raise SaveError(f"{where} must be text, not {type_name(value)}")
    if len(value) > longest:
        raise SaveError(f"{where} is longer than {longest} characters")
    bad = bad_character(value)
    if bad is not None:
        raise SaveError(f"{where} holds a character that must not be shown ({bad}, a control or direction mark)")
    return value


def a_list(value: Any, where: str, length: int | None = None, longest: int = 100_000) -> list[Any]:
    """A list, of exactly ``length`` items if given, else at most ``longest``."""
    if type(value) is not list:
        raise SaveError(f"{where} must be a list, not {type_name(value)}")
    if length is not None and len(value) != length:
        raise SaveError(f"{where} must hold {length} entries, not {len(value)}")
    if len(value) > longest:
        raise SaveError(f"{where} holds {len(value)} entries; at most {longest} make sense")
    return value


def an_object(value: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    """An object with exactly ``keys``, plus any of ``optional``."""
    if type(value) is not dict:
        raise SaveError(f"{where} must be an object, not {type_name(value)}")
    unknown = [k for k in value if k not in keys and k not in optional]
    if unknown:
        raise SaveError(f"{where} has an unknown field '{unknown[0]}'")
    missing = [k for k in keys if k not in value]
    if missing:
        raise SaveError(f"{where} is missing the field '{missing[0]}'")
    return value


def tile_ends(text: Any, where: str, set_max: int) -> tuple[int, int]:
    """The two ends of a tile written ``"a-b"``, each 0..set_max."""
    if type(text) is not str:
        raise SaveError(f'{where} must be a tile like "12-5", not {type_name(text)}')
    parts = text.split("-")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise SaveError(f"{where} '{text[:20]}' is not a tile: write it as A-B, e.g. 12-5")
    a, b = int(parts[0]), int(parts[1])
    if a > set_max or b > set_max:
        raise SaveError(f"{where}: the {text} is not in a double-{set_max} set")
    return a, b


@functools.cache
def tile_lookup(set_max: int) -> dict[str, int]:
    """Every tile of a double-``set_max`` set by its text, either end first (``"12-5"``, ``"5-12"``)."""
    lookup: dict[str, int] = {}
    for a in range(set_max + 1):
        for b in range(a + 1):
            lookup[f"{a}-{b}"] = lookup[f"{b}-{a}"] = tile_id(a, b)
    return lookup


def tiles_of(texts: list[Any], where: str, set_max: int) -> list[int]:
    """The tiles a list of tile texts names (fast for good lists; a bad entry is
    reported as ``tile_ends`` reports it)."""
    lookup = tile_lookup(set_max)
    found = [lookup.get(t) if type(t) is str else None for t in texts]
    for i, tile in enumerate(found):
        if tile is None:
            tile_ends(texts[i], f"{where}[{i}]", set_max)
    return found  # type: ignore[return-value]


def train_key(key: str, players: int, where: str) -> int:
    """A train named by seat number or ``mexican``."""
    if key == "mexican":
        return MEXICAN
    if key.isascii() and key.isdigit() and len(key) == 1 and int(key) < players:
        return int(key)
    raise SaveError(f"{where}: '{key[:20]}' is not a train (a seat number 0..{players - 1} or mexican)")


def max_round_score(setup: TableSetup) -> int:
    """The most a seat can score in one round: every tile in hand plus every double charged."""
    zz = setup.options.zero_zero_value
    tiles = range(tile_count(setup.set_max))
    return sum(tile_value(t, zz) for t in tiles) + sum(tile_value(t, zz) for t in tiles if IS_DOUBLE[t])


def scores(raw: Any, where: str, players: int, top: int) -> list[int]:
    """One score per seat, each 0..top."""
    return [int_in(s, f"{where}[{i}]", 0, top) for i, s in enumerate(a_list(raw, where, players))]
