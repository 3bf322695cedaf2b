"""Colours and sizes shared by every scene (RGB tuples, pixels at 1600x900)."""

from __future__ import annotations

from typing import Final

Color = tuple[int, int, int]

FELT: Color = (22, 96, 64)
FELT_DARK: Color = (14, 70, 46)
FELT_LIGHT: Color = (34, 118, 80)
WOOD: Color = (92, 56, 30)
WOOD_DARK: Color = (60, 36, 20)
WOOD_LIGHT: Color = (140, 92, 52)
PANEL: Color = (28, 34, 44)
PANEL_LIGHT: Color = (44, 52, 66)
PANEL_EDGE: Color = (78, 90, 110)
INK: Color = (240, 236, 224)
INK_DIM: Color = (170, 176, 184)
INK_DARK: Color = (30, 30, 34)
GOLD: Color = (242, 190, 60)
GLOW: Color = (255, 224, 90)
RED: Color = (214, 58, 50)
WARN: Color = (255, 128, 104)
GREEN: Color = (60, 196, 96)
BLUE: Color = (70, 140, 230)
IVORY: Color = (250, 246, 232)
IVORY_EDGE: Color = (190, 180, 160)
TILE_BACK: Color = (36, 62, 120)
TILE_BACK_EDGE: Color = (20, 36, 76)
SHADOW: Color = (0, 0, 0)
BUTTON: Color = (196, 120, 40)
BUTTON_HOVER: Color = (226, 148, 58)
BUTTON_OFF: Color = (80, 84, 92)
MEXICAN: Color = (214, 74, 48)

SEAT_COLORS: tuple[Color, ...] = (
    (236, 196, 64), (84, 170, 240), (236, 108, 90), (120, 210, 120),
    (200, 130, 230), (250, 150, 60), (90, 214, 200), (236, 120, 180),
)
"""One colour per seat: its panel stripe, its spoke and the rail under its train."""

PIP_COLORS: tuple[Color, ...] = (
    (40, 40, 40), (40, 120, 200), (30, 150, 80), (210, 50, 50), (120, 80, 30),
    (220, 130, 20), (100, 60, 170), (200, 60, 140), (20, 130, 130), (60, 60, 160),
    (150, 110, 20), (190, 40, 40), (30, 100, 40), (90, 90, 90), (160, 60, 20), (40, 80, 150),
    (120, 40, 70), (0, 140, 190), (110, 120, 20),
)
"""Pip colour per pip value 0..18, as on a coloured double-18 set."""


STANDARD_SEATS: Final = SEAT_COLORS
STANDARD_PIPS: Final = PIP_COLORS
COLOUR_BLIND_SEATS: Final[tuple[Color, ...]] = (
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
    (0, 114, 178), (213, 94, 0), (204, 121, 167), (220, 220, 220),
)
"""Okabe and Ito's eight colours, told apart with every common colour vision deficiency."""
COLOUR_BLIND_PIPS: Final[tuple[Color, ...]] = (
    (40, 40, 40), (0, 114, 178), (0, 120, 90), (213, 94, 0), (120, 80, 30),
    (200, 140, 0), (120, 70, 150), (204, 90, 150), (20, 120, 150), (40, 40, 120),
    (150, 110, 20), (170, 60, 0), (30, 90, 60), (90, 90, 90), (140, 60, 20), (40, 80, 150),
    (110, 50, 90), (0, 90, 140), (130, 120, 30),
)
"""Pip colours kept apart by lightness as well as hue (the numerals stay the sure cue)."""
PALETTES: Final = {"standard": (STANDARD_SEATS, STANDARD_PIPS), "colour-blind": (COLOUR_BLIND_SEATS, COLOUR_BLIND_PIPS)}


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
