"""Dominoes drawn as objects, in code, cached per size, orientation and palette.

A tile has a body (its side shows as a strip of depth under the face), a
bevelled ivory face lit from the top left, an engraved centre bar with a brass
spinner, and on each end the pips of a real set (``pip_layout``) in the colour
of their value, or its numeral. Faces are drawn at ``SUPER`` times their size
and smoothed down; a soft shadow (``blit_tile``) sets a tile on the felt, and
lifts it higher while it is carried or flies.
"""

from __future__ import annotations

import pygame

from ..look import tile as proportions
from ..look.colours import (
    BACK_BOTTOM,
    BACK_TOP,
    BEVEL_DARK,
    BEVEL_LIGHT,
    BRASS,
    BRASS_LIGHT,
    FACE_BOTTOM,
    FACE_TOP,
    GROOVE,
    SIDE,
    SIDE_DARK,
    Color,
)
from ..look.pips import MOST, pip_layout, pip_radius
from ..look.tile import PIP_LEAST
from . import theme
from .fonts import font

SUPER = 3
_faces: dict[tuple[object, ...], pygame.Surface] = {}


def use_palette(name: str) -> None:
    """Switch the seat and pip colours (theme.use_palette) and forget faces drawn in the old ones."""
    if theme.use_palette(name):
        _faces.clear()




def numerals_for(unit: int, set_max: int, numbers: bool = False, least: float = PIP_LEAST) -> bool:
    """Whether tiles ``unit`` pixels wide of a double-``set_max`` set show numerals:
    always with the "numbers" tile faces (``numbers``), else only where the set's
    most crowded pips would come out under ``least`` pixels across (see
    ``pip_layout``). One answer for every tile drawn at that size, so tiles side
    by side never mix pips and numerals."""
    if numbers:
        return True
    most = min(max(1, set_max), MOST)
    return 2 * pip_radius(most) * end_side(unit) < least or unit < proportions.NUMERALS_BELOW


# ------------------------------------------------------------------ geometry


def depth(unit: float) -> int:
    """How thick a tile looks (pixels): the strip of its side under the face."""
    return max(1, round(unit * proportions.DEPTH))


def _bevel(unit: float) -> float:
    """The width of the face's bevelled rim (pixels)."""
    return max(1.0, unit * proportions.BEVEL)


def end_side(unit: float) -> float:
    """The side of the square each end's pips are laid out in (pixels), inside the bevel."""
    return unit - 2 * _bevel(unit) - depth(unit) * 0.5


def end_squares(unit: float, horizontal: bool) -> tuple[pygame.FRect, pygame.FRect]:
    """The squares the two ends' pips are laid out in, first end first (left or top), in
    the tile's own pixels (the tile is ``2 * unit`` by ``unit``, lying or standing)."""
    side = end_side(unit)
    face_h = unit - depth(unit) if horizontal else 2 * unit - depth(unit)
    if horizontal:
        cy = face_h / 2
        return (pygame.FRect(unit / 2 - side / 2, cy - side / 2, side, side),
                pygame.FRect(1.5 * unit - side / 2, cy - side / 2, side, side))
    half = face_h / 2
    return (pygame.FRect(unit / 2 - side / 2, half / 2 - side / 2, side, side),
            pygame.FRect(unit / 2 - side / 2, half * 1.5 - side / 2, side, side))


def pip_circles(value: int, square: pygame.FRect, horizontal: bool = False) -> list[tuple[float, float, float]]:
    """Each pip of ``value`` in ``square``: its centre and radius (pixels); on a lying
    tile (``horizontal``) the end's pattern is turned with the tile, as on a real one."""
    r = pip_radius(value) * square.w
    points = pip_layout(value)
    if horizontal:
        points = tuple((1 - y, x) for x, y in points)
    return [(square.x + x * square.w, square.y + y * square.h, r) for x, y in points]


# ------------------------------------------------------------------ drawing


def _shade(color: Color, k: float) -> Color:
    """``color`` darker (``k`` < 1) or lighter (``k`` > 1)."""
    if k <= 1:
        return (int(color[0] * k), int(color[1] * k), int(color[2] * k))
    return tuple(min(255, int(c + (255 - c) * (k - 1))) for c in color)  # type: ignore[return-value]


