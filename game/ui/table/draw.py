"""Painting the table: hub, spokes, trains, markers, seat panels, boneyard."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...engine import MEXICAN, RoundState
from .. import theme
from ..draw import panel
from ..fonts import blit_text, capped, fit_size, font, text
from ..tile_art import back, face, shadow
from .board import BoardPlan, Lane, Slot


def seat_color(train: int) -> tuple[int, int, int]:
    """A train's colour: its seat's, or the Mexican train's."""
    return theme.MEXICAN if train == MEXICAN else theme.SEAT_COLORS[train % len(theme.SEAT_COLORS)]


def draw_tile_at(surface: pygame.Surface, slot: Slot, near: int, far: int, unit: int, numerals: bool | None) -> None:
    """A train tile in its slot: near pip toward the hub side of the row."""
    if slot.crosswise:
        img = face(near, far, unit, horizontal=False, numerals=numerals)
    elif slot.flip:
        img = face(far, near, unit, horizontal=True, numerals=numerals)
    else:
        img = face(near, far, unit, horizontal=True, numerals=numerals)
    rect = img.get_rect(center=(round(slot.x), round(slot.y)))
    surface.blit(shadow(unit, not slot.crosswise), rect.move(2, 3).topleft)
    surface.blit(img, rect)


def draw_lane_background(surface: pygame.Surface, lane: Lane, unit: int, k: float, names: Sequence[str]) -> None:
    """The faint band of a lane, its rail colour and its label."""
    color = seat_color(lane.train)
    band = pygame.Surface(lane.rect.size, pygame.SRCALPHA)
    radius = max(4, int(unit * 0.4))
    if lane.train == MEXICAN:
        band.fill((0, 0, 0, 0))
        pygame.draw.rect(band, (120, 40, 24, 90), band.get_rect(), border_radius=radius)
        stripe_w = max(6, int(14 * k))
        for x in range(-band.get_height(), band.get_width(), stripe_w * 2):
            pygame.draw.polygon(band, (240, 190, 60, 28), [(x, band.get_height()), (x + stripe_w, band.get_height()), (x + stripe_w + band.get_height(), 0), (x + band.get_height(), 0)])
        pygame.draw.rect(band, (240, 190, 60, 150), band.get_rect(), max(1, int(2 * k)), border_radius=radius)
    else:
        pygame.draw.rect(band, (*color, 22), band.get_rect(), border_radius=radius)
        pygame.draw.rect(band, (*color, 70), band.get_rect(), max(1, int(k)), border_radius=radius)
    surface.blit(band, lane.rect.topleft)


def draw_spoke(surface: pygame.Surface, plan: BoardPlan, lane: Lane, k: float) -> None:
    """A rail from the hub's rim to where the train starts."""
    hx, hy = plan.hub
    sx, sy = lane.start
    angle = math.atan2(sy - hy, sx - hx)
    rim = (hx + math.cos(angle) * plan.hub_radius * 0.92, hy + math.sin(angle) * plan.hub_radius * 0.92)
    color = seat_color(lane.train)
    width = max(3, int(7 * k))
    pygame.draw.line(surface, (0, 0, 0), (rim[0] + 2, rim[1] + 3), (sx + 2, sy + 3), width + 2)
    pygame.draw.line(surface, theme.WOOD_DARK, rim, (sx, sy), width + 2)
    pygame.draw.line(surface, color, rim, (sx, sy), max(1, width - 3))
    pygame.draw.circle(surface, color, (sx, sy), max(3, int(5 * k)))


def draw_hub(surface: pygame.Surface, plan: BoardPlan, engine: int, k: float, shown_engine: bool,
             numerals: bool) -> None:
    """The roundhouse: a wooden ring with the engine double in the middle
    (faced like the trains' tiles: ``numerals`` or pips)."""
    hx, hy = plan.hub
    r = plan.hub_radius
    pygame.draw.circle(surface, (0, 0, 0), (hx + 3, hy + 5), r + 2)
    pygame.draw.circle(surface, theme.WOOD_DARK, (hx, hy), r)
    pygame.draw.circle(surface, theme.WOOD, (hx, hy), r * 0.9)
    pygame.draw.circle(surface, theme.WOOD_LIGHT, (hx, hy), r * 0.9, max(2, int(3 * k)))
    pygame.draw.circle(surface, theme.FELT_DARK, (hx, hy), r * 0.66)
    for i in range(16):
        a = i * math.pi / 8
        pygame.draw.circle(surface, theme.GOLD, (hx + math.cos(a) * r * 0.79, hy + math.sin(a) * r * 0.79), max(1.5, 2.4 * k))
    if shown_engine:
        unit = int(r * 0.5)
        img = face(engine, engine, unit, horizontal=False, numerals=numerals)
        rect = img.get_rect(center=(round(hx), round(hy)))
        surface.blit(shadow(unit, False), rect.move(2, 3))
        surface.blit(img, rect)


