"""The player's text setting: how much larger (or smaller) text and tiles are drawn, 75% to 200%.

One value for the whole window, like the colour palette: the settings scene
and start-up set it with ``use_scale``; fonts, the hand tray and the train
layout read it with ``current``.
"""

from __future__ import annotations

SCALES: tuple[float, ...] = (0.75, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
"""The steps the settings offer (the settings file may hold any value from the first to the last)."""

_current = 1.0


def current() -> float:
    """The scale in use (1.0 is the designed size)."""
    return _current


def use_scale(scale: float) -> None:
    """Draw text and tiles at ``scale`` from now on (clamped to the offered range;
    the font caches key their entries by scale, so nothing keeps its old size)."""
    global _current
    _current = min(SCALES[-1], max(SCALES[0], float(scale)))


def label(scale: float) -> str:
    """The scale as the settings show it, e.g. '115%'."""
    return f"{round(scale * 100)}%"
