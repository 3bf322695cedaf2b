"""The look as the guest page reads it: one JSON object made from ``colours``, ``tile`` and ``pips``."""

from __future__ import annotations

from typing import Any

from . import colours, tile
from .pips import MOST, pip_layout, pip_radius


def hex_colour(colour: colours.Color) -> str:
    """``#rrggbb`` for an RGB tuple."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def look() -> dict[str, Any]:
    """The whole description: the room's and a tile's colours, the palettes, a tile's
    proportions and every pip value's layout (centres and radius in its end's unit square)."""
    return {
        "room": {name: hex_colour(c) for name, c in colours.ROOM.items()},
        "tile": {name: hex_colour(c) for name, c in colours.TILE.items()},
        "palettes": {name: {"seats": [hex_colour(c) for c in seats], "pips": [hex_colour(c) for c in pips]}
                     for name, (seats, pips) in colours.PALETTES.items()},
        "proportions": {"depth": tile.DEPTH, "bevel": tile.BEVEL, "corner": tile.CORNER,
                        "groove_width": tile.GROOVE_WIDTH, "groove_reach": tile.GROOVE_REACH,
                        "spinner": tile.SPINNER, "pip_least": tile.PIP_LEAST,
                        "board_pip_least": tile.BOARD_PIP_LEAST, "numerals_below": tile.NUMERALS_BELOW},
        "pips": [{"at": [[round(x, 4), round(y, 4)] for x, y in pip_layout(value)],
                  "radius": round(pip_radius(value), 4)} for value in range(MOST + 1)],
    }


def style_sheet() -> str:
    """The room's colours and the standard palette as CSS custom properties (``--felt``, ``--seat-0``)."""
    seats, pips = colours.PALETTES["standard"]
    lines = [f"  --{name}: {hex_colour(c)};" for name, c in colours.ROOM.items()]
    lines += [f"  --tile-{name}: {hex_colour(c)};" for name, c in colours.TILE.items()]
    lines += [f"  --seat-{i}: {hex_colour(c)};" for i, c in enumerate(seats)]
    lines += [f"  --pip-{i}: {hex_colour(c)};" for i, c in enumerate(pips)]
    return ":root {\n" + "\n".join(lines) + "\n}\n"
