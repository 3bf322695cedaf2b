"""Settings: the pace of computer turns, hand sorting and tile faces."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..fonts import blit_text
from ..hand import SORT_LABELS, SORTS
from ..scene import Space
from ..settings import PACES
from ..widgets import Button, Picker
from .menu import MenuScene, card

if TYPE_CHECKING:
    from ..app import App


class SettingsScene(MenuScene):
    """Change settings; they apply at once."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.pace = Picker((820, 260, 340, 56), list(PACES), on_change=self._pace)
        self.sort = Picker((820, 350, 340, 56), list(SORTS), on_change=self._sort, labels=lambda v: SORT_LABELS[v])
        self.faces = Picker((820, 440, 340, 56), [False, True], on_change=self._faces,
                            labels=lambda v: "numbers" if v else "pips (numbers when small)")
        self.widgets = [self.pace, self.sort, self.faces, Button("Done", (700, 600, 200, 60), self.back, primary=True)]

    def attach(self, app: App) -> None:
        """Show the app's current settings."""
        super().attach(app)
        self.pace.set(app.settings.pace)
        self.sort.set(app.settings.hand_sort)
        self.faces.set(app.settings.show_numbers)

    def _pace(self, value: str) -> None:
        assert self.app is not None
        self.app.settings.pace = value

    def _sort(self, value: str) -> None:
        assert self.app is not None
        self.app.settings.hand_sort = value

    def _faces(self, value: bool) -> None:
        assert self.app is not None
        self.app.settings.show_numbers = value

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card and a label for each picker."""
        super().draw_body(surface, space)
        card(surface, space, 400, 200, 800, 360)
        for y, label in ((288, "Computer turn pace"), (378, "Sort my hand"), (468, "Tile faces")):
            blit_text(surface, label, space.px(24), theme.INK, space.point(460, y), "midleft", "bold")
