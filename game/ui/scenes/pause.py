"""The pause menu over the table (Esc): resume, settings, rules, save as, save and quit, quit to title."""

from __future__ import annotations

from collections.abc import Callable

from ...memory.session import GameSession
from .. import theme
from ..saves_bridge import SavesBridge
from ..widgets import Button
from .card_menu import CardMenu


class PauseScene(CardMenu):
    """A modal menu over the table of ``session``; the table keeps its state
    underneath. ``watching`` (a demo) offers no saving, nor does a run whose
    ``saves`` are unavailable; ``on_leave`` runs before going back to the title."""

    card_title = "Paused"

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
            Button("Resume", self.back, primary=True),
            Button("Settings", self.settings),
            Button("Rules", self.rules),
            Button("Save as...", self.save_as, enabled=can_save,
                   hint="" if can_save else ("not in a demo" if watching else "saving unavailable")),
            Button("Save and quit" if can_save else "Quit", self.save_and_quit),
            Button("Quit to title", self.to_title),
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
        self.widgets[4] = Button("Try saving again", self.save_and_quit)
        self.widgets[5] = Button("Quit without saving", self.quit_without_saving)
        self.relayout()

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

    def note_color(self) -> theme.Color:
        """Green for a save made, red for a save that failed."""
        return theme.GREEN if self.note_ok else theme.RED
