"""The "Save as..." dialog over the pause menu: name the save, then Save or Cancel.

A name that exists is replaced only after the player saves a second time; a
full path (``~/games/sunday.json``) saves to that file instead of the save
folder, for when the save folder cannot be written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ...memory.session import GameSession
from .. import theme
from ..boxes import Column, centred, inset
from ..fonts import blit_text
from ..intents import Intent
from ..saves_bridge import SavesBridge, default_name
from ..sizing import Sizes
from ..widgets import Button, TextField
from .menu import MenuScene, buttons_row, card

MAX_NAME = 40  # the store's limit (game.saves.validate.MAX_NAME); the store has the last word


class SaveAsScene(MenuScene):
    """A modal dialog: Enter saves under the typed name, Esc cancels. A refused
    name or a failed write shows the store's reason and keeps the dialog open."""

    modal = True

    def __init__(self, session: GameSession, saves: SavesBridge, on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.saves = saves
        self.on_saved = on_saved
        self.error = ""
        self.replacing = ""
        """The name the player was warned exists; saving it again replaces it."""
        self.field = TextField(default_name(session), max_len=MAX_NAME, name="Name of the save",
                               placeholder="name of the save")
        self.field.focus(True, select=True)
        self.widgets = [self.field, Button("Save", self.save, primary=True), Button("Cancel", self.back)]
        self.focus = 0  # the typing is in the field: the dialog says so as it opens
        self.boxes: dict[str, pygame.Rect] = {}

    def message(self) -> tuple[str, theme.Color]:
        """The line under the field: the refusal, else how the dialog works."""
        if self.error:
            return self.error, theme.RED
        return "Enter to save  \u00b7  Esc to cancel  \u00b7  a full path (~/game.json) saves elsewhere", theme.INK_DIM

    def layout(self, s: Sizes) -> None:
        """A card as wide as a name of 40 letters, or the window: title, label, field, message, buttons."""
        frame = s.frame
        width = min(frame.w, max(round(s.unit * 32), s.button_width("Cancel") * 2 + 6 * s.pad))
        inner = width - 4 * s.pad
        words, _ = self.message()
        heights = [s.line(s.title, "title"), s.line(s.small, "bold"), s.control,
                   s.wrapped(words, s.small, inner, "bold"), s.control]
        height = sum(heights) + 4 * s.gap + 2 * s.section + 4 * s.pad
        self.boxes["card"] = centred(frame, width, height)
        column = Column(inset(self.boxes["card"], 2 * s.pad), s.gap)
        self.boxes["title"] = column.take(heights[0])
        column.skip(s.section - s.gap)
        self.boxes["label"] = column.take(heights[1])
        self.field.place(column.take(heights[2]), s.body)
        self.boxes["message"] = column.take(heights[3])
        column.skip(s.section - s.gap)
        buttons_row(column.take(heights[4]), self.widgets[1:], s)

    def handle(self, intent: Intent) -> None:
        """Enter saves and Esc cancels wherever the focus is; the rest goes to the widgets."""
        if intent.kind == "confirm":
            self.save()
        elif intent.kind == "back":
            self.back()
        else:
            if intent.kind in ("text", "backspace", "delete"):
                self.error = ""
                self.replacing = ""
            super().handle(intent)

    def save(self) -> None:
        """Save under the field's name; on success close and tell the scene below."""
        assert self.app is not None
        name = self.field.value.strip()
        if is_path(name):
            path = Path(name)
            problem = self.saves.save_to_file(self.session, path, path.stem or "saved game")
        elif name and name != self.replacing and self.saves.name_taken(name):
            self.replacing = name
            self.error = f"A save named \u201c{name}\u201d exists. Save again to replace it, or change the name."
            self.field.focus(True)
            return
        else:
            problem = self.saves.save_named(self.session, name, replace=name == self.replacing)
        if problem:
            self.error = problem
            self.field.focus(True)
            return
        self.app.pop()
        if self.on_saved is not None:
            self.on_saved(name)

    def spoken_title(self) -> str:
        """The dialog's title."""
        return "Save as"

    def spoken_body(self) -> str:
        """How the dialog is used: the name offered is selected, typing replaces it."""
        return "Type a name (the one offered is selected: typing replaces it); Enter saves, Esc cancels."

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The dialog card, its title, the field's label and the message under the field."""
        box = card(surface, self.boxes["card"], s)
        blit_text(surface, "Save as", s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title", box=box)
        blit_text(surface, "Name of the save", s.small, theme.INK_DIM, self.boxes["label"].topleft, "topleft", "bold",
                  box=box)
        words, color = self.message()
        message = self.boxes["message"]
        blit_text(surface, words, s.small, color, message.topleft, "topleft", "bold" if self.error else "regular",
                  wrap=message.w, box=box)


def is_path(text: str) -> bool:
    """Whether the typed name is a full file path (``/...``, ``~/...``, ``C:\\...``)
    rather than a save name."""
    return bool(text) and Path(text).expanduser().is_absolute()
