"""After a round: every hand revealed, pips counted up, and the score sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine import Match
from ...engine.fairdeal import short
from ...engine.tiles import HI, LO
from ...review.cache import Reviewable
from ...words.table_words import revealed_words, score_sheet_words
from .. import theme
from ..fonts import blit_text
from ..intents import Intent
from ..scene import FULL_RATE, Host, Space
from ..score_sheet import paint_score_sheet
from ..spoken_rows import TextRow
from ..table.draw import seat_color
from ..table.motion import faded
from ..tally import Tally, paint_carried
from ..tile_art import face, numerals_for
from ..widgets import Button
from .menu import MenuScene, card, sentences

PROOF_TOP = 742
"""Design y of the fair-deal proof, under the score sheet and above the buttons."""

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
        self.widgets = [
            Button(label, (640, 810, 320, 60), self.next, primary=True),
            Button("Replay this round", (1000, 810, 300, 60), self.replay, size=22),
        ]
        if self.reviewable is not None:
            self.widgets.append(Button("Review this round", (300, 810, 300, 60), self.review, size=22))

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
        go_on = f"N: {self.widgets[0].label.removesuffix('(N)').strip().lower()}; Up and Down read each row again"
        if self.lesson is not None:
            learned, scoring = self.lesson
            return sentences(out, *rows, scoring, "What you learned", *learned, go_on)
        sheet = score_sheet_words(match.names, match.round_scores, match.totals(), self.hints)
        return sentences(out, *rows, "Score sheet", *sheet, self.deal_check, go_on)

    def spoken_rows(self) -> list[TextRow]:
        """Every hand revealed and the score sheet's rows (the lesson's words at its end), to hear again one by one."""
        match, state = self.match, self.state
        rows = revealed_words(match.names, state.hands, self.scores)
        if self.lesson is not None:
            rows += [self.lesson[1], *self.lesson[0]]
        else:
            rows += score_sheet_words(match.names, match.round_scores, match.totals(), self.hints)
        return [TextRow(row) for row in rows]

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
        if intent.kind in ("key", "confirm", "skip", "up", "down", "next_field", "left", "right") \
                and self.age < DEAF_SECONDS:
            return
        if intent.kind == "skip":
            self.tally.finish()
            return
        if intent.kind == "press" and self.tally.busy and not any(
                w.screen_rect(self.space()).collidepoint(intent.pos) for w in self.widgets):
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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Every hand revealed with its pips counting up, then the score sheet."""
        state = self.state
        match = self.match
        n = state.players
        card(surface, space, 80, 40, 1440, 840)
        number = match.round_number
        heading = "The lesson's round is over" if self.lesson else f"Round {number} of {match.setup.rounds} is over"
        blit_text(surface, heading, space.px(40), theme.GOLD, space.point(800, 58), "midtop", "title")
        if state.went_out is not None:
            sub = f"{match.names[state.went_out]} went out."
        else:
            sub = "The round was blocked: nobody could play."
        blit_text(surface, sub, space.px(20), theme.INK, space.point(800, 112), "midtop")
        # hands revealed with the pips counting up
        row_h = min(66.0, 370 / n)
        unit = int(min(27, row_h * 0.44))
        y0 = 150.0
        for seat in range(n):
            y = y0 + seat * row_h
            pygame.draw.rect(surface, seat_color(seat), space.rect(110, y + 4, 8, row_h - 8))
            blit_text(surface, match.names[seat], space.px(20), theme.INK, space.point(130, y + row_h / 2), "midleft", "bold")
            hand = state.hands[seat]
            x = 330.0
            numerals = numerals_for(space.px(unit), state.setup.set_max, self.app is not None and self.app.settings.numerals)
            counted = self.tally.counted(seat)
            for i, tile in enumerate(hand[:19]):
                img = face(HI[tile], LO[tile], space.px(unit), numerals=numerals)
                surface.blit(img if i < counted else faded(img, 0.45), img.get_rect(midleft=space.point(x, y + row_h / 2)))
                x += unit * 2 + 6
            if not hand:
                blit_text(surface, "out!", space.px(20), theme.GREEN, space.point(x, y + row_h / 2), "midleft", "bold")
            score = self.tally.row_value(seat)
            blit_text(surface, f"{score}", space.px(26), theme.GOLD, space.point(1480, y + row_h / 2), "midright", "bold")
            if state.charges and state.charges[seat]:
                blit_text(surface, f"incl. +{state.charges[seat]} for an open double", space.px(13), theme.RED, space.point(1400, y + row_h / 2), "midright")
        # the score sheet
        top = y0 + n * row_h + 20
        if self.lesson is not None:
            self._learned(surface, space, top, *self.lesson)
            return
        self._sheet(surface, space, top)
        self._proof(surface, space)

    def _row_middles(self) -> list[float]:
        """The design y of the middle of each seat's row of revealed tiles."""
        n = self.state.players
        row_h = min(66.0, 370 / n)
        return [150.0 + seat * row_h + row_h / 2 for seat in range(n)]

    def _learned(self, surface: pygame.Surface, space: Space, top: float, learned: Sequence[str],
                 scoring: str) -> None:
        """The lesson's end: how the round was scored, then what it taught."""
        blit_text(surface, "How the round is scored", space.px(22), theme.GOLD, space.point(110, top), "topleft",
                  "bold")
        here = ", ".join(f"{name} {score}" for name, score in zip(self.match.names, self.scores) if score)
        drawn = blit_text(surface, f"{scoring} This round: {here}.", space.px(18), theme.INK,
                          space.point(110, top + 32), "topleft", wrap=space.px(1380))
        y = top + 32 + drawn.height / space.k + 18
        blit_text(surface, "What you learned", space.px(22), theme.GOLD, space.point(110, y), "topleft", "bold")
        y += 34
        for line in learned:
            drawn = blit_text(surface, f"\u2022  {line}", space.px(17), theme.INK, space.point(120, y), "topleft",
                              wrap=space.px(1360))
            y += drawn.height / space.k + 6

    def _proof(self, surface: pygame.Surface, space: Space) -> None:
        """The fair-deal proof revealed: the fingerprint shown before the round,
        the salt now made known, and where to check it (docs/fair-deal.md)."""
        match = self.match
        index = len(match.round_scores) - 1
        if self.deal_check:
            blit_text(surface, self.deal_check, space.px(18), theme.WARN, space.point(110, PROOF_TOP), "topleft",
                      "bold", wrap=space.px(1380))
            return
        if index < 0 or index >= len(match.salts) or not match.salts[index]:
            return
        head = f"Fair deal \u2713  fingerprint {short(match.fingerprints[index])}, shown before the round"
        blit_text(surface, head, space.px(18), theme.INK, space.point(110, PROOF_TOP), "topleft", "bold")
        line = (f"Its secret salt: {match.salts[index]}. Hashed with the deal order (Replay shows it, the save "
                "keeps it) it gives that fingerprint: mexican-train verify-deal SAVE checks every round.")
        blit_text(surface, line, space.px(15), theme.INK_DIM, space.point(110, PROOF_TOP + 28), "topleft",
                  wrap=space.px(1380))

    def _sheet(self, surface: pygame.Surface, space: Space, top: float) -> None:
        """The score sheet: every round so far and the totals."""
        blit_text(surface, "Score sheet", space.px(22), theme.GOLD, space.point(110, top), "topleft", "bold")
        y = top + 34
        tally = self.tally
        totals = paint_score_sheet(surface, space, self.match, (110, y, 1380, PROOF_TOP - 30 - y), self.hints,
                                   counted=[tally.added(seat) for seat in range(self.state.players)])
        rows = self._row_middles()
        for seat, total in enumerate(totals):  # each round score carried up into its total
            flight = tally.carried(seat)
            if flight is not None and seat < len(rows):
                paint_carried(surface, space, f"+{self.scores[seat]}", (1480, rows[seat]), total, flight)
