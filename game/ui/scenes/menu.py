"""A base for scenes made of widgets in the design space."""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..draw import background, dim, panel
from ..fonts import blit_text
from ..intents import Intent
from ..scene import IDLE_RATE, Scene, Space
from ..widgets import Button


class MenuScene(Scene):
    """Widgets laid out on 1600x900, a title, and keyboard focus on buttons."""

    title = ""
    modal = False
    text_room = 1.0
    """Menus lay text out in boxes of fixed size: at the designed size unless a scene has room."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Any] = []
        self.focus = -1
        self.clock = 0.0

    @property
    def opaque(self) -> bool:
        """Full scenes hide the scenes beneath; modal ones show them dimmed."""
        return not self.modal

    def space(self) -> Space:
        """The design space at the current window size."""
        assert self.app is not None
        return Space(self.app.size)

    def buttons(self) -> list[Button]:
        """The enabled buttons, in order (for arrow-key focus)."""
        return [w for w in self.widgets if isinstance(w, Button) and w.enabled]

    def handle(self, intent: Intent) -> None:
        """Widgets first; arrows move a button focus; Enter presses it; Esc goes back."""
        space = self.space()
        for widget in self.widgets:
            if widget.handle(intent, space):
                return
        buttons = self.buttons()
        if intent.kind in ("up", "down", "next_field") and buttons:
            self.focus = (self.focus + (-1 if intent.kind == "up" else 1)) % len(buttons)
            for i, b in enumerate(buttons):
                b.hover = i == self.focus
        elif intent.kind == "confirm" and buttons and 0 <= self.focus < len(buttons):
            buttons[self.focus].on_click()
        elif intent.kind == "back":
            self.back()

    def back(self) -> None:
        """Esc: leave this scene."""
        assert self.app is not None
        self.app.pop()

    def frame_rate(self) -> int:
        """Menus only move when the player does (a text cursor blinks slowly)."""
        return IDLE_RATE

    def update(self, dt: float) -> None:
        """Advance widget timers."""
        self.clock += dt
        for widget in self.widgets:
            if hasattr(widget, "update"):
                widget.update(dt)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The background: felt for full scenes, a veil for modal ones."""
        assert self.app is not None
        if self.modal:
            dim(surface, 150)
        else:
            surface.blit(background(self.app.size), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, title, widgets, then ``draw_body``."""
        self.draw_backdrop(surface)
        space = self.space()
        self.draw_body(surface, space)
        for widget in self.widgets:
            widget.draw(surface, space)

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Scene-specific painting under the widgets."""
        if self.title:
            blit_text(surface, self.title, space.px(44), theme.GOLD, space.point(800, 60), "midtop", "title")


def card(surface: pygame.Surface, space: Space, x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A large panel in design coordinates."""
    rect = space.rect(x, y, w, h)
    panel(surface, rect, theme.PANEL, 235, radius=space.px(18))
    return rect
