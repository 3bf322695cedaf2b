"""The score sheet so far, over the table in the middle of a round (Tab or the Scores button)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine import Match
from ...review.cache import Reviewable
from ...words.table_words import score_sheet_words
from .. import theme
from ..boxes import Column, inset
from ..fonts import blit_text
from ..intents import Intent
from ..score_sheet import SheetPlan, paint_score_sheet, plan_sheet
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene, buttons_row, card, clipped, sentences


class ScoresScene(MenuScene):
    """Every finished round's scores and the totals of ``match`` (the round in
    play marked), over the dimmed table; Tab, Esc or Close go back."""

    modal = True

    def __init__(self, match: Match, hints: Sequence[int] = (), reviewable: Reviewable | None = None,
                 you: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.hints = tuple(hints)
        self.reviewable = reviewable
        self.you = you
        self.widgets = [Button("Close  (Tab)", self.back, primary=True)]
        if match.round_scores:  # two buttons, centred together
            self.widgets.append(Button("Replay and review rounds", self.replay))
        self.boxes: dict[str, pygame.Rect] = {}
        self.plan: SheetPlan | None = None

    def words(self) -> tuple[str, str, int | None]:
        """The heading, the line under it, and the round in play (0-based; None once the match is over)."""
        match = self.match
        playing = len(match.round_scores) if not match.is_over else None
        if playing is None:
            return "Final scores", "", None
        return ("Scores so far", f"Round {playing + 1} of {match.setup.rounds} is in play: its points count when it ends.",
                playing)

    def layout(self, s: Sizes) -> None:
        """A card as wide as the sheet needs (or the window): heading, line, the sheet (scrolling
        when it is taller than the room), the buttons under it."""
        frame = s.frame
        line = self.words()[1]
        width = min(frame.w, round(s.unit * 60))
        inner = width - 2 * s.inside
        self.plan = plan = plan_sheet(self.match, s, inner, self.hints)
        line_h = s.wrapped(line, s.small, inner) if line else 0
        fixed = 2 * s.inside + s.line(s.title, "title") + (s.gap + line_h if line_h else 0) + 2 * s.section + s.control
        height = min(frame.h, fixed + plan.height)
        box = self.boxes["card"] = pygame.Rect(frame.centerx - width // 2, frame.centery - height // 2, width, height)
        column = Column(inset(box, s.inside), s.gap)
        self.boxes["head"] = column.take(s.line(s.title, "title"))
        self.boxes["line"] = column.take(line_h) if line_h else pygame.Rect(0, 0, 0, 0)
        column.skip(s.section - s.gap)
        view = column.take(height - fixed)
        self.pane.set(view, plan.height)
        self.boxes["sheet"] = pygame.Rect(view.x, self.pane.top, view.w, plan.height)
        column.skip(s.section - s.gap)
        buttons_row(column.take(s.control), self.widgets, s, same=False)

    def replay(self) -> None:
        """The last finished round's replay (PageUp for earlier ones), where each can be reviewed."""
        assert self.app is not None
        self.app.push(self.app.routes.replay(self.match, len(self.match.round_scores) - 1, self.you,
                                             reviewable=self.reviewable))

    def spoken_body(self) -> str:
        """The sheet's heading, the round in play, then the sheet row by row."""
        match = self.match
        playing = len(match.round_scores) if not match.is_over else None
        head = "Scores so far" if playing is not None else "Final scores"
        note = f"Round {playing + 1} of {match.setup.rounds} is in play: its points count when it ends" \
            if playing is not None else ""
        return sentences(head, note, *score_sheet_words(match.names, match.round_scores, match.totals(), self.hints))

    def handle(self, intent: Intent) -> None:
        """Tab closes it like Esc."""
        if intent.kind == "next_field":
            self.back()
            return
        super().handle(intent)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The card, its heading and the sheet."""
        head, line, playing = self.words()
        card(surface, self.boxes["card"], s)
        blit_text(surface, head, s.title, theme.GOLD, self.boxes["head"].midtop, "midtop", "title")
        if line:
            blit_text(surface, line, s.small, theme.INK_DIM, self.boxes["line"].midtop, "midtop",
                      wrap=self.boxes["line"].w)
        assert self.plan is not None
        with clipped(surface, self.pane.view):
            paint_score_sheet(surface, self.plan, self.boxes["sheet"].topleft, self.match, s, self.hints, playing)
