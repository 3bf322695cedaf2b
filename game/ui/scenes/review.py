"""The round review: each decision of the people at the table, valued from
what they could see then.

The review runs in worker processes (``play.review_job.ReviewJob``) while a
progress bar fills; then the three most costly decisions are listed first,
each with "Show me" (the replay at that position with both moves drawn),
then every decision. PageUp/PageDown scroll the list, Esc goes back (a
review still running is stopped and nothing is kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from ...engine import Match
from ...memory.files import clean
from ...play.review_job import ReviewJob
from ...review.cache import ReviewCache
from ...review.results import (
    COSTLY,
    COSTLY_MARK,
    DEFAULT_BUDGET,
    MISTAKE,
    Decision,
    ReviewBudget,
    unmarked_because,
)
from ...review.words import cost_words, move_words
from .. import theme
from ..fonts import blit_text
from ..intents import Intent
from ..scene import FULL_RATE, Space
from ..spoken_rows import TextRow
from ..widgets import Button
from .menu import MenuScene, card, sentences

ROWS = 7
"""Decisions shown at once in the full list."""
ROW_H = 44
LIST_TOP = 466
TOP_ROWS_Y = 204


def level_color(level: str) -> theme.Color:
    """The colour beside a level's word (never the only sign of it)."""
    return theme.RED if level == MISTAKE else theme.WARN if level == COSTLY else theme.INK_DIM


def nothing_marked() -> str:
    """What the list of the most costly decisions says when no decision is marked (the marking rule itself)."""
    return f"Nothing is marked: no decision cost {COSTLY_MARK.rule()}."


