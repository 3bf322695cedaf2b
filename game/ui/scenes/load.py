"""The Load screen: saved games from the saves store."""

from __future__ import annotations

from typing import Any

import pygame

from .. import saves_bridge, theme
from ..fonts import blit_text
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene, card


class LoadScene(MenuScene):
    """Pick a saved game to resume."""

    title = "Load a game"

    def __init__(self) -> None:
        super().__init__()
        self.note = ""
        self.entries: list[Any] = saves_bridge.list_saves()[:9]
        self.widgets = [
            Button(saves_bridge.describe(entry), (460, 170 + i * 66, 680, 56), lambda e=entry: self.open(e), size=20)
            for i, entry in enumerate(self.entries)
        ]
        self.widgets.append(Button("Back", (700, 800, 200, 56), self.back, primary=True))
        if not self.entries:
            self.note = saves_bridge.NO_SAVES

    def open(self, entry: Any) -> None:
        """Load ``entry`` and go to its table, or show why not."""
        from .table import TableScene

        assert self.app is not None
        session, problem = saves_bridge.load(entry)
        if session is None:
            self.note = problem or "That save could not be read."
            return
        self.app.reset(TableScene(session))

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        super().draw_body(surface, space)
        card(surface, space, 430, 140, 740, 640)
        if self.note:
            blit_text(surface, self.note, space.px(22), theme.GOLD, space.point(800, 740), "midtop", "bold")
