"""A scrolling pane: content taller than the room it is shown in, moved by the wheel, the
page keys and the keyboard focus, with a bar that says where the view is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from . import theme


@dataclass
class Pane:
    """The part of a scene that scrolls: ``view`` (window pixels) shows the content
    ``height`` pixels tall from ``offset`` down."""

    view: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    height: int = 0
    offset: int = 0
    members: list[Any] = field(default_factory=list)
    """The widgets inside it (drawn clipped to the view, reached by the pointer only there)."""

    def holds(self, widget: Any) -> bool:
        """Whether ``widget`` is inside the pane."""
        return any(widget is member for member in self.members)

    def set(self, view: pygame.Rect, height: int) -> None:
        """The room and the content's height as laid out now (the offset kept within them)."""
        self.view = pygame.Rect(view)
        self.height = max(0, height)
        self.offset = self._clamped(self.offset)

    @property
    def top(self) -> int:
        """Where the content's top is now in the window (window y of content y 0)."""
        return self.view.y - self.offset

    @property
    def scrolls(self) -> bool:
        """Whether the content is taller than the view."""
        return self.height > self.view.h

    def _clamped(self, offset: int) -> int:
        """``offset`` within the content."""
        return max(0, min(offset, self.height - self.view.h))

    def scroll_by(self, pixels: int) -> bool:
        """Scroll down ``pixels`` (up when negative); whether the view moved."""
        offset = self._clamped(self.offset + pixels)
        moved = offset != self.offset
        self.offset = offset
        return moved

    def show(self, box: pygame.Rect, margin: int = 0) -> bool:
        """Scroll the least that shows ``box`` (window pixels as laid out now) whole, with
        ``margin`` around it where there is room; whether the view moved."""
        top, bottom = box.top - margin, box.bottom + margin
        if bottom - top > self.view.h or top < self.view.top:
            return self.scroll_by(top - self.view.top)
        if bottom > self.view.bottom:
            return self.scroll_by(bottom - self.view.bottom)
        return False

    def shows(self, box: pygame.Rect) -> bool:
        """Whether any of ``box`` (window pixels) is in view."""
        return self.view.colliderect(box)

    def draw_bar(self, surface: pygame.Surface, width: int) -> None:
        """A thin bar at the view's right edge: where the view is in the content (when it scrolls)."""
        if not self.scrolls:
            return
        track = pygame.Rect(self.view.right + width, self.view.y, width, self.view.h)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=width // 2)
        length = max(width * 4, self.view.h * self.view.h // self.height)
        y = self.view.y + (self.view.h - length) * self.offset // max(1, self.height - self.view.h)
        pygame.draw.rect(surface, theme.PANEL_EDGE, (track.x, y, width, length), border_radius=width // 2)
