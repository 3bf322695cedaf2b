"""Colours shared by every scene (RGB tuples), from the table's one description of its look (``game.look``),
and the palette in use."""

from __future__ import annotations

from typing import Final

from ..look import colours

Color = colours.Color

BLUE: Final = colours.BLUE
BUTTON: Final = colours.BUTTON
BUTTON_HOVER: Final = colours.BUTTON_HOVER
BUTTON_OFF: Final = colours.BUTTON_OFF
FELT: Final = colours.FELT
FELT_DARK: Final = colours.FELT_DARK
FELT_LIGHT: Final = colours.FELT_LIGHT
GLOW: Final = colours.GLOW
GOLD: Final = colours.GOLD
GREEN: Final = colours.GREEN
INK: Final = colours.INK
INK_DARK: Final = colours.INK_DARK
INK_DIM: Final = colours.INK_DIM
IVORY: Final = colours.IVORY
IVORY_EDGE: Final = colours.IVORY_EDGE
MEXICAN: Final = colours.MEXICAN
PANEL: Final = colours.PANEL
PANEL_EDGE: Final = colours.PANEL_EDGE
PANEL_LIGHT: Final = colours.PANEL_LIGHT
RED: Final = colours.RED
SHADOW: Final = colours.SHADOW
TILE_BACK: Final = colours.TILE_BACK
TILE_BACK_EDGE: Final = colours.TILE_BACK_EDGE
WARN: Final = colours.WARN
WOOD: Final = colours.WOOD
WOOD_DARK: Final = colours.WOOD_DARK
WOOD_LIGHT: Final = colours.WOOD_LIGHT

SEAT_COLORS: tuple[Color, ...] = colours.STANDARD_SEATS
"""One colour per seat: its panel stripe, its spoke and the rail under its train (the palette in use)."""

PIP_COLORS: tuple[Color, ...] = colours.STANDARD_PIPS
"""Pip colour per pip value 0..18 (the palette in use)."""

STANDARD_SEATS: Final = colours.STANDARD_SEATS
STANDARD_PIPS: Final = colours.STANDARD_PIPS
COLOUR_BLIND_SEATS: Final = colours.COLOUR_BLIND_SEATS
COLOUR_BLIND_PIPS: Final = colours.COLOUR_BLIND_PIPS
PALETTES: Final = colours.PALETTES


PALETTE_VERSION = 0
"""Counts palette changes, so pictures cached in the old colours know to repaint."""


def use_palette(name: str) -> bool:
    """Switch the seat and pip colours to palette ``name``; True when they changed."""
    global SEAT_COLORS, PIP_COLORS, PALETTE_VERSION
    seats, pips = PALETTES.get(name, PALETTES["standard"])
    if seats is SEAT_COLORS and pips is PIP_COLORS:
        return False
    SEAT_COLORS, PIP_COLORS = seats, pips
    PALETTE_VERSION += 1
    return True
