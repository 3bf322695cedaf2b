"""Where a lesson's guide points, and how: a ring of moving dashes around the tile in
your hand (or the whole hand), the train end, the hub, the boneyard or the End turn button, with an
arrow bobbing toward each, in the guide's own colour (``POINTER``): a pointer, never to be taken
for the glow of a tile picked up. Worked out in ``update`` (``place_marks``) and
painted in ``draw`` (``paint_marks``), like the rest of the table.

A mark never covers what a person reads: its ring (with its glow) and its
arrow stay off every tile's numbers or pips and every caption (``keep_clear``)
other than what it rings. A ring draws in closer where the room is tight, and
the arrow stands above, below, left or right of it, wherever it is clear (or,
with no room anywhere, the ring alone points).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...tutorial import Pointer
from .. import theme
from .draw import marker_pos
from .paint import TableFrame
from .tray import HandTray

POINTER: theme.Color = (96, 214, 255)
"""The guide's colour: its dashed rings and arrows (a picked-up tile glows gold, a pointer is sky blue)."""

SIDES = ("above", "below", "left", "right")
"""Where a mark's arrow may stand, pointing at its ring."""

SNUG = (1.0, 0.6, 0.3, 0.0)
"""How far a ring may stand off what it rings, as shares of its usual room, tried in turn."""

NUMBERS = 0.15
"""The border of a tile, as a share of its short side, outside its numbers or pips."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing pointed at: its ring, its glow's width outside the ring
    (``halo``, pixels), where its arrow stands (``side``, one of ``SIDES``, or
    '' for none) and whether it is ``small`` (a tile in the hand)."""

    ring: pygame.Rect
    side: str = "above"
    small: bool = False
    halo: int = 9

    def glow(self) -> pygame.Rect:
        """The ring with its glow: everything the ring paints."""
        return self.ring.inflate(2 * self.halo, 2 * self.halo)


@dataclass(frozen=True, slots=True)
class GuideMarks:
    """What the guide points at this frame (empty: nothing)."""

    marks: tuple[Mark, ...] = ()
    k: float = 1.0


@dataclass(frozen=True, slots=True)
class _Target:
    """Something to ring: its rectangle and the room the ring usually leaves around it (pixels);
    ``within``: a box the ring and its glow keep inside (a train end's, its train's box)."""

    rect: pygame.Rect
    room: float
    small: bool = False
    within: pygame.Rect | None = None


def place_marks(frame: TableFrame, tray: HandTray, pointer: Pointer, drop: bool = True) -> GuideMarks:
    """The rings and arrows for ``pointer`` on ``frame`` (a tile carried by the
    mouse is not marked in the tray: the train it should go to is); a train is
    marked where a tile goes (``drop``) or, on a step that explains, at its last
    tile. Every mark keeps clear of ``keep_clear(frame, tray)``."""
    k = frame.scaled.k
    plan = frame.plan
    targets: list[_Target] = []
    carried = frame.carried[0] if frame.carried is not None else None
    if pointer.tile is not None and pointer.tile != carried:
        rect = next((r for t, r in tray.tiles if t == pointer.tile), None)
        if rect is not None:
            targets.append(_Target(rect, 5 * k, small=True))
    if pointer.train is not None and pointer.train in plan.lanes:
        targets.append(_train_target(frame, pointer.train, drop))
    if pointer.marker is not None and pointer.marker in plan.lanes:
        x, y = marker_pos(plan, plan.lanes[pointer.marker])
        r = round(plan.unit * 0.6)
        targets.append(_Target(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r), plan.unit * 0.35))
    if pointer.place is not None:
        target = _place_target(frame, tray, pointer.place)
        if target is not None:
            targets.append(target)
    clear = keep_clear(frame, tray)
    window = pygame.Rect((0, 0), frame.size)
    return GuideMarks(tuple(_fit(t, clear, window, k) for t in targets), k)


