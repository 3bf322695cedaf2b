"""Where a lesson's guide points, and how: a pulsing ring around the tile in
your hand (or the whole hand), the train end, the hub, the boneyard or the End turn button, with a
gold arrow bobbing toward each. Worked out in ``update`` (``place_marks``) and
painted in ``draw`` (``paint_marks``), like the rest of the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...tutorial import Pointer
from .. import theme
from .draw import marker_pos
from .paint import TableFrame
from .tray import HandTray


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing pointed at: its ring, whether the arrow comes from below (``up``)
    and whether it is ``small`` (a tile in the hand: the message line is just above)."""

    ring: pygame.Rect
    up: bool = False
    small: bool = False


@dataclass(frozen=True, slots=True)
class GuideMarks:
    """What the guide points at this frame (empty: nothing)."""

    marks: tuple[Mark, ...] = ()
    k: float = 1.0


def place_marks(frame: TableFrame, tray: HandTray, pointer: Pointer, drop: bool = True) -> GuideMarks:
    """The rings and arrows for ``pointer`` on ``frame`` (a tile carried by the
    mouse is not marked in the tray: the train it should go to is); a train is
    marked where a tile goes (``drop``) or, on a step that explains, at its last tile."""
    k = frame.scaled.k
    plan = frame.plan
    marks: list[Mark] = []
    carried = frame.carried[0] if frame.carried is not None else None
    if pointer.tile is not None and pointer.tile != carried:
        rect = next((r for t, r in tray.tiles if t == pointer.tile), None)
        if rect is not None:
            marks.append(Mark(rect.inflate(round(10 * k), round(10 * k)), small=True))
    if pointer.train is not None and pointer.train in plan.lanes:
        marks.append(Mark(_train_ring(frame, pointer.train, drop)))
    if pointer.marker is not None and pointer.marker in plan.lanes:
        x, y = marker_pos(plan, plan.lanes[pointer.marker])
        r = round(plan.unit * 0.95)
        marks.append(Mark(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)))
    if pointer.place is not None:
        mark = _place_mark(frame, tray, pointer.place)
        if mark is not None:
            marks.append(mark)
    size = frame.size
    return GuideMarks(tuple(Mark(m.ring, m.ring.top < size[1] * 0.2, m.small) for m in marks), k)


def _place_mark(frame: TableFrame, tray: HandTray, place: str) -> Mark | None:
    """The mark of a place: the whole hand, the hub, the boneyard (with its badge) or End turn."""
    k = frame.scaled.k
    if place == "hand" and tray.tiles:
        hand = tray.tiles[0][1].unionall([r for _, r in tray.tiles[1:]])
        return Mark(hand.inflate(round(16 * k), round(12 * k)), small=True)
    if place == "hub":
        plan = frame.plan
        r = round(plan.hub_radius * 1.25)
        return Mark(pygame.Rect(round(plan.hub[0]) - r, round(plan.hub[1]) - r, 2 * r, 2 * r))
    if place == "boneyard":
        ring = frame.boneyard.inflate(round(12 * k), round(12 * k))
        ring.top -= round(30 * k)  # the pile's "Draw (D)" badge, above it, inside the ring
        ring.height += round(30 * k)
        return Mark(ring, small=True)
    button = next((b.rect for b in frame.buttons if b.key == place), None)  # "end": the End turn button
    return None if button is None else Mark(button.inflate(round(10 * k), round(10 * k)))


def _train_ring(frame: TableFrame, train: int, drop: bool) -> pygame.Rect:
    """The ring around the free end of ``train`` (``drop``), else around its last
    tile (its whole lane when it has no room, or no tile)."""
    plan = frame.plan
    lane = plan.lanes[train]
    slot = lane.next_slot
    laid = len(frame.state.trains[train])
    if not drop and laid and lane.slots:
        slot = lane.slots[min(laid, len(lane.slots)) - 1]
    if slot is None:
        return pygame.Rect(lane.rect).inflate(6, 6)
    w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
    ring = pygame.Rect(0, 0, w + 16, h + 16)
    ring.center = (round(slot.x), round(slot.y))
    return ring


def paint_marks(surface: pygame.Surface, marks: GuideMarks, clock: float) -> None:
    """The rings and their arrows (changes nothing but pixels)."""
    k = marks.k
    pulse = 0.5 + 0.5 * math.sin(clock * 4)
    for mark in marks.marks:
        ring = mark.ring
        halo = pygame.Surface(ring.inflate(18, 18).size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (*theme.GOLD, int(40 + 60 * pulse)), halo.get_rect(), max(4, int(9 * k)),
                         border_radius=int(12 * k))
        surface.blit(halo, ring.inflate(18, 18).topleft)
        pygame.draw.rect(surface, theme.GOLD, ring, max(2, int(3 * k)), border_radius=int(8 * k))
        _arrow(surface, mark, k * (0.6 if mark.small else 1.0), 6 * k * pulse * (0.5 if mark.small else 1.0))


def _arrow(surface: pygame.Surface, mark: Mark, k: float, bob: float) -> None:
    """A gold arrow pointing at ``mark``'s ring, from above (or below, near the top edge)."""
    ring = mark.ring
    head, shaft, width = 22 * k, 26 * k, 9 * k
    x = ring.centerx
    sign = -1 if mark.up else 1  # +1: the arrow stands above the ring and points down
    tip_y = (ring.top - 6 * k - bob) if not mark.up else (ring.bottom + 6 * k + bob)
    base_y = tip_y - sign * head
    end_y = base_y - sign * shaft
    points = [(x, tip_y), (x - head * 0.8, base_y), (x - width / 2, base_y), (x - width / 2, end_y),
              (x + width / 2, end_y), (x + width / 2, base_y), (x + head * 0.8, base_y)]
    shadow = [(px + 3 * k, py + 3 * k) for px, py in points]
    pygame.draw.polygon(surface, (20, 12, 6), shadow)
    pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, (60, 36, 10), points, max(1, int(2 * k)))