class ReviewScene(MenuScene):
    """The review of round ``round_number`` (1-based) of ``match`` for ``seats``,
    kept in ``cache``; ``you`` is the seat called "You"."""

    budget: ReviewBudget = DEFAULT_BUDGET
    """How hard the review looks (the game's budget)."""
    processes = True
    """Whether the review runs in worker processes (else one decision a frame, here)."""

    def __init__(self, match: Match, round_number: int, seats: Sequence[int], cache: ReviewCache,
                 you: int | None = None, processes: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self.round_number = round_number
        self.seats = tuple(seats)
        self.you = you
        self.names = [clean(n) for n in match.names]
        inline = not self.processes if processes is None else not processes
        self.job = ReviewJob(match, round_number, seats, cache, budget=self.budget, processes=not inline)
        self.progress = self.job.poll() if self.job.finished else (0, self.job.total)
        self.scroll = 0
        self.back_button = Button("Back", (1340, 812, 180, 56), self.back)
        self._layout()

    # ----------------------------------------------------------------- state
    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every reviewed decision, in the order they were made (empty while running)."""
        result = self.job.result
        return result.decisions if result is not None else ()

    @property
    def costliest(self) -> list[Decision]:
        """Up to three marked decisions, costliest first."""
        result = self.job.result
        return result.costliest() if result is not None else []

    def _layout(self) -> None:
        """The buttons: Show me beside each costliest decision and each listed one, Back."""
        widgets: list[Button] = []
        for i, decision in enumerate(self.costliest):
            widgets.append(Button("Show me", (1360, TOP_ROWS_Y + i * 62 + 4, 140, 44),
                                  partial(self.show, decision), size=18))
        for row, decision in enumerate(self.decisions[self.scroll:self.scroll + ROWS]):
            widgets.append(Button("Show", (1400, LIST_TOP + row * ROW_H + 2, 100, 38),
                                  partial(self.show, decision), size=16))
        self.widgets = [*widgets, self.back_button]

    def spoken_title(self) -> str:
        """'Round 2 review, You'."""
        return f"Round {self.round_number} review, {self.who()}"

    def spoken_body(self) -> str:
        """How decisions are valued, then how far the review is, or what it found and how to hear it."""
        how = "Valued from what you could see then: the points a move is expected to cost by the round's end."
        if self.job.problem:
            return sentences(how, f"The review could not finish: {self.job.problem}")
        if not self.job.finished:
            return sentences(how, f"Reviewing {self.progress[1]} decisions: Esc stops the review")
        return sentences(how, self.found_words())

    def found_words(self) -> str:
        """What the finished review found, and the keys that read it."""
        result = self.job.result
        assert result is not None
        top = self.costliest
        marked = ("Most costly: " + ", ".join(f"turn {d.turn} ({d.valuation.level})" for d in top)) if top \
            else nothing_marked()
        return sentences(marked, f"{len(self.decisions)} decisions with a choice, {sum(result.forced)} with only "
                         "one move skipped: Up and Down read them one by one, Home and End the first and the "
                         "last, Enter shows one in the replay")

    def decision_words(self, d: Decision) -> str:
        """One decision read aloud: turn, who, the move made, the best found, the cost and its level."""
        v = d.valuation
        who = "You" if d.seat == self.you else self.names[d.seat]
        made = move_words(v.made, d.seat, self.names, self.you)
        if v.best == v.made or (v.diff <= 0 and not v.level):
            verdict = "the best move found" if v.best == v.made else "no better move found"
        else:
            verdict = f"best found: {move_words(v.best, d.seat, self.names, self.you)}, {cost_words(v.diff, v.se)}"
            why = v.level or (f"not marked: {unmarked_because(v)}" if unmarked_because(v) else "")
            verdict += f", {why}" if why else ""
        return f"Turn {d.turn}, {who}: {made}; {verdict}."

    def spoken_rows(self) -> list[TextRow]:
        """Every decision, read one at a time (Enter shows it in the replay)."""
        rows = []
        for index, decision in enumerate(self.decisions):
            row = index - self.scroll
            box = (96, LIST_TOP + row * ROW_H - 4, 1290, ROW_H - 2) if 0 <= row < ROWS else None
            rows.append(TextRow(self.decision_words(decision), box, partial(self.show, decision)))
        return rows

    def show(self, decision: Decision) -> None:
        """The replay at the decision's position, the move made and the best found drawn."""
        assert self.app is not None
        self.app.push(self.app.routes.replay(self.match, self.round_number - 1, self.you,
                                             at=decision.index, compare=decision))

    def back(self) -> None:
        """Esc: stop a review still running and go back."""
        self.job.close()
        super().back()

    def close(self) -> None:
        """Leaving for good stops the workers."""
        self.job.close()

    # ---------------------------------------------------------------- events
    def update(self, dt: float) -> None:
        """Collect the workers' answers; lay the buttons out once the review is ready."""
        super().update(dt)
        if not self.job.finished:
            self.progress = self.job.poll()
            if self.job.finished:
                self._layout()
                if self.job.result is not None:
                    self.speak(sentences("The review is ready", self.found_words()), interrupt=False)
        if 0 <= self.focus < len(self.decisions):  # the list follows the row read
            scroll = min(self.scroll, self.focus) if self.focus < self.scroll + ROWS else self.focus - ROWS + 1
            if scroll != self.scroll:
                self.scroll = scroll
                self._layout()

    def frame_rate(self) -> int:
        """Smooth while the progress bar fills."""
        return FULL_RATE // 4 if not self.job.finished else super().frame_rate()

    def handle(self, intent: Intent) -> None:
        """PageUp/PageDown scroll the list of every decision; the rest as any menu."""
        if intent.kind in ("page_up", "page_down"):
            step = ROWS if intent.kind == "page_down" else -ROWS
            self.scroll = max(0, min(max(0, len(self.decisions) - ROWS), self.scroll + step))
            self._layout()
            return
        super().handle(intent)

    # --------------------------------------------------------------- drawing
    def who(self) -> str:
        """The reviewed seats' names ("You" for ``you``)."""
        return ", ".join("You" if s == self.you else self.names[s] for s in self.seats)

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The heading, then the progress bar or the review."""
        card(surface, space, 60, 30, 1480, 760)
        blit_text(surface, f"Round {self.round_number} review \u00b7 {self.who()}", space.px(34), theme.GOLD,
                  space.point(100, 50), "topleft", "title")
        blit_text(surface, "Valued from what you could see then: the points a move is expected to cost by the "
                  "round's end against the best move found, \u00b1 how sure that is.",
                  space.px(17), theme.INK_DIM, space.point(100, 102), "topleft", wrap=space.px(1400))
        if self.job.problem:
            blit_text(surface, f"The review could not finish: {self.job.problem}", space.px(20), theme.WARN,
                      space.point(800, 400), "center")
        elif not self.job.finished:
            self._progress_bar(surface, space)
        else:
            self._costliest(surface, space)
            self._all(surface, space)

    def _progress_bar(self, surface: pygame.Surface, space: Space) -> None:
        """How far the review is."""
        done, total = self.progress
        share = done / total if total else 1.0
        outer = space.rect(300, 390, 1000, 44)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, outer, border_radius=space.px(10))
        inner = space.rect(300, 390, 1000 * share, 44)
        pygame.draw.rect(surface, theme.GOLD, inner, border_radius=space.px(10))
        pygame.draw.rect(surface, theme.PANEL_EDGE, outer, max(1, space.px(2)), border_radius=space.px(10))
        blit_text(surface, f"Reviewing decision {min(done + 1, total)} of {total}\u2026", space.px(22), theme.INK,
                  space.point(800, 360), "midbottom", "bold")
        blit_text(surface, "Esc stops the review.", space.px(16), theme.INK_DIM, space.point(800, 450), "midtop")

    def _row(self, surface: pygame.Surface, space: Space, d: Decision, y: float, size: int) -> None:
        """One decision: turn, who, the move made, the best found, the cost and its level."""
        v = d.valuation
        who = "You" if d.seat == self.you else self.names[d.seat]
        made = move_words(v.made, d.seat, self.names, self.you)
        head = f"Turn {d.turn} \u00b7 {who}: {made}"
        blit_text(surface, head, space.px(size), theme.INK, space.point(110, y), "topleft", "bold")
        if v.best == v.made or (v.diff <= 0 and not v.level):
            words = "the best move found" if v.best == v.made else "no better move found"
            blit_text(surface, words, space.px(size - 2), theme.GREEN, space.point(760, y), "topleft")
            return
        best = move_words(v.best, d.seat, self.names, self.you)
        blit_text(surface, f"best found: {best}", space.px(size - 2), theme.INK_DIM, space.point(760, y), "topleft")
        cost = cost_words(v.diff, v.se)
        blit_text(surface, cost, space.px(size - 2), theme.INK, space.point(1120, y), "topleft")
        if v.level:
            badge = space.rect(96, y + 2, 6, size + 4)
            pygame.draw.rect(surface, level_color(v.level), badge)
            blit_text(surface, v.level, space.px(size - 4), level_color(v.level),
                      space.point(1120, y + size + 4), "topleft", "bold")
        elif unmarked_because(v):
            blit_text(surface, f"not marked: {unmarked_because(v)}", space.px(size - 4), theme.INK_DIM,
                      space.point(760, y + size + 4), "topleft")

    def _costliest(self, surface: pygame.Surface, space: Space) -> None:
        """The three most costly decisions (or why there are none)."""
        blit_text(surface, "Most costly", space.px(24), theme.GOLD, space.point(100, 158), "topleft", "title")
        top = self.costliest
        if not top:
            blit_text(surface, nothing_marked(), space.px(19), theme.INK, space.point(110, TOP_ROWS_Y + 8), "topleft",
                      wrap=space.px(1380))
        for i, decision in enumerate(top):
            self._row(surface, space, decision, TOP_ROWS_Y + i * 62, 20)

    def _all(self, surface: pygame.Surface, space: Space) -> None:
        """Every decision, a page at a time."""
        result = self.job.result
        assert result is not None
        count = len(self.decisions)
        head = f"Every decision ({count} with a choice, {sum(result.forced)} with only one move skipped)"
        blit_text(surface, head, space.px(22), theme.GOLD, space.point(100, LIST_TOP - 46), "topleft", "title")
        if count > ROWS:
            where = f"{self.scroll + 1}-{min(count, self.scroll + ROWS)} of {count} \u00b7 PgUp/PgDn"
            blit_text(surface, where, space.px(15), theme.INK_DIM, space.point(1500, LIST_TOP - 40), "topright")
        for row, decision in enumerate(self.decisions[self.scroll:self.scroll + ROWS]):
            self._row(surface, space, decision, LIST_TOP + row * ROW_H, 16)
