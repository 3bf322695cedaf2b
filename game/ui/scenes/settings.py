"""Settings: the pace of computer turns, hand sorting, tile faces and fullscreen,
remembered for the next run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..fonts import blit_text
from ..hand import SORT_LABELS, SORTS
from ..scene import Space
from ..settings import PACES, TILE_FACES
from ..tile_art import use_palette
from ..widgets import Button, Picker
from .menu import MenuScene, card

if TYPE_CHECKING:
    from ..app import App

FACE_LABELS = {"pips": "pips", "numbers": "numbers"}
VOLUMES = [0.0, 0.25, 0.5, 0.75, 1.0]
"""The sound picker's steps: off, then the volume."""


def volume_label(volume: float) -> str:
    """'off', or the volume as a percentage."""
    return "off" if volume <= 0 else f"on, {round(volume * 100)}%"
ROWS = (("Computer turn pace", 268), ("Sort my hand", 352), ("Tile faces", 436), ("Screen", 520),
        ("Sound", 604), ("Colours", 688))
"""Each picker's label and the design y of its middle."""


class SettingsScene(MenuScene):
    """Change settings; they apply at once and are kept for the next run."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.note = ""
        self.pace = Picker((820, 240, 340, 56), list(PACES), on_change=lambda v: self._set("pace", v))
        self.sort = Picker((820, 324, 340, 56), list(SORTS), on_change=lambda v: self._set("hand_sort", v),
                           labels=lambda v: SORT_LABELS[v])
        self.faces = Picker((820, 408, 340, 56), list(TILE_FACES), on_change=lambda v: self._set("tile_faces", v),
                            labels=lambda v: FACE_LABELS[v])
        self.screen = Picker((820, 492, 340, 56), [False, True], on_change=self._fullscreen,
                             labels=lambda v: "fullscreen" if v else "window")
        self.sound = Picker((820, 576, 340, 56), VOLUMES, on_change=self._sound, labels=volume_label)
        self.colours = Picker((820, 660, 340, 56), ["standard", "colour-blind"], on_change=self._palette,
                              labels=lambda v: "colour-blind safe" if v == "colour-blind" else "standard")
        self.widgets = [self.pace, self.sort, self.faces, self.screen, self.sound, self.colours,
                        Button("Done", (700, 800, 200, 60), self.back, primary=True)]

    def attach(self, app: App) -> None:
        """Show the app's current settings."""
        super().attach(app)
        self.pace.set(app.settings.pace)
        self.sort.set(app.settings.hand_sort)
        self.faces.set(app.settings.tile_faces)
        self.screen.set(app.fullscreen)
        volume = app.settings.volume if app.settings.sound else 0.0
        self.sound.set(min(VOLUMES, key=lambda v: abs(v - volume)))
        self.colours.set(app.settings.palette)

    def _palette(self, name: str) -> None:
        """Seat and pip colours: standard, or safe with colour vision deficiency; kept for next time."""
        assert self.app is not None
        self.app.settings.palette = name
        use_palette(name)
        self.note = self.app.settings.remember() or ""

    def _sound(self, volume: float) -> None:
        """Sound off (0) or on at ``volume``, kept for next time; a sample plays."""
        assert self.app is not None
        self.app.settings.sound = volume > 0
        if volume > 0:
            self.app.settings.volume = volume
        self.note = self.app.settings.remember() or ""
        if self.app.sounds is not None:
            self.app.sounds.play("tile-placed")

    def _set(self, name: str, value: Any) -> None:
        """Change one setting and remember it."""
        assert self.app is not None
        setattr(self.app.settings, name, value)
        self.note = self.app.settings.remember() or ""

    def _fullscreen(self, value: bool) -> None:
        """Switch between a window and fullscreen (as F11 does)."""
        assert self.app is not None
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.screen.set(self.app.fullscreen)


    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, a label for each picker, what "pips" means and any problem saving."""
        super().draw_body(surface, space)
        blit_text(surface, "Changes apply at once and are kept for next time.", space.px(18), theme.INK_DIM,
                  space.point(800, 160), "midtop")
        card(surface, space, 400, 200, 800, 580)
        for label, y in ROWS:
            blit_text(surface, label, space.px(24), theme.INK, space.point(460, y), "midleft", "bold")
        blit_text(surface, "pips: numerals only where pips would be too small to count", space.px(15),
                  theme.INK_DIM, space.point(800, 735), "midtop")
        if self.note:
            blit_text(surface, self.note, space.px(18), theme.RED, space.point(800, 870), "midtop", "bold",
                      wrap=space.px(900))
