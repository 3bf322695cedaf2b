"""Painting the table scene from a ``TableFrame``: everything it shows, worked
out in ``update`` so that drawing changes nothing.

The still part (felt, lanes, trains, seat panels, top bar) is painted into a
layer that is kept while its ``key`` stays the same; what moves is painted
over it every frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine import MEXICAN, RoundState
from ...engine.tiles import Tile
from ...words.movelog import MoveLog
from .. import theme
from ..draw import panel
from ..fonts import blit_text, capped, fit_size, font, note, text
from ..layout import Scaled
from ..tile_art import blit_tile
from .board import BoardPlan
from .draw import (
    draw_boneyard,
    draw_marker,
    marker_pos,
)
from .log_panel import LogPanel
from .motion import drop_offset
from .parts import Pill, TableButton, TipCard, badge_band, wrapped_lines
from .picture import TablePicture
from .tray import HandTray, Point
from .turn_clock import ClockShown, clock_rect, draw_turn_clock


@dataclass(frozen=True)
class TableFrame:
    """What the table paints this frame and what a click may hit."""

    size: tuple[int, int]
    scaled: Scaled
    plan: BoardPlan
    state: RoundState
    seat_labels: tuple[str, ...]
    totals: tuple[int, ...]
    hands: tuple[int, ...]
    """How many tiles each seat's panel shows (while a deal is shown, those dealt so far)."""
    boneyard_count: int
    """How many tiles the boneyard shows."""
    dealt: bool
    engine_shown: bool
    hidden_slots: frozenset[tuple[int, int]]
    numerals: bool
    """Whether the table's tiles (trains, hub, the carried tile) show numerals."""
    title: str
    detail: str
    score_text: str
    clock: float
    turn_glow: bool
    mover: int
    """The seat the turn highlight marks (the one whose move is still being shown, else the one to move)."""
    thinking: bool
    targets: tuple[int, ...]
    can_draw: bool
    boneyard: pygame.Rect
    buttons: tuple[TableButton, ...]
    pill: Pill | None
    carried: tuple[Tile, Point] | None
    score_right: float
    """Where the score line ends in the top bar (pixels)."""
    tip: TipCard | None = None
    badge: str | None = None
    """A lasting warning (saves failing), shown until it no longer holds."""
    turn_clock: ClockShown | None = None
    """A live network table's turn clock, on the panel of the seat it times."""


def paint_moving(surface: pygame.Surface, frame: TableFrame, picture: TablePicture, tray: HandTray,
                 log: tuple[LogPanel, MoveLog] | None = None) -> None:
    """Turn glow, markers, open doubles, glowing targets, boneyard, tray, buttons,
    the message, the move log (``log``: its panel and lines), a tip, tiles in
    flight and the carried tile."""
    state, plan, scaled = frame.state, frame.plan, frame.scaled
    k, kc = scaled.k, scaled.kc
    pulse = 0.5 + 0.5 * math.sin(frame.clock * 5)
    if frame.turn_glow:
        mover = frame.mover
        rect = pygame.Rect(scaled.seat_panel(state.players, mover)).inflate(6, 6)
        pygame.draw.rect(surface, theme.GLOW, rect, max(2, int((2 + 2 * pulse) * k)), border_radius=int(14 * kc))
        lane = plan.lanes[mover]
        pygame.draw.rect(surface, theme.GLOW, lane.rect.inflate(4, 4), max(1, int(2 * k)), border_radius=max(4, int(plan.unit * 0.4)))
        if frame.thinking and (frame.turn_clock is None or frame.turn_clock.seat != mover):  # a clock says it
            _draw_thinking(surface, rect, kc, frame.clock)
    if frame.turn_clock is not None and frame.turn_clock.seat < state.players:
        draw_turn_clock(surface, scaled, state.players, frame.turn_clock, frame.clock)
    for seat in range(state.players):
        pop = picture.marker_pop.get(seat, 1.0)
        x, y = marker_pos(plan, plan.lanes[seat])
        draw_marker(surface, (x, y + drop_offset(pop, plan.unit)), state.public[seat], plan.unit * 1.15, pop)
    mx, my = marker_pos(plan, plan.lanes[MEXICAN])
    pygame.draw.circle(surface, (70, 26, 18), (mx, my), plan.unit * 0.62)
    pygame.draw.circle(surface, theme.GOLD, (mx, my), plan.unit * 0.62, max(1, int(2 * k)))
    covered = log is not None and log[0].open and log[0].rect.collidepoint(mx, my)  # the move log lies over it
    if not covered:
        with capped(1.0):  # a badge of a set size: the letter keeps inside its circle at any text scale
            blit_text(surface, "M", int(max(11, plan.unit * 0.75)), theme.GOLD, (mx, my), "center", "title")
    _draw_open_doubles(surface, state, plan, k, pulse)
    felt = pygame.Rect(scaled.anchor("felt"))
    for notice in picture.notices:
        notice.draw(surface, kc, felt)
    _draw_targets(surface, frame, pulse)
    draw_boneyard(surface, scaled.anchor("boneyard"), kc, frame.boneyard_count, pulse if frame.can_draw else 0)
    tray.draw(surface, picture.hidden_hand, frame.carried[0] if frame.carried else None)
    _draw_buttons(surface, frame)
    _draw_message(surface, frame)
    _draw_badge(surface, frame)
    if log is not None:
        log[0].draw(surface, log[1])
    _draw_tip(surface, frame)
    picture.draw_flyers(surface)
    if frame.carried is not None:
        tile, center = frame.carried
        blit_tile(surface, tray.carried_image(tile), center, lift=1.0)


