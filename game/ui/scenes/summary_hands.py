"""The round summary's hands revealed: a row per seat with its name, its tiles (on as many
lines as the width needs) and its score counting up, laid out from the window and text size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...engine import Match
from ...engine.tiles import HI, LO
from .. import theme
from ..fonts import blit_text
from ..sizing import Sizes
from ..table.draw import seat_color
from ..table.motion import faded
from ..tile_art import face, numerals_for


@dataclass(frozen=True)
class HandRow:
    """One seat's row: where its name, tiles, score and open-double charge go (window pixels)."""

    seat: int
    name: str
    box: pygame.Rect
    tiles: tuple[tuple[int, tuple[int, int]], ...]
    """Each tile shown and its top-left corner."""
    unit: int
    numerals: bool
    charge: int
    """Pips charged for an open double (0: none)."""
    name_w: int
    """Width kept for the name column."""

    def paint(self, surface: pygame.Surface, s: Sizes, score: int, counted: int) -> None:
        """The row with ``score`` as far as it has counted up, its first ``counted`` tiles counted
        (the others faded)."""
        box = self.box
        pygame.draw.rect(surface, seat_color(self.seat), (box.x, box.y + s.gap // 2, max(4, s.gap // 2),
                                                          box.h - s.gap), border_radius=2)
        name_at = (box.x + s.gap * 2, box.y + s.gap // 2)
        blit_text(surface, self.name, s.body, theme.INK, name_at, "topleft", "bold")
        if self.charge:
            blit_text(surface, f"incl. +{self.charge} for an open double", s.fine, theme.RED,
                      (name_at[0], name_at[1] + s.line(s.body, "bold")), "topleft")
        for i, (tile, at) in enumerate(self.tiles):
            image = face(HI[tile], LO[tile], self.unit, numerals=self.numerals)
            surface.blit(image if i < counted else faded(image, 0.45), at)
        if not self.tiles:
            blit_text(surface, "out!", s.body, theme.GREEN, (self.tiles_x(s), box.y + s.gap // 2), "topleft", "bold")
        blit_text(surface, str(score), s.heading, theme.GOLD, (box.right, box.centery), "midright", "bold")

    def score_at(self) -> tuple[int, int]:
        """Where the row's score stands (its right end, window pixels): a tally's flight starts there."""
        return (self.box.right, self.box.centery)

    def tiles_x(self, s: Sizes) -> int:
        """Where the tiles start."""
        return self.box.x + s.gap * 2 + self.name_w


def plan_hands(match: Match, scores: Sequence[int], s: Sizes, room: pygame.Rect, numbers: bool
               ) -> tuple[list[HandRow], int]:
    """A row per seat from ``room``'s top, as wide as it; the rows and the y under the last."""
    state = match.round
    assert state is not None
    unit = max(8, round(s.unit * 1.05))
    numerals = numerals_for(unit, state.setup.set_max, numbers)
    name_w = max(s.width(name, s.body, "bold") for name in match.names) + s.section
    if any(state.charges or ()):
        name_w = max(name_w, s.width("incl. +50 for an open double", s.fine) + s.section)
    name_w = min(name_w, room.w // 3)
    score_w = s.width("888", s.heading, "bold") + s.section
    tiles_room = room.w - 2 * s.gap - name_w - score_w
    pitch = 2 * unit + max(3, unit // 5)
    across = max(1, tiles_room // pitch)
    rows: list[HandRow] = []
    y = room.y
    for seat in range(match.players):
        hand = state.hands[seat]
        lines = max(1, -(-len(hand) // across))
        text_h = s.line(s.body, "bold") + (s.line(s.fine) if state.charges and state.charges[seat] else 0)
        height = max(text_h, lines * (unit + s.gap // 2)) + s.gap
        x0 = room.x + 2 * s.gap + name_w
        tiles = tuple((tile, (x0 + (i % across) * pitch, y + s.gap // 2 + (i // across) * (unit + s.gap // 2)))
                      for i, tile in enumerate(hand))
        charge = state.charges[seat] if state.charges else 0
        rows.append(HandRow(seat, match.names[seat], pygame.Rect(room.x, y, room.w, height), tiles, unit, numerals,
                         charge, name_w))
        y += height + s.gap // 2
    return rows, y
