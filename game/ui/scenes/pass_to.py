"""Pass and play: the opaque screen that hides every hand while the table goes
to the next person ("Pass to Ben")."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...memory.session import is_you
from .. import theme
from ..fonts import blit_text, fit_text
from ..intents import Intent
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene

COVER: theme.Color = theme.PANEL
"""The one colour the pass screen is painted in (no hand shows through)."""


class PassScene(MenuScene):
    """Covers the whole table until ``name`` is ready: a click or Enter calls
    ``on_ready`` (after closing); Esc calls ``on_menu`` (the pause menu over it)."""

    text_room = math.inf
    """Text grows with the UI scale (a few short lines on an empty screen)."""

    def __init__(self, name: str, on_ready: Callable[[], None], on_menu: Callable[[], None]) -> None:
        super().__init__()
        self.name = name
        self.on_ready = on_ready
        self.on_menu = on_menu
        you = is_you(name)
        label = "Show my hand" if you else f"I'm {name}: show my hand"
        self.widgets = [Button(label, (450, 520, 700, 70), self.ready, primary=True)]
        self.focus = 0

    def spoken_title(self) -> str:
        """'Pass to Ana': what the screen says in large letters."""
        return f"Pass to {self.name}"

    def ready(self) -> None:
        """The person is at the screen: close, and show their hand."""
        assert self.app is not None
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def handle(self, intent: Intent) -> None:
        """A click anywhere or Enter: ready; Esc: the menu."""
        if intent.kind == "release" and intent.button == 1 or intent.kind == "confirm":
            self.ready()
        elif intent.kind == "back":
            self.on_menu()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """One opaque colour over everything."""
        surface.fill(COVER)

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Whom to pass to, and how to go on."""
        you = is_you(self.name)
        head = "Your turn: pass the screen to you" if you else f"Pass to {self.name}"
        blit_text(surface, fit_text(head, space.px(64), "title", space.px(1500)), space.px(64), theme.GOLD,
                  space.point(800, 300), "midtop", "title")
        ready = "Click or press Enter when you are ready" if you else \
            f"{self.name}: click or press Enter when you are ready"
        blit_text(surface, ready, space.px(26), theme.INK, space.point(800, 420), "midtop", wrap=space.px(1400))
        blit_text(surface, "Everyone else: no peeking at the screen.", space.px(18), theme.INK_DIM,
                  space.point(800, 620), "midtop")
