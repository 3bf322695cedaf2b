"""Settings: the pace of computer turns, hand sorting, tile faces, the window's size
or fullscreen, sound, colours, the size of text and tiles, speech and motion, remembered for
the next run."""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..boxes import Column, inset
from ..fonts import blit_text
from ..hand import SORT_LABELS, SORTS
from ..scene import Host
from ..settings import PACES, TILE_FACES
from ..sizing import Sizes
from ..tile_art import use_palette
from ..ui_scale import SCALES, use_scale
from ..ui_scale import label as scale_label
from ..widgets import Button, Picker
from ..window_sizes import FULLSCREEN, size_label, window_choices
from .menu import MenuScene, card, clipped, sentences

FACE_LABELS = {"pips": "pips", "numbers": "numbers"}
FACE_NOTES = {"pips": "pips: numerals only where pips would be too small to count",
              "numbers": "numbers: every tile shows numerals, on the table and in your hand"}
"""What the tile faces setting chosen means (the footnote under the pickers)."""
VOLUMES = [0.0, 0.25, 0.5, 0.75, 1.0]
"""The sound picker's steps: off, then the volume."""


def volume_label(volume: float) -> str:
    """'off', or the volume as a percentage."""
    return "off" if volume <= 0 else f"on, {round(volume * 100)}%"

LABELS = ("Computer turn pace", "Sort my hand", "Tile faces", "Window", "Sound", "Colours", "Text and tiles",
          "Speech", "Motion")
"""Each picker's label, in order."""
SPEECH_LABELS = {"off": "off", "automatic": "automatic", "screen reader": "screen reader",
                 "system voice": "system voice"}
"""The speech picker's words for each setting (``game.speech.MODES``)."""
INTRO = "Changes apply at once and are kept for next time."


