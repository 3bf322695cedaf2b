"""The still part of the table, painted only when it changes: the board (felt, lanes,
the railway, the roundhouse, the trains' tiles) as one picture made of each lane's own
picture, and each seat's panel, the Mexican train's panel and the top bar as small
pictures of their own, so a count ticking up in one panel repaints that panel alone.
The board with the panels on it is the one picture each frame starts from
(``StaticLayer.blit``), before the moving part (``paint.paint_moving``)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from ...engine import MEXICAN
from .. import theme
from ..fonts import blit_text, capped, font, logging_text
from ..layout import TableLayout
from .board import Lane
from .draw import draw_hub, draw_lane_background, draw_mexican_panel, draw_seat_panel, draw_tile_at
from .paint import TableFrame
from .parts import fit_detail
from .tracks import draw_lane_track, draw_roundhouse, exit_angles, track_bounds

MARGIN = 10
"""Pixels a panel's picture reaches past the panel: room for its shadow."""

SEPARATOR = "  \u00b7  "
"""Between the parts of a line of the top bar."""

Piece = tuple[pygame.Surface, tuple[int, int]]
"""A picture and where it goes on the window (pixels)."""
Painter = Callable[[pygame.Surface, pygame.Rect], None]
"""Paints a panel onto a surface at a rectangle."""


class StaticLayer:
    """The board and the panels put together, the one picture each frame starts from. The board
    is made of pieces (each lane, the roundhouse, the engine double) and so are the panels (each
    seat's, the Mexican train's, the top bar), each a picture kept while what it shows stays the
    same; when one changes, only its place is painted again."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.board: pygame.Surface | None = None
        self.composed: pygame.Surface | None = None
        self.shown: list[tuple[tuple[object, ...], Piece]] = []
        self.panels: list[tuple[tuple[object, ...], Piece]] = []
        self.frame: TableFrame | None = None
        """The frame the composed picture shows."""

    def refresh(self, frame: TableFrame, layout: TableLayout) -> None:
        """Bring the picture up to ``frame`` (call from update): all of it when the window, the
        text size or the colours changed, else only where a piece changed."""
        felt = layout.felt(frame.scaled)
        board = _board_pieces(frame)
        panels = [(key, self._panel(key, rect, paint)) for key, rect, paint in _chrome(frame)]
        key = (frame.size, frame.scaled.c, theme.PALETTE_VERSION)
        if key != self.key or self.board is None or self.composed is None or len(board) != len(self.shown) \
                or len(panels) != len(self.panels):
            self.board, self.composed = felt.copy(), felt.copy()
            for _, piece in board:
                self.board.blit(*piece)
            self.composed.blit(self.board, (0, 0))
            for _, piece in panels:
                self.composed.blit(*piece)
        else:
            places = _changed(self.shown, board)
            for place in places:
                self.board.blit(felt, place, place)
                _blit_within(self.board, [piece for _, piece in board], place)
            places += _changed(self.panels, panels)
            for place in places:
                self.composed.blit(self.board, place, place)
                _blit_within(self.composed, [piece for _, piece in panels], place)
        self.key, self.shown, self.panels, self.frame = key, board, panels, frame

    def _panel(self, key: tuple[object, ...], rect: pygame.Rect, paint: Painter) -> Piece:
        """The panel's picture: the one on show if it shows the same, else painted anew."""
        return next((piece for shown, piece in self.panels if shown == key), None) or _piece(rect, paint)

    def blit(self, surface: pygame.Surface, frame: TableFrame, layout: TableLayout) -> None:
        """Put the board and the panels on ``surface`` (painted there directly while the text log
        records, or if ``frame`` is not the one last put together)."""
        if logging_text() is None and self.composed is not None and frame is self.frame:
            surface.blit(self.composed, (0, 0))
            return
        surface.blit(layout.felt(frame.scaled), (0, 0))
        paint_static(surface, frame)


def _place(piece: Piece) -> pygame.Rect:
    """Where ``piece`` lies (pixels)."""
    return pygame.Rect(piece[1], piece[0].get_size())


def _changed(old: list[tuple[tuple[object, ...], Piece]], new: list[tuple[tuple[object, ...], Piece]]) -> list[pygame.Rect]:
    """Where the pieces that changed lay and lie now."""
    places = []
    for (was, before), (now, after) in zip(old, new):
        if was != now:
            places.append(_place(before).union(_place(after)))
    return places


def _blit_within(surface: pygame.Surface, pieces: list[Piece], place: pygame.Rect) -> None:
    """Every piece that reaches into ``place``, in order, painted there only."""
    for picture, at in pieces:
        overlap = place.clip(pygame.Rect(at, picture.get_size()))
        if overlap.w and overlap.h:
            surface.blit(picture, overlap.topleft, overlap.move(-at[0], -at[1]))


