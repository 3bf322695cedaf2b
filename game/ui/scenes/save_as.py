"""The "Save as..." dialog over the pause menu: name the save, then Save or Cancel.

A name that exists is replaced only after the player saves a second time; a
full path (``~/games/sunday.json``) saves to that file instead of the save
folder, for when the save folder cannot be written."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from ...memory.session import GameSession
from .. import theme
from ..fonts import blit_text
from ..intents import Intent
from ..saves_bridge import SavesBridge, default_name
from ..scene import Space
from ..widgets import Button, TextField
from .menu import MenuScene, card

MAX_NAME = 40  # the store's limit (game.saves.validate.MAX_NAME); the store has the last word


class SaveAsScene(MenuScene):
    """A modal dialog: Enter saves under the typed name, Esc cancels. A refused
    name or a failed write shows the store's reason and keeps the dialog open."""

    text_room = math.inf
    """Text grows with the UI scale (one field and two buttons with room to spare)."""

    modal = True

    def __init__(self, session: GameSession, saves: SavesBridge, on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.saves = saves
        self.on_saved = on_saved
        self.error = ""
        self.replacing = ""
        """The name the player was warned exists; saving it again replaces it."""
        self.field = TextField((540, 400, 520, 56), default_name(session), max_len=MAX_NAME, name="Name of the save",
                               placeholder="name of the save")
        self.field.focus(True, select=True)
        self.widgets = [
            self.field,
            Button("Save", (560, 530, 230, 60), self.save, primary=True),
            Button("Cancel", (810, 530, 230, 60), self.back),
        ]
        self.focus = 0  # the typing is in the field: the dialog says so as it opens

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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The dialog card, its title, the field's label and any refusal."""
        card(surface, space, 500, 290, 600, 340)
        blit_text(surface, "Save as", space.px(36), theme.GOLD, space.point(800, 310), "midtop", "title")
        blit_text(surface, "Name of the save", space.px(18), theme.INK_DIM, space.point(542, 372), "topleft", "bold")
        if self.error:
            blit_text(surface, self.error, space.px(18), theme.RED, space.point(800, 472), "midtop", "bold",
                      wrap=space.px(560))
        else:
            blit_text(surface, "Enter to save  \u00b7  Esc to cancel  \u00b7  a full path (~/game.json) saves elsewhere",
                      space.px(15), theme.INK_DIM, space.point(800, 474), "midtop", wrap=space.px(560))


def is_path(text: str) -> bool:
    """Whether the typed name is a full file path (``/...``, ``~/...``, ``C:\\...``)
    rather than a save name."""
    return bool(text) and Path(text).expanduser().is_absolute()
