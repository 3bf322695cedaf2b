"""The game's scenes, made on request: the one module that knows every scene."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Match, RuleOptions
from ..session import GameSession
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
    """The routes between the game's scenes (see ``scene.Routes``)."""

    def title(self) -> Scene:
        """The title screen."""
        return TitleScene()

    def setup(self) -> Scene:
        """The new match screen."""
        return SetupScene()

    def load(self) -> Scene:
        """The list of saved games."""
        return LoadScene()

    def rules(self, options: RuleOptions | None = None) -> Scene:
        """How to play, with the options of ``options``."""
        return RulesScene(options)

    def settings(self) -> Scene:
        """The settings screen."""
        return SettingsScene()

    def table(self, session: GameSession, note: str = "") -> Scene:
        """The table of ``session``, showing ``note`` once it is open."""
        return TableScene(session, note=note)

    def pause(self, session: GameSession, watching: bool, on_leave: Callable[[], None]) -> Scene:
        """The pause menu over a table."""
        return PauseScene(session, watching, on_leave)

    def save_as(self, session: GameSession, on_saved: Callable[[str], None]) -> Scene:
        """The Save as dialog."""
        return SaveAsScene(session, on_saved)

    def round_summary(self, match: Match, last: bool, watching: bool, on_next: Callable[[], None]) -> Scene:
        """The summary of the round that just ended."""
        return RoundSummaryScene(match, last, watching, on_next)

    def match_end(self, session: GameSession) -> Scene:
        """The final ranking."""
        return MatchEndScene(session)
