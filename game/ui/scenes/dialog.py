"""A small modal question or notice: a heading, a few wrapped lines and buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .. import theme
from ..boxes import Column, centred, inset
from ..fonts import blit_text
from ..scene import Host
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene, buttons_row, card, clipped

Choice = tuple[str, Callable[[], None]]
"""A button's label and what it does (after the dialog has closed)."""

MEASURE = 34
"""The card's width at most, in body text sizes (a line of some 60 characters)."""


class DialogScene(MenuScene):
    """A card over the scene below with ``heading``, ``body`` (wrapped) and one
    button per choice. A button closes the dialog, then does its job; Esc does
    what the last choice does; Enter presses the focused button (``focus``: the
    first unless said otherwise)."""

    modal = True

    def __init__(self, heading: str, body: str, choices: Sequence[Choice], focus: int = 0) -> None:
        super().__init__()
        self.heading = heading
        self.body = body
        self.choices = list(choices) or [("OK", lambda: None)]
        self.widgets = [Button(label, self._chooser(job), primary=i == 0)
                        for i, (label, job) in enumerate(self.choices)]
        self.focus = max(0, min(focus, len(self.widgets) - 1))
        self.card_box = pygame.Rect(0, 0, 0, 0)
        self.heading_box = pygame.Rect(0, 0, 0, 0)
        self.body_box = pygame.Rect(0, 0, 0, 0)

    def layout(self, s: Sizes) -> None:
        """The card as wide as a comfortable line (or the window), as tall as its words
        and buttons, in the middle of the window; the buttons side by side, or one under
        another when they do not fit across."""
        frame = s.frame
        widths = [s.button_width(b.label) for b in self.widgets]
        across = sum(max(widths) for _ in widths) + 2 * s.gap * (len(widths) - 1)
        width = min(frame.w, max(round(MEASURE * s.unit), across + 4 * s.pad))
        inner_w = width - 4 * s.pad
        stacked = across > inner_w
        heading_h = s.wrapped(self.heading, s.heading * 3 // 2, inner_w, "title")
        body_h = s.wrapped(self.body, s.body, inner_w - s.gap)  # room kept for the bar, should the words scroll
        buttons_h = (s.control * len(widths) + s.gap * (len(widths) - 1)) if stacked else s.control
        fixed = 2 * s.pad + heading_h + s.gap + s.section + buttons_h + 2 * s.pad
        self.card_box = centred(frame, width, fixed + body_h)
        column = Column(inset(self.card_box, 2 * s.pad, 2 * s.pad), s.gap)
        self.heading_box = column.take(heading_h)
        view = column.take(self.card_box.h - fixed)  # the words scroll when the card would not fit the window
        self.pane.set(view, body_h)
        self.body_box = pygame.Rect(view.x, self.pane.top, view.w - s.gap, body_h)
        column.skip(s.section - s.gap)
        if stacked:
            for button in self.widgets:
                button.place(column.take(s.control), s.label)
        else:
            buttons_row(column.take(s.control), self.widgets, s)

    def attach(self, app: Host) -> None:
        """Light the focused choice."""
        super().attach(app)
        self.show_focus()

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

    def back(self) -> None:
        """Esc: the last choice (the one that changes least)."""
        self.widgets[-1].on_click()

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The card, the heading and the wrapped body."""
        card(surface, self.card_box, s)
        blit_text(surface, self.heading, s.heading * 3 // 2, theme.GOLD, self.heading_box.midtop, "midtop", "title",
                  wrap=self.heading_box.w, box=self.card_box)
        with clipped(surface, self.pane.view):
            blit_text(surface, self.body, s.body, theme.INK, self.body_box.topleft, "topleft", wrap=self.body_box.w,
                      box=self.card_box)
