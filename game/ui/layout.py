"""The table layout from assets/maps/table.tmx (Tiled), laid out for the window and the text size.

Object layers name the anchors (``table``: hub, felt, hand_tray, boneyard,
score_panel, message_area, buttons, top_bar; ``seats-N``: seat_0..seat_{N-1}
and mexican). The tile layer ``felt`` paints the table. The map is 1600x900
design pixels in five bands: the top bar, the two seat columns, the hand tray
along the bottom and the felt between them. ``Scaled`` lays the bands out for
a window: the bands that hold words (bar, columns, tray) grow with the text
setting (``Scaled.c``) as well as with the window, and the felt takes what is
left, so 150% text gives half again as large words in boxes half again as
large, and a bigger window bigger tiles and words rather than more felt.
"""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path
from typing import Any

import pygame
import pytmx

from . import ui_scale
from .paths import table_map

MAP_W, MAP_H = 1600, 900
FELT_SHARE = 0.5
"""The least share of the window's width and height the felt keeps, however large the text."""


def _image_loader(filename: str, colorkey: Any, **kwargs: Any) -> Any:
    """A pytmx image loader that needs no display (no convert)."""
    sheet = pygame.image.load(filename)

    def load(rect: Any = None, flags: Any = None) -> pygame.Surface:
        """The sheet, or the part of it at ``rect``."""
        if rect is None:
            return sheet
        return sheet.subsurface(pygame.Rect(rect)).copy()

    return load


def _rects(group: pytmx.TiledObjectGroup) -> dict[str, pygame.FRect]:
    """The named objects of ``group`` as rectangles in design pixels."""
    return {obj.name: pygame.FRect(obj.x, obj.y, obj.width, obj.height) for obj in group if obj.name}


class TableLayout:
    """Named anchors and the felt of the table map."""

    def __init__(self, path: Path | None = None) -> None:
        self.map = pytmx.TiledMap(str(path or table_map()), image_loader=_image_loader)
        self.anchors: dict[str, pygame.FRect] = _rects(self._objects("table"))
        self.seat_panels: dict[int, list[pygame.FRect]] = {}
        self.mexican_panels: dict[int, pygame.FRect] = {}
        for n in range(2, 9):
            named = _rects(self._objects(f"seats-{n}"))
            self.seat_panels[n] = [named[f"seat_{i}"] for i in range(n)]
            self.mexican_panels[n] = named["mexican"]
        self._painted: dict[tuple[int, int, float], pygame.Surface] = {}

    def _objects(self, name: str) -> pytmx.TiledObjectGroup:
        """The object layer ``name`` of the map."""
        layer = self.map.get_layer_by_name(name)
        if not isinstance(layer, pytmx.TiledObjectGroup):
            raise ValueError(f"{name} is not an object layer of the table map")  # noqa: TRY004 - bad data, not a bad call
        return layer

    def bands(self) -> tuple[float, float, float, float]:
        """The design widths of the left column, the right column, the top bar and the tray (pixels)."""
        felt, tray, bar = self.anchors["felt"], self.anchors["hand_tray"], self.anchors["top_bar"]
        return felt.left, MAP_W - felt.right, bar.bottom, MAP_H - tray.top

    def felt(self, scaled: Scaled) -> pygame.Surface:
        """The table painted for ``scaled``'s window: the map's tile layer laid out
        band by band, wood grain, the felt's nap and light (cached per window and text size)."""
        key = (scaled.size[0], scaled.size[1], scaled.c)
        found = self._painted.get(key)
        if found is None:
            if len(self._painted) > 6:
                self._painted.clear()
            found = paint_table(self, scaled)
            if pygame.display.get_surface() is not None:
                found = found.convert()
            self._painted[key] = found
        return found


class Scaled:
    """The layout's anchors in window pixels for a window of ``size`` at the
    text size in force: ``k`` is the window's scale (tiles, lines), ``c`` how much
    the bands that hold words grow with the text setting, ``kc`` both (boxes
    with words in them: their sizes, and their words drawn at the designed size)."""

    def __init__(self, layout: TableLayout, size: tuple[int, int], text: float | None = None) -> None:
        self.layout = layout
        self.size = size
        w, h = size
        self.sx = w / MAP_W
        self.sy = h / MAP_H
        self.k = min(self.sx, self.sy)
        left, right, top, bottom = layout.bands()
        wanted = ui_scale.current() if text is None else text
        most = min(w * (1 - FELT_SHARE) / ((left + right) * self.sx), h * (1 - FELT_SHARE) / ((top + bottom) * self.sy))
        self.c = max(1.0, min(wanted, most))
        self.kc = min(math.sqrt(self.sx * self.sy), 1.12 * self.k) * self.c
        """The scale of the bands' boxes and words: the window's mean scale (a 16:10 window's
        words a little larger than its width alone would give), times ``c``."""
        c = self.c
        self._xs = ((0.0, 0.0), (left, left * self.sx * c), (MAP_W - right, w - right * self.sx * c), (MAP_W, w))
        self._ys = ((0.0, 0.0), (top, top * self.sy * c), (MAP_H - bottom, h - bottom * self.sy * c), (MAP_H, h))

    @staticmethod
    def _map(value: float, marks: tuple[tuple[float, float], ...]) -> float:
        """A design coordinate in window pixels, band by band."""
        for (d0, w0), (d1, w1) in itertools.pairwise(marks):
            if value <= d1 or d1 == marks[-1][0]:
                return w0 + (value - d0) * (w1 - w0) / (d1 - d0) if d1 != d0 else w0
        return marks[-1][1]

    def x(self, value: float) -> float:
        """A design x in window pixels."""
        return self._map(value, self._xs)

    def y(self, value: float) -> float:
        """A design y in window pixels."""
        return self._map(value, self._ys)

    def scale(self, r: pygame.FRect) -> pygame.FRect:
        """A design rectangle in window pixels."""
        left, top = self.x(r.left), self.y(r.top)
        return pygame.FRect(left, top, self.x(r.right) - left, self.y(r.bottom) - top)

    def anchor(self, name: str) -> pygame.FRect:
        """The named anchor of the ``table`` layer, laid out."""
        return self.scale(self.layout.anchors[name])

    def seat_panel(self, players: int, seat: int) -> pygame.FRect:
        """Seat ``seat``'s panel at a table of ``players``, laid out."""
        return self.scale(self.layout.seat_panels[players][seat])

    def mexican_panel(self, players: int) -> pygame.FRect:
        """The Mexican train's label panel at a table of ``players``, laid out."""
        return self.scale(self.layout.mexican_panels[players])


