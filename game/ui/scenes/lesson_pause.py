"""The pause menu over the Learn to play lesson (Esc): resume, the rules,
settings, continue later (back to the title, the lesson kept at its step) or
skip the lesson."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import RuleOptions
from ..widgets import Button
from .card_menu import CardMenu


class LessonPauseScene(CardMenu):
    """A modal menu over the lesson's table; ``progress`` says how far it went
    ("Step 9 of 25"). ``on_later`` keeps the lesson at its step and goes to the
    title; ``on_skip`` leaves it for good."""

    card_title = "Learn to play"

    def __init__(self, options: RuleOptions, players: int, progress: str, on_later: Callable[[], None],
                 on_skip: Callable[[], None]) -> None:
        super().__init__()
        self.options = options
        self.players = players
        self.progress = progress
        self.widgets = [
            Button("Resume the lesson", self.back, primary=True),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("Continue later", on_later),
            Button("Skip the lesson", on_skip),
        ]

    def rules(self) -> None:
        """The rules the lesson is played by."""
        assert self.app is not None
        self.app.push(self.app.routes.rules(self.options, players=self.players))

    def settings(self) -> None:
        """Open the settings."""
        assert self.app is not None
        self.app.push(self.app.routes.settings())

    def spoken_title(self) -> str:
        """The card's title and how far the lesson went."""
        return f"Learn to play. {self.progress}. Continue later keeps your place"

    def lines(self) -> list[str]:
        """How far the lesson went, and what Continue later does."""
        return [self.progress, "Continue later keeps your place"]
