"""The round's tally counted into the scores, for the round summary to show: each hand's
tiles counted one at a time (the row's number ticking up), then each seat's score carried
up into its total on the score sheet, which counts up as it arrives.

``Tally`` only keeps time (seconds, driven by ``update``); the summary asks it where each
row stands and paints that. ``finish`` (Space, a click) shows the end at once; a tally of
no length (the instant pace, reduced motion) starts finished.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from . import theme
from .fonts import blit_text

TILE_SECONDS = 0.11
"""Seconds each tile of the longest hand takes to be counted, at the normal pace."""
COUNT_MOST = 1.4
"""The most seconds the counting of the hands takes, however long the hands."""
CARRY_SECONDS = 0.5
"""Seconds a seat's score takes to fly up to its total."""
CARRY_GAP = 0.09
"""Seconds between two seats' scores setting off."""
ADD_SECONDS = 0.35
"""Seconds a total takes to count the score in once it has arrived."""


class Tally:
    """Where the tally of a round stands: ``hands`` holds the pips of each seat's tiles in
    the order they are counted, ``scores`` each seat's score for the round (which may differ
    from the pips: a 0-0 charged 50, an open double); ``scale`` stretches every duration
    (0: the tally is over before it starts)."""

    def __init__(self, hands: Sequence[Sequence[int]], scores: Sequence[int], scale: float = 1.0) -> None:
        self.hands = [list(hand) for hand in hands]
        self.scores = list(scores)
        self.elapsed = 0.0
        longest = max((len(hand) for hand in self.hands), default=0)
        self.step = min(TILE_SECONDS, COUNT_MOST / max(1, longest)) * scale
        self.counting = self.step * longest
        self.carry = CARRY_SECONDS * scale
        self.gap = CARRY_GAP * scale
        self.add = ADD_SECONDS * scale
        self.length = self.counting + self.gap * max(0, len(self.hands) - 1) + self.carry + self.add
        if self.length <= 0:
            self.elapsed = 0.0
            self.length = 0.0

    def update(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.elapsed = min(self.length, self.elapsed + dt)

    def finish(self) -> None:
        """Show the end at once."""
        self.elapsed = self.length

    @property
    def busy(self) -> bool:
        """Whether anything still counts or flies."""
        return self.elapsed < self.length

    def counted(self, seat: int) -> int:
        """How many of ``seat``'s tiles have been counted."""
        if not self.busy:
            return len(self.hands[seat])
        done = int(self.elapsed / self.step) if self.step > 0 else len(self.hands[seat])
        return min(len(self.hands[seat]), done)

    def row_value(self, seat: int) -> int:
        """The number ``seat``'s row shows: its score in the share of its pips counted so far."""
        hand, score = self.hands[seat], self.scores[seat]
        total = sum(hand)
        if not self.busy or total == 0 or self.counted(seat) >= len(hand):
            return score
        return round(score * sum(hand[: self.counted(seat)]) / total)

    def _leaves(self, seat: int) -> float:
        """When ``seat``'s score sets off for its total (seconds from the start)."""
        return self.counting + self.gap * seat

    def carried(self, seat: int) -> float | None:
        """How far ``seat``'s score has flown to its total (0..1), or None while it is not in the air."""
        if not self.busy or self.carry <= 0:
            return None
        t = (self.elapsed - self._leaves(seat)) / self.carry
        return t if 0.0 <= t < 1.0 else None

    def added(self, seat: int) -> float:
        """How much of ``seat``'s score its total holds yet (0..1)."""
        if not self.busy:
            return 1.0
        arrived = self._leaves(seat) + self.carry
        if self.elapsed < arrived:
            return 0.0
        return 1.0 if self.add <= 0 else min(1.0, (self.elapsed - arrived) / self.add)


class Reveal:
    """Rows shown one after another (the match's end: from the last place up to the winner),
    each sliding in over ``ROW_SECONDS``; ``scale`` stretches the time (0: all shown at once)."""

    ROW_SECONDS = 0.45
    GAP_SECONDS = 0.28

    def __init__(self, rows: int, scale: float = 1.0) -> None:
        self.rows = rows
        self.slide = self.ROW_SECONDS * scale
        self.gap = self.GAP_SECONDS * scale
        self.length = (self.gap * max(0, rows - 1) + self.slide) if scale > 0 else 0.0
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.elapsed = min(self.length, self.elapsed + dt)

    def finish(self) -> None:
        """Show every row at once."""
        self.elapsed = self.length

    @property
    def busy(self) -> bool:
        """Whether a row is still on its way."""
        return self.elapsed < self.length

    def shown(self, row: int) -> float:
        """How far in row ``row`` (0 the first shown) has slid (0..1, eased)."""
        if not self.busy:
            return 1.0
        t = (self.elapsed - self.gap * row) / self.slide
        t = max(0.0, min(1.0, t))
        return 1 - (1 - t) ** 3


def paint_carried(surface: pygame.Surface, size: int, words: str, start: tuple[float, float],
                  end: tuple[float, float], flight: float) -> None:
    """A round score (``words``, "+12", ``size`` pixels as it sets off) on its way from its row
    (``start``) to its total (``end``, window pixels), ``flight`` of the way there (0..1), on a
    gentle arc as high as the text; it is taken in by the total just before it would cover it."""
    if flight > 0.85:
        return
    t = 1 - (1 - flight) ** 3
    x = start[0] + (end[0] - start[0]) * t
    y = start[1] + (end[1] - start[1]) * t - math.sin(math.pi * t) * size * 1.5
    blit_text(surface, words, max(6, round(size * (1 - 0.23 * t))), theme.GLOW, (x, y), "center", "bold")
