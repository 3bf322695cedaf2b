"""What moves at the table besides the tiles in flight: a double's notice bursting
from the double just laid, a marker dropping onto its train, a tile fading in
where it lands (reduced motion). Each is a small object a tween drives from 0 to
1 (``t``) and the frame paints; none changes the round, which the engine has
already played (the picture only catches up)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .. import theme
from ..fonts import blit_text, capped, text
from ..tile_art import back, blit_tile, face, turned

Point = tuple[float, float]


@dataclass
class Notice:
    """A double's notice: a ring bursting from the double at ``center`` (``size``: its
    width and height, pixels) and ``words`` rising from it in a chip, fading out."""

    center: Point
    size: tuple[int, int]
    words: str
    t: float = 0.0

    def draw(self, surface: pygame.Surface, k: float, within: pygame.Rect | None = None) -> None:
        """Paint at the current progress (``k``: the words' scale, their designed size times ``k``;
        ``within``: the box its words keep inside, the felt)."""
        t = self.t
        if t <= 0:
            return
        cx, cy = self.center
        w, h = self.size
        grow = 1 + 0.9 * math.sin(min(1.0, t * 1.6) * math.pi / 2)
        ring = pygame.Rect(0, 0, round(w * grow + 8), round(h * grow + 8))
        ring.center = (round(cx), round(cy))
        fade = max(0.0, 1 - t)
        glow = pygame.Surface(ring.inflate(12, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*theme.RED, int(200 * fade)), glow.get_rect().inflate(-8, -8), max(2, round(4 * k)),
                         border_radius=max(4, min(w, h) // 3))
        surface.blit(glow, ring.inflate(12, 12).topleft)
        if t < 0.12 or fade <= 0.05:
            return
        with capped(1.0):
            words = text(self.words, int(17 * k), theme.INK, "bold")
            chip = words.get_rect().inflate(round(20 * k), round(8 * k))
            chip.midbottom = (round(cx), round(cy - h / 2 - 6 * k - 26 * k * min(1.0, t * 2)))
            if within is not None:
                chip.clamp_ip(within)
            back = pygame.Surface(chip.size, pygame.SRCALPHA)
            alpha = int(235 * min(1.0, fade * 2.2))
            pygame.draw.rect(back, (*theme.RED, alpha), back.get_rect(), border_radius=chip.h // 2)
            surface.blit(back, chip.topleft)
            if alpha > 120:
                blit_text(surface, self.words, int(17 * k), theme.INK, chip.center, "center", "bold", box=chip)


def notice_words(near: int, far: int) -> str:
    """What a double's notice says: the double, and that it must be covered."""
    return f"Double {near}-{far}: cover it!" if near == far else "Cover it!"


def drop_offset(progress: float, unit: float) -> float:
    """How far above its place a marker still is (pixels) as it drops in, ``progress`` 0..1."""
    return -(1 - progress) * unit * 1.6


_faded: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}


def faded(image: pygame.Surface, alpha: float) -> pygame.Surface:
    """``image`` at ``alpha`` (0..1) in eight steps, remembered while the image lives."""
    step = max(0, min(8, round(alpha * 8)))
    if step == 8:
        return image
    key = (id(image), step)
    found = _faded.get(key)
    if found is None or found[0] is not image:  # the image is held, so its id is not reused meanwhile
        if len(_faded) > 200:
            _faded.clear()
        see_through = image.copy()
        see_through.fill((255, 255, 255, round(255 * step / 8)), special_flags=pygame.BLEND_RGBA_MULT)
        found = _faded[key] = (image, see_through)
    return found[1]


class Flyer:
    """A tile travelling across the table (``tile`` None: face down) from
    ``start`` to ``end``, growing from ``unit0`` to ``unit1`` pixels and turning
    from ``angle0`` to ``angle1`` degrees as ``t`` goes from 0 to 1. ``reveal``: the
    face a face-down tile turns up halfway (a tile dealt to the person's hand);
    ``fade``: it does not travel but fades in at ``end`` (reduced motion)."""

    def __init__(self, tile: tuple[int, int] | None, start: Point, end: Point,
                 unit0: float, unit1: float, angle0: float, angle1: float, numerals: bool | None = None,
                 reveal: tuple[int, int] | None = None, fade: bool = False) -> None:
        self.tile = tile
        self.numerals = numerals
        self.start, self.end = start, end
        self.unit0, self.unit1 = unit0, unit1
        self.angle0, self.angle1 = angle0, angle1
        self.reveal = reveal
        self.fade = fade
        self.t = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Paint at the current progress ``t`` (0..1), lifted with a shadow (or fading in where it lands)."""
        t = min(1.0, self.t)
        if self.fade:
            image = turned(self._image(round(self.unit1), t), self.angle1)
            blit_tile(surface, faded(image, t), self.end)
            return
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(math.pi * t) * 30
        unit = self.unit0 + (self.unit1 - self.unit0) * t
        angle = self.angle0 + (self.angle1 - self.angle0) * t
        landing = max(6, round(self.unit1))  # drawn at its landing size, scaled on the way
        image = turned(self._image(landing, t), angle, unit / landing)
        blit_tile(surface, image, (x, y), lift=0.3 + 0.7 * math.sin(math.pi * t))

    def _image(self, unit: int, t: float) -> pygame.Surface:
        """The tile as it shows at progress ``t``: its face, or its back (until a dealt tile turns up)."""
        shown = self.reveal if self.reveal is not None and t >= 0.55 else self.tile
        if shown is None:
            return back(unit, horizontal=True)
        return face(shown[0], shown[1], unit, numerals=self.numerals)
