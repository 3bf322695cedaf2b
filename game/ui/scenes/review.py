"""The round review: each decision of the people at the table, valued from
what they could see then.

The review runs in worker processes (``play.review_job.ReviewJob``) while a
progress bar fills; then the three most costly decisions are listed first,
each with "Show me" (the replay at that position with both moves drawn),
then every decision. Up/Down read the decisions one by one (Home/End the first and the
last; the list scrolls to show the row read, Enter shows it in the replay); the wheel and
PageUp/PageDown scroll the list, Esc goes back (a review still running is stopped and
nothing is kept).
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
from ..boxes import Column, inset
from ..fonts import blit_text
from ..painted import Item, Shape, Words, paint
from ..scene import FULL_RATE
from ..sizing import Sizes
from ..spoken_rows import TextRow
from ..widgets import Button
from .menu import MenuScene, card, clipped, sentences

ABOUT = ("Valued from what you could see then: the points a move is expected to cost by the round's end against "
         "the best move found, \u00b1 how sure that is.")


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
        self.back_button = Button("Back", self.back)
        self.widgets = [self.back_button]
        self.items: list[Item] = []
        self.boxes: dict[str, pygame.Rect] = {}
        self.rows: list[TextRow] = []
        """Every decision as a row read aloud (placed by the layout, in the pane)."""
        self.show_buttons: list[Button] = []
        """The Show beside each row of the list (the pointer's; the keyboard reads the row)."""

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
        """Every decision, read one at a time (Enter shows it in the replay); each row's
        box is where the list lays it out, and the list scrolls to show the row read."""
        if len(self.rows) != len(self.decisions):
            self.rows = [TextRow(self.decision_words(d), partial(self.show, d)) for d in self.decisions]
        return self.rows

    def focusables(self) -> list[object]:
        """The decisions' rows, then Show me and Back: a row's own Show is for the pointer
        (Enter on the row does the same)."""
        return [w for w in super().focusables() if not any(w is b for b in self.show_buttons)]

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
        """Collect the workers' answers; say what the review found once it is ready (its list
        is laid out then)."""
        super().update(dt)
        if not self.job.finished:
            self.progress = self.job.poll()
            if self.job.finished and self.job.result is not None:
                self.speak(sentences("The review is ready", self.found_words()), interrupt=False)

    def frame_rate(self) -> int:
        """Smooth while the progress bar fills."""
        return FULL_RATE // 4 if not self.job.finished else super().frame_rate()

    # --------------------------------------------------------------- layout
    def who(self) -> str:
        """The reviewed seats' names ("You" for ``you``)."""
        return ", ".join("You" if s == self.you else self.names[s] for s in self.seats)

    def heading(self) -> str:
        """The review's heading."""
        return f"Round {self.round_number} review \u00b7 {self.who()}"

    def layout_key(self) -> tuple[object, ...]:
        """Whether the review is done (its list appears then)."""
        return (self.job.finished, self.job.problem)

    def layout(self, s: Sizes) -> None:
        """A card over the window: the heading and what the figures mean; then the progress,
        or (scrolling) the most costly decisions and every decision, each with Show; Back below."""
        frame = s.frame
        column = Column(inset(frame, s.inside), s.gap)
        self.boxes["card"] = pygame.Rect(frame)
        self.boxes["heading"] = column.take(s.wrapped(self.heading(), s.heading * 3 // 2, column.rect.w, "title"))
        self.boxes["about"] = column.take(s.wrapped(ABOUT, s.small, column.rect.w))
        column.skip(s.section - s.gap)
        back = pygame.Rect(0, column.rect.bottom - s.control, s.button_width("Back") + 2 * s.pad, s.control)
        back.right = column.rect.right
        self.back_button.place(back, s.label)
        view = pygame.Rect(column.rect.x, column.bottom, column.rect.w - s.gap, back.y - s.section - column.bottom)
        self.items = []
        self.widgets = []
        self.show_buttons = []
        if self.job.finished and not self.job.problem:
            y = self._list(s, pygame.Rect(view.x, self.pane.top, view.w, 0))
            self.pane.set(view, y - self.pane.top)
        else:
            self.pane.set(view, 0)
        self.scrolled = [*self.widgets, *self.rows]
        self.widgets.append(self.back_button)

    def _list(self, s: Sizes, room: pygame.Rect) -> int:
        """The most costly decisions (or why none is marked), then every decision; the y under them."""
        result = self.job.result
        assert result is not None
        y = room.y
        self.items.append(Words("Most costly", s.heading, theme.GOLD, (room.x, y), style="title"))
        y += s.line(s.heading, "title") + s.gap
        if not self.costliest:
            self.items.append(Words(nothing_marked(), s.body, theme.INK, (room.x, y), wrap=room.w))
            y += s.wrapped(nothing_marked(), s.body, room.w)
        for decision in self.costliest:
            y = self._row(s, decision, pygame.Rect(room.x, y, room.w, 0), "Show me") + s.gap
        y += s.section
        count = len(self.decisions)
        head = f"Every decision ({count} with a choice, {sum(result.forced)} with only one move skipped)"
        self.items.append(Words(head, s.heading, theme.GOLD, (room.x, y), style="title", wrap=room.w))
        y += s.wrapped(head, s.heading, room.w, "title") + s.gap
        for row, decision in zip(self.spoken_rows(), self.decisions, strict=True):
            bottom = self._row(s, decision, pygame.Rect(room.x, y, room.w, 0), "Show")
            row.rect = pygame.Rect(room.x, y, room.w, bottom - y)
            self.show_buttons.append(self.widgets[-1])
            y = bottom + s.gap // 2
        return y

    def _row(self, s: Sizes, d: Decision, room: pygame.Rect, show: str) -> int:
        """One decision: turn, who, the move made; the best found, the cost and its level
        (marked by colour and in words); Show beside it. The y under the row."""
        v = d.valuation
        button = Button(show, partial(self.show, d), speak_as=f"Show turn {d.turn} in the replay")
        width = s.button_width(show)
        text_w = room.w - width - s.section - 2 * s.gap
        x = room.x + 2 * s.gap
        who = "You" if d.seat == self.you else self.names[d.seat]
        lines: list[tuple[str, int, theme.Color, str]] = [
            (f"Turn {d.turn} \u00b7 {who}: {move_words(v.made, d.seat, self.names, self.you)}", s.body, theme.INK,
             "bold")]
        if v.best == v.made or (v.diff <= 0 and not v.level):
            lines.append(("the best move found" if v.best == v.made else "no better move found", s.small, theme.GREEN,
                          "regular"))
        else:
            best = move_words(v.best, d.seat, self.names, self.you)
            lines.append((f"best found: {best}  \u00b7  {cost_words(v.diff, v.se)}", s.small, theme.INK_DIM,
                          "regular"))
            if v.level:
                lines.append((v.level, s.small, level_color(v.level), "bold"))
            elif unmarked_because(v):
                lines.append((f"not marked: {unmarked_because(v)}", s.fine, theme.INK_DIM, "regular"))
        y = room.y
        for words, size, color, style in lines:
            self.items.append(Words(words, size, color, (x, y), style=style, wrap=text_w))
            y += s.wrapped(words, size, text_w, style)
        height = max(y - room.y, s.control)
        if v.level:
            self.items.append(Shape(pygame.Rect(room.x, room.y, max(3, s.gap // 2), height), level_color(v.level), 2))
        button.place(pygame.Rect(room.right - width, room.y + (height - s.control) // 2, width, s.control), s.label)
        self.widgets.append(button)
        return room.y + height

    # --------------------------------------------------------------- drawing
    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The card, the heading, then the progress bar or the review."""
        card(surface, self.boxes["card"], s)
        heading = self.boxes["heading"]
        blit_text(surface, self.heading(), s.heading * 3 // 2, theme.GOLD, heading.topleft, "topleft", "title",
                  wrap=heading.w)
        about = self.boxes["about"]
        blit_text(surface, ABOUT, s.small, theme.INK_DIM, about.topleft, "topleft", wrap=about.w)
        view = self.pane.view
        if self.job.problem:
            blit_text(surface, f"The review could not finish: {self.job.problem}", s.body, theme.WARN, view.center,
                      "center", wrap=view.w)
        elif not self.job.finished:
            self._progress_bar(surface, s, view)
        else:
            with clipped(surface, view):
                paint(surface, self.items, view)

    def _progress_bar(self, surface: pygame.Surface, s: Sizes, view: pygame.Rect) -> None:
        """How far the review is."""
        done, total = self.progress
        share = done / total if total else 1.0
        outer = pygame.Rect(0, 0, min(view.w, round(s.unit * 40)), s.control)
        outer.center = view.center
        pygame.draw.rect(surface, theme.PANEL_LIGHT, outer, border_radius=s.radius)
        pygame.draw.rect(surface, theme.GOLD, (outer.x, outer.y, round(outer.w * share), outer.h), border_radius=s.radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, outer, s.line_width, border_radius=s.radius)
        blit_text(surface, f"Reviewing decision {min(done + 1, total)} of {total}\u2026", s.body, theme.INK,
                  (outer.centerx, outer.y - s.gap), "midbottom", "bold")
        blit_text(surface, "Esc stops the review.", s.small, theme.INK_DIM, (outer.centerx, outer.bottom + s.gap),
                  "midtop")