class SettingsScene(MenuScene):
    """Change settings; they apply at once and are kept for the next run."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.note = ""
        self.pace = Picker(list(PACES), on_change=lambda v: self._set("pace", v))
        self.sort = Picker(list(SORTS), on_change=lambda v: self._set("hand_sort", v),
                           labels=lambda v: SORT_LABELS[v])
        self.faces = Picker(list(TILE_FACES), on_change=lambda v: self._set("tile_faces", v),
                            labels=lambda v: FACE_LABELS[v])
        self.window = Picker([FULLSCREEN], on_change=self._window, labels=size_label)
        """The window's size (those the screen holds, and the size it has now) or fullscreen."""
        self.sound = Picker(VOLUMES, on_change=self._sound, labels=volume_label)
        self.colours = Picker(["standard", "colour-blind"], on_change=self._palette,
                              labels=lambda v: "colour-blind safe" if v == "colour-blind" else "standard")
        self.scale = Picker(list(SCALES), on_change=self._scale, labels=scale_label)
        self.speech = Picker(list(SPEECH_LABELS), on_change=self._speech, labels=lambda v: SPEECH_LABELS[v],
                             wrap=False)
        self.motion = Picker([False, True], on_change=lambda v: self._set("reduced_motion", v),
                             labels=lambda v: "reduced" if v else "full")
        self.pickers = [self.pace, self.sort, self.faces, self.window, self.sound, self.colours, self.scale,
                        self.speech, self.motion]
        self.done = Button("Done", self.back, primary=True)
        self.widgets = [*self.pickers, self.done]
        for picker, label in zip(self.pickers, LABELS):
            picker.name = label
            picker.wheel = False  # the wheel scrolls the list when it does not fit
        self.boxes: dict[str, pygame.Rect] = {}
        self.labels: list[pygame.Rect] = []
        """Where each picker's label goes (window pixels)."""

    def attach(self, app: Host) -> None:
        """Show the app's current settings."""
        super().attach(app)
        self.pace.set(app.settings.pace)
        self.sort.set(app.settings.hand_sort)
        self.faces.set(app.settings.tile_faces)
        self._window_choices()
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
        return sentences(INTRO, self.note)

    def _scale(self, scale: float) -> None:
        """Draw text and tiles at ``scale`` (at once, this screen too); kept for next time."""
        assert self.app is not None
        self.app.settings.ui_scale = scale
        use_scale(scale)
        self.note = self.app.settings.remember() or ""
        self.relayout()
        self.laid_out()
        self.show_focus()  # laid out again at the new size: the picker stays in view

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

    def _window_choices(self) -> None:
        """The sizes offered (those the screen holds, and the window's size now) and the one in use."""
        assert self.app is not None
        now = FULLSCREEN if self.app.fullscreen else self.app.size
        self.window.choices = window_choices(self.app.screen_size(), self.app.size)
        self.window.set(now)

    def _window(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` pixels, or fullscreen, at once; kept for next time."""
        assert self.app is not None
        pointer = self._on_window_picker()
        self.app.set_window(None if size == FULLSCREEN else size)
        self._window_choices()
        self.laid_out()
        self.show_focus()
        if pointer is not None:  # the next click lands on the same arrow, not the row now under it
            rect = self.window.rect
            pygame.mouse.set_pos((rect.x + round(pointer[0] * rect.w), rect.y + round(pointer[1] * rect.h)))
        self.note = self.app.settings.remember() or ""

    def _on_window_picker(self) -> tuple[float, float] | None:
        """Where the pointer is on the window picker (fractions of its width and height), or None
        when it is elsewhere: the picker moves when the window changes size."""
        if not pygame.mouse.get_focused():
            return None
        x, y = pygame.mouse.get_pos()
        rect = self.window.rect
        if not rect.w or not rect.h or not rect.collidepoint(x, y):
            return None
        return (x - rect.x) / rect.w, (y - rect.y) / rect.h

    def silent(self) -> bool:
        """Whether no sound can be heard whatever the setting: no audio device (or no effects loaded)."""
        sounds = self.app.sounds if self.app is not None else None
        return sounds is None or not sounds.available

    def footnotes(self) -> list[str]:
        """What "pips" means, and whether there is sound at all."""
        notes = [FACE_NOTES.get(self.faces.value, "")]
        if self.silent():
            notes.append("No audio device was found: the game is silent whatever the sound setting.")
        return notes

    def layout_key(self) -> tuple[str, ...]:
        """The note and the footnotes: a change lays the screen out again."""
        return (self.note, *self.footnotes())

    def layout(self, s: Sizes) -> None:
        """The title and its line; a card with a row per picker (its label beside it, or
        above it when the card is too narrow for both; in two columns when one would not
        fit the height and two fit across), the footnotes; Done and any problem below.
        The card scrolls when the rows still do not all fit."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        self.boxes["intro"] = column.take(s.line(s.small))
        note_h = s.wrapped(self.note, s.small, frame.w, "bold") if self.note else 0
        bottom = frame.bottom - s.control - (note_h + s.gap if note_h else 0)
        card_room = pygame.Rect(frame.x, column.bottom + s.section, frame.w, bottom - s.section - column.bottom - s.section)
        label_w = max(s.width(label, s.body, "bold") for label in LABELS)
        picker_w = max(p.needs(s.label) for p in self.pickers)
        pair_w = label_w + s.section + picker_w
        beside = pair_w + 2 * s.inside <= card_room.w
        row_h = s.control if beside else s.line(s.body, "bold") + s.gap // 2 + s.control
        count = len(self.pickers)
        one_column = count * (row_h + s.gap) + 2 * s.inside > card_room.h
        columns = 2 if beside and one_column and 2 * pair_w + 3 * s.section + 2 * s.inside <= card_room.w else 1
        width = min(card_room.w, columns * pair_w + (columns - 1) * 3 * s.section + 2 * s.inside + s.section)
        inner_w = width - 2 * s.inside
        notes_h = sum(s.wrapped(n, s.fine, inner_w) for n in self.footnotes())
        per_column = -(-count // columns)
        rows_h = per_column * (row_h + s.gap) + s.section + notes_h
        card_h = min(card_room.h, rows_h + 2 * s.inside)
        slack = card_room.h - card_h  # a short card stands a little above the middle of its room
        self.boxes["card"] = pygame.Rect(frame.centerx - width // 2, card_room.y + slack // 3, width, card_h)
        view = inset(self.boxes["card"], s.inside)
        self.pane.set(view, rows_h)
        self.scrolled = list(self.pickers)
        column_w = (view.w - (columns - 1) * 3 * s.section) // columns
        self.labels = []
        for i, picker in enumerate(self.pickers):  # down the first column, then the second
            c, r = divmod(i, per_column)
            box = pygame.Rect(view.x + c * (column_w + 3 * s.section), self.pane.top + r * (row_h + s.gap),
                              column_w, row_h)
            if beside:
                self.labels.append(pygame.Rect(box.x, box.y, label_w, box.h))
                picker.place(pygame.Rect(box.right - picker_w, box.y, picker_w, box.h), s.label)
            else:
                label_h = s.line(s.body, "bold")
                self.labels.append(pygame.Rect(box.x, box.y, box.w, label_h))
                picker.place(pygame.Rect(box.x, box.bottom - s.control, box.w, s.control), s.label)
        rows = Column(pygame.Rect(view.x, self.pane.top + per_column * (row_h + s.gap) - s.gap, view.w, 0), s.gap)
        rows.skip(s.section - s.gap)
        self.boxes["notes"] = rows.take(notes_h)
        done = pygame.Rect(0, self.boxes["card"].bottom + s.section, s.button_width("Done") + 4 * s.pad, s.control)
        done.centerx = frame.centerx
        self.done.place(done, s.label)
        self.boxes["note"] = pygame.Rect(frame.x, done.bottom + s.gap, frame.w, note_h)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the card, a label for each picker, the footnotes and any problem saving."""
        super().draw_body(surface, s)
        blit_text(surface, INTRO, s.small, theme.INK_DIM, self.boxes["intro"].midtop, "midtop")
        box = card(surface, self.boxes["card"], s)
        with clipped(surface, self.pane.view):
            for label, where in zip(LABELS, self.labels):
                if self.pane.shows(where):
                    blit_text(surface, label, s.body, theme.INK, where.midleft, "midleft", "bold", box=box)
            at = self.boxes["notes"].topleft
            for note in self.footnotes():
                at = (at[0], blit_text(surface, note, s.fine, theme.INK_DIM, at, "topleft", wrap=self.boxes["notes"].w,
                                       box=box).bottom)
        if self.note:
            blit_text(surface, self.note, s.small, theme.RED, self.boxes["note"].midtop, "midtop", "bold",
                      wrap=self.boxes["note"].w)
