"""Rows of a screen read one at a time: a line of a table or a list (a decision
of the round review, a row of the statistics, a hand revealed) that the keyboard
reaches like a button, with Up/Down and Home/End, and that says itself as it is
reached. A row may act on Enter (the review's "show it in the replay")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class TextRow:
    """One row: its ``text`` as said, where it is drawn (design pixels; None: it has no
    box of its own) and what Enter on it does (None: Enter reads it again)."""

    text: str
    rect: tuple[float, float, float, float] | None = None
    on_click: Callable[[], None] | None = None
    hover: bool = False
    enabled: bool = True

    def spoken(self) -> str:
        """The row as said when the keyboard reaches it."""
        return self.text


def position(label: str, index: int, count: int) -> str:
    """``label`` with where it stands among ``count`` ('Settings, button, 3 of 9'); alone, just the label."""
    return f"{label.rstrip('.')}, {index + 1} of {count}" if count > 1 and label else label
