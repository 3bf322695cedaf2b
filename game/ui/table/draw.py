"""Painting the table: hub, spokes, trains, markers, seat panels, boneyard."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...engine import MEXICAN
from ...look import tile as proportions
from .. import theme
from ..draw import panel
from ..fonts import blit_text, capped, fit_size, font, text
from ..tile_art import back, blit_tile, face, numerals_for
from .board import BoardPlan, Lane, Slot
from .tracks import seat_color
from .turn_clock import clock_left

__all__ = ["seat_color"]  # the train colours are the railway's, and other scenes find them here


def draw_tile_at(surface: pygame.Surface, slot: Slot, near: int, far: int, unit: int, numerals: bool | None) -> None:
    """A train tile in its slot: near pip toward the hub side of the row."""
    if slot.crosswise:
        img = face(near, far, unit, horizontal=False, numerals=numerals)
    elif slot.flip:
        img = face(far, near, unit, horizontal=True, numerals=numerals)
    else:
        img = face(near, far, unit, horizontal=True, numerals=numerals)
    blit_tile(surface, img, (slot.x, slot.y))


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


def draw_hub(surface: pygame.Surface, plan: BoardPlan, engine: int, k: float, shown_engine: bool,
             numerals: bool) -> None:
    """The engine double on the roundhouse's turntable (faced like the trains' tiles: ``numerals`` or pips)."""
    if shown_engine:
        hx, hy = plan.hub
        blit_tile(surface, face(engine, engine, hub_unit(plan), horizontal=False, numerals=numerals), (hx, hy))


def hub_unit(plan: BoardPlan) -> int:
    """The short side of the engine double in the roundhouse (pixels)."""
    return int(plan.hub_radius * 0.5)


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


BOARD_PIP_LEAST = proportions.BOARD_PIP_LEAST
"""The smallest pip on the trains (pixels across): read from further off than the hand's."""


