"""Drag and drop at the table: a tile lifted from the tray remembers where it
came from; on release it snaps to the nearest legal train or glides back."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ...engine.tiles import Tile
from .board import BoardPlan

Point = tuple[float, float]

BONEYARD = -1
"""The ``tile`` of a drag that started on the boneyard."""

MOVE_THRESHOLD = 6.0
"""Pixels the mouse must travel before a press becomes a drag (less is a click)."""


@dataclass
class Drag:
    """What the mouse holds: a tray ``tile`` (or the boneyard), where it was
    pressed, where it is now and where on the tile it was grabbed."""

    tile: Tile
    press: Point
    grab: Point = (0.0, 0.0)
    moved: bool = False

    def __post_init__(self) -> None:
        self.pos = self.press

    def move_to(self, pos: Point) -> None:
        """Follow the mouse; a drag starts once it has travelled MOVE_THRESHOLD pixels."""
        self.pos = pos
        if math.dist(pos, self.press) > MOVE_THRESHOLD:
            self.moved = True

    def center(self, pos: Point) -> Point:
        """Where the tile's middle is when the mouse is at ``pos``."""
        return (pos[0] - self.grab[0], pos[1] - self.grab[1])

    @property
    def carries_tile(self) -> bool:
        """Whether a tray tile (not the boneyard) is being carried."""
        return self.moved and self.tile != BONEYARD


def nearest_target(plan: BoardPlan, pos: Point, trains: Iterable[int]) -> int | None:
    """The train among ``trains`` whose next free slot is nearest ``pos``, within three tile widths."""
    best, best_d = None, plan.unit * 3.0
    for train in trains:
        slot = plan.lanes[train].next_slot
        if slot is not None and math.dist(pos, (slot.x, slot.y)) < best_d:
            best, best_d = train, math.dist(pos, (slot.x, slot.y))
    return best
