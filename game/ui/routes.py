"""The game's scenes, made on request: the one module that knows every scene."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Match, RuleOptions
from ..session import GameSession
from .saves_bridge import SavesBridge
from .scene import Scene
from .scenes.load import LoadScene
from .scenes.match_end import MatchEndScene
from .scenes.pause import PauseScene
from .scenes.round_summary import RoundSummaryScene
from .scenes.rules import RulesScene
from .scenes.save_as import SaveAsScene
from .scenes.settings import SettingsScene
from .scenes.setup import SetupScene
from .scenes.table import TableScene
from .scenes.title import TitleScene


class GameRoutes:
    """The routes between the game's scenes (see ``scene.Routes``), handing
    ``saves`` to the scenes that save or load."""

    def __init__(self, saves: SavesBridge) -> None:
        self.saves = saves

    def title(self) -> Scene:
        """The title screen."""
        return TitleScene(self.saves)

    def setup(self) -> Scene:
        """The new match screen."""
        return SetupScene()

    def load(self) -> Scene:
        """The list of saved games."""
        return LoadScene(self.saves)

    def rules(self, options: RuleOptions | None = None) -> Scene:
        """How to play, with the options of ``options``."""
        return RulesScene(options)

    def settings(self) -> Scene:
        """The settings screen."""
        return SettingsScene()

    def table(self, session: GameSession, note: str = "") -> Scene:
        """The table of ``session``, autosaved, showing ``note`` once it is open."""
        return TableScene(session, note=note, autosave=self.saves.autosave)

    def pause(self, session: GameSession, watching: bool, on_leave: Callable[[], None]) -> Scene:
        """The pause menu over a table."""
        return PauseScene(session, self.saves, watching, on_leave)

    def save_as(self, session: GameSession, on_saved: Callable[[str], None]) -> Scene:
        """The Save as dialog."""
        return SaveAsScene(session, self.saves, on_saved)

    def round_summary(self, match: Match, last: bool, watching: bool, on_next: Callable[[], None]) -> Scene:
        """The summary of the round that just ended."""
        return RoundSummaryScene(match, last, watching, on_next)

    def match_end(self, session: GameSession) -> Scene:
        """The final ranking."""
        return MatchEndScene(session)
