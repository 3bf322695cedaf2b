"""Sizes of text and spacing for a window and the text setting: the base every menu is laid out from.

Nothing here is drawn in a fixed design space. The body text of a menu is
``BODY`` pixels in the smallest window (1024x640) at 100%, grows more slowly
than the window (a larger window gives larger text *and* more room) and
exactly with the text setting; every other text and every gap is a share of
it, so a screen laid out from a ``Sizes`` keeps its proportions at 75% or
200% and simply needs more or less room.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import ui_scale
from .fonts import font

SMALLEST = (1024, 640)
"""The smallest window the game allows (pixels)."""
BODY = 17
"""Body text in pixels in the smallest window at 100% (its smallest text, a footnote, is then 15
pixels: below that, hinted glyphs grow unevenly with the text setting, and read poorly)."""
GROWTH = 0.75
"""How text follows the window: the window's growth over the smallest, to this power (1.0 would
magnify; 0.75 makes a 2560x1440 window's text 1.84x, not 2.25x, and leaves the rest as room, and
keeps text on a 4K screen about as large to the eye as on a 1080p one of the same size)."""

ROLES: dict[str, float] = {
    "fine": 0.88,  # footnotes, key hints, column heads
    "small": 0.94,  # second lines, notes
    "body": 1.0,
    "label": 1.08,  # buttons and pickers
    "heading": 1.3,  # a section's heading
    "title": 2.0,  # a screen's title
    "display": 4.0,  # the game's name on the title screen
}
"""Each kind of text as a share of the body text."""


@dataclass(frozen=True)
class Sizes:
    """Text sizes and spacing (pixels) for one window size and text setting."""

    window: tuple[int, int]
    scale: float
    unit: float
    """The body text's size before rounding (pixels)."""

    def text(self, role: str) -> int:
        """The font size of ``role`` (one of ``ROLES``), in pixels: its size at 100% in whole
        pixels, times the text setting (so that every text grows alike: 12 px at 100% is 18 at 150%)."""
        return sized(round(self.unit / self.scale * ROLES[role]), self.scale)

    @property
    def fine(self) -> int:
        """Footnotes and key hints."""
        return self.text("fine")

    @property
    def small(self) -> int:
        """Second lines and notes."""
        return self.text("small")

    @property
    def body(self) -> int:
        """Running text."""
        return self.text("body")

    @property
    def label(self) -> int:
        """Buttons and pickers."""
        return self.text("label")

    @property
    def heading(self) -> int:
        """A section's heading."""
        return self.text("heading")

    @property
    def title(self) -> int:
        """A screen's title."""
        return self.text("title")

    @property
    def gap(self) -> int:
        """Between two widgets or lines of a group."""
        return max(4, round(self.unit * 0.55))

    @property
    def pad(self) -> int:
        """Inside a button, a row or a card, from its edge to its text."""
        return max(5, round(self.unit * 0.8))

    @property
    def inside(self) -> int:
        """From a card's edge to what it holds (less in a small window at a large text setting)."""
        return max(self.pad, min(2 * self.pad, round(min(self.window) * 0.04)))

    @property
    def section(self) -> int:
        """Between two groups (a heading and the group above it)."""
        return max(8, round(self.unit * 1.2))

    @property
    def margin(self) -> int:
        """From the window's edge to the content (a share of the window, not of the text)."""
        return max(10, round(min(self.window) * 0.03))

    @property
    def radius(self) -> int:
        """Corner radius of buttons and rows."""
        return max(4, round(self.unit * 0.45))

    @property
    def line_width(self) -> int:
        """Width of an outline (the focus ring, a field's frame)."""
        return max(2, round(self.unit * 0.14))

    def line(self, size: int, style: str = "regular") -> int:
        """Height of one line of text of ``size`` pixels."""
        return font(size, style, scaled=False).get_height()

    def width(self, words: str, size: int, style: str = "regular") -> int:
        """Width of ``words`` in one line at ``size`` pixels."""
        return font(size, style, scaled=False).size(words)[0]

    def wrapped(self, words: str, size: int, width: int, style: str = "regular") -> int:
        """Height of ``words`` wrapped at ``width`` pixels."""
        return wrapped_height(words, size, max(1, width), style)

    @property
    def control(self) -> int:
        """Height of a button, picker or text field with one line of label."""
        return self.line(self.label, "bold") + 2 * max(4, round(self.unit * 0.42))

    def button_width(self, label: str, size: int | None = None) -> int:
        """The width a button needs to show ``label`` whole, with its padding."""
        return self.width(label, size or self.label, "bold") + 2 * self.pad + 2 * self.gap

    @property
    def frame(self) -> pygame.Rect:
        """The window inside its margins."""
        m = self.margin
        return pygame.Rect(m, m, self.window[0] - 2 * m, self.window[1] - 2 * m)


def sized(pixels: int, scale: float) -> int:
    """``pixels`` at the text setting ``scale``, rounded half up (never below 6)."""
    return max(6, int(pixels * scale + 0.5))


@lru_cache(maxsize=4096)
def wrapped_height(words: str, size: int, width: int, style: str) -> int:
    """Height of ``words`` wrapped at ``width`` pixels at ``size``, as SDL_ttf wraps it (cached: layouts ask often)."""
    return font(size, style, scaled=False).render(words, True, (0, 0, 0), None, width).get_height()


def body_size(window: tuple[int, int], scale: float) -> float:
    """The body text's size in pixels for ``window`` at the text setting ``scale``."""
    grown = min(window[0] / SMALLEST[0], window[1] / SMALLEST[1])
    return float(BODY * max(1.0, grown) ** GROWTH * scale)


@lru_cache(maxsize=64)
def _sizes(window: tuple[int, int], scale: float) -> Sizes:
    """The sizes of one window and text setting (cached)."""
    return Sizes(window, scale, body_size(window, scale))


def sizes_for(window: tuple[int, int], scale: float | None = None) -> Sizes:
    """The sizes for a window of ``window`` pixels at ``scale`` (the player's text setting when None)."""
    return _sizes((int(window[0]), int(window[1])), ui_scale.current() if scale is None else float(scale))
