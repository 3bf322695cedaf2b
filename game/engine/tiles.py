"""Domino tiles as small ints, their text form, and the tile sets.

A tile is an int id: ``hi * (hi + 1) // 2 + lo`` with ``hi >= lo``, so the
double-``n`` set is exactly the ids ``0 .. tile_count(n) - 1``. Lookup tables
give each id's pips without arithmetic on the hot path.
"""

from __future__ import annotations

from typing import Final

MAX_PIP: Final = 18
SET_SIZES: Final = (6, 9, 12, 15, 18)

Tile = int


def tile_id(a: int, b: int) -> Tile:
    """The id of the tile with ends ``a`` and ``b`` (order free)."""
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


def tile_count(set_max: int) -> int:
    """How many tiles a double-``set_max`` set holds."""
    return (set_max + 1) * (set_max + 2) // 2


HI: Final[tuple[int, ...]] = tuple(hi for hi in range(MAX_PIP + 1) for _ in range(hi + 1))
LO: Final[tuple[int, ...]] = tuple(lo for hi in range(MAX_PIP + 1) for lo in range(hi + 1))
PIPS: Final[tuple[int, ...]] = tuple(h + l for h, l in zip(HI, LO))
IS_DOUBLE: Final[tuple[bool, ...]] = tuple(h == l for h, l in zip(HI, LO))
TEXT: Final[tuple[str, ...]] = tuple(f"{h}-{l}" for h, l in zip(HI, LO))
PIP_SET: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(t for t in range(len(HI)) if pip in (HI[t], LO[t])) for pip in range(MAX_PIP + 1)
)
"""``PIP_SET[p]``: every tile with an end showing ``p`` pips."""
PIP_BITS: Final[tuple[int, ...]] = tuple((1 << h) | (1 << l) for h, l in zip(HI, LO))
"""``PIP_BITS[t]``: bit ``p`` set for each end of tile ``t`` showing ``p`` pips (one test finds a tile that fits)."""


def double(pip: int) -> Tile:
    """The id of the double ``pip``-``pip``."""
    return tile_id(pip, pip)


def full_set(set_max: int) -> list[Tile]:
    """Every tile of the double-``set_max`` set, in id order."""
    return list(range(tile_count(set_max)))


def tile_value(tile: Tile, zero_zero_value: int) -> int:
    """Pips a tile counts in hand at the end of a round."""
    return zero_zero_value if tile == 0 else PIPS[tile]


class TileSyntaxError(ValueError):
    """A tile's text is not of the form ``A-B`` with pips 0..18."""


def parse_tile(text: str, set_max: int = MAX_PIP) -> Tile:
    """Parse ``"A-B"`` (order free); raise TileSyntaxError naming the problem."""
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise TileSyntaxError(f"'{text}' is not a tile: write it as A-B, e.g. 12-5")
    a, b = int(parts[0]), int(parts[1])
    if a > set_max or b > set_max:
        raise TileSyntaxError(f"'{text}' cannot exist in a double-{set_max} set")
    return tile_id(a, b)


def parse_tiles(text: str, set_max: int = MAX_PIP) -> list[Tile]:
    """Parse a space-separated list of tiles; an empty string is no tiles."""
    return [parse_tile(word, set_max) for word in text.split()]


def format_tiles(tiles: list[Tile]) -> str:
    """Space-separated text of tiles, high pip first."""
    return " ".join(TEXT[t] for t in tiles)