def draw_marker(surface: pygame.Surface, center: tuple[float, float], public: bool, size: float, pop: float = 1.0) -> None:
    """Public: a green flag on a pole (triangle). Private: a red octagon (a stop sign)."""
    s = size * (0.6 + 0.4 * pop)
    x, y = center
    if public:
        pygame.draw.line(surface, (30, 30, 30), (x - s * 0.45, y + s * 0.8), (x - s * 0.45, y - s * 0.8), max(2, int(s * 0.14)))
        flag = [(x - s * 0.4, y - s * 0.8), (x + s * 0.75, y - s * 0.35), (x - s * 0.4, y + s * 0.1)]
        pygame.draw.polygon(surface, (0, 0, 0), [(px + 2, py + 2) for px, py in flag])
        pygame.draw.polygon(surface, theme.GREEN, flag)
        pygame.draw.polygon(surface, (230, 255, 230), flag, max(1, int(s * 0.08)))
    else:
        pts = [(x + math.cos(math.pi / 8 + i * math.pi / 4) * s * 0.55, y + math.sin(math.pi / 8 + i * math.pi / 4) * s * 0.55) for i in range(8)]
        pygame.draw.polygon(surface, (0, 0, 0), [(px + 2, py + 2) for px, py in pts])
        pygame.draw.polygon(surface, theme.RED, pts)
        pygame.draw.polygon(surface, (255, 235, 235), pts, max(1, int(s * 0.08)))
        pygame.draw.line(surface, (255, 240, 240), (x - s * 0.25, y), (x + s * 0.25, y), max(2, int(s * 0.16)))


def marker_pos(plan: BoardPlan, lane: Lane) -> tuple[float, float]:
    """Where a train's marker stands: in the room kept before its first tile."""
    sx, sy = lane.start
    offset = plan.unit * 0.75
    return (sx - offset if lane.left_side else sx + offset, sy)


def use_numerals(unit: int, set_max: int) -> bool:
    """Whether a table's train tiles, ``unit`` pixels wide, show numerals with
    pip faces: where pips would be too small to count at a glance."""
    return unit < 26 or (set_max > 9 and unit < 44)


def draw_trains(
    surface: pygame.Surface, state: RoundState, plan: BoardPlan, hidden: set[tuple[int, int]], numerals: bool
) -> None:
    """Every tile of every train (except ``hidden`` (train, index) slots in flight)."""
    for train, lane in plan.lanes.items():
        for index, (near, far) in enumerate(state.train_tiles(train)):
            if (train, index) in hidden or index >= len(lane.slots):
                continue
            draw_tile_at(surface, lane.slots[index], near, far, plan.unit, numerals)


def draw_seat_panel(
    surface: pygame.Surface,
    rect: pygame.FRect,
    k: float,
    seat: int,
    name: str,
    kind_label: str,
    hand_size: int,
    total: int,
    public: bool,
    suspended: bool,
) -> None:
    """A seat's panel: colour stripe, name and score, who plays it (the line's whole width:
    "Away: computer"), face-down hand."""
    r = pygame.Rect(rect)
    panel(surface, r, theme.PANEL, 235, radius=max(6, int(12 * k)))
    color = seat_color(seat)
    stripe = pygame.Rect(r.x, r.y, max(5, int(8 * k)), r.h)
    pygame.draw.rect(surface, color, stripe, border_top_left_radius=max(6, int(12 * k)), border_bottom_left_radius=max(6, int(12 * k)))
    pad = int(16 * k)
    x = r.x + pad + stripe.w // 2
    right = r.right - pad // 2
    name_bottom = r.y + int(8 * k) + font(int(21 * k), "bold").get_height()
    pts = blit_text(surface, "pts", int(12 * k), theme.INK_DIM, (right, name_bottom - int(3 * k)),
                    "bottomright")
    score, score_size = fit_size(f"{total}", int(24 * k), "bold", int(64 * k), int(14 * k))
    at = (pts.left - max(5, int(8 * k)), name_bottom + int(2 * k))
    drawn = blit_text(surface, score, score_size, theme.GOLD, at, "bottomright", "bold")
    room = drawn.left - int(8 * k) - x
    title, size = fit_size(f"{seat + 1} {name}", int(21 * k), "bold", room, int(14 * k))
    blit_text(surface, title, size, theme.INK, (x, name_bottom), "bottomleft", "bold")
    said, said_size = fit_size(kind_label, int(15 * k), "bold", right - x, int(12 * k))
    blit_text(surface, said, said_size, color, (x, r.y + int(38 * k)), "topleft", "bold")
    unit = max(5, int(10 * k))
    shown = min(hand_size, 12)
    hy = r.y + int(60 * k)
    if r.h > 100 * k:
        for i in range(shown):
            surface.blit(back(unit), (x + i * (unit * 0.8), hy))
        blit_text(surface, f"{hand_size} tile{'s' if hand_size != 1 else ''}", int(15 * k), theme.INK, (x, hy + 2 * unit + int(6 * k)), "topleft")
    else:
        blit_text(surface, f"{hand_size} tile{'s' if hand_size != 1 else ''} in hand", int(14 * k), theme.INK, (x, r.y + int(56 * k)), "topleft")
    if suspended:
        blit_text(surface, "SUSPENDED", int(13 * k), theme.RED, (r.right - pad, r.bottom - int(8 * k)), "bottomright", "bold")
    else:
        draw_marker(surface, (r.right - pad - 8 * k, r.bottom - int(22 * k)), public, 20 * k)


