"""The pause menu over the Learn to play lesson (Esc): resume, the rules,
settings, continue later (back to the title, the lesson kept at its step) or
skip the lesson."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...engine import RuleOptions
from .. import theme
from ..fonts import blit_text
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene, card


class LessonPauseScene(MenuScene):
    """A modal menu over the lesson's table; ``progress`` says how far it went
    ("Step 9 of 25"). ``on_later`` keeps the lesson at its step and goes to the
    title; ``on_skip`` leaves it for good."""

    text_room = math.inf
    """Text grows with the UI scale (short labels on wide buttons)."""

    modal = True

    def __init__(self, options: RuleOptions, players: int, progress: str, on_later: Callable[[], None],
                 on_skip: Callable[[], None]) -> None:
        super().__init__()
        self.options = options
        self.players = players
        self.progress = progress
        self.widgets = [
            Button("Resume the lesson", (600, 300, 400, 64), self.back, primary=True),
            Button("Rules", (600, 380, 400, 64), self.rules),
            Button("Settings", (600, 460, 400, 64), self.settings),
            Button("Continue later", (600, 540, 400, 64), on_later),
            Button("Skip the lesson", (600, 620, 400, 64), on_skip),
        ]

    def rules(self) -> None:
        """The rules the lesson is played by."""
        assert self.app is not None
        self.app.push(self.app.routes.rules(self.options, players=self.players))

    def settings(self) -> None:
        """Open the settings."""
        assert self.app is not None
        self.app.push(self.app.routes.settings())

    def spoken_title(self) -> str:
        """The card's title and how far the lesson went."""
        return f"Learn to play. {self.progress}. Continue later keeps your place"

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, its title and how far the lesson went."""
        box = card(surface, space, 520, 130, 560, 580)
        title = blit_text(surface, "Learn to play", space.px(36), theme.GOLD, space.point(800, 142), "midtop",
                          "title", box=box)
        line = blit_text(surface, self.progress, space.px(16), theme.INK_DIM, title.midbottom, "midtop",
                         box=box)
        blit_text(surface, "Continue later keeps your place", space.px(16), theme.INK_DIM, line.midbottom,
                  "midtop", box=box)
