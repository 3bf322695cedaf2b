"""Rows of a screen read one at a time: a line of a table or a list (a decision
of the round review, a row of the statistics, a hand revealed) that the keyboard
reaches like a button, with Up/Down and Home/End, and that says itself as it is
reached. A row may act on Enter (the review's "show it in the replay")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame


@dataclass(eq=False)
class TextRow:
    """One row: its ``text`` as said, where it is drawn (window pixels, as its scene's layout
    placed it; None: not laid out, or no box of its own) and what Enter on it does (None:
    Enter reads it again). A row in a scrolling pane keeps its place in the content when
    scrolled out of view: the pane is scrolled to show it when the keyboard reaches it."""

    text: str
    on_click: Callable[[], None] | None = None
    rect: pygame.Rect | None = None
    lit: bool = False
    """It has the keyboard focus (its scene draws the gold ring round ``rect``)."""
    enabled: bool = True

    def spoken(self) -> str:
        """The row as said when the keyboard reaches it."""
        return self.text


def position(label: str, index: int, count: int) -> str:
    """``label`` with where it stands among ``count`` ('Settings, button, 3 of 9'); alone, just the label."""
    return f"{label.rstrip('.')}, {index + 1} of {count}" if count > 1 and label else label
