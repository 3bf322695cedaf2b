"""The game's scenes, made on request: the one module that knows every scene.

Each scene's module is imported when that scene is first asked for, so the
title screen opens without loading the table, the computer players or the
save checks (the startup figure in tools/bench.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine import Match, RuleOptions
from ..memory.session import GameSession
from ..review.cache import Reviewable, ReviewCache
from ..review.results import Decision
from .saves_bridge import SavesBridge
from .scene import Scene

if TYPE_CHECKING:
    from ..net.client.inbound import Incoming
    from ..net.client.threaded_client import ThreadedClient
    from .online.kept import KeptSeat


class GameRoutes:
    """The routes between the game's scenes (see ``scene.Routes``), handing
    ``saves`` to the scenes that save or load."""

    def __init__(self, saves: SavesBridge) -> None:
        self.saves = saves

    def title(self) -> Scene:
        """The title screen."""
        from .scenes.title import TitleScene

        return TitleScene(self.saves)

    def setup(self, deal: str | None = None) -> Scene:
        """The new match screen (``deal``: the deal code to fill in)."""
        from .scenes.setup import SetupScene

        return SetupScene(deal)

    def load(self) -> Scene:
        """The list of saved games."""
        from .scenes.load import LoadScene

        return LoadScene(self.saves)

    def rules(self, options: RuleOptions | None = None, section: str | None = None, *, players: int,
              lesson: bool = False) -> Scene:
        """The rules of ``options`` at a table of ``players``, opened at ``section``
        (``lesson``: with a Learn to play button)."""
        from .scenes.rules import RulesScene

        return RulesScene(options, section, players=players, lesson=lesson)

    def dialog(self, heading: str, body: str, choices: Sequence[tuple[str, Callable[[], None]]],
               focus: int = 0) -> Scene:
        """A small modal question or notice with one button per choice (``focus``: the one Enter presses)."""
        from .scenes.dialog import DialogScene

        return DialogScene(heading, body, choices, focus)

    def settings(self) -> Scene:
        """The settings screen."""
        from .scenes.settings import SettingsScene

        return SettingsScene()

    def table(self, session: GameSession, note: str = "") -> Scene:
        """The table of ``session``, autosaved, showing ``note`` once it is open."""
        from .table.scene import TableScene

        return TableScene(session, note=note, autosave=self.saves.autosave, saving=self.saves)

    def pass_to(self, name: str, on_ready: Callable[[], None], on_menu: Callable[[], None],
                since: Sequence[str] = (), fingerprint: str = "") -> Scene:
        """The opaque pass-and-play screen: "Pass to ``name``" until they are ready."""
        from .scenes.pass_to import PassScene

        return PassScene(name, on_ready, on_menu, since, fingerprint)

    def watch(self, session: GameSession, exit_at_end: bool = False) -> Scene:
        """A table where computers play every seat (not autosaved); ``exit_at_end``
        prints the ranking and quits when the match ends."""
        from .table.scene import TableScene

        return TableScene(session, watching=True, exit_at_end=exit_at_end)

    def pause(
        self, session: GameSession, watching: bool, on_leave: Callable[[], None], failure: str = ""
    ) -> Scene:
        """The pause menu over a table (``failure``: why saving on the way out failed)."""
        from .scenes.pause import PauseScene

        return PauseScene(session, self.saves, watching, on_leave, failure)

    def save_as(self, session: GameSession, on_saved: Callable[[str], None]) -> Scene:
        """The Save as dialog."""
        from .scenes.save_as import SaveAsScene

        return SaveAsScene(session, self.saves, on_saved)

    def round_summary(
        self, match: Match, last: bool, watching: bool, on_next: Callable[[], None],
        hints: Sequence[int] = (), on_menu: Callable[[], None] | None = None, you: int | None = None,
        lesson: tuple[Sequence[str], str] | None = None, reviewable: Reviewable | None = None,
        deal_check: str = "",
    ) -> Scene:
        """The summary of the round that just ended (``you``: the seat its replay
        calls "You"; ``lesson``: what the lesson taught and how scoring works;
        ``reviewable``: offer "Review this round"; ``deal_check``: why the
        round's deal could not be checked, shown instead of the proof)."""
        from .scenes.round_summary import RoundSummaryScene

        return RoundSummaryScene(match, last, watching, on_next, hints, on_menu, you, lesson, reviewable, deal_check)

    def lesson(self, step: int = 0) -> Scene:
        """The Learn to play lesson from ``step``; LessonError when its file cannot be used."""
        from ..tutorial import checked_lesson
        from .paths import lesson_file
        from .table.guide import GuidedTable

        return GuidedTable(checked_lesson(lesson_file()), step)

    def lesson_pause(self, options: RuleOptions, players: int, progress: str, on_later: Callable[[], None],
                     on_skip: Callable[[], None]) -> Scene:
        """The lesson's pause menu: Continue later or Skip."""
        from .scenes.lesson_pause import LessonPauseScene

        return LessonPauseScene(options, players, progress, on_later, on_skip)

    def scores(self, match: Match, hints: Sequence[int] = (), reviewable: Reviewable | None = None,
               you: int | None = None) -> Scene:
        """The score sheet so far, over the table."""
        from .scenes.scores import ScoresScene

        return ScoresScene(match, hints, reviewable, you)

    def replay(
        self, match: Match, index: int, you: int | None = None, at: int = 0, compare: Decision | None = None,
        reviewable: Reviewable | None = None,
    ) -> Scene:
        """Round ``index`` (0-based) of ``match``, move by move, all hands shown
        (``you``: the seat to call "You"), from step ``at``; ``compare``: a
        reviewed decision whose two moves are drawn; ``reviewable``: offer
        "Review this round"."""
        from .scenes.replay import ReplayScene

        return ReplayScene(match, index, you, at, compare, reviewable)

    def review(self, match: Match, round_number: int, seats: Sequence[int], cache: ReviewCache,
               you: int | None = None) -> Scene:
        """The review of a finished round for ``seats`` (made in worker processes, kept in ``cache``)."""
        from .scenes.review import ReviewScene

        return ReviewScene(match, round_number, seats, cache, you)

    def match_end(self, session: GameSession) -> Scene:
        """The final ranking (the match is counted in the statistics, once)."""
        from .scenes.match_end import MatchEndScene

        note = self.saves.record_match(session)
        return MatchEndScene(session, note)

    def online(self) -> Scene:
        """Play online: host or join a network table, or open My tables."""
        from .online.scene import OnlineScene

        return OnlineScene()

    def my_tables(self) -> Scene:
        """My tables: every kept online seat, where its table stands, one click to go back."""
        from .online.my_tables import MyTablesScene

        return MyTablesScene()

    def lobby(self, link: ThreadedClient, seat: KeptSeat) -> Scene:
        """The lobby of the network table ``link`` is seated at."""
        from .online.lobby import LobbyScene

        return LobbyScene(link, seat)

    def online_table(self, link: ThreadedClient, backlog: Sequence[Incoming] = ()) -> Scene:
        """The table of the network match ``link`` plays (``backlog``: messages taken in before)."""
        from .online.table import RemoteTableScene

        return RemoteTableScene(link, backlog)

    def statistics(self) -> Scene:
        """The person's statistics."""
        from .scenes.statistics import StatisticsScene

        stats, note = self.saves.statistics()
        return StatisticsScene(stats, note, in_progress=self.saves.has_autosave())
