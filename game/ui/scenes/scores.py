"""The score sheet so far, over the table in the middle of a round (Tab or the Scores button)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine import Match
from ...review.cache import Reviewable
from ...words.table_words import score_sheet_words
from .. import theme
from ..fonts import blit_text
from ..intents import Intent
from ..scene import Space
from ..score_sheet import paint_score_sheet
from ..widgets import Button
from .menu import MenuScene, card, sentences


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
        self.widgets = [Button("Close  (Tab)", (650, 700, 300, 60), self.back, primary=True)]
        if match.round_scores:  # two buttons, centred together
            self.widgets[0].rect = (430, 700, 300, 60)
            self.widgets.append(Button("Replay and review rounds", (750, 700, 420, 60), self.replay, size=20))

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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, its heading and the sheet."""
        match = self.match
        card(surface, space, 180, 150, 1240, 620)
        playing = len(match.round_scores) if not match.is_over else None
        head = "Scores so far" if playing is not None else "Final scores"
        blit_text(surface, head, space.px(34), theme.GOLD, space.point(800, 172), "midtop", "title")
        if playing is not None:
            note = f"Round {playing + 1} of {match.setup.rounds} is in play: its points count when it ends."
            blit_text(surface, note, space.px(17), theme.INK_DIM, space.point(800, 226), "midtop")
        paint_score_sheet(surface, space, match, (220, 276, 1160, 400), self.hints, playing)
