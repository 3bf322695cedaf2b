"""The replay's Show me: the reviewed decision's marks in the hand, and its sentence.

The move made and the best move found get a mark each (a ring round the
tile in the hand and a word under it): orange "made", green "best". When
they are the same move there is one mark, green, that says both ("made ·
best"); when they lay the same tile on different trains, one gold mark on
the tile ("made · best tile") and the sentence says which train each took.
Two marks never share a place: the rings of neighbouring tiles shrink into
the gap between them and their words move apart (``place``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ...review.results import Valuation
from ...review.words import cost_words, move_words, played_tile
from .. import theme

SAME = "made \u00b7 best"
"""The one mark's word when the move made was the best found."""
SAME_TILE = "made \u00b7 best tile"
"""The one mark's word when both moves lay the same tile, on different trains."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A tile of the hand to ring, the word under it and their colour."""

    tile: int
    word: str
    color: theme.Color


@dataclass(frozen=True, slots=True)
class Placed:
    """A mark where it is drawn: its ring and its word's box, in pixels."""

    mark: Mark
    ring: pygame.Rect
    label: pygame.Rect


def marks(v: Valuation, set_max: int) -> list[Mark]:
    """The marks of a reviewed decision: one that says both when the move made was
    the best (or laid the same tile), else one per move that lays a tile."""
    made, best = played_tile(v.made, set_max), played_tile(v.best, set_max)
    if v.made == v.best:
        return [] if made is None else [Mark(made, SAME, theme.GREEN)]
    if made is not None and made == best:
        return [Mark(made, SAME_TILE, theme.GOLD)]
    return ([] if made is None else [Mark(made, "made", theme.WARN)]) + \
        ([] if best is None else [Mark(best, "best", theme.GREEN)])


def place(found: Sequence[Mark], spots: dict[int, pygame.Rect], pad: int,
          measure: Callable[[str], tuple[int, int]]) -> list[Placed]:
    """Where each mark of ``found`` goes: a ring ``pad`` pixels round its tile (less where
    two marked tiles are closer, so the rings keep apart) and its word under the ring,
    centred, or, where two words would meet, each pushed out to its own side."""
    shown = sorted((m for m in found if m.tile in spots), key=lambda m: spots[m.tile].x)
    if len(shown) == 2:
        left, right = spots[shown[0].tile], spots[shown[1].tile]
        gap = right.left - left.right
        if gap >= 0 and left.top < right.bottom and right.top < left.bottom:
            pad = max(0, min(pad, gap // 2 - 1))
    placed = []
    for mark in shown:
        ring = spots[mark.tile].inflate(2 * pad, 2 * pad)
        label = pygame.Rect((0, 0), measure(mark.word))
        label.midtop = ring.midbottom
        placed.append(Placed(mark, ring, label))
    if len(placed) == 2 and placed[0].label.colliderect(placed[1].label):
        placed[0].label.topright = (min(placed[0].ring.right, placed[1].ring.left), placed[0].ring.bottom)
        placed[1].label.topleft = (placed[0].label.right, placed[1].ring.bottom)
    return placed


def sentence(v: Valuation, seat: int, names: Sequence[str], you: int | None, set_max: int) -> str:
    """The decision in words, naming each mark by its colour and word."""
    made = move_words(v.made, seat, names, you)
    who = "you" if seat == you else names[seat]
    if v.made == v.best:
        ringed = f' (green, "{SAME}")' if played_tile(v.made, set_max) is not None else ""
        return f"The next move, {made}{ringed}, was the best move found: {who} made the best move."
    best = move_words(v.best, seat, names, you)
    level = f", {v.level}" if v.level else ""
    cost = f"The move made is expected to cost {cost_words(v.diff, v.se)}{level}."
    one = [m.word for m in marks(v, set_max)] == [SAME_TILE]
    if one:
        return (f'Next move made: {made}.  Best found: {best}: the same tile (gold, "{SAME_TILE}"), '
                f"on another train. {cost}")
    made += ' (orange, "made")' if played_tile(v.made, set_max) is not None else ""
    best += ' (green, "best")' if played_tile(v.best, set_max) is not None else ""
    return f"Next move made: {made}.  Best found: {best}. {cost}"
