"""After a round: every hand revealed, the round's tally counted into the scores, and the score sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine import Match
from ...engine.fairdeal import short
from ...engine.tiles import HI, LO
from ...review.cache import Reviewable
from ...words.table_words import revealed_words, score_sheet_words
from .. import theme
from ..boxes import Column, inset
from ..fonts import blit_text
from ..intents import Intent
from ..painted import Item, Words, paint
from ..scene import FULL_RATE, Host
from ..score_sheet import SheetPlan, paint_score_sheet, plan_sheet
from ..sizing import Sizes
from ..spoken_rows import TextRow
from ..tally import Tally, paint_carried
from ..widgets import Button
from .menu import MenuScene, buttons_row, card, clipped, sentences
from .summary_hands import HandRow, plan_hands

DEAF_SECONDS = 1.0
"""Keys pressed this soon after the summary opens were meant for the table: they are ignored."""

class RoundSummaryScene(MenuScene):
    """Shown over the table when a round of ``match`` ends (``last``: the match's
    last round); ``on_next`` deals again or ends the match. When ``watching`` a
    demo at the instant pace it moves on by itself. ``hints`` (asked per seat)
    go on the score sheet; Esc calls ``on_menu`` (the pause menu). ``lesson``
    (what the Learn to play lesson taught, and how scoring works) takes the
    score sheet's place at the lesson's end."""

    modal = True

    def __init__(self, match: Match, last: bool, watching: bool, on_next: Callable[[], None],
                 hints: Sequence[int] = (), on_menu: Callable[[], None] | None = None,
                 you: int | None = None, lesson: tuple[Sequence[str], str] | None = None,
                 reviewable: Reviewable | None = None, deal_check: str = "") -> None:
        super().__init__()
        self.deal_check = deal_check
        """Why the round's deal could not be checked (a network round dealt
        before this game saw the commitment), shown instead of the proof; '' when it was."""
        self.reviewable = reviewable if reviewable is not None and reviewable.seats else None
        self.match = match
        self.watching = watching
        self.on_next = on_next
        self.hints = hints
        self.on_menu = on_menu
        self.you = you
        """The seat the replay calls "You"."""
        state = match.round
        assert state is not None and state.scores is not None
        self.state = state
        self.scores: list[int] = state.scores
        self.tally = Tally([[HI[t] + LO[t] for t in hand] for hand in state.hands], self.scores, 0.0)
        """The round's tally counting into the scores (started with the pace's length in ``attach``)."""
        self.age = 0.0
        self.lesson = lesson
        label = "See the final result  (N)" if last else "Next round  (N)"
        if lesson is not None:
            label = "Finish the lesson  (N)"
        self.next_button = Button(label, self.next, primary=True)
        self.widgets = [self.next_button, Button("Replay this round", self.replay)]
        if self.reviewable is not None:
            self.widgets.insert(0, Button("Review this round", self.review))
        self.boxes: dict[str, pygame.Rect] = {}
        self.hand_rows: list[HandRow] = []
        self.plan: SheetPlan | None = None
        self.items: list[Item] = []
        """What the layout placed under the hands: the lesson's words or the fair-deal proof."""
        self.rows: list[TextRow] = []
        """Every hand and the score sheet's rows (the lesson's words) read aloud, placed by the layout."""
        self._rows_for: tuple[int, ...] | None = None

    def spoken_title(self) -> str:
        """'Round 3 of 13 is over' (or the lesson's round)."""
        match = self.match
        return "The lesson's round is over" if self.lesson else f"Round {match.round_number} of {match.setup.rounds} is over"

    def spoken_body(self) -> str:
        """Who went out, every hand revealed with its score, then the score sheet row by row
        (at the lesson's end: how it was scored and what it taught)."""
        match, state = self.match, self.state
        out = f"{match.names[state.went_out]} went out" if state.went_out is not None else (
            "The round was blocked: nobody could play")
        rows = revealed_words(match.names, state.hands, self.scores)
        go_on = f"N: {self.next_button.label.removesuffix('(N)').strip().lower()}; Up and Down read each row again"
        if self.lesson is not None:
            learned, scoring = self.lesson
            return sentences(out, *rows, scoring, "What you learned", *learned, go_on)
        sheet = score_sheet_words(match.names, match.round_scores, match.totals(), self.hints)
        return sentences(out, *rows, "Score sheet", *sheet, self.deal_check, go_on)

    def spoken_rows(self) -> list[TextRow]:
        """Every hand revealed and the score sheet's rows (the lesson's words at its end), to hear
        again one by one (each row's box where the layout puts it, in the scrolling pane)."""
        if self._rows_for != tuple(self.hints):
            match, state = self.match, self.state
            rows = revealed_words(match.names, state.hands, self.scores)
            if self.lesson is not None:
                rows += [self.lesson[1], *self.lesson[0]]
            else:
                rows += score_sheet_words(match.names, match.round_scores, match.totals(), self.hints)
            self.rows, self._rows_for = [TextRow(row) for row in rows], tuple(self.hints)
        return self.rows

    def replay(self) -> None:
        """Step through the round that just ended, every hand shown."""
        assert self.app is not None
        self.app.push(self.app.routes.replay(self.match, len(self.match.round_scores) - 1, self.you,
                                             reviewable=self.reviewable))

    def review(self) -> None:
        """Review the people's decisions in the round that just ended."""
        assert self.app is not None and self.reviewable is not None
        self.app.push(self.app.routes.review(self.match, len(self.match.round_scores), self.reviewable.seats,
                                             self.reviewable.cache, self.you))

    def attach(self, app: Host) -> None:
        """Start the tally: each hand counted, then carried into the totals (at once with reduced motion)."""
        super().attach(app)
        scale = 0.0 if app.settings.reduced_motion else app.settings.anim_scale
        self.tally = Tally(self.tally.hands, self.scores, scale)

    def update(self, dt: float) -> None:
        """Count up; a demo at the instant pace moves straight on."""
        super().update(dt)
        self.age += dt
        self.tally.update(dt)
        assert self.app is not None
        if self.watching and self.app.settings.pace == "instant":
            self.next()

    def handle(self, intent: Intent) -> None:
        """Keys are ignored for the first second (they were meant for the table);
        then N (or the button, or Enter once the keyboard focus is on a button)
        moves on, Space finishes the count and Esc opens the pause menu."""
        if intent.kind in ("key", "confirm", "skip", "up", "down", "next_field", "left", "right", "home", "end_key") \
                and self.age < DEAF_SECONDS:
            return
        if intent.kind == "skip":
            self.tally.finish()
            return
        if intent.kind == "press" and self.tally.busy and not any(w.rect.collidepoint(intent.pos)
                                                                   for w in self.widgets):
            self.tally.finish()  # a click beside the buttons shows the tally's end
            return
        if intent.kind == "key" and intent.char == "n":
            self.next()
            return
        if intent.kind == "back":
            if self.on_menu is not None:
                self.on_menu()
            return
        super().handle(intent)

    def frame_rate(self) -> int:
        """Full speed while the pips count up."""
        return FULL_RATE if self.tally.busy else super().frame_rate()

    def next(self) -> None:
        """Close the summary and deal the next round (or finish the match)."""
        assert self.app is not None
        if self.app.top is self:
            self.app.pop()
        self.on_next()

    def heading(self) -> tuple[str, str]:
        """The heading and the line under it (who went out)."""
        match, state = self.match, self.state
        heading = ("The lesson's round is over" if self.lesson
                   else f"Round {match.round_number} of {match.setup.rounds} is over")
        sub = (f"{match.names[state.went_out]} went out." if state.went_out is not None
               else "The round was blocked: nobody could play.")
        return heading, sub

    def layout_key(self) -> tuple[object, ...]:
        """The hints asked (the sheet's Hints column appears with the first)."""
        return (tuple(self.hints),)

    def layout(self, s: Sizes) -> None:
        """A card over the window: the heading, then (scrolling when it is taller than the
        room) every hand revealed, the score sheet or what the lesson taught, the fair-deal
        proof; the buttons at the bottom."""
        frame = s.frame
        box = self.boxes["card"] = pygame.Rect(frame)
        inner = inset(box, s.inside)
        column = Column(inner, s.gap)
        self.boxes["heading"] = column.take(s.line(s.title, "title"))
        self.boxes["sub"] = column.take(s.line(s.body))
        column.skip(s.section - s.gap)
        buttons = pygame.Rect(inner.x, inner.bottom - s.control, inner.w, s.control)
        view = pygame.Rect(inner.x, column.bottom, inner.w, buttons.y - s.section - column.bottom)
        numbers = self.app is not None and self.app.settings.numerals
        top = self.pane.top
        self.hand_rows, y = plan_hands(self.match, self.scores, s, pygame.Rect(view.x, top, view.w, 0), numbers)
        self.items = []
        self.plan = None
        y += s.section
        boxes = [row.box for row in self.hand_rows]  # each row read aloud, in the order said
        if self.lesson is not None:
            y = self._learned(s, view, y, *self.lesson, boxes)
        else:
            self.plan = plan_sheet(self.match, s, view.w, self.hints)
            self.items.append(Words("Score sheet", s.heading, theme.GOLD, (view.x, y), style="bold"))
            y += s.line(s.heading, "bold") + s.gap
            self.boxes["sheet"] = pygame.Rect(view.x, y, view.w, self.plan.height)
            boxes += [self.plan.row_box(seat, (view.x, y), s) for seat in range(self.match.players)]
            y += self.plan.height + s.section
            y = self._proof(s, view, y)
        for row, box in zip(self.spoken_rows(), boxes, strict=True):
            row.rect = box
        self.scrolled = list(self.rows)
        self.pane.set(view, y - top)
        buttons_row(buttons, self.widgets, s, same=False)

    def _learned(self, s: Sizes, view: pygame.Rect, y: int, learned: Sequence[str], scoring: str,
                 boxes: list[pygame.Rect]) -> int:
        """The lesson's end: how the round was scored, then what it taught (the box of each of
        these read aloud added to ``boxes``); the y under it."""
        here = ", ".join(f"{name} {score}" for name, score in zip(self.match.names, self.scores) if score)
        said = f"{scoring} This round: {here}."
        self.items.append(Words("How the round is scored", s.heading, theme.GOLD, (view.x, y), style="bold"))
        y += s.line(s.heading, "bold") + s.gap
        self.items.append(Words(said, s.body, theme.INK, (view.x, y), wrap=view.w))
        boxes.append(pygame.Rect(view.x, y, view.w, s.wrapped(said, s.body, view.w)))
        y += boxes[-1].h + s.section
        self.items.append(Words("What you learned", s.heading, theme.GOLD, (view.x, y), style="bold"))
        y += s.line(s.heading, "bold") + s.gap
        for line in learned:
            words = f"\u2022  {line}"
            self.items.append(Words(words, s.body, theme.INK, (view.x + s.gap, y), wrap=view.w - s.gap))
            boxes.append(pygame.Rect(view.x + s.gap, y, view.w - s.gap, s.wrapped(words, s.body, view.w - s.gap)))
            y += boxes[-1].h + s.gap // 2
        return y

    def _proof(self, s: Sizes, view: pygame.Rect, y: int) -> int:
        """The fair-deal proof revealed: the fingerprint shown before the round, the salt
        now made known, and where to check it (docs/fair-deal.md); the y under it."""
        match = self.match
        index = len(match.round_scores) - 1
        if self.deal_check:
            self.items.append(Words(self.deal_check, s.small, theme.WARN, (view.x, y), style="bold", wrap=view.w))
            return y + s.wrapped(self.deal_check, s.small, view.w, "bold")
        if index < 0 or index >= len(match.salts) or not match.salts[index]:
            return y
        head = f"Fair deal \u2713  fingerprint {short(match.fingerprints[index])}, shown before the round"
        self.items.append(Words(head, s.small, theme.INK, (view.x, y), style="bold", wrap=view.w))
        y += s.wrapped(head, s.small, view.w, "bold") + s.gap // 2
        line = (f"Its secret salt: {match.salts[index]}. Hashed with the deal order (Replay shows it, the save "
                "keeps it) it gives that fingerprint: mexican-train verify-deal SAVE checks every round.")
        self.items.append(Words(line, s.fine, theme.INK_DIM, (view.x, y), wrap=view.w))
        return y + s.wrapped(line, s.fine, view.w)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The card and heading; in the pane, every hand revealed with its pips counting up,
        then the score sheet (or what the lesson taught) and the proof."""
        card(surface, self.boxes["card"], s)
        heading, sub = self.heading()
        blit_text(surface, heading, s.title, theme.GOLD, self.boxes["heading"].midtop, "midtop", "title")
        blit_text(surface, sub, s.body, theme.INK, self.boxes["sub"].midtop, "midtop")
        view = self.pane.view
        with clipped(surface, view):
            for row in self.hand_rows:
                if view.colliderect(row.box):
                    row.paint(surface, s, self.tally.row_value(row.seat), self.tally.counted(row.seat))
            paint(surface, self.items, view)
            if self.plan is not None and view.colliderect(self.boxes["sheet"]):
                tally = self.tally
                totals = paint_score_sheet(surface, self.plan, self.boxes["sheet"].topleft, self.match, s, self.hints,
                                           counted=[tally.added(seat) for seat in range(self.state.players)])
                for row in self.hand_rows:  # each round score carried up into its total
                    flight = tally.carried(row.seat)
                    if flight is not None:
                        paint_carried(surface, s.heading, f"+{self.scores[row.seat]}", row.score_at(),
                                      totals[row.seat], flight)
