"""Every colour of the table (RGB tuples): the room, the panels, a tile's ivory and brass, and the palettes."""

from __future__ import annotations

from typing import Final

Color = tuple[int, int, int]

FELT: Final[Color] = (22, 96, 64)
FELT_DARK: Final[Color] = (14, 70, 46)
FELT_LIGHT: Final[Color] = (34, 118, 80)
WOOD: Final[Color] = (92, 56, 30)
WOOD_DARK: Final[Color] = (60, 36, 20)
WOOD_LIGHT: Final[Color] = (140, 92, 52)
PANEL: Final[Color] = (28, 34, 44)
PANEL_LIGHT: Final[Color] = (44, 52, 66)
PANEL_EDGE: Final[Color] = (78, 90, 110)
INK: Final[Color] = (240, 236, 224)
INK_DIM: Final[Color] = (170, 176, 184)
INK_DARK: Final[Color] = (30, 30, 34)
GOLD: Final[Color] = (242, 190, 60)
GLOW: Final[Color] = (255, 224, 90)
RED: Final[Color] = (214, 58, 50)
WARN: Final[Color] = (255, 128, 104)
GREEN: Final[Color] = (60, 196, 96)
BLUE: Final[Color] = (70, 140, 230)
IVORY: Final[Color] = (250, 246, 232)
IVORY_EDGE: Final[Color] = (190, 180, 160)
TILE_BACK: Final[Color] = (36, 62, 120)
TILE_BACK_EDGE: Final[Color] = (20, 36, 76)
SHADOW: Final[Color] = (0, 0, 0)
BUTTON: Final[Color] = (196, 120, 40)
BUTTON_HOVER: Final[Color] = (226, 148, 58)
BUTTON_OFF: Final[Color] = (80, 84, 92)
MEXICAN: Final[Color] = (214, 74, 48)

ROOM: Final[dict[str, Color]] = {
    "felt": FELT, "felt-dark": FELT_DARK, "felt-light": FELT_LIGHT, "wood": WOOD, "wood-dark": WOOD_DARK,
    "wood-light": WOOD_LIGHT, "panel": PANEL, "panel-light": PANEL_LIGHT, "panel-edge": PANEL_EDGE, "ink": INK,
    "ink-dim": INK_DIM, "ink-dark": INK_DARK, "gold": GOLD, "glow": GLOW, "red": RED, "warn": WARN, "green": GREEN,
    "blue": BLUE, "ivory": IVORY, "ivory-edge": IVORY_EDGE, "tile-back": TILE_BACK, "tile-back-edge": TILE_BACK_EDGE,
    "button": BUTTON, "button-hover": BUTTON_HOVER, "button-off": BUTTON_OFF, "mexican": MEXICAN,
}
"""The room's colours by the names the page's style sheet gives them."""

FACE_TOP: Final[Color] = (255, 252, 242)
FACE_BOTTOM: Final[Color] = (240, 232, 212)
SIDE: Final[Color] = (196, 182, 150)
SIDE_DARK: Final[Color] = (150, 134, 104)
BEVEL_LIGHT: Final[Color] = (255, 255, 252)
BEVEL_DARK: Final[Color] = (206, 194, 166)
GROOVE: Final[Color] = (150, 136, 108)
BRASS: Final[Color] = (190, 150, 70)
BRASS_LIGHT: Final[Color] = (250, 224, 150)
BACK_TOP: Final[Color] = (44, 76, 142)
BACK_BOTTOM: Final[Color] = (26, 48, 100)

TILE: Final[dict[str, Color]] = {
    "face-top": FACE_TOP, "face-bottom": FACE_BOTTOM, "side": SIDE, "side-dark": SIDE_DARK,
    "bevel-light": BEVEL_LIGHT, "bevel-dark": BEVEL_DARK, "groove": GROOVE, "brass": BRASS,
    "brass-light": BRASS_LIGHT, "back-top": BACK_TOP, "back-bottom": BACK_BOTTOM,
}
"""A domino's colours: its ivory face lit from the top left, its side, the groove and brass spinner, its back."""

STANDARD_SEATS: Final[tuple[Color, ...]] = (
    (236, 196, 64), (84, 170, 240), (236, 108, 90), (120, 210, 120),
    (200, 130, 230), (250, 150, 60), (90, 214, 200), (236, 120, 180),
)
"""One colour per seat: its panel stripe, its spoke and the rail under its train."""

STANDARD_PIPS: Final[tuple[Color, ...]] = (
    (40, 40, 40), (40, 120, 200), (30, 150, 80), (210, 50, 50), (120, 80, 30),
    (220, 130, 20), (100, 60, 170), (200, 60, 140), (20, 130, 130), (60, 60, 160),
    (150, 110, 20), (190, 40, 40), (30, 100, 40), (90, 90, 90), (160, 60, 20), (40, 80, 150),
    (120, 40, 70), (0, 140, 190), (110, 120, 20),
)
"""Pip colour per pip value 0..18, as on a coloured double-18 set."""

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

PALETTES: Final[dict[str, tuple[tuple[Color, ...], tuple[Color, ...]]]] = {
    "standard": (STANDARD_SEATS, STANDARD_PIPS), "colour-blind": (COLOUR_BLIND_SEATS, COLOUR_BLIND_PIPS)}
"""Per palette name: the seats' colours, then the pips' colours by value."""
