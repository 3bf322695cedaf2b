"""Player settings the UI reads: the pace of computer turns and the window."""

from __future__ import annotations

from dataclasses import dataclass

PACES: dict[str, float] = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
"""Seconds a computer turn stays on screen at each pace (animations scale too)."""


@dataclass
class Settings:
    """Settings for this run; ``pace`` is one of PACES."""

    pace: str = "normal"
    hand_sort: str = "pips"
    show_numbers: bool = False

    @property
    def turn_seconds(self) -> float:
        """Seconds a computer turn stays on screen."""
        return PACES.get(self.pace, PACES["normal"])

    @property
    def anim_scale(self) -> float:
        """Multiplier of animation durations (0 at the instant pace)."""
        return {"slow": 1.3, "normal": 1.0, "fast": 0.55, "instant": 0.0}.get(self.pace, 1.0)
