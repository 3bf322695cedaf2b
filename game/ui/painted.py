"""What a layout leaves to paint: words and shapes already placed in window pixels, so that
drawing a frame is only painting them (the layout is worked out once per size and text setting)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from . import theme
from .draw import panel
from .fonts import blit_text


@dataclass(frozen=True, slots=True)
class Words:
    """A text: its words, size (pixels), colour, where its ``anchor`` goes, style, wrap width and box."""

    line: str
    size: int
    color: theme.Color
    pos: tuple[int, int]
    anchor: str = "topleft"
    style: str = "regular"
    wrap: int = 0
    box: pygame.Rect | None = None


@dataclass(frozen=True, slots=True)
class Shape:
    """A filled rectangle (``width`` > 0: an outline), rounded by ``radius``; ``card``: an opaque panel."""

    rect: pygame.Rect
    color: theme.Color
    radius: int = 0
    width: int = 0
    card: bool = False


Item = Words | Shape


def paint(surface: pygame.Surface, items: Iterable[Item], view: pygame.Rect | None = None) -> None:
    """Paint ``items`` in order (only those touching ``view``, when given)."""
    for item in items:
        if isinstance(item, Words):
            if view is not None and not view.collidepoint(item.pos) and item.wrap == 0 and \
                    abs(item.pos[1] - view.centery) > view.h:
                continue
            blit_text(surface, item.line, item.size, item.color, item.pos, item.anchor, item.style, item.wrap,
                      item.box)
        elif view is None or view.colliderect(item.rect):
            if item.card:
                panel(surface, item.rect, item.color, 255, radius=item.radius)
            else:
                pygame.draw.rect(surface, item.color, item.rect, item.width, border_radius=item.radius)