def keep_clear(frame: TableFrame, tray: HandTray) -> list[pygame.Rect]:
    """What no mark may cover: the numbers or pips of every tile in the hand, on
    the trains and in the hub, and the words of the hand's heading, the message
    line, the seat and Mexican train panels, the boneyard's count, the top bar and the buttons."""
    plan, scaled = frame.plan, frame.scaled
    tiles = [rect for _, rect in tray.tiles]
    for train, lane in plan.lanes.items():
        laid = min(len(frame.state.trains[train]), len(lane.slots))
        for slot in lane.slots[:laid]:
            w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
            tiles.append(pygame.Rect(round(slot.x - w / 2), round(slot.y - h / 2), w, h))
    if frame.engine_shown:
        unit = int(plan.hub_radius * 0.5)
        tiles.append(pygame.Rect(round(plan.hub[0] - unit / 2), round(plan.hub[1] - unit), unit, 2 * unit))
    clear = [numbers_of(rect) for rect in tiles]
    players = frame.state.players
    clear += [pygame.Rect(scaled.seat_panel(players, seat)) for seat in range(players)]
    clear += [pygame.Rect(scaled.mexican_panel(players)), pygame.Rect(scaled.anchor("top_bar"))]
    pile, corner = frame.boneyard, pygame.Rect(scaled.anchor("boneyard"))
    clear.append(pygame.Rect(corner.x, pile.bottom, corner.w, max(0, corner.bottom - pile.bottom)))
    clear += [button.rect for button in frame.buttons]
    if tray.heading:
        clear.append(tray.heading_rect)
    if frame.pill is not None:
        clear.append(frame.pill.box)
    return [rect for rect in clear if rect.w > 0 and rect.h > 0]


def numbers_of(tile: pygame.Rect) -> pygame.Rect:
    """Where a tile lying in ``tile`` shows its numbers or pips (inside its border)."""
    edge = round(min(tile.w, tile.h) * NUMBERS)
    return tile.inflate(-2 * edge, -2 * edge)


def arrow_box(mark: Mark, k: float, side: str | None = None) -> pygame.Rect:
    """Everything the arrow of ``mark`` paints (standing at ``side``, by default
    its own) wherever it bobs, its shadow included."""
    ak, stand = _arrow_k(mark, k), side or mark.side
    points = _arrow_points(mark, ak, 0.0, stand) + _arrow_points(mark, ak, _bob_most(mark, k), stand)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    shade = math.ceil(3 * ak) + 1
    return pygame.Rect(left, top, math.ceil(max(xs)) + shade - left, math.ceil(max(ys)) + shade - top)


def _fit(target: _Target, clear: Sequence[pygame.Rect], window: pygame.Rect, k: float) -> Mark:
    """The ring around ``target`` as roomy as keeps clear of ``clear``, with its
    arrow on the first side where it is clear and inside ``window``."""
    rect = target.rect

    def free(area: pygame.Rect) -> bool:
        """Whether ``area`` covers nothing of ``clear`` but what the target holds, and keeps
        inside the target's box if it has one."""
        inside = target.within is None or target.within.contains(area)
        return inside and all(not other.colliderect(area) or rect.contains(other) for other in clear)

    mark = Mark(rect, "", target.small, 0)
    for share in SNUG:
        room = round(target.room * share)
        candidate = Mark(rect.inflate(2 * room, 2 * room), "", target.small, round(9 * share))
        mark = candidate
        if free(candidate.glow()):
            break
    near_top = mark.ring.top < window.h * 0.2
    order = ("below", "above", "left", "right") if near_top else SIDES
    for side in order:
        box = arrow_box(mark, k, side)
        if window.contains(box) and all(not other.colliderect(box) for other in clear):
            return Mark(mark.ring, side, mark.small, mark.halo)
    return mark


def _train_target(frame: TableFrame, train: int, drop: bool) -> _Target:
    """The free end of ``train`` (``drop``), else its last tile (its whole lane
    when it has no room, or no tile)."""
    plan = frame.plan
    lane = plan.lanes[train]
    slot = lane.next_slot
    laid = len(frame.state.trains[train])
    if not drop and laid and lane.slots:
        slot = lane.slots[min(laid, len(lane.slots)) - 1]
    if slot is None:
        return _Target(pygame.Rect(lane.rect), 3)
    w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
    return _Target(pygame.Rect(round(slot.x - w / 2), round(slot.y - h / 2), w, h), 8,
                   within=pygame.Rect(lane.rect).inflate(2, 2))


