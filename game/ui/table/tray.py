"""The hand tray along the bottom of the table: a seat's tiles in the chosen
order, scrolled to fit, with a sort button.

``layout`` works out every rectangle (from the scene's ``update``); ``draw``
only paints them, and clicks are tested against what the last layout placed.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine import RoundState
from ...engine.tiles import HI, LO, Tile
from ...words.counting import counted
from .. import theme
from ..fonts import blit_text, capped, font, text
from ..hand import SORT_LABELS, sort_hand
from ..tile_art import back, blit_tile, face
from .handover import Viewer

Point = tuple[float, float]

LIFT = 0.26
"""The room kept between the heading's words and the row of tiles, as a share of a tile's
short side: a selected tile rises into it, a picked-up one grows into it (``CARRIED``)."""

CARRIED = 1.2
"""How much larger than in the row a tile is drawn while the mouse carries it."""


def heading_forms(label: str, hand: Sequence[Tile], face_down: bool, scrolls: bool) -> list[str]:
    """The hand's heading, longest first, each shorter form dropping the least important part
    (how to scroll, the rest of a face-down note, the label, the pips), so a narrow tray shows
    one whole rather than a count cut by an ellipsis."""
    tiles = counted(len(hand), "tile")
    if face_down:
        forms = [f"{label}  \u00b7  {tiles}, face down until the next turn", f"{label}  \u00b7  {tiles}, face down",
                 f"{tiles}, face down"]
    else:
        pips = counted(sum(HI[t] + LO[t] for t in hand), "pip")
        forms = [f"{label}  \u00b7  {tiles}, {pips}", f"{tiles}, {pips}"]
    more = [f"{forms[0]}  \u00b7  \u25c0 \u25b6 or the wheel: more tiles"] if scrolls else []
    return [*more, *forms, tiles]


class HandTray:
    """The tray of ``seat`` (the person's), or with ``follow_mover`` of whoever
    is to move (a watched table); ``selected`` is the tile picked with a click
    or the arrow keys."""

    def __init__(self, viewer: Viewer, follow_mover: bool = False) -> None:
        self.viewer = viewer
        self.follow_mover = follow_mover
        self.selected: Tile | None = None
        self._gap: int | None = None
        """Where the last tile played from the tray stood (the arrows go on from there)."""
        self.scroll = 0
        self.area = pygame.FRect(0, 0, 0, 0)
        self.k = 1.0
        self.order: list[Tile] = []
        self.tiles: list[tuple[Tile, pygame.Rect]] = []
        self.showing: int | None = None
        self.heading = ""
        self.sort_label = ""
        self.sort_rect = pygame.Rect(0, 0, 0, 0)
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.playable: frozenset[Tile] = frozenset()
        self.more_left = False
        self.more_right = False
        self.left_arrow = pygame.Rect(0, 0, 0, 0)
        self.right_arrow = pygame.Rect(0, 0, 0, 0)
        self.numerals = False
        self.count = 0
        """How many tiles the hand shown holds (the tile size gives way to show them all)."""
        self.text = 1.0

    # -------------------------------------------------------------- geometry
    def place(self, area: pygame.FRect, k: float, text: float = 1.0) -> None:
        """Fit the tray in ``area`` (window pixels) at scale ``k``: the window's and the
        text setting's (``Scaled.kc``), so the tray's words are drawn at their designed size times ``k``;
        ``text``: how much the text setting grew the tray (``Scaled.c``)."""
        self.area = pygame.FRect(area)
        self.k = k
        self.text = text

    def heading_height(self) -> int:
        """The height of the heading's line (pixels, at the text scale in force)."""
        with capped(1.0):  # ``k`` has the text size in it already (see ``place``)
            return font(int(16 * self.k), "bold").get_height()

    def band(self) -> tuple[float, float]:
        """The top and bottom (window y) the tiles keep between: under the heading's
        line with room for a tile to rise (``LIFT``) without reaching its words, and
        above the tray's bottom with room for the playable mark and the shadow."""
        k = self.k
        top = self.area.y + 6 * k + self.heading_height()
        bottom = self.area.bottom - 10 * k
        unit = (bottom - top) / (2 + LIFT)
        return top + LIFT * unit, bottom

    @property
    def unit(self) -> int:
        """The short side of a tray tile, in pixels: as large as the tray's band holds, and where a
        larger text setting made the tray taller, no larger than lets the whole hand show (never
        smaller than at the designed text size)."""
        return self.unit_for(self.count)

    def unit_for(self, count: int) -> int:
        """The tray tile's short side (pixels) for a hand of ``count`` tiles (see ``unit``)."""
        top, bottom = self.band()
        band = (bottom - top) / 2
        whole = self.area.w / (1.22 * max(1, count) + 2)
        return max(12, int(min(band, max(whole, band / self.text))))

    @property
    def lift(self) -> int:
        """How far the selected tile rises out of the row (pixels): never up to the heading."""
        return int(self.band()[0] - (self.area.y + 6 * self.k + self.heading_height()))

    def capacity(self, count: int | None = None) -> int:
        """How many tiles fit side by side (of a hand of ``count``, by default the one shown)."""
        unit = self.unit_for(self.count if count is None else count)
        return max(1, int((self.area.w - unit * 2) // (unit + unit * 0.22)))

    def _first(self, count: int) -> int:
        """The scroll position clamped for a row of ``count`` tiles."""
        return max(0, min(self.scroll, max(0, count - self.capacity(count))))

    def positions(self, order: list[Tile]) -> list[tuple[Tile, pygame.Rect]]:
        """Where the visible tiles of ``order`` lie at the current scroll (changes nothing)."""
        unit = self.unit_for(len(order))
        step = unit + unit * 0.22
        first = self._first(len(order))
        visible = order[first:first + self.capacity(len(order))]
        width = len(visible) * step - unit * 0.22
        x0 = self.area.centerx - width / 2
        top, bottom = self.band()
        y = (top + bottom) / 2 - unit
        return [(tile, pygame.Rect(round(x0 + i * step), round(y), unit, 2 * unit)) for i, tile in enumerate(visible)]

    def seat_of(self, state: RoundState) -> int | None:
        """Whose hand the tray shows for ``state``."""
        if self.viewer.seat is not None:
            return self.viewer.seat
        return state.to_move if self.follow_mover else None

    def hand_order(self, state: RoundState, how: str) -> list[Tile]:
        """The shown seat's hand in ``state``, sorted ``how`` (see hand.SORTS)."""
        seat = self.seat_of(state)
        if seat is None:
            return []
        return sort_hand(state.hands[seat], how, state.ends[seat])

    def center_in(self, state: RoundState, how: str, tile: Tile) -> Point:
        """Where ``tile`` lies (or would lie) in the tray of ``state``; the tray's middle if it is not shown."""
        for t, rect in self.positions(self.hand_order(state, how)):
            if t == tile:
                return rect.center
        return self.area.center

    # ----------------------------------------------------------------- layout
    def layout(self, state: RoundState, how: str, playable: frozenset[Tile], label: str,
               numerals: bool = False) -> None:
        """Lay out ``state``'s hand sorted ``how`` (every tile in its place from the
        start: a tile still on its way, dealt or drawn, leaves its place empty),
        ``playable`` tiles are underlined, ``label`` names the hand; tiles show
        ``numerals`` or pips."""
        self.numerals = numerals
        order = self.hand_order(state, how)
        self.order = order
        self.count = len(order)
        self.scroll = self._first(len(order))
        self.tiles = self.positions(order)
        self.more_left = self.scroll > 0
        self.more_right = self.scroll + len(self.tiles) < len(order)
        arrow = round(self.unit * 0.9)
        middle = round(sum(self.band()) / 2)
        self.left_arrow = pygame.Rect(0, 0, arrow, arrow * 2) if self.more_left else pygame.Rect(0, 0, 0, 0)
        self.left_arrow.midleft = (round(self.area.x + 4 * self.k), middle)
        self.right_arrow = pygame.Rect(0, 0, arrow, arrow * 2) if self.more_right else pygame.Rect(0, 0, 0, 0)
        self.right_arrow.midright = (round(self.area.right - 4 * self.k), middle)
        self.playable = playable
        self.showing = self.seat_of(state)
        self.heading = ""
        self.sort_rect = pygame.Rect(0, 0, 0, 0)
        self.heading_rect = pygame.Rect(0, 0, 0, 0)  # where the heading's words lie
        if self.showing is None:
            return
        hand = state.hands[self.showing]
        if self.viewer.face_down:  # pass and play: the turn is over, nothing of the hand shows
            self.playable = frozenset()
        forms = heading_forms(label, hand, self.viewer.face_down, self.more_left or self.more_right)
        self.sort_label = f"Sort: {SORT_LABELS.get(how, how)}  (S)"
        k = self.k
        with capped(1.0):
            shown = text(self.sort_label, int(16 * k), theme.GOLD, "bold")
            at = (round(self.area.right - 14 * k), round(self.area.y + 6 * k))
            self.sort_rect = shown.get_rect(topright=at)
            room = self.sort_rect.left - round(self.area.x + 14 * k) - round(24 * k)
            face = font(int(16 * k), "bold")
            self.heading = next((form for form in forms if face.size(form)[0] <= room), "")
            heading = text(self.heading, int(16 * k), theme.INK_DIM, "bold")
        self.heading_rect = heading.get_rect(topleft=(round(self.area.x + 14 * k), round(self.area.y + 6 * k)))

    # ---------------------------------------------------------------- queries
    def tile_at(self, pos: Point) -> tuple[Tile, pygame.Rect] | None:
        """The tile under ``pos`` and its rectangle (the topmost where tiles touch)."""
        for tile, rect in reversed(self.tiles):
            if rect.collidepoint(pos):
                return tile, rect
        return None

    def tile_center(self, tile: Tile) -> Point | None:
        """Where ``tile`` lies in the tray now, or None if it is not in view."""
        for t, rect in self.tiles:
            if t == tile:
                return rect.center
        return None

    def arrow_at(self, pos: Point) -> int:
        """-1 or +1 when ``pos`` is on the left or right scroll arrow, else 0."""
        if self.more_left and self.left_arrow.collidepoint(pos):
            return -1
        if self.more_right and self.right_arrow.collidepoint(pos):
            return 1
        return 0

    def page(self, direction: int) -> None:
        """Scroll a trayful of tiles left (-1) or right (+1), keeping one in view."""
        self.scroll_by(direction * max(1, self.capacity() - 1))

    def hits_sort(self, pos: Point) -> bool:
        """Whether ``pos`` is on the sort button."""
        return self.showing is not None and self.sort_rect.inflate(10, 8).collidepoint(pos)

    # ---------------------------------------------------------------- changes
    def scroll_by(self, tiles: int) -> None:
        """Scroll the row by ``tiles`` (clamped at the next layout)."""
        self.scroll = max(0, self.scroll + tiles)

    def step_selection(self, delta: int, among: frozenset[Tile] | None = None, first: bool | None = None) -> None:
        """Select the next (+1) or previous (-1) tile, wrapping (``among``: only those tiles; the
        selection stays when there is none), or the ``first`` (True) or the last (False) one,
        and scroll it into view; after a play the arrows go on from where its tile was."""
        order = self.order
        places = [i for i, tile in enumerate(order) if among is None or tile in among]
        if not places:
            return
        if first is not None:
            index = places[0] if first else places[-1]
        elif self.selected in order and delta == 0:
            index = order.index(self.selected)
        else:
            here = self._here(delta)
            ahead = [i for i in places if i > here] if delta > 0 else [i for i in places if i < here]
            index = (ahead[0] if ahead else places[0]) if delta > 0 else (ahead[-1] if ahead else places[-1])
        self.selected = order[index]
        self._gap = None
        visible = self.capacity()
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + visible:
            self.scroll = index - visible + 1

    def _here(self, delta: int) -> float:
        """Where the selection stands in the order, for stepping by ``delta``: the selected tile,
        else the place a played tile left (stepping on reaches the tile now there), else before
        the first tile (or after the last, stepping back)."""
        if self.selected in self.order:
            return self.order.index(self.selected)
        if self._gap is not None:
            return self._gap - 0.5
        return -1 if delta > 0 else len(self.order)

    def forget_selection(self) -> None:
        """The selected tile was played: nothing is selected, and the arrows go on from its place."""
        if self.selected in self.order:
            self._gap = self.order.index(self.selected)
        self.selected = None

    # ------------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, hidden: set[Tile], lifted: Tile | None) -> None:
        """Paint the heading, the sort button, the tiles (``hidden`` ones and the
        ``lifted`` one, carried by the mouse, as empty places) and the scroll arrows."""
        if self.showing is None:
            return
        k = self.k
        unit = self.unit
        with capped(1.0):
            blit_text(surface, self.heading, int(16 * k), theme.INK_DIM, self.heading_rect.topleft, "topleft",
                      "bold")
            blit_text(surface, self.sort_label, int(16 * k), theme.GOLD, self.sort_rect.topleft, "topleft", "bold")
        for tile, rect in self.tiles:
            if tile in hidden or tile == lifted:
                _empty_place(surface, rect)
                continue
            if self.viewer.face_down:
                blit_tile(surface, back(unit), rect.center)
                continue
            raised = tile == self.selected
            r = rect.move(0, -self.lift) if raised else rect
            img = face(HI[tile], LO[tile], unit, horizontal=False, numerals=self.numerals)
            blit_tile(surface, img, r.center, 0.4 if raised else 0.0)
            if raised:
                pygame.draw.rect(surface, theme.GLOW, r.inflate(6, 6), max(2, int(3 * k)), border_radius=max(4, unit // 5))
            if tile in self.playable:
                y = rect.bottom + max(3, round(4 * k))
                pygame.draw.line(surface, theme.GREEN, (r.x + 4, y), (r.right - 4, y), max(2, int(4 * k)))
        for shown, rect, glyph in ((self.more_left, self.left_arrow, "\u25c0"), (self.more_right, self.right_arrow, "\u25b6")):
            if shown:
                pygame.draw.rect(surface, (40, 26, 16), rect, border_radius=max(4, int(8 * k)))
                with capped(1.0):
                    blit_text(surface, glyph, int(30 * k), theme.GOLD, rect.center, "center")

    def carried_image(self, tile: Tile) -> pygame.Surface:
        """``tile`` as the mouse carries it: standing as in the row, ``CARRIED`` times larger."""
        return face(HI[tile], LO[tile], round(self.unit * CARRIED), horizontal=False, numerals=self.numerals)


def _empty_place(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The place a tile left in the row: a shallow dent in the tray."""
    radius = max(3, rect.w // 5)
    pygame.draw.rect(surface, (34, 22, 13), rect, border_radius=radius)
    pygame.draw.rect(surface, (70, 46, 28), rect, 1, border_radius=radius)
