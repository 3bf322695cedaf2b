"""The scene base class and the letterboxed design space menus are laid out in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .intents import Intent

if TYPE_CHECKING:
    from .app import App

DESIGN_W, DESIGN_H = 1600, 900


class Scene:
    """One screen of the game. ``draw`` only paints; ``opaque`` scenes hide the
    scenes beneath them on the stack."""

    opaque = True

    def __init__(self) -> None:
        self.app: App | None = None

    def attach(self, app: App) -> None:
        """Called when pushed on ``app``'s stack."""
        self.app = app

    def handle(self, intent: Intent) -> None:
        """React to one intent."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto ``surface``; changes nothing."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def close(self) -> None:
        """The scene leaves the stack for good."""


class Space:
    """Maps the 1600x900 design space onto a window of any size, letterboxed."""

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        self.k = min(w / DESIGN_W, h / DESIGN_H)
        self.ox = (w - DESIGN_W * self.k) / 2
        self.oy = (h - DESIGN_H * self.k) / 2

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A design rectangle in window pixels."""
        k = self.k
        return pygame.Rect(round(self.ox + x * k), round(self.oy + y * k), round(w * k), round(h * k))

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A design point in window pixels."""
        return (self.ox + x * self.k, self.oy + y * self.k)

    def px(self, v: float) -> int:
        """A design length in window pixels."""
        return max(1, round(v * self.k))
