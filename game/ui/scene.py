"""The scene base class, the routes between scenes and what a scene may ask of the app."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from .intents import Intent

if TYPE_CHECKING:
    from ..engine import Match, RuleOptions
    from ..memory.session import GameSession
    from ..net.client.inbound import Incoming
    from ..net.client.threaded_client import ThreadedClient
    from ..review.cache import Reviewable, ReviewCache
    from ..review.results import Decision
    from ..speech import Voice
    from .online.kept import KeptSeat
    from .settings import Settings
    from .sound import Sounds

FULL_RATE = 60
"""Frames per second while something on screen moves."""
PULSE_RATE = 12
"""Frames per second while only a slow glow pulses (the table waiting for the person)."""
IDLE_RATE = 2
"""Frames per second while nothing moves by itself (input still gets an answer at once)."""


class Narrator(Protocol):
    """A part that says what its scene says as it comes on top (``back``: the scene above has gone)."""

    def opening(self, back: bool = False) -> str:
        """The words."""
        ...


class Scene:
    """One screen of the game. ``update`` and ``resize`` work out what to show,
    ``draw`` only paints it; ``opaque`` scenes hide the scenes beneath them on the stack."""

    text_room: float = math.inf
    """How far this scene's text may grow with the UI scale (see ``fonts.capped``; menus,
    laid out in pixels with the text setting in them, say ``fonts.PIXELS``)."""

    narrator: Narrator | None = None
    """The part that says what this scene says as it opens, for a scene that hands that job to one."""

    def __init__(self) -> None:
        self.app: Host | None = None

    @property
    def opaque(self) -> bool:
        """Whether this scene hides the scenes beneath it."""
        return True

    def attach(self, app: Host) -> None:
        """Called when pushed on ``app``'s stack."""
        self.app = app

    def handle(self, intent: Intent) -> None:
        """React to one intent."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto ``surface``; changes nothing."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` pixels (every scene on the stack hears it)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def close(self) -> None:
        """The scene leaves the stack for good."""

    def frame_rate(self) -> int:
        """Frames per second this scene needs now while it is on top: FULL_RATE
        while something moves, PULSE_RATE or IDLE_RATE while it waits."""
        return FULL_RATE

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The only parts of the window that changed since the last frame, when
        the scene knows (the window then shows just those again), else None."""
        return None

    def allow_quit(self) -> bool:
        """The window is being closed: return False to stay open (a scene that
        could not save the game says so and lets a second close through)."""
        return True

    def spoken_intro(self) -> str:
        """What the scene says when it comes on top (speech on): where the person is and what has focus."""
        return "" if self.narrator is None else self.narrator.opening()

    def spoken_return(self) -> str:
        """What the scene says when the scene above it has gone."""
        return self.spoken_intro() if self.narrator is None else self.narrator.opening(back=True)

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Say ``text`` (when speech is on), at once unless ``interrupt`` is False."""
        if self.app is not None:
            self.app.voice.say(text, interrupt)


class Routes(Protocol):
    """Makes the scene a scene moves on to, so that scenes never import each other.

    The app holds one (``App.routes``); a scene decides only whether to push,
    replace or reset with what it gets."""

    def title(self) -> Scene:
        """The title screen."""
        ...

    def setup(self, deal: str | None = None) -> Scene:
        """The new match screen (``deal``: the deal code to fill in)."""
        ...

    def load(self) -> Scene:
        """The list of saved games."""
        ...

    def rules(self, options: RuleOptions | None = None, section: str | None = None, *, players: int,
              lesson: bool = False) -> Scene:
        """The rules of ``options`` (classic when None) at a table of ``players`` (always
        said: rules help opened from a table describes that table's deal),
        opened at the section keyed ``section`` (see ``game.words.rules_help``);
        ``lesson`` offers Learn to play there (away from a table)."""
        ...

    def dialog(self, heading: str, body: str, choices: Sequence[tuple[str, Callable[[], None]]],
               focus: int = 0) -> Scene:
        """A small modal question or notice: a button per choice (label, what it does);
        ``focus``: the choice Enter presses at first."""
        ...

    def settings(self) -> Scene:
        """The settings screen."""
        ...

    def table(self, session: GameSession, note: str = "") -> Scene:
        """The table of ``session`` (autosaved), showing ``note`` once it is open."""
        ...

    def pass_to(self, name: str, on_ready: Callable[[], None], on_menu: Callable[[], None],
                since: Sequence[str] = (), fingerprint: str = "") -> Scene:
        """The opaque pass-and-play screen: "Pass to ``name``" until they are ready, with what
        happened since they last looked (``since``) and the round's deal fingerprint."""
        ...

    def pause(
        self, session: GameSession, watching: bool, on_leave: Callable[[], None], failure: str = ""
    ) -> Scene:
        """The pause menu over a table; ``on_leave`` runs before it goes back to the
        title; ``failure`` says why the game could not be saved on the way out."""
        ...

    def save_as(self, session: GameSession, on_saved: Callable[[str], None]) -> Scene:
        """The Save as dialog; ``on_saved`` gets the name it saved under."""
        ...

    def round_summary(
        self, match: Match, last: bool, watching: bool, on_next: Callable[[], None],
        hints: Sequence[int] = (), on_menu: Callable[[], None] | None = None, you: int | None = None,
        lesson: tuple[Sequence[str], str] | None = None, reviewable: Reviewable | None = None,
        deal_check: str = "",
    ) -> Scene:
        """The summary of the round ``match`` just finished (``last``: of the match);
        ``on_next`` deals again or ends the match; ``hints`` asked per seat go on
        the score sheet; ``on_menu`` opens the pause menu (Esc); ``lesson`` (what
        the lesson taught, and how scoring works) ends the Learn to play lesson;
        ``reviewable`` offers "Review this round"; ``deal_check`` says why a
        network round's deal could not be checked."""
        ...

    def lesson(self, step: int = 0) -> Scene:
        """The Learn to play lesson from ``step`` (0-based); LessonError when its file cannot be used."""
        ...

    def lesson_pause(self, options: RuleOptions, players: int, progress: str, on_later: Callable[[], None],
                     on_skip: Callable[[], None]) -> Scene:
        """The lesson's pause menu: Continue later (``on_later``) or Skip (``on_skip``)."""
        ...

    def replay(
        self, match: Match, index: int, you: int | None = None, at: int = 0, compare: Decision | None = None,
        reviewable: Reviewable | None = None,
    ) -> Scene:
        """Round ``index`` (0-based) of ``match`` move by move, all hands shown,
        from step ``at`` (``compare``: a reviewed decision whose two moves are drawn)."""
        ...

    def review(self, match: Match, round_number: int, seats: Sequence[int], cache: ReviewCache,
               you: int | None = None) -> Scene:
        """The review of a finished round for ``seats``, kept in ``cache``."""
        ...

    def scores(self, match: Match, hints: Sequence[int] = (), reviewable: Reviewable | None = None,
               you: int | None = None) -> Scene:
        """The score sheet so far of ``match``, over the table (``hints`` asked per seat;
        ``reviewable``: finished rounds can be replayed and reviewed)."""
        ...

    def match_end(self, session: GameSession) -> Scene:
        """The final ranking of ``session``'s match."""
        ...

    def statistics(self) -> Scene:
        """The person's statistics."""
        ...

    def online(self) -> Scene:
        """Play online: host a table, join one, or open My tables."""
        ...

    def my_tables(self) -> Scene:
        """My tables: every online seat kept, where its table stands; a row goes back to it."""
        ...

    def lobby(self, link: ThreadedClient, seat: KeptSeat) -> Scene:
        """The lobby of the network table ``link`` is seated at (``seat``: kept for a rejoin)."""
        ...

    def online_table(self, link: ThreadedClient, backlog: Sequence[Incoming] = ()) -> Scene:
        """The table of the network match ``link`` plays; ``backlog``: messages the lobby took in."""
        ...


class Host(Protocol):
    """What a scene may ask of the app that shows it (``game.ui.app.App``): the
    settings, the routes to other scenes, the window's size, the stack of
    scenes and the end of the game. Scenes know the app only through this."""

    settings: Settings
    sounds: Sounds | None
    voice: Voice
    fullscreen: bool
    quit_without_saving: bool

    @property
    def routes(self) -> Routes:
        """The routes to other scenes."""
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        ...

    def pop(self) -> Scene | None:
        """Remove the top scene."""
        ...

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        ...

    def reset(self, scene: Scene) -> None:
        """Make ``scene`` the only one."""
        ...

    def quit(self, code: int = 0, without_saving: bool = False) -> None:
        """End the game with exit ``code``."""
        ...

    def toggle_fullscreen(self) -> None:
        """Fullscreen on, or back to a window."""
        ...

    def screen_size(self) -> tuple[int, int]:
        """The screen's size in pixels."""
        ...

    def set_window(self, size: tuple[int, int] | None) -> None:
        """A window of ``size`` pixels (held to the screen) or fullscreen (None), at once; remembered."""
        ...
