"""Rectangles for a layout: a column filled from the top, rows split by widths, grids
that flow. Plain arithmetic on window pixels, measured by the caller from ``Sizes``."""

from __future__ import annotations

from collections.abc import Sequence

import pygame


class Column:
    """Boxes placed one under another inside ``rect``, ``gap`` pixels apart (``rect``'s
    height is only the room hoped for: a column may run past it, and says how far it went)."""

    def __init__(self, rect: pygame.Rect, gap: int) -> None:
        self.rect = pygame.Rect(rect)
        self.gap = gap
        self.y = self.rect.y
        self._first = True

    def take(self, height: int, width: int | None = None, align: str = "left") -> pygame.Rect:
        """The next box: ``height`` tall, the column's width or ``width`` placed ``align``
        (left, center, right)."""
        if not self._first:
            self.y += self.gap
        self._first = False
        w = self.rect.w if width is None else min(width, self.rect.w)
        x = {"left": self.rect.x, "center": self.rect.centerx - w // 2, "right": self.rect.right - w}[align]
        box = pygame.Rect(x, self.y, w, height)
        self.y += height
        return box

    def skip(self, height: int) -> None:
        """Leave ``height`` pixels empty (besides the gap)."""
        self.y += height

    @property
    def bottom(self) -> int:
        """Where the last box ends."""
        return self.y

    @property
    def used(self) -> int:
        """Height from the column's top to the last box's bottom."""
        return self.y - self.rect.y

    def rest(self) -> pygame.Rect:
        """The room left under the last box (with the gap), down to the rect's bottom."""
        top = self.y + (0 if self._first else self.gap)
        return pygame.Rect(self.rect.x, top, self.rect.w, max(0, self.rect.bottom - top))


def row(rect: pygame.Rect, widths: Sequence[int], gap: int, align: str = "center") -> list[pygame.Rect]:
    """Boxes of ``widths`` side by side, ``gap`` apart, as tall as ``rect``, placed
    ``align`` (left, center, right) in it; shrunk alike when they would not fit."""
    room = rect.w - gap * (len(widths) - 1)
    total = sum(widths)
    k = min(1.0, room / total) if total else 1.0
    sized = [max(1, int(w * k)) for w in widths]
    used = sum(sized) + gap * (len(sized) - 1)
    x = {"left": rect.x, "center": rect.x + (rect.w - used) // 2, "right": rect.right - used}[align]
    boxes = []
    for w in sized:
        boxes.append(pygame.Rect(x, rect.y, w, rect.h))
        x += w + gap
    return boxes


def fitting(width: int, least: int, gap: int, most: int) -> int:
    """How many columns at least ``least`` pixels wide fit ``width`` with ``gap`` between (1 to ``most``)."""
    return max(1, min(most, (width + gap) // max(1, least + gap)))


def grid(rect: pygame.Rect, count: int, columns: int, height: int, gap: int,
         across: bool = True) -> list[pygame.Rect]:
    """``count`` boxes ``height`` tall in ``columns`` equal columns from ``rect``'s top,
    filled row by row (``across``) or column by column."""
    columns = max(1, columns)
    width = (rect.w - gap * (columns - 1)) // columns
    rows = -(-count // columns)
    boxes = []
    for i in range(count):
        r, c = divmod(i, columns) if across else (i % rows, i // rows)
        boxes.append(pygame.Rect(rect.x + c * (width + gap), rect.y + r * (height + gap), width, height))
    return boxes


def centred(outer: pygame.Rect, width: int, height: int) -> pygame.Rect:
    """A box of ``width`` x ``height`` in the middle of ``outer`` (no larger than it)."""
    box = pygame.Rect(0, 0, min(width, outer.w), min(height, outer.h))
    box.center = outer.center
    return box


def inset(rect: pygame.Rect, x: int, y: int | None = None) -> pygame.Rect:
    """``rect`` made smaller by ``x`` on the left and right and ``y`` (else ``x``) top and bottom."""
    return rect.inflate(-2 * x, -2 * (x if y is None else y))
