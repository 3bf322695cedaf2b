"""The table layout from assets/maps/table.tmx (Tiled), scaled to the window.

Object layers name the anchors (``table``: hub, felt, hand_tray, boneyard,
score_panel, message_area, buttons, top_bar; ``seats-N``: seat_0..seat_{N-1}
and mexican). The tile layer ``felt`` paints the table. Rectangles scale
with the window independently in x and y; the map is 1600x900 design pixels.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytmx

from .paths import table_map

MAP_W, MAP_H = 1600, 900


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
        self._felt_design: pygame.Surface | None = None
        self._felt_scaled: dict[tuple[int, int], pygame.Surface] = {}

    def _objects(self, name: str) -> pytmx.TiledObjectGroup:
        """The object layer ``name`` of the map."""
        layer = self.map.get_layer_by_name(name)
        if not isinstance(layer, pytmx.TiledObjectGroup):
            raise ValueError(f"{name} is not an object layer of the table map")  # noqa: TRY004 - bad data, not a bad call
        return layer

    def felt_design(self) -> pygame.Surface:
        """The felt tile layer painted at design size, with a fine speckle and vignette."""
        if self._felt_design is None:
            surf = pygame.Surface((MAP_W, MAP_H))
            layer = self.map.get_layer_by_name("felt")
            if not isinstance(layer, pytmx.TiledTileLayer):
                raise ValueError("felt is not a tile layer of the table map")
            tw, th = self.map.tilewidth, self.map.tileheight
            for x, y, image in layer.tiles():
                surf.blit(image, (x * tw, y * th))
            rng = random.Random(3)
            speckle = pygame.Surface((MAP_W, MAP_H), pygame.SRCALPHA)
            for _ in range(26000):
                x, y = rng.randrange(MAP_W), rng.randrange(MAP_H)
                shade = rng.choice(((255, 255, 255, 10), (0, 0, 0, 18)))
                speckle.fill(shade, (x, y, 2, 2))
            surf.blit(speckle, (0, 0))
            felt = self.anchors["felt"]
            glow = pygame.Surface(felt.size, pygame.SRCALPHA)
            steps = 14
            for i in range(steps):
                alpha = int(60 * (1 - i / steps) ** 2)
                inset = i * 9
                pygame.draw.rect(glow, (0, 0, 0, alpha), glow.get_rect().inflate(-2 * inset, -2 * inset), 10)
            surf.blit(glow, felt.topleft)
            pygame.draw.rect(surf, (150, 104, 60), felt, 3)
            self._felt_design = surf
        return self._felt_design

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt scaled to a window of ``size`` pixels (cached per size)."""
        found = self._felt_scaled.get(size)
        if found is None:
            if len(self._felt_scaled) > 6:
                self._felt_scaled.clear()
            found = pygame.transform.smoothscale(self.felt_design(), size)
            if pygame.display.get_surface() is not None:
                found = found.convert()
            self._felt_scaled[size] = found
        return found


class Scaled:
    """The layout's anchors in window pixels for a window of ``size``."""

    def __init__(self, layout: TableLayout, size: tuple[int, int]) -> None:
        self.layout = layout
        self.size = size
        self.sx = size[0] / MAP_W
        self.sy = size[1] / MAP_H
        self.k = min(self.sx, self.sy)

    def scale(self, r: pygame.FRect) -> pygame.FRect:
        """A design rectangle in window pixels."""
        return pygame.FRect(r.x * self.sx, r.y * self.sy, r.w * self.sx, r.h * self.sy)

    def anchor(self, name: str) -> pygame.FRect:
        """The named anchor of the ``table`` layer, scaled."""
        return self.scale(self.layout.anchors[name])

    def seat_panel(self, players: int, seat: int) -> pygame.FRect:
        """Seat ``seat``'s panel at a table of ``players``, scaled."""
        return self.scale(self.layout.seat_panels[players][seat])

    def mexican_panel(self, players: int) -> pygame.FRect:
        """The Mexican train's label panel at a table of ``players``, scaled."""
        return self.scale(self.layout.mexican_panels[players])


_cached: TableLayout | None = None


def table_layout() -> TableLayout:
    """The table layout, loaded once."""
    global _cached
    if _cached is None:
        _cached = TableLayout()
    return _cached