def draw_mexican_panel(surface: pygame.Surface, rect: pygame.FRect, k: float, tiles: int) -> None:
    """The Mexican train's label panel."""
    r = pygame.Rect(rect)
    panel(surface, r, (70, 26, 18), 235, radius=max(6, int(12 * k)), edge=theme.GOLD, width=2)
    blit_text(surface, "MEXICAN", int(22 * k), theme.GOLD, (r.centerx, r.y + int(10 * k)), "midtop", "title")
    blit_text(surface, "TRAIN", int(22 * k), theme.GOLD, (r.centerx, r.y + int(36 * k)), "midtop", "title")
    blit_text(surface, "open to everyone", int(13 * k), theme.INK, (r.centerx, r.y + int(64 * k)), "midtop")
    blit_text(surface, "key M", int(13 * k), theme.INK_DIM, (r.centerx, r.y + int(80 * k)), "midtop")
    if r.h > 96 * k:
        blit_text(surface, f"{tiles} tile{'s' if tiles != 1 else ''}", int(15 * k), theme.INK_DIM, (r.centerx, r.bottom - int(10 * k)), "midbottom")


def boneyard_pile(rect: pygame.FRect, k: float) -> pygame.Rect:
    """Where the boneyard's pile lies inside its anchor ``rect``: the area a click draws from."""
    r = pygame.Rect(rect)
    unit = max(8, int(24 * k))
    area = pygame.Rect(0, 0, int(unit * 4.6), int(unit * 2.8))
    area.center = (r.centerx, r.y + int(66 * k))
    return area


def draw_boneyard(surface: pygame.Surface, rect: pygame.FRect, k: float, count: int, glow: float) -> None:
    """A face-down pile with its count, glowing (``glow`` 0..1) when a draw is due."""
    r = pygame.Rect(rect)
    unit = max(8, int(24 * k))
    area = boneyard_pile(rect, k)
    cx, cy = area.center
    pile = min(count, 9)
    if glow > 0:
        halo = pygame.Surface(area.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (*theme.GLOW, int(90 + 80 * glow)), halo.get_rect(), max(3, int(5 * k)), border_radius=12)
        surface.blit(halo, area.inflate(24, 24).topleft)
    offsets = [(-1.3, 0.1), (0.0, -0.15), (1.3, 0.05), (-0.7, 0.55), (0.65, 0.5), (-0.2, -0.6), (0.9, -0.55), (-1.0, -0.5), (0.2, 0.35)]
    for i in range(pile):
        ox, oy = offsets[i]
        img = back(unit, horizontal=True)
        rr = img.get_rect(center=(cx + ox * unit, cy + oy * unit))
        surface.blit(shadow(unit, True), rr.move(2, 3))
        surface.blit(img, rr)
    label = "Boneyard empty" if count == 0 else f"Boneyard  {count}"
    with capped(1.0):  # the boneyard's corner keeps its designed size: the label stays clear of the edge
        blit_text(surface, label, int(17 * k), theme.INK, (cx, r.bottom - int(12 * k)), "midbottom", "bold")
    if glow > 0:  # not the glow alone: a tag says a draw is due, and its key
        tag = text("Draw  (D)", int(15 * k), theme.PANEL, "bold")
        box = tag.get_rect().inflate(int(16 * k), int(6 * k))
        box.midbottom = (cx, area.top - int(2 * k))
        pygame.draw.rect(surface, theme.GLOW, box, border_radius=box.h // 2)
        blit_text(surface, "Draw  (D)", int(15 * k), theme.PANEL, box.center, "center", "bold", box=box)
