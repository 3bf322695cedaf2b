"""Where every train tile goes: lanes on both sides of the roundhouse hub.

Each train leaves the hub along its spoke and runs outward toward its seat's
panel; a long train wraps back and forth inside its lane (a snake), and the
tile size is the largest at which every train fits, so a 25-tile train stays
whole and readable. Doubles lie crosswise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ...engine import MEXICAN
from .. import ui_scale
from ..layout import Scaled
from .parts import pill_top


@dataclass(frozen=True, slots=True)
class Slot:
    """One tile position: centre in window pixels, crosswise (double) or not,
    and ``flip`` when the row runs right-to-left (near pip on the right)."""

    x: float
    y: float
    crosswise: bool
    flip: bool


@dataclass
class Lane:
    """One train's strip of table: its rectangle, spoke start and slots."""

    train: int
    rect: pygame.FRect
    left_side: bool
    start: tuple[float, float]
    slots: list[Slot] = field(default_factory=list)
    next_slot: Slot | None = None


@dataclass
class BoardPlan:
    """Positions for every train at one table size."""

    unit: int
    hub: tuple[float, float]
    hub_radius: float
    lanes: dict[int, Lane]

    def lane_at(self, pos: tuple[float, float]) -> int | None:
        """The train whose lane (slightly enlarged) contains ``pos``."""
        best = None
        for train, lane in self.lanes.items():
            if lane.rect.inflate(8, 8).collidepoint(pos):
                best = train
        return best


LEAST_UNIT = 6
"""The smallest a train tile gets (pixels): only a crowded table at a small window and large text
comes down this far, where the trains would otherwise run off the felt."""


def marker_space(unit: int) -> float:
    """Room kept at the hub end of a lane's first row for its marker."""
    return unit * 1.5


def turn_space(unit: int) -> float:
    """Room kept at both ends of every row for the track to turn into the next row."""
    return unit * 0.55


def _rows(doubles: Sequence[bool], width: float, unit: int) -> int:
    """Rows a train of these tiles (plus one free slot) needs at ``unit``."""
    gap = max(2.0, unit * 0.12)
    end = width - turn_space(unit)
    rows, used = 1, marker_space(unit)
    for is_double in [*doubles, False]:
        step = (unit if is_double else 2 * unit) + gap
        if used + step > end and used > turn_space(unit):
            rows += 1
            used = turn_space(unit)
        used += step
    return rows


def plan_board(scaled: Scaled, players: int, doubles: dict[int, Sequence[bool]]) -> BoardPlan:
    """Lay out every train (``doubles[train]``: is each tile a double) at this window size."""
    felt = scaled.anchor("felt")
    hub_rect = scaled.anchor("hub")
    message = scaled.anchor("message_area")
    hub = hub_rect.center
    hub_r = min(hub_rect.w, hub_rect.h) / 2
    k = scaled.k
    margin = 18 * k  # tiles keep clear of the felt's rim
    top, bottom = felt.top + margin, min(message.top, pill_top(scaled)) - 4 * k
    side_gap = 26 * k
    left_x0, left_x1 = felt.left + margin, hub[0] - hub_r - side_gap
    right_x0, right_x1 = hub[0] + hub_r + side_gap, felt.right - margin
    trains = [*range(players), MEXICAN]
    panels = {t: (scaled.mexican_panel(players) if t == MEXICAN else scaled.seat_panel(players, t)) for t in trains}
    left = sorted([t for t in trains if panels[t].centerx < scaled.size[0] / 2], key=lambda t: panels[t].centery)
    right = sorted([t for t in trains if panels[t].centerx >= scaled.size[0] / 2], key=lambda t: panels[t].centery)
    width = min(left_x1 - left_x0, right_x1 - right_x0)
    height = bottom - top

    unit = _largest_unit(max(8, int(34 * k * ui_scale.current())), (left, right), doubles, width, height)
    gap, pitch, lane_gap = _spacing(unit)

    lanes: dict[int, Lane] = {}
    for side, is_left, x0, x1 in ((left, True, left_x0, left_x1), (right, False, right_x0, right_x1)):
        heights = [_rows(doubles.get(t, ()), width, unit) * pitch for t in side]
        ys = [panels[t].centery - h / 2 for t, h in zip(side, heights)]
        for i in range(len(side)):  # push down to clear the lane above
            floor = top if i == 0 else ys[i - 1] + heights[i - 1] + lane_gap
            ys[i] = max(ys[i], floor)
        for i in reversed(range(len(side))):  # then up to stay on the felt
            ceiling = bottom - heights[i] if i == len(side) - 1 else ys[i + 1] - lane_gap - heights[i]
            ys[i] = min(ys[i], ceiling)
        for t, y, h in zip(side, ys, heights):
            rect = pygame.FRect(x0, y, x1 - x0, h)
            inner = x1 if is_left else x0
            lane = Lane(t, rect, is_left, (inner, y + pitch / 2))
            _fill(lane, doubles.get(t, ()), unit, gap, pitch)
            lanes[t] = lane
    return BoardPlan(unit, hub, hub_r, lanes)


def _spacing(unit: int) -> tuple[float, float, float]:
    """The gap between tiles, the pitch of a row and the gap between lanes for tiles of ``unit`` pixels."""
    gap = max(2.0, unit * 0.12)
    return gap, 2 * unit + gap * 2, max(6.0, unit * 0.5)


def _largest_unit(unit: int, sides: tuple[list[int], ...], doubles: dict[int, Sequence[bool]], width: float,
                  height: float) -> int:
    """The largest tile size from ``unit`` down to ``LEAST_UNIT`` at which every side's lanes fit ``height``."""
    while unit > LEAST_UNIT:
        _, pitch, lane_gap = _spacing(unit)
        if all(sum(_rows(doubles.get(t, ()), width, unit) * pitch for t in side) + lane_gap * (len(side) - 1)
               <= height for side in sides):
            return unit
        unit -= 1
    return unit


def _fill(lane: Lane, doubles: Sequence[bool], unit: int, gap: float, pitch: float) -> None:
    """Place the lane's tiles row by row, turning back at each edge."""
    rect = lane.rect
    end = rect.w - turn_space(unit)
    row, used = 0, marker_space(unit)
    outward = -1 if lane.left_side else 1
    for index, is_double in enumerate([*doubles, False]):
        length = unit if is_double else 2 * unit
        step = length + gap
        if used + step > end and used > turn_space(unit):
            row += 1
            used = turn_space(unit)
        direction = outward if row % 2 == 0 else -outward
        origin = (rect.right if lane.left_side else rect.left) if row % 2 == 0 else (rect.left if lane.left_side else rect.right)
        cx = origin + direction * (used + gap / 2 + length / 2)
        cy = rect.top + row * pitch + pitch / 2
        slot = Slot(cx, cy, is_double, direction < 0)
        used += step
        if index < len(doubles):
            lane.slots.append(slot)
        else:
            lane.next_slot = slot
