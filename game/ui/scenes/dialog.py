"""A small modal question or notice: a heading, a few wrapped lines and buttons."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from .. import theme
from ..fonts import blit_text, text
from ..scene import Host, Space
from ..widgets import Button
from .menu import MenuScene, card

Choice = tuple[str, Callable[[], None]]
"""A button's label and what it does (after the dialog has closed)."""

WIDTH = 760
"""The card's width in design pixels."""


class DialogScene(MenuScene):
    """A card over the scene below with ``heading``, ``body`` (wrapped) and one
    button per choice. A button closes the dialog, then does its job; Esc does
    what the last choice does; Enter presses the focused button (the first)."""

    text_room = math.inf
    """Text grows with the UI scale (the body wraps and the card grows with it)."""

    modal = True

    def __init__(self, heading: str, body: str, choices: Sequence[Choice]) -> None:
        super().__init__()
        self.heading = heading
        self.body = body
        self.choices = list(choices) or [("OK", lambda: None)]
        self.top_y = 300.0
        self.height = 300.0
        self.body_at = 82.0
        self._place(1.0)

    def _place(self, k: float) -> None:
        """Size the card to the wrapped body at scale ``k`` and put the buttons under it."""
        lines = text(self.body, max(6, round(20 * k)), theme.INK, wrap=max(1, round((WIDTH - 80) * k))).get_height() / k
        head = text(self.heading, max(6, round(32 * k)), theme.GOLD, "title",
                    wrap=max(1, round((WIDTH - 40) * k))).get_height() / k
        self.body_at = 24 + head + 16
        """Where the body starts below the card's top (design pixels): under the heading as it is drawn."""
        self.height = self.body_at + lines + 36 + 60 + 28
        self.top_y = (900 - self.height) / 2
        count = len(self.choices)
        width = min(260.0, (WIDTH - 60 - 20 * (count - 1)) / count)
        x0 = 800 - (count * width + 20 * (count - 1)) / 2
        y = self.top_y + self.height - 88
        self.widgets = [
            Button(label, (x0 + i * (width + 20), y, width, 60), self._chooser(job), primary=i == 0, size=22)
            for i, (label, job) in enumerate(self.choices)
        ]
        self.focus = 0
        self.widgets[0].hover = True

    def spoken_title(self) -> str:
        """The dialog's heading."""
        return self.heading

    def spoken_body(self) -> str:
        """The dialog's text."""
        return self.body

    def _chooser(self, job: Callable[[], None]) -> Callable[[], None]:
        """A button's action: close the dialog, then do ``job``."""

        def choose() -> None:
            """Close, then act."""
            assert self.app is not None
            if self.app.top is self:
                self.app.pop()
            job()

        return choose

    def resize(self, size: tuple[int, int]) -> None:
        """Wrap the text again for the new window size."""
        self._place(Space(size).k)

    def attach(self, app: Host) -> None:
        """Lay the card out for the window it opens in."""
        super().attach(app)
        self._place(self.space().k)

    def back(self) -> None:
        """Esc: the last choice (the one that changes least)."""
        self.widgets[-1].on_click()

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, the heading and the wrapped body."""
        card(surface, space, 800 - WIDTH / 2, self.top_y, WIDTH, self.height)
        blit_text(surface, self.heading, space.px(32), theme.GOLD, space.point(800, self.top_y + 24), "midtop", "title",
                  wrap=space.px(WIDTH - 40))
        blit_text(surface, self.body, space.px(20), theme.INK,
                  space.point(800 - WIDTH / 2 + 40, self.top_y + self.body_at), "topleft", wrap=space.px(WIDTH - 80))
