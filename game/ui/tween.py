"""Tweens: animate numeric attributes over seconds with a named easing."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def linear(t: float) -> float:
    """No easing."""
    return t


def out_cubic(t: float) -> float:
    """Fast start, gentle stop."""
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    """Gentle start and stop."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoots a little, then settles: for tiles snapping in."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    """A springy settle: for markers popping up."""
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def out_bounce(t: float) -> float:
    """Falls and bounces twice before it settles: for a marker dropping onto its train."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear, "out_cubic": out_cubic, "in_out_cubic": in_out_cubic,
    "out_back": out_back, "out_elastic": out_elastic, "out_bounce": out_bounce,
}


@dataclass
class Tween:
    """Moves ``target``'s attributes from their current values to ``goal`` in
    ``duration`` seconds after ``delay`` seconds; calls ``on_done`` at the end."""

    target: Any
    goal: dict[str, float]
    duration: float
    easing: str = "out_cubic"
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    start: dict[str, float] = field(default_factory=dict)
    done: bool = False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        if self.done:
            return
        self.elapsed += dt
        t_run = self.elapsed - self.delay
        if t_run < 0:
            return
        if not self.start:
            self.start = {k: float(getattr(self.target, k)) for k in self.goal}
        t = 1.0 if self.duration <= 0 else min(1.0, t_run / self.duration)
        k = EASINGS[self.easing](t)
        for name, goal in self.goal.items():
            a = self.start[name]
            setattr(self.target, name, a + (goal - a) * k)
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end values and fire the callback once."""
        if self.done:
            return
        for name, goal in self.goal.items():
            setattr(self.target, name, goal)
        self.done = True
        if self.on_done is not None:
            self.on_done()


class Tweens:
    """A set of running tweens, updated together."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        """Start ``tween``; returns it."""
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween by ``dt`` seconds and drop the finished ones."""
        for tween in list(self.items):
            tween.update(dt)
        self.items = [t for t in self.items if not t.done]

    def finish_all(self) -> None:
        """Jump every tween (and any it starts on completion) to its end."""
        for _ in range(50):
            if not self.items:
                return
            items, self.items = self.items, []
            for tween in items:
                tween.finish()

    @property
    def busy(self) -> bool:
        """Whether any tween is running."""
        return bool(self.items)