def _place_target(frame: TableFrame, tray: HandTray, place: str) -> _Target | None:
    """A place to ring: the whole hand, the hub, the boneyard (with its badge) or End turn."""
    k = frame.scaled.k
    if place == "hand" and tray.tiles:
        hand = tray.tiles[0][1].unionall([r for _, r in tray.tiles[1:]])
        return _Target(hand, 7 * k, small=True)
    if place == "hub":
        plan = frame.plan
        r = round(plan.hub_radius)
        return _Target(pygame.Rect(round(plan.hub[0]) - r, round(plan.hub[1]) - r, 2 * r, 2 * r), r * 0.25)
    if place == "boneyard":
        pile = frame.boneyard.copy()
        pile.top -= round(30 * k)  # the pile's "Draw (D)" badge, above it, inside the ring
        pile.height += round(30 * k)
        return _Target(pile, 6 * k, small=True)
    button = next((b.rect for b in frame.buttons if b.key == place), None)  # "end": the End turn button
    return None if button is None else _Target(button, 5 * k)


def paint_marks(surface: pygame.Surface, marks: GuideMarks, clock: float) -> None:
    """The rings (dashes marching round them) and their arrows (changes nothing but pixels)."""
    k = marks.k
    pulse = 0.5 + 0.5 * math.sin(clock * 4)
    for mark in marks.marks:
        ring = mark.ring
        if mark.halo > 0:
            glow = mark.glow()
            halo = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (*POINTER, int(30 + 50 * pulse)), halo.get_rect(), mark.halo,
                             border_radius=int(12 * k))
            surface.blit(halo, glow.topleft)
        _dashes(surface, ring, max(2, int(3 * k)), max(6.0, 9 * k), clock)
        if mark.side:
            _arrow(surface, mark, _arrow_k(mark, k), _bob_most(mark, k) * pulse)


def _dashes(surface: pygame.Surface, ring: pygame.Rect, width: int, dash: float, clock: float) -> None:
    """A ring of dashes ``dash`` pixels long round ``ring``, marching as ``clock`` (seconds) runs."""
    corners = [ring.topleft, ring.topright, ring.bottomright, ring.bottomleft, ring.topleft]
    offset = (clock * dash * 2.5) % (2 * dash)
    for (ax, ay), (bx, by) in itertools.pairwise(corners):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        at = offset - 2 * dash
        while at < length:
            start, end = max(0.0, at), min(length, at + dash)
            if end > start:
                pygame.draw.line(surface, POINTER, (ax + ux * start, ay + uy * start), (ax + ux * end, ay + uy * end),
                                 width)
            at += 2 * dash


def _arrow_k(mark: Mark, k: float) -> float:
    """The arrow's scale: smaller beside a tile in the hand."""
    return k * (0.6 if mark.small else 1.0)


def _bob_most(mark: Mark, k: float) -> float:
    """How far the arrow bobs toward its ring at most (pixels)."""
    return 6 * k * (0.5 if mark.small else 1.0)


def _arrow_points(mark: Mark, k: float, bob: float, side: str) -> list[tuple[float, float]]:
    """The arrow's outline, standing at ``side`` of ``mark``'s glow and pointing at it."""
    glow = mark.glow()
    head, shaft, width = 22 * k, 26 * k, 9 * k
    gap = 4 * k + bob
    # drawn pointing down (standing above), then turned to its side
    along = [(0.0, 0.0), (-head * 0.8, -head), (-width / 2, -head), (-width / 2, -head - shaft),
             (width / 2, -head - shaft), (width / 2, -head), (head * 0.8, -head)]
    if side == "above":
        return [(glow.centerx + a, glow.top - gap + b) for a, b in along]
    if side == "below":
        return [(glow.centerx + a, glow.bottom + gap - b) for a, b in along]
    if side == "left":
        return [(glow.left - gap + b, glow.centery + a) for a, b in along]
    return [(glow.right + gap - b, glow.centery + a) for a, b in along]


def _arrow(surface: pygame.Surface, mark: Mark, k: float, bob: float) -> None:
    """An arrow pointing at ``mark``'s ring from its side."""
    points = _arrow_points(mark, k, bob, mark.side)
    shadow = [(px + 3 * k, py + 3 * k) for px, py in points]
    pygame.draw.polygon(surface, (6, 16, 24), shadow)
    pygame.draw.polygon(surface, POINTER, points)
    pygame.draw.polygon(surface, (10, 50, 80), points, max(1, int(2 * k)))
