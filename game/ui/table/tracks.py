"""The railway the trains run on: the roundhouse, a track leaving it for every
train, and that track under the train's tiles, turning at each row's end.

Each train's track leaves the roundhouse through a door of its own colour, at
its own angle, and curves out to where the train starts; under the tiles it runs
row by row (the snake of ``board``), so the eye follows a train from the
engine double to its free end, where the track stops at a buffer. Painted into
the table's still layer (``still.StaticLayer``), so none of it costs a frame.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from ...engine import MEXICAN
from .. import theme
from .board import BoardPlan, Lane, turn_space

Point = tuple[float, float]

RAIL: theme.Color = (214, 216, 220)
TIE: theme.Color = (92, 62, 38)
BALLAST: theme.Color = (16, 62, 42)

SPREAD = math.radians(58)
"""How far from level the outermost tracks leave the roundhouse (radians)."""


def seat_color(train: int) -> theme.Color:
    """A train's colour: its seat's, or the Mexican train's."""
    return theme.MEXICAN if train == MEXICAN else theme.SEAT_COLORS[train % len(theme.SEAT_COLORS)]


def exit_angles(plan: BoardPlan) -> dict[int, float]:
    """The angle (radians, screen y down) at which each train's track leaves the
    roundhouse: the trains of each side fanned evenly from the highest to the lowest."""
    angles: dict[int, float] = {}
    for left in (True, False):
        side = sorted((lane for lane in plan.lanes.values() if lane.left_side == left), key=lambda ln: ln.start[1])
        count = len(side)
        for i, lane in enumerate(side):
            tilt = 0.0 if count == 1 else SPREAD * (2 * i / (count - 1) - 1) * min(1.0, (count - 1) / 3)
            angles[lane.train] = math.pi - tilt if left else tilt
    return angles


def _bezier(a: Point, b: Point, c: Point, d: Point, steps: int) -> list[Point]:
    """Points along the cubic curve from ``a`` to ``d`` pulled toward ``b`` and ``c``."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u ** 3 * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t ** 3 * d[0],
                    u ** 3 * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t ** 3 * d[1]))
    return out


def spoke_path(plan: BoardPlan, lane: Lane, angle: float) -> list[Point]:
    """The track from the roundhouse's door at ``angle`` to where ``lane``'s train starts."""
    hx, hy = plan.hub
    r = plan.hub_radius
    rim = (hx + math.cos(angle) * r, hy + math.sin(angle) * r)
    sx, sy = lane.start
    reach = max(abs(sx - rim[0]), plan.unit * 1.5)
    pull = (rim[0] + math.cos(angle) * reach * 0.45, rim[1] + math.sin(angle) * reach * 0.45)
    level = (sx + (reach * 0.45 if lane.left_side else -reach * 0.45), sy)
    return _bezier(rim, pull, level, (sx, sy), 24)


def lane_path(plan: BoardPlan, lane: Lane, laid: int) -> list[Point]:
    """The track under ``lane``'s ``laid`` tiles and on to its free end: row by row,
    turning in a half circle at each row's end."""
    points: list[Point] = [lane.start]
    slots = [*lane.slots[:laid], *([lane.next_slot] if lane.next_slot is not None else [])]
    row_y = lane.start[1]
    for slot in slots:
        if abs(slot.y - row_y) > 1:  # the row turns: a half circle at the lane's edge
            edge = _turn_x(lane, points[-1][0], plan.unit)
            cy, radius = (row_y + slot.y) / 2, abs(slot.y - row_y) / 2
            going = 1 if edge > points[-1][0] else -1
            points.append((edge, row_y))
            bulge = min(radius, turn_space(plan.unit) * 0.85)
            for i in range(1, 12):
                a = -math.pi / 2 + math.pi * i / 12
                points.append((edge + going * math.cos(a) * bulge, cy + math.sin(a) * radius))
            points.append((edge, slot.y))
            row_y = slot.y
        points.append((slot.x, slot.y))
    if len(points) >= 2:  # a little past the free slot, to the buffer
        (x0, y0), (x1, y1) = points[-2], points[-1]
        if abs(y1 - y0) < 1 and abs(x1 - x0) > 0:
            step = plan.unit * (1.2 if not (lane.next_slot and lane.next_slot.crosswise) else 0.7)
            points.append((x1 + math.copysign(step, x1 - x0), y1))
    return points


def _turn_x(lane: Lane, x: float, unit: int) -> float:
    """Where a row at ``x`` turns: at the nearer end of the lane's rows, the room
    kept there (``board.turn_space``) for the half circle."""
    inset = turn_space(unit)
    left, right = lane.rect.left + inset, lane.rect.right - inset
    return left if abs(x - left) < abs(x - right) else right


