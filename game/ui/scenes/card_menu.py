"""A modal menu on a card: a title, a line or two under it, a column of buttons and a note."""

from __future__ import annotations

import pygame

from .. import theme
from ..boxes import Column, centred, inset
from ..fonts import blit_text
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene, card

MEASURE = 24
"""The card's least width, in body text sizes."""


class CardMenu(MenuScene):
    """A card in the middle of the window over the dimmed scene below: ``card_title``,
    ``lines()`` under it, the buttons one under another, and ``note`` (``note_color``)."""

    modal = True
    card_title = ""

    def __init__(self) -> None:
        super().__init__()
        self.note = ""
        self.card_box = pygame.Rect(0, 0, 0, 0)
        self.title_box = pygame.Rect(0, 0, 0, 0)
        self.lines_box = pygame.Rect(0, 0, 0, 0)
        self.note_box = pygame.Rect(0, 0, 0, 0)

    def lines(self) -> list[str]:
        """What the card says under its title (nothing by default)."""
        return []

    def note_color(self) -> theme.Color:
        """The note's colour."""
        return theme.GOLD

    def layout(self, s: Sizes) -> None:
        """The card sized to its title, lines, buttons and note; the buttons all as wide as the widest."""
        frame = s.frame
        widest = max((s.button_width(b.label) for b in self.widgets if isinstance(b, Button)), default=0)
        width = min(frame.w, max(round(MEASURE * s.unit), widest + 4 * s.pad,
                                 s.width(self.card_title, s.title, "title") + 4 * s.pad))
        inner = width - 4 * s.pad
        title_h = s.line(s.title, "title")
        lines_h = sum(s.wrapped(line, s.small, inner) for line in self.lines())
        note_h = s.wrapped(self.note, s.small, inner, "bold") if self.note else 0
        buttons = len(self.widgets)
        buttons_h = buttons * s.control + (buttons - 1) * s.gap
        fixed = 2 * s.inside + title_h + (s.gap + lines_h if lines_h else 0) + s.section \
            + (s.section + note_h if note_h else 0)
        self.card_box = centred(frame, width, fixed + buttons_h)
        column = Column(inset(self.card_box, s.inside), s.gap)
        self.title_box = column.take(title_h)
        self.lines_box = column.take(lines_h) if lines_h else pygame.Rect(column.rect.x, column.bottom, 0, 0)
        column.skip(s.section - s.gap)
        view = column.take(self.card_box.h - fixed)  # the buttons scroll when the card would not fit the window
        self.pane.set(view, buttons_h)
        self.scrolled = list(self.widgets)
        for i, button in enumerate(self.widgets):
            button.place(pygame.Rect(view.x, self.pane.top + i * (s.control + s.gap), view.w, s.control), s.label)
        if note_h:
            column.skip(s.section - s.gap)
        self.note_box = column.take(note_h) if note_h else pygame.Rect(0, 0, 0, 0)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The card, its title, its lines and the note."""
        box = card(surface, self.card_box, s)
        blit_text(surface, self.card_title, s.title, theme.GOLD, self.title_box.midtop, "midtop", "title", box=box)
        y = self.lines_box.y
        for line in self.lines():
            y = blit_text(surface, line, s.small, theme.INK_DIM, (self.lines_box.centerx, y), "midtop",
                          wrap=self.lines_box.w, box=box).bottom
        if self.note:
            blit_text(surface, self.note, s.small, self.note_color(), self.note_box.topleft, "topleft", "bold",
                      wrap=self.note_box.w, box=box)