def _board_pieces(frame: TableFrame) -> list[tuple[tuple[object, ...], Piece]]:
    """The board's pieces in the order they are painted: each lane, the roundhouse, the engine double."""
    plan, k = frame.plan, frame.scaled.k
    angles = exit_angles(plan)
    pieces = [_lane_picture(frame, lane, angles[train]) for train, lane in plan.lanes.items()]
    key: tuple[object, ...] = ("roundhouse", plan.hub, plan.hub_radius, tuple(sorted(angles.items())), theme.PALETTE_VERSION, k)
    found = _pictures.get(key)
    if found is None:
        r = math.ceil(plan.hub_radius + 14)
        box = pygame.Rect(round(plan.hub[0]) - r, round(plan.hub[1]) - r, 2 * r, 2 * r)
        picture = pygame.Surface(box.size, pygame.SRCALPHA)
        draw_roundhouse(picture, plan, k, (box.x, box.y))
        found = _keep(key, (picture, box.topleft))
    pieces.append((key, found))
    key = ("engine", plan.hub, plan.hub_radius, frame.state.engine, frame.engine_shown, frame.numerals,
           theme.PALETTE_VERSION)
    found = _pictures.get(key)
    if found is None:
        r = math.ceil(plan.hub_radius)
        box = pygame.Rect(round(plan.hub[0]) - r, round(plan.hub[1]) - r, 2 * r, 2 * r)
        picture = pygame.Surface(box.size, pygame.SRCALPHA)
        shifted = replace(plan, hub=(plan.hub[0] - box.x, plan.hub[1] - box.y))
        draw_hub(picture, shifted, frame.state.engine, k, frame.engine_shown, frame.numerals)
        found = _keep(key, (picture, box.topleft))
    pieces.append((key, found))
    return pieces


def _piece(rect: pygame.Rect, paint: Painter) -> Piece:
    """A panel painted on a picture of its own (with room for its shadow), and where it goes."""
    picture = pygame.Surface((rect.w + 2 * MARGIN, rect.h + 2 * MARGIN), pygame.SRCALPHA)
    with capped(1.0):
        paint(picture, pygame.Rect(MARGIN, MARGIN, rect.w, rect.h))
    return picture, (rect.x - MARGIN, rect.y - MARGIN)


def _chrome(frame: TableFrame) -> list[tuple[tuple[object, ...], pygame.Rect, Painter]]:
    """Each panel of the table: what it shows (its key), where it goes and how it is painted."""
    state, scaled = frame.state, frame.scaled
    kc, palette = scaled.kc, theme.PALETTE_VERSION
    out: list[tuple[tuple[object, ...], pygame.Rect, Painter]] = []
    for seat in range(state.players):
        rect = pygame.Rect(scaled.seat_panel(state.players, seat))
        shows = (seat, state.names[seat], frame.seat_labels[seat], frame.hands[seat], frame.totals[seat],
                 state.public[seat], state.suspended[seat], frame.turn_clock is not None)
        out.append((("seat", tuple(rect), kc, palette, *shows), rect, partial(_seat_panel, frame, seat)))
    mexican = pygame.Rect(scaled.mexican_panel(state.players))
    length = len(state.trains[MEXICAN])
    out.append((("mexican", tuple(mexican), kc, length), mexican,
                lambda picture, at: draw_mexican_panel(picture, pygame.FRect(at), kc, length)))
    bar = pygame.Rect(scaled.anchor("top_bar"))
    bar.h += MARGIN
    out.append((("bar", tuple(bar), kc, frame.title, frame.detail, frame.score_text, frame.score_right), bar,
                lambda picture, at: _paint_top_bar(picture, frame, (at.x - bar.x, at.y - bar.y))))
    return out


def _seat_panel(frame: TableFrame, seat: int, surface: pygame.Surface, at: pygame.Rect) -> None:
    """``seat``'s panel as ``frame`` shows it, painted at ``at``."""
    state = frame.state
    draw_seat_panel(surface, pygame.FRect(at), frame.scaled.kc, seat, state.names[seat], frame.seat_labels[seat],
                    frame.hands[seat], frame.totals[seat], state.public[seat], state.suspended[seat],
                    frame.turn_clock is not None)


def paint_board(surface: pygame.Surface, frame: TableFrame) -> None:
    """Each train's lane (its band, its track from the roundhouse and its tiles), the roundhouse
    and the engine double."""
    for _, piece in _board_pieces(frame):
        surface.blit(*piece)


_pictures: dict[tuple[object, ...], Piece] = {}


def _keep(key: tuple[object, ...], picture: Piece) -> Piece:
    """Remember ``picture`` under ``key`` (all forgotten when there are too many)."""
    if len(_pictures) > 160:
        _pictures.clear()
    _pictures[key] = picture
    return picture