# ------------------------------------------------------------------ painting the table

_grain: list[pygame.Surface] = []


def _noise() -> pygame.Surface:
    """A small tile of fine light and dark specks, repeated over the table (made once)."""
    if not _grain:
        tile = pygame.Surface((128, 128), pygame.SRCALPHA)
        rng = random.Random(3)
        for _ in range(2600):
            shade = rng.choice(((255, 255, 255, 12), (0, 0, 0, 20)))
            tile.fill(shade, (rng.randrange(128), rng.randrange(128), 2, 2))
        _grain.append(tile)
    return _grain[0]


def _soft(size: tuple[int, int], light: tuple[int, int, int, int], dark: tuple[int, int, int, int],
          power: float) -> pygame.Surface:
    """A soft oval shading of ``size``: ``light`` in the middle fading to ``dark`` at the edges."""
    small = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            d = min(1.0, (((x - 15.5) / 16) ** 2 + ((y - 8.5) / 9) ** 2) ** 0.5) ** power
            small.set_at((x, y), tuple(round(a + (b - a) * d) for a, b in zip(light, dark)))
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def paint_table(layout: TableLayout, scaled: Scaled) -> pygame.Surface:
    """The table for ``scaled``: the map's tiles band by band, then grain, wood, the felt's light and rim."""
    surf = pygame.Surface(scaled.size)
    layer = layout.map.get_layer_by_name("felt")
    if not isinstance(layer, pytmx.TiledTileLayer):
        raise ValueError("felt is not a tile layer of the table map")  # noqa: TRY004 - bad data, not a bad call
    tw, th = layout.map.tilewidth, layout.map.tileheight
    colors: dict[int, tuple[int, int, int, int]] = {}
    for x, y, image in layer.tiles():
        color = colors.setdefault(id(image), tuple(image.get_at((0, 0))))
        cell = scaled.scale(pygame.FRect(x * tw, y * th, tw, th))
        surf.fill(color, pygame.Rect(round(cell.x), round(cell.y), round(cell.right) - round(cell.x) + 1,
                                     round(cell.bottom) - round(cell.y) + 1))
    w, h = scaled.size
    felt = pygame.Rect(scaled.anchor("felt"))
    bar = pygame.Rect(scaled.anchor("top_bar"))
    light, dark = pygame.Surface((w, 1), pygame.SRCALPHA), pygame.Surface((w, 1), pygame.SRCALPHA)
    light.fill((255, 255, 255, 10))
    dark.fill((0, 0, 0, 8))
    for row, y in enumerate(range(bar.bottom, h, max(3, round(5 * scaled.k)))):  # wood grain around the felt
        veil = light if (row * 7919) % 3 == 0 else dark
        if felt.top <= y < felt.bottom:
            surf.blit(veil, (0, y), (0, 0, felt.left, 1))
            surf.blit(veil, (felt.right, y), (0, 0, w - felt.right, 1))
        else:
            surf.blit(veil, (0, y))
    grain = _noise()
    for gy in range(0, h, 128):
        for gx in range(0, w, 128):
            surf.blit(grain, (gx, gy))
    surf.blit(_soft(felt.size, (255, 255, 230, 26), (0, 0, 0, 120), 2.2), felt.topleft)
    rim = max(2, round(4 * scaled.k))
    pygame.draw.rect(surf, (70, 42, 22), felt.inflate(2 * rim, 2 * rim), rim, border_radius=rim * 3)
    pygame.draw.rect(surf, (176, 126, 74), felt.inflate(rim, rim), max(1, rim // 2), border_radius=rim * 3)
    tray = pygame.Rect(scaled.anchor("hand_tray"))
    lip = pygame.Rect(0, tray.top, w, max(2, round(5 * scaled.k)))
    surf.fill((120, 78, 44), lip)
    surf.fill((40, 24, 12), lip.move(0, lip.h).inflate(0, -lip.h // 2))
    pygame.draw.line(surf, (64, 72, 88), (0, bar.bottom - 1), (w, bar.bottom - 1), max(1, round(2 * scaled.k)))
    return surf


_cached: TableLayout | None = None


def table_layout() -> TableLayout:
    """The table layout, loaded once."""
    global _cached
    if _cached is None:
        _cached = TableLayout()
    return _cached
