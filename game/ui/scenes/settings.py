"""Settings: the pace of computer turns, hand sorting, tile faces, fullscreen,
sound, colours and the size of text and tiles, remembered for the next run."""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..fonts import blit_text
from ..hand import SORT_LABELS, SORTS
from ..scene import Host, Space
from ..settings import PACES, TILE_FACES
from ..tile_art import use_palette
from ..ui_scale import SCALES, use_scale
from ..ui_scale import label as scale_label
from ..widgets import Button, Picker
from .menu import MenuScene, card, sentences

FACE_LABELS = {"pips": "pips", "numbers": "numbers"}
FACE_NOTES = {"pips": "pips: numerals only where pips would be too small to count",
              "numbers": "numbers: every tile shows numerals, on the table and in your hand"}
"""What the tile faces setting chosen means (the footnote under the pickers)."""
VOLUMES = [0.0, 0.25, 0.5, 0.75, 1.0]
"""The sound picker's steps: off, then the volume."""


def volume_label(volume: float) -> str:
    """'off', or the volume as a percentage."""
    return "off" if volume <= 0 else f"on, {round(volume * 100)}%"

ROWS = tuple((label, 242 + 57 * i) for i, label in enumerate((
    "Computer turn pace", "Sort my hand", "Tile faces", "Screen", "Sound", "Colours", "Text and tiles", "Speech",
    "Motion")))
"""Each picker's label and the design y of its middle."""
SPEECH_LABELS = {"off": "off", "automatic": "automatic", "screen reader": "screen reader",
                 "system voice": "system voice"}
"""The speech picker's words for each setting (``game.speech.MODES``)."""


def _picker_box(row: int) -> tuple[int, int, int, int]:
    """The design rectangle of row ``row``'s picker."""
    return (820, ROWS[row][1] - 25, 340, 50)


class SettingsScene(MenuScene):
    """Change settings; they apply at once and are kept for the next run."""

    text_room = 1.25
    """Text grows with the UI scale (the labels' column holds them up to this)."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.note = ""
        self.pace = Picker(_picker_box(0), list(PACES), on_change=lambda v: self._set("pace", v))
        self.sort = Picker(_picker_box(1), list(SORTS), on_change=lambda v: self._set("hand_sort", v),
                           labels=lambda v: SORT_LABELS[v])
        self.faces = Picker(_picker_box(2), list(TILE_FACES), on_change=lambda v: self._set("tile_faces", v),
                            labels=lambda v: FACE_LABELS[v])
        self.screen = Picker(_picker_box(3), [False, True], on_change=self._fullscreen,
                             labels=lambda v: "fullscreen" if v else "window")
        self.sound = Picker(_picker_box(4), VOLUMES, on_change=self._sound, labels=volume_label)
        self.colours = Picker(_picker_box(5), ["standard", "colour-blind"], on_change=self._palette,
                              labels=lambda v: "colour-blind safe" if v == "colour-blind" else "standard")
        self.scale = Picker(_picker_box(6), list(SCALES), on_change=self._scale, labels=scale_label)
        self.speech = Picker(_picker_box(7), list(SPEECH_LABELS), on_change=self._speech,
                             labels=lambda v: SPEECH_LABELS[v], wrap=False)
        self.motion = Picker(_picker_box(8), [False, True], on_change=lambda v: self._set("reduced_motion", v),
                             labels=lambda v: "reduced" if v else "full")
        self.widgets = [self.pace, self.sort, self.faces, self.screen, self.sound, self.colours, self.scale,
                        self.speech, self.motion, Button("Done", (700, 812, 200, 60), self.back, primary=True)]
        for picker, (label, _) in zip(self.widgets, ROWS):
            picker.name = label

    def attach(self, app: Host) -> None:
        """Show the app's current settings."""
        super().attach(app)
        self.pace.set(app.settings.pace)
        self.sort.set(app.settings.hand_sort)
        self.faces.set(app.settings.tile_faces)
        self.screen.set(app.fullscreen)
        volume = 0.0
        if app.settings.sound:  # a volume between the steps (an older default, 70%) moves to the nearest one
            volume = min(VOLUMES[1:], key=lambda step: abs(step - app.settings.volume))
            app.settings.volume = volume
        self.sound.set(volume)
        self.colours.set(app.settings.palette)
        self.scale.set(min(SCALES, key=lambda v: abs(v - app.settings.ui_scale)))
        self.speech.set(app.voice.setting)
        self.motion.set(app.settings.reduced_motion)

    def update(self, dt: float) -> None:
        """The speech picker follows Ctrl+Alt+S pressed here too."""
        super().update(dt)
        if self.app is not None:
            self.speech.set(self.app.voice.setting)

    def _speech(self, setting: str) -> None:
        """Speech off, automatic, through the screen reader or with the system voice (a
        fall-back or what is missing is said); the choice is kept as made, never as found."""
        assert self.app is not None
        problem = self.app.voice.switch(setting)
        self.app.settings.speech = self.app.voice.setting
        self.note = " ".join(n for n in (problem, self.app.settings.remember() or "") if n)

    def spoken_body(self) -> str:
        """What the screen says besides its pickers."""
        return sentences("Changes apply at once and are kept for next time", self.note)

    def _scale(self, scale: float) -> None:
        """Draw text and tiles at ``scale`` (at once, this screen too); kept for next time."""
        assert self.app is not None
        self.app.settings.ui_scale = scale
        use_scale(scale)
        self.note = self.app.settings.remember() or ""

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


    def silent(self) -> bool:
        """Whether no sound can be heard whatever the setting: no audio device (or no effects loaded)."""
        sounds = self.app.sounds if self.app is not None else None
        return sounds is None or not sounds.available

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, a label for each picker, what "pips" means, whether there is sound at all and
        any problem saving."""
        super().draw_body(surface, space)
        blit_text(surface, "Changes apply at once and are kept for next time.", space.px(18), theme.INK_DIM,
                  space.point(800, 160), "midtop")
        box = card(surface, space, 400, 190, 800, 620)
        for label, y in ROWS:
            blit_text(surface, label, space.px(24), theme.INK, space.point(460, y), "midleft", "bold",
                      box=box)
        notes = [FACE_NOTES.get(self.faces.value, "")]
        if self.silent():
            notes.append("No audio device was found: the game is silent whatever the sound setting.")
        at = space.point(800, 752 if len(notes) > 1 else 762)
        for note in notes:
            at = (at[0], blit_text(surface, note, space.px(15), theme.INK_DIM, at, "midtop", box=box).bottom)
        if self.note:
            blit_text(surface, self.note, space.px(16), theme.RED, space.point(800, 876), "midtop", "bold",
                      wrap=space.px(1400))
