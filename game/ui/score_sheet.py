"""The score sheet: every round's score seat by seat, the totals and the hints asked,
laid out for a width (the round summary, the match end and the table's "Scores" view
share it). Rounds that do not fit across go on in a second band under the first, never
squeezed: each band repeats the names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..engine import Match
from ..words.narrate import round_label
from . import theme
from .fonts import blit_text, fit_text
from .sizing import Sizes

UNDO_NOTE = "\u21ba  a turn was taken back in that round (Undo)"


@dataclass(frozen=True)
class SheetPlan:
    """Where every cell of a sheet goes, from its top-left corner (pixels)."""

    width: int
    size: int
    """The cells' text size."""
    row_h: int
    name_w: int
    columns: tuple[tuple[int, int, int], ...]
    """Per round: its band, the x of its column's middle."""
    bands: int
    band_h: int
    total_x: int
    hints_x: int
    players: int
    height: int
    note_h: int

    def row_box(self, seat: int, at: tuple[int, int], s: Sizes, band: int = 0) -> pygame.Rect:
        """Where seat ``seat``'s row of band ``band`` lies on a sheet drawn from ``at`` (pixels)."""
        top = at[1] + band * (self.band_h + s.section) + (seat + 1) * self.row_h
        return pygame.Rect(at[0], top - s.gap // 4, self.width, self.row_h)


def plan_sheet(match: Match, s: Sizes, width: int, hints: Sequence[int] = ()) -> SheetPlan:
    """The sheet of ``match`` laid out ``width`` pixels wide at the sizes ``s``."""
    size = s.small
    n, rounds = match.players, match.setup.rounds
    pad = s.pad
    cell = max(max(s.width(round_label(r, True), size - 1, "bold") for r in range(rounds)),
               s.width("888", size)) + s.gap * 2
    total_w = max(s.width("Total", size, "bold"), s.width("8888", size + 2, "bold")) + s.gap * 2
    hints_w = (max(s.width("Hints", size - 1, "bold"), s.width("88", size)) + s.gap * 2) if any(hints) else 0
    longest = max(s.width(name, size, "bold") for name in match.names) + pad
    name_w = min(longest, max(width // 4, s.width("Bartholomew", size, "bold")))
    across = max(1, (width - name_w - pad - total_w - hints_w) // cell)
    bands = -(-rounds // across)
    per_band = -(-rounds // bands)
    columns = tuple((r // per_band, r % per_band, name_w + pad + (r % per_band) * cell + cell // 2)
                    for r in range(rounds))
    row_h = s.line(size + 2, "bold") + s.gap // 2
    band_h = (n + 1) * row_h
    note_h = s.line(s.fine) + s.gap if any(match.undos[: len(match.round_scores)]) else 0
    height = bands * band_h + (bands - 1) * s.section + note_h
    total_x = width - total_w // 2
    return SheetPlan(width, size, row_h, name_w, tuple((b, i, x) for b, i, x in columns), bands, band_h, total_x,
                     total_x - total_w // 2 - hints_w // 2, n, height, note_h)


def paint_score_sheet(surface: pygame.Surface, plan: SheetPlan, at: tuple[int, int], match: Match, s: Sizes,
                      hints: Sequence[int] = (), playing: int | None = None,
                      counted: float | Sequence[float] = 1.0) -> list[tuple[int, int]]:
    """The sheet as ``plan`` lays it out, from ``at``: a row per seat under a head row,
    one column per round, then hints (when any were asked) and the total; ``playing``
    (0-based) marks the round in play; ``counted`` (0..1, or one such per seat) is how far
    the last finished round's scores have counted up (its column and the totals count up
    with the round summary's tally). Returns where each seat's total stands (window pixels)."""
    x0, y0 = at
    size = plan.size
    n = plan.players
    last = match.round_scores[-1] if match.round_scores else [0] * n
    shares = [float(counted)] * n if isinstance(counted, (int, float)) else [float(c) for c in counted]
    totals = [total - score + round(score * share) for total, score, share in zip(match.totals(), last, shares)]
    best = min(totals)
    places = [(x0 + plan.total_x, y0 + (seat + 1) * plan.row_h + plan.row_h // 2) for seat in range(n)]
    for band in range(plan.bands):
        top = y0 + band * (plan.band_h + s.section)
        for seat in range(n):
            y = top + (seat + 1) * plan.row_h
            if seat % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, plan.row_box(seat, at, s, band), border_radius=s.radius // 2)
            name = fit_text(match.names[seat], size, "bold", plan.name_w - s.gap)
            blit_text(surface, name, size, theme.INK, (x0 + s.gap, y), "topleft", "bold")
        if band == 0:
            if any(hints):
                blit_text(surface, "Hints", size - 1, theme.INK_DIM, (x0 + plan.hints_x, top), "midtop", "bold")
            blit_text(surface, "Total", size, theme.GOLD, (x0 + plan.total_x, top), "midtop", "bold")
            for seat in range(n):
                y = top + (seat + 1) * plan.row_h
                if any(hints) and seat < len(hints):
                    blit_text(surface, str(hints[seat]), size, theme.INK_DIM, (x0 + plan.hints_x, y), "midtop")
                color = theme.GOLD if totals[seat] == best else theme.INK
                blit_text(surface, str(totals[seat]), size + 2, color, (x0 + plan.total_x, y), "midtop", "bold")
    for r, (band, _, x) in enumerate(plan.columns):
        top = y0 + band * (plan.band_h + s.section)
        undone = r < len(match.undos) and match.undos[r] > 0
        color = theme.GOLD if r == playing else theme.WARN if undone else theme.INK_DIM
        blit_text(surface, round_label(r, undone), size - 1, color, (x0 + x, top), "midtop", "bold")
        for seat in range(n):
            y = top + (seat + 1) * plan.row_h
            if r < len(match.round_scores):
                scores = match.round_scores[r]
                score = round(scores[seat] * shares[seat]) if r == len(match.round_scores) - 1 else scores[seat]
                blit_text(surface, str(score), size, theme.GREEN if scores[seat] == 0 else theme.INK, (x0 + x, y),
                          "midtop")
            elif r == playing:
                blit_text(surface, "\u2026", size, theme.INK_DIM, (x0 + x, y), "midtop")
    if plan.note_h:
        blit_text(surface, UNDO_NOTE, s.fine, theme.WARN, (x0 + plan.width, y0 + plan.height), "bottomright")
    return places