def _ribbon(points: Sequence[Point], offset: float) -> list[Point]:
    """``points`` moved sideways by ``offset`` pixels (a rail beside the track's middle)."""
    out = []
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(len(points) - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        out.append((x - dy / length * offset, y + dx / length * offset))
    return out


def draw_track(surface: pygame.Surface, points: Sequence[Point], gauge: float, color: theme.Color,
               k: float) -> None:
    """A stretch of track along ``points``: ballast, ties every so often, and two rails
    ``gauge`` pixels apart tinted ``color``."""
    if len(points) < 2:
        return
    bed = max(3, round(gauge * 1.7))
    pygame.draw.lines(surface, BALLAST, False, points, bed)
    spacing = max(6.0, gauge * 1.25)
    carried = 0.0
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        at = spacing - carried
        while at < length:
            cx, cy = ax + ux * at, ay + uy * at
            half = gauge * 0.78
            pygame.draw.line(surface, TIE, (cx - uy * half, cy + ux * half), (cx + uy * half, cy - ux * half),
                             max(1, round(gauge * 0.22)))
            at += spacing
        carried = (carried + length) % spacing
    rail = tuple(min(255, (r + c) // 2) for r, c in zip(RAIL, color))
    width = max(1, round(1.6 * k))
    for side in (-gauge / 2, gauge / 2):
        pygame.draw.lines(surface, rail, False, _ribbon(points, side), width)


def draw_buffer(surface: pygame.Surface, points: Sequence[Point], gauge: float, color: theme.Color) -> None:
    """The buffer stop at the track's free end."""
    if len(points) < 2:
        return
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    half = gauge * 0.9
    pygame.draw.line(surface, color, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half),
                     max(2, round(gauge * 0.45)))


def draw_lane_track(surface: pygame.Surface, plan: BoardPlan, lane: Lane, angle: float, laid: int, k: float,
                    offset: Point = (0.0, 0.0)) -> None:
    """``lane``'s train's whole track, with ``laid`` tiles on it: from its door in the roundhouse
    (at ``angle``) to its start, then under its tiles to the buffer; drawn moved by ``-offset``
    (onto a picture of its own)."""
    gauge = max(4.0, plan.unit * 0.5)
    color = seat_color(lane.train)
    ox, oy = offset
    under = [(x - ox, y - oy) for x, y in lane_path(plan, lane, laid)]
    spoke = [(x - ox, y - oy) for x, y in spoke_path(plan, lane, angle)]
    draw_track(surface, spoke + under[1:], gauge, color, k)
    draw_buffer(surface, under, gauge, color)


def track_bounds(plan: BoardPlan, lane: Lane, angle: float, laid: int) -> pygame.Rect:
    """Everything ``lane``'s track covers (pixels), its ties and buffer included."""
    path = spoke_path(plan, lane, angle) + lane_path(plan, lane, laid)
    pad = round(max(4.0, plan.unit * 0.5) * 2 + 4)
    left, top = math.floor(min(x for x, _ in path)) - pad, math.floor(min(y for _, y in path)) - pad
    right, bottom = math.ceil(max(x for x, _ in path)) + pad, math.ceil(max(y for _, y in path)) + pad
    return pygame.Rect(left, top, right - left, bottom - top)


def draw_roundhouse(surface: pygame.Surface, plan: BoardPlan, k: float, offset: Point = (0.0, 0.0)) -> None:
    """The roundhouse: a ring of stalls around a turntable pit, a door of each train's
    colour where its track leaves, and the turntable's bridge the engine double lies on
    (drawn moved by ``-offset``: onto a picture of its own)."""
    hx, hy = plan.hub[0] - offset[0], plan.hub[1] - offset[1]
    r = plan.hub_radius
    shade = pygame.Surface((round(r * 2 + 24), round(r * 2 + 24)), pygame.SRCALPHA)
    pygame.draw.circle(shade, (0, 0, 0, 90), (shade.get_width() / 2, shade.get_height() / 2), r + 6)
    surface.blit(pygame.transform.smoothscale(pygame.transform.smoothscale(shade, (16, 16)), shade.get_size()),
                 (hx - shade.get_width() / 2 + 3, hy - shade.get_height() / 2 + 5))
    pygame.draw.circle(surface, theme.WOOD_DARK, (hx, hy), r)
    pygame.draw.circle(surface, theme.WOOD, (hx, hy), r * 0.93)
    for i in range(24):  # the stalls' walls
        a = i * math.pi / 12
        pygame.draw.line(surface, theme.WOOD_DARK, (hx + math.cos(a) * r * 0.74, hy + math.sin(a) * r * 0.74),
                         (hx + math.cos(a) * r * 0.93, hy + math.sin(a) * r * 0.93), max(1, round(1.5 * k)))
    for train, angle in exit_angles(plan).items():  # each train's door
        color = seat_color(train)
        for spread in (-0.09, 0.0, 0.09):
            a = angle + spread
            pygame.draw.line(surface, color, (hx + math.cos(a) * r * 0.76, hy + math.sin(a) * r * 0.76),
                             (hx + math.cos(a) * r * 0.99, hy + math.sin(a) * r * 0.99), max(2, round(3 * k)))
    pygame.draw.circle(surface, theme.WOOD_LIGHT, (hx, hy), r * 0.93, max(1, round(2 * k)))
    pygame.draw.circle(surface, (12, 44, 30), (hx, hy), r * 0.72)
    pygame.draw.circle(surface, RAIL, (hx, hy), r * 0.66, max(1, round(1.5 * k)))
    bridge = pygame.Rect(0, 0, round(r * 0.62), round(r * 1.44))
    bridge.center = (round(hx), round(hy))
    pygame.draw.rect(surface, theme.WOOD_DARK, bridge, border_radius=max(2, round(r * 0.08)))
    pygame.draw.rect(surface, theme.WOOD_LIGHT, bridge, max(1, round(1.5 * k)), border_radius=max(2, round(r * 0.08)))
    for i in range(8):
        a = i * math.pi / 4 + math.pi / 8
        pygame.draw.circle(surface, theme.GOLD, (hx + math.cos(a) * r * 0.84, hy + math.sin(a) * r * 0.84),
                           max(1.5, 2.2 * k))
