"""Pass and play: the opaque screen that hides every hand while the table goes
to the next person ("Pass to Ben")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...memory.session import is_you
from .. import theme
from ..boxes import Column, centred
from ..fonts import blit_text, fit_size
from ..intents import Intent
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene

COVER: theme.Color = theme.PANEL
"""The one colour the pass screen is painted in (no hand shows through)."""


class PassScene(MenuScene):
    """Covers the whole table until ``name`` is ready: a click or Enter calls
    ``on_ready`` (after closing); Esc calls ``on_menu`` (the pause menu over it)."""

    def __init__(self, name: str, on_ready: Callable[[], None], on_menu: Callable[[], None]) -> None:
        super().__init__()
        self.name = name
        self.on_ready = on_ready
        self.on_menu = on_menu
        you = is_you(name)
        label = "Show my hand" if you else f"I'm {name}: show my hand"
        self.widgets = [Button(label, self.ready, primary=True)]
        self.focus = 0
        self.boxes: dict[str, pygame.Rect] = {}

    def words(self) -> tuple[str, str]:
        """The large line (whom to pass to) and the line under it (how to go on)."""
        if is_you(self.name):
            return "Your turn: pass the screen to you", "Click or press Enter when you are ready"
        return f"Pass to {self.name}", f"{self.name}: click or press Enter when you are ready"

    def layout(self, s: Sizes) -> None:
        """The words and the button in a column in the middle of the window."""
        frame = s.frame
        _, ready = self.words()
        big = round(s.title * 1.5)
        width = min(frame.w, round(s.unit * 44))
        heights = [s.line(big, "title"), s.wrapped(ready, s.heading, width), s.control, s.line(s.body)]
        total = sum(heights) + 3 * s.section
        column = Column(centred(frame, width, total), s.section)
        head_box, ready_box, button_box, peek_box = (column.take(h) for h in heights)
        button = self.widgets[0]
        button.place(pygame.Rect(0, button_box.y, min(width, s.button_width(button.label) + 4 * s.pad), s.control),
                     s.label)
        button.rect.centerx = button_box.centerx
        self.boxes = {"head": head_box, "ready": ready_box, "peek": peek_box}

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

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """Whom to pass to, and how to go on."""
        head, ready = self.words()
        box = self.boxes["head"]
        line, size = fit_size(head, round(s.title * 1.5), "title", s.frame.w, s.title)
        blit_text(surface, line, size, theme.GOLD, box.midtop, "midtop", "title")
        box = self.boxes["ready"]
        blit_text(surface, ready, s.heading, theme.INK, box.midtop, "midtop", wrap=box.w)
        blit_text(surface, "Everyone else: no peeking at the screen.", s.body, theme.INK_DIM,
                  self.boxes["peek"].midtop, "midtop")
