"""The pause menu over the table (Esc): resume, settings, rules, save as, save and quit, quit to title."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...memory.session import GameSession
from .. import theme
from ..fonts import blit_text
from ..saves_bridge import SavesBridge
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene, card


class PauseScene(MenuScene):
    """A modal menu over the table of ``session``; the table keeps its state
    underneath. ``watching`` (a demo) offers no saving, nor does a run whose
    ``saves`` are unavailable; ``on_leave`` runs before going back to the title."""

    text_room = math.inf
    """Text grows with the UI scale (short labels on wide buttons)."""

    modal = True

    def __init__(
        self, session: GameSession, saves: SavesBridge, watching: bool, on_leave: Callable[[], None],
        failure: str = "",
    ) -> None:
        super().__init__()
        self.session = session
        self.saves = saves
        self.watching = watching
        self.on_leave = on_leave
        self.note = ""
        self.note_ok = False
        can_save = saves.can_save and not watching
        self.can_save = can_save
        self.widgets = [
            Button("Resume", (620, 260, 360, 64), self.back, primary=True),
            Button("Settings", (620, 340, 360, 64), self.settings),
            Button("Rules", (620, 420, 360, 64), self.rules),
            Button("Save as...", (620, 500, 360, 64), self.save_as, enabled=can_save,
                   hint="" if can_save else ("not in a demo" if watching else "saving unavailable")),
            Button("Save and quit" if can_save else "Quit", (620, 580, 360, 64), self.save_and_quit),
            Button("Quit to title", (620, 660, 360, 64), self.to_title),
        ]
        failure = failure or ((saves.problem or "") if can_save else "")
        if failure:
            self._not_saved(failure)

    def settings(self) -> None:
        """Open the settings."""
        assert self.app is not None
        self.app.push(self.app.routes.settings())

    def rules(self) -> None:
        """Open how to play, with this match's rules."""
        assert self.app is not None
        match = self.session.match
        self.app.push(self.app.routes.rules(match.setup.options, players=match.players))

    def save_as(self) -> None:
        """Open the Save as dialog (not in demo mode)."""
        assert self.app is not None
        if not self.can_save:
            return
        self.note = ""
        self.app.push(self.app.routes.save_as(self.session, self.saved))

    def saved(self, name: str) -> None:
        """The dialog saved the game under ``name``."""
        self.note = f"Saved as {name}"
        self.note_ok = True

    def save_and_quit(self) -> None:
        """Save now and wait for the disk (when this table can), then leave the
        game; if the save fails, stay, say why, and offer to quit without saving."""
        assert self.app is not None
        problem = self.saves.save_now(self.session) if self.can_save else None
        if problem:
            self._not_saved(problem)
            return
        self.app.quit(0)

    def _not_saved(self, problem: str) -> None:
        """The game could not be saved: a lasting note, Save and quit becomes
        Try saving again, and Quit to title becomes Quit without saving."""
        self.note = f"Not saved: {problem}. Save as... a full path (~/game.json) to put it elsewhere."
        self.note_ok = False
        self.widgets[4] = Button("Try saving again", (620, 580, 360, 64), self.save_and_quit)
        self.widgets[5] = Button("Quit without saving", (620, 660, 360, 64), self.quit_without_saving)

    def quit_without_saving(self) -> None:
        """Leave the game, knowing the latest moves are not saved (the player's choice)."""
        assert self.app is not None
        self.app.quit(0, without_saving=True)

    def allow_quit(self) -> bool:
        """A second close while the game could not be saved quits without saving."""
        return True

    def to_title(self) -> None:
        """Back to the title screen (the match stays in the autosave)."""
        assert self.app is not None
        self.on_leave()
        self.app.reset(self.app.routes.title())

    def spoken_title(self) -> str:
        """The card's title."""
        return "Paused"

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, its title and the last note."""
        card(surface, space, 560, 150, 480, 630 if self.note_ok or not self.note else 730)
        blit_text(surface, "Paused", space.px(44), theme.GOLD, space.point(800, 175), "midtop", "title")
        if self.note:
            color = theme.GREEN if self.note_ok else theme.RED
            blit_text(surface, self.note, space.px(16), color, space.point(590, 738), "topleft", "bold",
                      wrap=space.px(420))
