"""A live network table's turn clock on the seat panel whose turn it times:
the time left ('1:32') beside the seat's marker and a bar along the panel's
foot that shrinks smoothly, both in the warning colour in the last seconds.

The clock counts down on the table's own animation clock from the latest
reading the server sent (``ClockShown.ends``), so the frame stays the same
between readings and only the panel is painted again as it runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .. import theme
from ..fonts import blit_text, capped, font
from ..layout import Scaled


@dataclass(frozen=True, slots=True)
class ClockShown:
    """The clock of ``seat``'s turn: it runs out at ``ends`` (the table's clock, seconds) while
    ``running``, else stands at ``stopped``; ``of``: the whole turn's time; the warning from ``warn``."""

    seat: int
    ends: float
    of: float
    running: bool = True
    stopped: float = 0.0
    warn: float = 15.0

    def left(self, now: float) -> float:
        """Seconds left at the table's clock reading ``now``."""
        return max(0.0, self.ends - now) if self.running else self.stopped

    def warning(self, now: float) -> bool:
        """Whether the turn is in its last seconds."""
        return self.left(now) <= self.warn


def clock_text(seconds: float) -> str:
    """Time left on a turn clock: '1:32', '0:07' (a part of a second left still shows 0:01)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def clock_rect(scaled: Scaled, players: int, shown: ClockShown) -> pygame.Rect:
    """The part of the seat panel the clock paints over (pixels)."""
    return pygame.Rect(scaled.seat_panel(players, shown.seat))


def draw_turn_clock(surface: pygame.Surface, scaled: Scaled, players: int, shown: ClockShown,
                    now: float) -> None:
    """The time left beside the seat's marker and the shrinking bar at the panel's foot."""
    rect, k = clock_rect(scaled, players, shown), scaled.kc
    left = shown.left(now)
    warn = shown.warning(now)
    pulse = 0.5 + 0.5 * math.sin(now * 8) if warn and shown.running else 1.0
    color = theme.RED if warn else theme.GOLD
    left_edge = rect.x + max(5, int(8 * k)) + int(6 * k)  # past the seat's colour stripe
    bar = pygame.Rect(left_edge, rect.bottom - int(9 * k), 0, max(3, int(5 * k)))
    full = rect.right - int(8 * k) - bar.x
    pygame.draw.rect(surface, theme.PANEL_LIGHT, pygame.Rect(bar.x, bar.y, full, bar.h),
                     border_radius=bar.h // 2)
    bar.w = max(0, round(full * (left / shown.of if shown.of > 0 else 0)))
    if bar.w:
        shade = tuple(int(c * (0.55 + 0.45 * pulse)) for c in color)
        pygame.draw.rect(surface, shade, bar, border_radius=bar.h // 2)
    with capped(1.0):  # inside a panel of a set size
        at = (clock_right(rect, k), rect.bottom - int(22 * k))
        blit_text(surface, clock_text(left), int(16 * k), color, at, "midright", "bold")


def clock_right(panel: pygame.Rect, k: float) -> int:
    """Where the clock's figures end on a seat panel (window x), beside the seat's marker."""
    return panel.right - int(16 * k) - int(26 * k)


def clock_left(panel: pygame.Rect, k: float) -> int:
    """Where the clock's widest figures ('0:00') begin on a seat panel (window x): the panel's
    last line keeps left of it."""
    with capped(1.0):
        return clock_right(panel, k) - font(int(16 * k), "bold").size("0:00")[0]