def _lane_picture(frame: TableFrame, lane: Lane, angle: float) -> tuple[tuple[object, ...], Piece]:
    """``lane`` as ``frame`` shows it, on a picture of its own, and where that goes: its band
    and track (kept until the train grows) with its tiles over them (until one lands or leaves)."""
    state, plan, k = frame.state, frame.plan, frame.scaled.k
    train = lane.train
    tiles = tuple(state.train_tiles(train))
    hidden = tuple(sorted(i for t, i in frame.hidden_slots if t == train))
    shape = (train, tuple(lane.rect), lane.start, angle, len(tiles), plan.unit, plan.hub, plan.hub_radius,
             theme.PALETTE_VERSION, k)
    key = ("lane", *shape, tiles, hidden, frame.numerals)
    found = _pictures.get(key)
    if found is not None:
        return key, found
    base = _pictures.get(("track", *shape))
    if base is None:
        box = pygame.Rect(lane.rect).inflate(plan.unit, plan.unit).union(track_bounds(plan, lane, angle, len(tiles)))
        picture = pygame.Surface(box.size, pygame.SRCALPHA)
        band = pygame.FRect(lane.rect).move(-box.x, -box.y)
        draw_lane_background(picture, replace(lane, rect=band), plan.unit, k, state.names)
        draw_lane_track(picture, plan, lane, angle, len(tiles), k, (box.x, box.y))
        base = _keep(("track", *shape), (picture, box.topleft))
    picture, (x, y) = base[0].copy(), base[1]
    for index, (near, far) in enumerate(tiles):
        if index < len(lane.slots) and index not in hidden:
            slot = lane.slots[index]
            draw_tile_at(picture, replace(slot, x=slot.x - x, y=slot.y - y), near, far, plan.unit, frame.numerals)
    return key, _keep(key, (picture, (x, y)))


def paint_static(surface: pygame.Surface, frame: TableFrame) -> None:
    """The board, the seat panels, the Mexican panel and the top bar, straight onto ``surface``
    (their words at the designed size times ``kc``: the boxes grow with the text setting)."""
    paint_board(surface, frame)
    with capped(1.0):
        for key, rect, paint in _chrome(frame):
            if key[0] == "bar":
                _paint_top_bar(surface, frame)
            else:
                paint(surface, rect)


def _paint_top_bar(surface: pygame.Surface, frame: TableFrame, shift: tuple[int, int] = (0, 0)) -> None:
    """The round on the left, then the rules line, then the score line against the buttons
    (the rules line gives way to the score line, and the score line to the round); ``shift``
    moves it all (a picture of its own)."""
    scaled, kc = frame.scaled, frame.scaled.kc
    dx, dy = shift
    bar = scaled.anchor("top_bar").move(dx, dy)
    title = blit_text(surface, frame.title, int(22 * kc), theme.GOLD, (bar.x + 16 * kc, bar.centery), "midleft",
                      "title")
    left = max(bar.x + 230 * kc, title.right + 24 * kc)
    right = frame.score_right + dx
    room = int(right - left)
    said = leading_parts(frame.score_text, int(17 * kc), "bold", room)
    if room < 40 * kc or not said:
        return
    drawn = blit_text(surface, said, int(17 * kc), theme.INK, (right, bar.centery), "midright", "bold")
    room = int(drawn.left - 16 * kc - left)  # the rules line gives way to the score line, never under it
    if room <= 40 * kc:
        return
    size = int(16 * kc)  # the deal's fingerprint whole, on a second line if need be
    lines = fit_detail(frame.detail, size, room)
    if len(lines) > 1:  # two lines in the bar: a smaller size
        size = int(13 * kc)
        lines = fit_detail(frame.detail, size, room)
    if any(font(size).size(line)[0] > room for line in lines):
        return  # no room for the fingerprint whole (the pass screen and the round summary show it)
    for i, line in enumerate(lines):
        y = bar.centery + (i - (len(lines) - 1) / 2) * size * 1.15
        blit_text(surface, line, size, theme.INK_DIM, (left, y), "midleft")


def leading_parts(line: str, size: int, style: str, width: int) -> str:
    """As many of ``line``'s parts (split at ``SEPARATOR``) from the first as fit ``width``
    pixels whole; then the first part's shorter forms (``short_forms``); "" when none fits whole,
    so a number is never cut by an ellipsis."""
    parts = line.split(SEPARATOR)
    face = font(size, style)
    while len(parts) > 1 and face.size(SEPARATOR.join(parts))[0] > width:
        parts.pop()
    for form in [SEPARATOR.join(parts), *short_forms(parts[0])]:
        if face.size(form)[0] <= width:
            return form
    return ""


def short_forms(part: str) -> list[str]:
    """Shorter forms of a score's words, the least important dropped first: "You: 104 pts" gives
    "You: 104" and "104 pts"; "leader Ana (78 pts)" gives "Ana (78 pts)" and "Ana 78"."""
    scored = re.fullmatch(r"(.+): (\d+) pts", part)
    if scored:
        return [f"{scored[1]}: {scored[2]}", f"{scored[2]} pts"]
    leader = re.fullmatch(r"leader (.+) \((\d+) pts\)", part)
    if leader:
        return [f"{leader[1]} ({leader[2]} pts)", f"{leader[1]} {leader[2]}"]
    return []