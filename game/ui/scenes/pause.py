"""The pause menu over the table (Esc): resume, settings, save and quit, quit to title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import saves_bridge, theme
from ..fonts import blit_text
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene, card

if TYPE_CHECKING:
    from .table import TableScene


class PauseScene(MenuScene):
    """A modal menu; the table keeps its state underneath."""

    modal = True

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table
        self.note = ""
        can_save = saves_bridge.available() and not table.demo
        self.widgets = [
            Button("Resume", (620, 300, 360, 64), self.back, primary=True),
            Button("Settings", (620, 380, 360, 64), self.settings),
            Button("Rules", (620, 460, 360, 64), self.rules),
            Button("Save and quit" if can_save else "Quit (no saves yet)", (620, 540, 360, 64), self.save_and_quit),
            Button("Quit to title", (620, 620, 360, 64), self.to_title),
        ]

    def settings(self) -> None:
        from .settings import SettingsScene

        assert self.app is not None
        self.app.push(SettingsScene())

    def rules(self) -> None:
        from .rules import RulesScene

        assert self.app is not None
        self.app.push(RulesScene(self.table.match.setup.options))

    def save_and_quit(self) -> None:
        """Save through the saves interface, then leave the game."""
        assert self.app is not None
        problem = saves_bridge.autosave(self.table.session) if not self.table.demo else None
        if problem:
            self.note = problem
            return
        self.app.quit(0)

    def to_title(self) -> None:
        """Back to the title screen (the match stays in the autosave)."""
        from .title import TitleScene

        assert self.app is not None
        self.table.on_state_changed()
        self.app.reset(TitleScene())

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        card(surface, space, 560, 190, 480, 520)
        blit_text(surface, "Paused", space.px(44), theme.GOLD, space.point(800, 215), "midtop", "title")
        if self.note:
            blit_text(surface, self.note, space.px(18), theme.RED, space.point(800, 730), "midtop", "bold")