def use_numerals(unit: int, set_max: int) -> bool:
    """Whether a table's train tiles, ``unit`` pixels wide, show numerals with
    pip faces: where pips would be too small to count at a glance."""
    return numerals_for(unit, set_max, least=BOARD_PIP_LEAST)


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
    clocked: bool = False,
) -> None:
    """A seat's panel (``k``: the window's and the text's scale, words drawn at the designed
    size times ``k``): colour stripe, name and score, who plays it ("Away: computer"), its
    hand face down and its marker. Where the panel is short the lines close up: the hand's
    tiles give way first, then who plays it shares a line with the count, and in a panel of
    one line's height the count joins the name and the marker takes the place of "pts". At a
    table with a turn clock (``clocked``) the last line keeps clear of the clock's figures."""
    r = pygame.Rect(rect)
    radius = max(6, int(12 * k))
    panel(surface, r, theme.PANEL, 235, radius=radius)
    color = seat_color(seat)
    stripe = pygame.Rect(r.x, r.y, max(5, int(8 * k)), r.h)
    pygame.draw.rect(surface, color, stripe, border_top_left_radius=radius, border_bottom_left_radius=radius)
    pad = int(12 * k)
    x, right = r.x + stripe.w + pad, r.right - pad
    name_h, line_h = font(int(21 * k), "bold").get_linesize(), font(int(16 * k), "bold").get_linesize()
    tiles = f"{hand_size} tile{'s' if hand_size != 1 else ''}"
    compact = r.h - 12 * k < name_h + line_h * 0.8
    mark = min(20 * k, r.h * 0.6, line_h * 0.95)
    top = r.y + (r.h - name_h) // 2 if compact else r.y + int(6 * k)
    baseline = top + name_h
    tail = round(mark) if compact else text("pts", int(13 * k), theme.INK_DIM).get_width()
    score, score_size = fit_size(f"{total}", int(24 * k), "bold", int(64 * k), int(14 * k))
    score_right = right - tail - max(5, int(8 * k))
    room = score_right - text(score, score_size, theme.GOLD, "bold").get_width() - int(8 * k) - x
    named = f"{seat + 1} {name}"
    titles = [f"{named}  \u00b7  {tiles}", f"{named}  \u00b7  {hand_size}"] if compact else []
    title = next((t for t in titles if font(int(18 * k), "bold").size(t)[0] <= room), named)
    title, size = fit_size(title, int(21 * k), "bold", room, int(14 * k))
    said = blit_text(surface, title, size, theme.INK, (x, baseline), "bottomleft", "bold")
    drawn = blit_text(surface, score, score_size, theme.GOLD, (score_right, baseline + int(2 * k)), "bottomright",
                      "bold")
    if compact:
        _seat_mark(surface, (right - mark / 2, said.centery), public, suspended, mark, k)
        return
    blit_text(surface, "pts", int(13 * k), theme.INK_DIM, (right, drawn.bottom - int(5 * k)), "bottomright")
    y, bottom = baseline + int(4 * k), r.bottom - int(6 * k)
    unit = max(5, int(10 * k))
    if bottom - y >= 2 * line_h + 2 * unit + int(6 * k):  # who plays it, the hand face down, the count
        _kind(surface, kind_label, color, (x, y), right - x, k)
        y += line_h + int(2 * k)
        for i in range(min(hand_size, max(0, int((right - x - unit) // (unit * 0.8))), 12)):
            surface.blit(back(unit), (x + i * (unit * 0.8), y))
        count_at = (x, y + 2 * unit + int(4 * k))
    elif bottom - y >= 2 * line_h:  # who plays it, then the count
        _kind(surface, kind_label, color, (x, y), right - x, k)
        count_at = (x, y + line_h)
    else:  # one line for both
        tiles, count_at = f"{kind_label}  \u00b7  {tiles}", (x, y)
    last = min(right - mark, clock_left(r, k)) if clocked else right - mark
    shown, shown_size = fit_size(tiles, int(16 * k), "regular", int(last - x - 6 * k), int(12 * k))
    line = blit_text(surface, shown, shown_size, theme.INK, count_at, "topleft")
    _seat_mark(surface, (right - mark * 0.45, line.centery), public, suspended, mark, k)


def _kind(surface: pygame.Surface, label: str, color: theme.Color, at: tuple[int, int], width: float,
          k: float) -> None:
    """Who plays a seat, in its colour, shortened to ``width`` pixels if need be."""
    said, size = fit_size(label, int(16 * k), "bold", int(width), int(12 * k))
    blit_text(surface, said, size, color, at, "topleft", "bold")


def _seat_mark(surface: pygame.Surface, center: tuple[float, float], public: bool, suspended: bool, size: float,
               k: float) -> None:
    """A seat's marker at ``center``, or SUSPENDED where the seat is."""
    if suspended:
        blit_text(surface, "SUSPENDED", int(13 * k), theme.RED, (center[0] + size * 0.45, center[1]), "midright",
                  "bold")
    else:
        draw_marker(surface, center, public, size)


def draw_mexican_panel(surface: pygame.Surface, rect: pygame.FRect, k: float, tiles: int) -> None:
    """The Mexican train's label panel (``k``: the window's and the text's scale): its name,
    who may play on it, its key and its length, as many of them as the panel holds."""
    r = pygame.Rect(rect)
    panel(surface, r, (70, 26, 18), 235, radius=max(6, int(12 * k)), edge=theme.GOLD, width=2)
    title = font(int(22 * k), "title")
    one_line = title.size("MEXICAN TRAIN")[0] <= r.w - 16 * k
    titles: list[tuple[str, int, theme.Color, str]] = (
        [("MEXICAN TRAIN", int(22 * k), theme.GOLD, "title")] if one_line else
        [("MEXICAN", int(22 * k), theme.GOLD, "title"), ("TRAIN", int(22 * k), theme.GOLD, "title")])
    extra = [("open to everyone", int(13 * k), theme.INK, "regular"), ("key M", int(13 * k), theme.INK_DIM, "regular"),
             (f"{tiles} tile{'s' if tiles != 1 else ''}", int(15 * k), theme.INK_DIM, "regular")]
    room = r.h - 12 * k
    used = sum(font(size, style).get_linesize() for _, size, _, style in titles)
    chosen = []
    for line in (extra[2], extra[0], extra[1]):  # the length first, then who may play, then the key
        height = font(line[1], line[3]).get_linesize()
        if used + height <= room:
            chosen.append(line)
            used += height
    order = titles + [line for line in extra if line in chosen]
    y = r.y + (r.h - used) / 2
    for said, size, color, style in order:
        shown, size = fit_size(said, size, style, int(r.w - 12 * k), int(size * 0.7))
        drawn = blit_text(surface, shown, size, color, (r.centerx, y), "midtop", style)
        y = drawn.top + font(size, style).get_linesize()


def boneyard_pile(rect: pygame.FRect, k: float) -> pygame.Rect:
    """Where the boneyard's pile lies inside its anchor ``rect``: the area a click draws from."""
    r = pygame.Rect(rect)
    unit = max(8, int(24 * k))
    area = pygame.Rect(0, 0, int(unit * 4.6), int(unit * 2.8))
    area.center = (r.centerx, r.y + int(66 * k))
    return area


def draw_boneyard(surface: pygame.Surface, rect: pygame.FRect, k: float, count: int, glow: float) -> None:
    """A face-down pile with its count, glowing (``glow`` 0..1) when a draw is due (``k``: the
    window's and the text's scale: its words at the designed size times ``k``)."""
    with capped(1.0):
        _draw_boneyard(surface, rect, k, count, glow)


def _draw_boneyard(surface: pygame.Surface, rect: pygame.FRect, k: float, count: int, glow: float) -> None:
    """The boneyard, its words at their designed size times ``k``."""
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
        blit_tile(surface, back(unit, horizontal=True), (cx + ox * unit, cy + oy * unit))
    label = "Boneyard empty" if count == 0 else f"Boneyard  {count}"
    blit_text(surface, label, int(17 * k), theme.INK, (cx, r.bottom - int(12 * k)), "midbottom", "bold")
    if glow > 0:  # not the glow alone: a tag says a draw is due, and its key
        tag = text("Draw  (D)", int(15 * k), theme.PANEL, "bold")
        box = tag.get_rect().inflate(int(16 * k), int(6 * k))
        box.midbottom = (cx, area.top - int(2 * k))
        pygame.draw.rect(surface, theme.GLOW, box, border_radius=box.h // 2)
        blit_text(surface, "Draw  (D)", int(15 * k), theme.PANEL, box.center, "center", "bold", box=box)
