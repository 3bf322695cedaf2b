"""The score sheet: every round's score seat by seat, the totals and the hints
asked, painted into a box of the design space (the round summary, the match
end and the table's "Scores" view share it)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine import Match
from ..words.narrate import round_label
from . import theme
from .fonts import blit_text, fit_text
from .scene import Space


def paint_score_sheet(surface: pygame.Surface, space: Space, match: Match, box: tuple[float, float, float, float],
                      hints: Sequence[int] = (), playing: int | None = None,
                      counted: float | Sequence[float] = 1.0) -> list[tuple[float, float]]:
    """The sheet in design box ``box`` (x, y, width, height): a row per seat
    under a head row, one column per round of the match, then hints (when any
    were asked) and the total; ``playing`` (0-based) marks the round in play;
    ``counted`` (0..1, or one such per seat) is how far the last finished round's
    scores have counted up (its column and the totals count up with the round
    summary's tally). Returns where each seat's total stands (design points)."""
    x, top, width, height = box
    n = match.players
    rounds = match.setup.rounds
    line_h = min(30.0, height / (n + 1.4))
    name_w = min(220.0, width * 0.2)
    total_x = x + width - 50
    hints_x = total_x - 80 if any(hints) else total_x
    first = x + name_w + 20
    col_w = (hints_x - 50 - first) / max(1, rounds - 1) if rounds > 1 else 0.0
    size = min(16.0, line_h * 0.58)
    for r in range(rounds):
        undone = r < len(match.undos) and match.undos[r] > 0
        color = theme.GOLD if r == playing else theme.WARN if undone else theme.INK_DIM
        blit_text(surface, round_label(r, undone), space.px(size - 2), color, space.point(first + r * col_w, top),
                  "midtop", "bold")
    if any(hints):
        blit_text(surface, "Hints", space.px(size - 2), theme.INK_DIM, space.point(hints_x, top), "midtop", "bold")
    blit_text(surface, "Total", space.px(size - 1), theme.GOLD, space.point(total_x, top), "midtop", "bold")
    last = match.round_scores[-1] if match.round_scores else [0] * n
    shares = [float(counted)] * n if isinstance(counted, (int, float)) else list(counted)
    totals = [total - score + round(score * share) for total, score, share in zip(match.totals(), last, shares)]
    places = []
    best = min(totals)
    for seat in range(n):
        y = top + (seat + 1) * line_h
        if seat % 2 == 0:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, space.rect(x, y - 3, width, line_h))
        name = fit_text(match.names[seat], space.px(size), "bold", space.px(name_w))
        blit_text(surface, name, space.px(size), theme.INK, space.point(x + 16, y), "topleft", "bold")
        for r, scores in enumerate(match.round_scores):
            color = theme.GREEN if scores[seat] == 0 else theme.INK
            score = round(scores[seat] * shares[seat]) if r == len(match.round_scores) - 1 else scores[seat]
            blit_text(surface, str(score), space.px(size), color, space.point(first + r * col_w, y), "midtop")
        if playing is not None and playing >= len(match.round_scores):
            blit_text(surface, "\u2026", space.px(size), theme.INK_DIM, space.point(first + playing * col_w, y),
                      "midtop")
        if any(hints) and seat < len(hints):
            blit_text(surface, str(hints[seat]), space.px(size), theme.INK_DIM, space.point(hints_x, y), "midtop")
        color = theme.GOLD if totals[seat] == best else theme.INK
        blit_text(surface, str(totals[seat]), space.px(size + 2), color, space.point(total_x, y), "midtop", "bold")
        places.append((total_x, y + line_h / 2))
    if any(match.undos[: len(match.round_scores)]):
        blit_text(surface, "\u21ba  a turn was taken back in that round (Undo)", space.px(13), theme.WARN,
                  space.point(x + width, top + (n + 1) * line_h + 2), "topright")
    return places