def pulse_rects(frame: TableFrame) -> list[pygame.Rect]:
    """Where the table changes by itself while it waits for the person: the
    turn glow, glowing targets, open doubles and the boneyard's glow (pixels)."""
    state, plan, scaled = frame.state, frame.plan, frame.scaled
    pad = max(8, int(24 * scaled.kc))
    rects: list[pygame.Rect] = []
    if frame.turn_glow:
        rects.append(pygame.Rect(scaled.seat_panel(state.players, frame.mover)).inflate(pad, pad))
        rects.append(pygame.Rect(plan.lanes[frame.mover].rect).inflate(pad, pad))
    for train in (*frame.targets, *state.open_doubles):
        rects.append(pygame.Rect(plan.lanes[train].rect).inflate(pad * 2, pad * 2))
    if frame.can_draw:
        rects.append(frame.boneyard.inflate(pad * 2, pad * 2))
    if frame.turn_clock is not None and frame.turn_clock.seat < state.players:
        rects.append(clock_rect(scaled, state.players, frame.turn_clock).inflate(pad, pad))
    return [r.clip(pygame.Rect((0, 0), frame.size)) for r in rects]


def _draw_thinking(surface: pygame.Surface, rect: pygame.Rect, k: float, clock: float) -> None:
    """A spinner in the corner of the panel of the seat that is thinking."""
    cx, cy = rect.right - 28 * k, rect.bottom - 22 * k
    for i in range(8):
        a = clock * 6 + i * math.pi / 4
        alpha = (i + 1) / 8
        color = tuple(int(c * alpha) for c in theme.GLOW)
        pygame.draw.circle(surface, color, (cx + math.cos(a) * 9 * k, cy + math.sin(a) * 9 * k), max(1.5, 2.6 * k))


def _draw_open_doubles(surface: pygame.Surface, state: RoundState, plan: BoardPlan, k: float, pulse: float) -> None:
    """A blinking ring around every double that must be covered."""
    for train in state.open_doubles:
        lane = plan.lanes[train]
        if not lane.slots:
            continue
        last = len(state.trains[train]) - 1
        slot = lane.slots[last] if last < len(lane.slots) else lane.slots[-1]
        w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
        ring = pygame.Rect(0, 0, w + 10, h + 10)
        ring.center = (round(slot.x), round(slot.y))
        pygame.draw.rect(surface, theme.RED if pulse > 0.5 else theme.GLOW, ring, max(2, int(3 * k)), border_radius=6)


def _draw_targets(surface: pygame.Surface, frame: TableFrame, pulse: float) -> None:
    """A glowing free slot at the end of every train the chosen tile may go on."""
    plan, k = frame.plan, frame.scaled.k
    for train in frame.targets:
        lane = plan.lanes[train]
        slot = lane.next_slot
        if slot is None:
            continue
        w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
        glow = pygame.Rect(0, 0, w + 6, h + 6)
        glow.center = (round(slot.x), round(slot.y))
        halo = pygame.Surface(glow.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (*theme.GLOW, int(70 + 90 * pulse)), halo.get_rect(), border_radius=8)
        surface.blit(halo, glow.inflate(16, 16).topleft)
        pygame.draw.rect(surface, theme.GLOW, glow, max(2, int(3 * k)), border_radius=6)
        pygame.draw.rect(surface, theme.GLOW, lane.rect.inflate(4, 4), max(1, int(2 * k)), border_radius=8)
        # Not colour alone: the free slot names the key that plays there (1-8, M).
        blit_text(surface, target_key(train), max(9, int(min(w, h) * 0.62)), theme.PANEL, glow.center, "center",
                  "bold")


def target_key(train: int) -> str:
    """The key that plays the chosen tile on ``train``: its seat number, or M."""
    return "M" if train == MEXICAN else str(train + 1)


