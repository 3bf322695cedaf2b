"""Domino faces drawn in code and cached per size and orientation.

Faces are drawn at three times their size and smoothed down, so they stay
crisp at any window size. Small faces show numerals instead of pips.
"""

from __future__ import annotations

import pygame

from . import theme
from .fonts import font

SUPER = 3
_faces: dict[tuple[object, ...], pygame.Surface] = {}


def use_palette(name: str) -> None:
    """Switch the seat and pip colours (theme.use_palette) and forget faces drawn in the old ones."""
    if theme.use_palette(name):
        _faces.clear()


def _grid(n: int) -> list[tuple[float, float]]:
    """Pip centres for ``n`` pips in a unit square (0..1)."""
    a, b, c = 0.22, 0.5, 0.78
    base = {
        0: [], 1: [(b, b)], 2: [(a, a), (c, c)], 3: [(a, a), (b, b), (c, c)],
        4: [(a, a), (c, a), (a, c), (c, c)], 5: [(a, a), (c, a), (b, b), (a, c), (c, c)],
        6: [(a, a), (a, b), (a, c), (c, a), (c, b), (c, c)],
        7: [(a, a), (a, b), (a, c), (b, b), (c, a), (c, b), (c, c)],
        8: [(a, a), (a, b), (a, c), (b, a), (b, c), (c, a), (c, b), (c, c)],
        9: [(x, y) for x in (a, b, c) for y in (a, b, c)],
    }
    if n in base:
        return base[n]
    rows = (0.18, 0.39, 0.61, 0.82)
    if n <= 12:
        mid = {10: (0.39, 0.61), 11: (0.28, 0.5, 0.72), 12: rows}[n]
        return [(a, y) for y in rows] + [(b, y) for y in mid] + [(c, y) for y in rows]
    cells = [(x, y) for y in rows for x in rows]
    drop = {13: (5, 6, 10), 14: (5, 10), 15: (5,)}[n]
    return [p for i, p in enumerate(cells) if i not in drop]


def _half(surf: pygame.Surface, rect: pygame.Rect, pips: int, numerals: bool) -> None:
    """Draw one end's pips (or numeral) inside ``rect``."""
    color = theme.PIP_COLORS[pips % len(theme.PIP_COLORS)]
    if numerals:
        if pips == 0:
            return
        glyph = font(int(rect.h * 0.74), "condensed", scaled=False).render(str(pips), True, color)
        surf.blit(glyph, glyph.get_rect(center=rect.center))
        return
    pts = _grid(pips)
    r = rect.w * (0.085 if pips <= 9 else 0.068)
    for x, y in pts:
        cx, cy = rect.x + x * rect.w, rect.y + y * rect.h
        pygame.draw.circle(surf, color, (cx, cy), r)
        pygame.draw.circle(surf, (255, 255, 255), (cx - r * 0.3, cy - r * 0.3), max(1, r * 0.25))


def numerals_for(unit: int, set_max: int, numbers: bool = False) -> bool:
    """Whether tiles ``unit`` pixels wide of a double-``set_max`` set show numerals:
    always with the "numbers" tile faces (``numbers``), else only where pips would
    be too small to count. One answer for every tile drawn at that size, so
    doubles and other tiles side by side never mix pips and numerals."""
    return numbers or unit < 26 or (set_max > 9 and unit < 34)


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
    s = unit * SUPER
    big = pygame.Surface((2 * s, s), pygame.SRCALPHA)
    radius = int(s * 0.16)
    pygame.draw.rect(big, theme.IVORY_EDGE, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, theme.IVORY, big.get_rect().inflate(-SUPER * 2, -SUPER * 2), border_radius=radius)
    shine = pygame.Rect(SUPER * 3, SUPER * 2, 2 * s - SUPER * 6, int(s * 0.18))
    pygame.draw.rect(big, (255, 255, 252), shine, border_radius=radius)
    pygame.draw.line(big, theme.IVORY_EDGE, (s, int(s * 0.14)), (s, int(s * 0.86)), max(2, SUPER * 2))
    pygame.draw.circle(big, (176, 150, 90), (s, s // 2), max(2, int(s * 0.05)))
    pad = int(s * 0.06)
    upright = numerals and not horizontal  # numerals stay upright on a standing tile: drawn after turning it
    if not upright:
        _half(big, pygame.Rect(pad, pad, s - 2 * pad, s - 2 * pad), a, numerals)
        _half(big, pygame.Rect(s + pad, pad, s - 2 * pad, s - 2 * pad), b, numerals)
    small = pygame.transform.smoothscale(big, (2 * unit, unit))
    if not horizontal:
        small = pygame.transform.rotate(small, -90)  # a ends on top
    if upright:
        inner = unit - 2 * (pad // SUPER)
        _half(small, pygame.Rect(0, 0, unit, unit).inflate(inner - unit, inner - unit), a, True)
        _half(small, pygame.Rect(0, unit, unit, unit).inflate(inner - unit, inner - unit), b, True)
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
    s = unit * SUPER
    big = pygame.Surface((s, 2 * s), pygame.SRCALPHA)
    radius = int(s * 0.16)
    pygame.draw.rect(big, theme.TILE_BACK_EDGE, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-SUPER * 2, -SUPER * 2)
    pygame.draw.rect(big, theme.TILE_BACK, inner, border_radius=radius)
    pygame.draw.rect(big, (90, 120, 190), inner.inflate(-int(s * 0.25), -int(s * 0.25)), max(2, SUPER), border_radius=radius)
    pygame.draw.circle(big, theme.GOLD, inner.center, int(s * 0.14), max(2, SUPER))
    small = pygame.transform.smoothscale(big, (unit, 2 * unit))
    if horizontal:
        small = pygame.transform.rotate(small, 90)
    _faces[key] = small
    return small


def shadow(unit: int, horizontal: bool) -> pygame.Surface:
    """A soft shadow the size of a tile."""
    unit = max(4, int(unit))
    key = ("s", unit, horizontal)
    found = _faces.get(key)
    if found is None:
        w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
        found = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
        pygame.draw.rect(found, (0, 0, 0, 60), found.get_rect(), border_radius=max(2, unit // 5))
        pygame.draw.rect(found, (0, 0, 0, 50), found.get_rect().inflate(-4, -4), border_radius=max(2, unit // 5))
        _faces[key] = found
    return found