def _gradient(size: tuple[int, int], top: Color, bottom: Color, radius: int) -> pygame.Surface:
    """A rounded rectangle of ``size`` shaded from ``top`` to ``bottom``."""
    w, h = max(1, size[0]), max(1, size[1])
    ramp = pygame.Surface((2, 2))
    ramp.fill(top, (0, 0, 2, 1))
    ramp.fill(bottom, (0, 1, 2, 1))
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    body.blit(pygame.transform.smoothscale(ramp, (w, h)), (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return body


def _body(w: int, h: int, s: int, top: Color, bottom: Color) -> tuple[pygame.Surface, pygame.Rect]:
    """A tile's body at super scale ``s`` (``w`` by ``h`` pixels once smoothed): its side, the
    bevelled rim and a face shaded from ``top`` to ``bottom``; the face's rectangle."""
    unit = min(w, h)
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    radius = max(2, int(unit * proportions.CORNER * s))
    thick = depth(unit) * s
    bevel = max(1, round(_bevel(unit) * s))
    pygame.draw.rect(big, SIDE_DARK, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, SIDE, big.get_rect().inflate(-2 * max(1, s // 2), -max(1, s // 2)).move(0, -max(1, s // 2) // 2),
                     border_radius=radius)
    top_rect = pygame.Rect(0, 0, w * s, h * s - thick)
    pygame.draw.rect(big, BEVEL_DARK, top_rect, border_radius=radius)
    pygame.draw.rect(big, BEVEL_LIGHT, top_rect.inflate(-bevel, -bevel).move(-bevel // 3, -bevel // 3),
                     border_radius=radius)
    face_rect = top_rect.inflate(-2 * bevel, -2 * bevel)
    big.blit(_gradient(face_rect.size, top, bottom, max(1, radius - bevel)), face_rect)
    return big, face_rect


def _pip(big: pygame.Surface, x: float, y: float, r: float, color: Color) -> None:
    """One pip engraved in the face: its recess shadowed at the top left, its paint, a glint."""
    pygame.draw.circle(big, _shade(color, 0.5), (x, y), r)
    pygame.draw.circle(big, color, (x + r * 0.1, y + r * 0.12), r * 0.84)
    if r >= 6:
        pygame.draw.circle(big, _shade(color, 1.45), (x + r * 0.32, y + r * 0.36), r * 0.2)


def _numeral(big: pygame.Surface, square: pygame.FRect, value: int, color: Color) -> None:
    """``value``'s numeral, engraved, filling ``square``."""
    if value == 0:
        return
    size = int(square.h * (0.82 if value < 10 else 0.74))
    face = font(size, "condensed", scaled=False)
    light = face.render(str(value), True, BEVEL_LIGHT)
    glyph = face.render(str(value), True, color)
    if glyph.get_width() > square.w * 1.02:
        scale = square.w * 1.02 / glyph.get_width()
        glyph = pygame.transform.smoothscale_by(glyph, (scale, 1.0))
        light = pygame.transform.smoothscale_by(light, (scale, 1.0))
    at = glyph.get_rect(center=(round(square.centerx), round(square.centery)))
    big.blit(light, at.move(max(1, size // 30), max(1, size // 30)))
    big.blit(glyph, at)


def _divider(big: pygame.Surface, face_rect: pygame.Rect, horizontal: bool, s: int, unit: int) -> None:
    """The engraved bar across the middle and its brass spinner."""
    cx, cy = face_rect.center
    width = max(s, round(unit * proportions.GROOVE_WIDTH * s))
    reach = (face_rect.h if horizontal else face_rect.w) * proportions.GROOVE_REACH
    a: tuple[float, float]
    b: tuple[float, float]
    if horizontal:
        a, b, shift = (cx, cy - reach), (cx, cy + reach), (width // 2 + 1, 0)
    else:
        a, b, shift = (cx - reach, cy), (cx + reach, cy), (0, width // 2 + 1)
    pygame.draw.line(big, BEVEL_LIGHT, (a[0] + shift[0], a[1] + shift[1]), (b[0] + shift[0], b[1] + shift[1]),
                     max(1, width // 2))
    pygame.draw.line(big, GROOVE, a, b, width)
    r = max(2, unit * proportions.SPINNER * s)
    pygame.draw.circle(big, _shade(BRASS, 0.6), (cx, cy), r + max(1, s // 2))
    pygame.draw.circle(big, BRASS, (cx, cy), r)
    pygame.draw.circle(big, BRASS_LIGHT, (cx - r * 0.3, cy - r * 0.3), r * 0.4)


def _super_for(unit: int) -> int:
    """How many times larger than shown a tile is drawn: more for small tiles."""
    return 4 if unit < 30 else SUPER if unit < 70 else 2


def face(a: int, b: int, unit: int, horizontal: bool = True, numerals: bool | None = None) -> pygame.Surface:
    """A domino showing ``a`` then ``b`` (left-right or top-bottom); ``unit`` is
    the short side in pixels. Numerals are used when ``numerals`` is True or,
    if None, when a double-12 set's tiles of that size would need them (see
    ``numerals_for``)."""
    unit = max(6, int(unit))
    if numerals is None:
        numerals = numerals_for(unit, 12)
    key = ("f", a, b, unit, horizontal, numerals)
    found = _faces.get(key)
    if found is not None:
        return found
    s = _super_for(unit)
    w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
    big, face_rect = _body(w, h, s, FACE_TOP, FACE_BOTTOM)
    _divider(big, face_rect, horizontal, s, unit)
    colors = theme.PIP_COLORS
    for value, square in zip((a, b), end_squares(unit, horizontal)):
        square = pygame.FRect(square.x * s, square.y * s, square.w * s, square.h * s)
        color = colors[value % len(colors)]
        if numerals:
            _numeral(big, square, value, color)
        else:
            for x, y, r in pip_circles(value, square, horizontal):
                _pip(big, x, y, r, color)
    small = pygame.transform.smoothscale(big, (w, h))
    if len(_faces) > 3000:
        _faces.clear()
    _faces[key] = small
    return small


def back(unit: int, horizontal: bool = False) -> pygame.Surface:
    """A face-down tile; ``unit`` is the short side in pixels."""
    unit = max(4, int(unit))
    key = ("b", unit, horizontal)
    found = _faces.get(key)
    if found is not None:
        return found
    s = _super_for(unit)
    w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
    if unit < 14:  # too small for the emblem: a lacquered block with its edge
        small = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(small, BACK_BOTTOM, small.get_rect(), border_radius=max(1, unit // 4))
        pygame.draw.rect(small, BACK_TOP, small.get_rect().inflate(-2, -2).move(0, -1), border_radius=max(1, unit // 4))
        pygame.draw.line(small, _shade(theme.GOLD, 0.8), (w // 2 - (0 if horizontal else w // 4), h // 2),
                         (w // 2 + (0 if horizontal else w // 4), h // 2), 1)
        _faces[key] = small
        return small
    big, face_rect = _body(w, h, s, BACK_TOP, BACK_BOTTOM)
    inset = face_rect.inflate(-int(unit * 0.22 * s), -int(unit * 0.22 * s))
    pygame.draw.rect(big, _shade(theme.GOLD, 0.8), inset, max(1, s), border_radius=max(2, int(unit * 0.1 * s)))
    r = unit * 0.16 * s
    pygame.draw.circle(big, _shade(theme.GOLD, 0.8), face_rect.center, r, max(1, s))
    pygame.draw.circle(big, theme.GOLD, face_rect.center, r * 0.45)
    small = pygame.transform.smoothscale(big, (w, h))
    _faces[key] = small
    return small


def shadow(width: int, height: int, blur: int) -> pygame.Surface:
    """A soft shadow for a ``width`` by ``height`` tile, blurred ``blur`` pixels past its edges."""
    blur = max(1, int(blur))
    key = ("s", width, height, blur)
    found = _faces.get(key)
    if found is None:
        w, h = width + 2 * blur, height + 2 * blur
        step = max(1, blur // 2)
        small = pygame.Surface((max(2, w // step), max(2, h // step)), pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, max(1, width // step), max(1, height // step))
        inner.center = small.get_rect().center
        pygame.draw.rect(small, (0, 0, 0, 110), inner, border_radius=max(1, min(inner.size) // 4))
        found = pygame.transform.smoothscale(small, (w, h))
        found = pygame.transform.smoothscale(pygame.transform.smoothscale(found, (max(2, w // 2), max(2, h // 2))),
                                             (w, h))
        _faces[key] = found
    return found


def blit_tile(surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float], lift: float = 0.0) -> pygame.Rect:
    """Put a tile ``image`` on ``surface`` centred at ``center`` with its soft shadow:
    lying on the felt (``lift`` 0) or raised (up to 1: carried, flying), the shadow
    falling further and softer the higher it is. The tile's rectangle."""
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    unit = min(rect.w, rect.h)
    blur = max(2, round(unit * (0.1 + 0.22 * lift)))
    shade = shadow(rect.w, rect.h, blur)
    fall = unit * (0.06 + 0.3 * lift)
    surface.blit(shade, (rect.x - blur + round(fall * 0.6), rect.y - blur + round(fall)))
    surface.blit(image, rect)
    return rect


_turned: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}


def turned(image: pygame.Surface, degrees: float, scale: float = 1.0) -> pygame.Surface:
    """``image`` turned by ``degrees`` (in steps of 5) and scaled by ``scale`` (in steps of a
    twentieth), remembered while the image lives: a tile in flight turns and grows a little
    every frame, and is drawn once at its landing size rather than at every size on the way."""
    step = round(degrees / 5) * 5 % 360
    zoom = max(1, round(scale * 20))
    if step == 0 and zoom == 20:
        return image
    key = (id(image), step * 100 + zoom)
    found = _turned.get(key)
    if found is None or found[0] is not image:  # the image is held, so its id is not reused meanwhile
        if len(_turned) > 600:
            _turned.clear()
        posed = pygame.transform.rotozoom(image, step, zoom / 20) if zoom != 20 else pygame.transform.rotate(image, step)
        found = _turned[key] = (image, posed)
    return found[1]