def _draw_buttons(surface: pygame.Surface, frame: TableFrame) -> None:
    """The turn's buttons (End turn, Open train, Knock) and the Menu button
    (labels at the designed size: the buttons' size is fixed)."""
    k = frame.scaled.kc
    with capped(1.0):  # ``kc`` holds the text size already
        for button in frame.buttons:
            rect, hover = button.rect, button.hover
            if button.flat:
                panel(surface, rect, theme.PANEL_EDGE if hover else theme.PANEL_LIGHT, 255, radius=int(8 * k),
                      edge=None)
                size = int(15 * k)
            else:
                panel(surface, rect, theme.BUTTON_HOVER if hover else theme.BUTTON, 255, radius=int(10 * k),
                      edge=theme.GOLD if hover else None)
                size = int(18 * k)
            label, size = fit_size(button.label, size, "bold", rect.w - int(10 * k), int(size * 0.75))
            blit_text(surface, label, size, theme.INK, rect.center, "center", "bold", box=rect)


def _draw_badge(surface: pygame.Surface, frame: TableFrame) -> None:
    """The lasting red badge under the top bar (saves failing), at the designed size: its pill's height is fixed."""
    badge = frame.badge
    if badge is None:
        return
    k = frame.scaled.kc
    band = badge_band(frame.scaled)
    size = int(16 * k)
    with capped(1.0):
        line = badge
        room = band.w * 0.6
        while line and text(line, size, theme.INK, "bold").get_width() > room:
            line = line[:-2]
        if line != badge:
            line = line.rstrip() + "\u2026"
        width = text(line, size, theme.INK, "bold").get_width()
        box = pygame.Rect(0, 0, width + 28 * k, band.h)
        box.midtop = (band.centerx, band.y)
        panel(surface, box, theme.RED, 235, radius=int(box.h / 2), edge=None)
        blit_text(surface, line, size, theme.INK, box.center, "center", "bold")


def _draw_message(surface: pygame.Surface, frame: TableFrame) -> None:
    """The message pill: the last thing said (with its "Why?" link), or whose turn it is and what to do."""
    pill = frame.pill
    if pill is None:
        return
    k = frame.scaled.kc
    box = pill.box
    panel(surface, box, (12, 16, 22), 210, radius=int(min(box.h, 46 * k) / 2), edge=None)
    with capped(1.0):
        if pill.stacked:  # the words across the pill line by line, the link by the last or under them
            _draw_stacked(surface, pill, k)
        else:
            body = text(pill.text, pill.size, pill.color, "bold", wrap=pill.wrap)
            width = min(body.get_width(), pill.wrap)
            left = box.x + (box.w - (pill.why.w + int(16 * k) if pill.why else 0) - width) // 2
            placed = body.get_rect(midleft=(left, box.centery))
            surface.blit(body, placed)
            note(pill.text, body, placed, box)
        if pill.why is not None:
            panel(surface, pill.why, theme.PANEL_LIGHT, 255, radius=int(pill.why.h / 2), edge=theme.GLOW)
            blit_text(surface, pill.link_label, pill.size - 1 if pill.stacked else int(16 * k), theme.GLOW,
                      pill.why.center, "center", "bold", box=pill.why)


def _draw_stacked(surface: pygame.Surface, pill: Pill, k: float) -> None:
    """A stacked pill's words, line by line from its top, as ``wrapped_lines`` wraps them."""
    box = pill.box
    y = box.y + round(7 * k)
    step = font(pill.size, "bold").get_linesize()
    for line in wrapped_lines(pill.text, pill.size, pill.wrap):
        blit_text(surface, line, pill.size, pill.color, (box.x + round(20 * k), y), "topleft", "bold", box=box)
        y += step


def _draw_tip(surface: pygame.Surface, frame: TableFrame) -> None:
    """A first-match tip card, closed by a click or G."""
    tip = frame.tip
    if tip is None:
        return
    k = frame.scaled.kc
    box = tip.box
    panel(surface, box, (20, 30, 44), 240, radius=int(12 * k), edge=theme.GOLD, width=2)
    with capped(1.0):
        blit_text(surface, "Tip", int(17 * k), theme.GOLD, (box.x + int(20 * k), box.y + int(10 * k)), "topleft",
                  "bold")
        blit_text(surface, "Got it  (G or a click)  \u2715", int(14 * k), theme.INK_DIM,
                  (box.right - int(16 * k), box.y + int(12 * k)), "topright", "bold")
        blit_text(surface, tip.text, tip.size, theme.INK, (box.x + int(20 * k), box.y + int(38 * k)), "topleft",
                  wrap=box.w - int(40 * k))
