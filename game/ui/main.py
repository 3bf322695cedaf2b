"""Opening the game: read the settings, make the saves and the routes, then run the window."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from ..memory.prefs import Prefs
from ..memory.session import GameSession
from ..speech import AUTOMATIC, OFF, Voice
from .app import FPS, App
from .routes import GameRoutes
from .saves_bridge import SavesBridge
from .settings import Settings
from .sound import Sounds
from .tile_art import use_palette
from .ui_scale import use_scale


def load_settings(remember: bool = True) -> Settings:
    """The settings remembered in the config folder (defaults, and a note for the
    title, when the file cannot be read); ``remember`` False keeps changes to this run."""
    prefs = Prefs()
    note = prefs.load()
    settings = Settings.remembered(prefs, note)
    if not remember:
        settings.prefs = None
    return settings


def open_voice(settings: Settings, speech: bool, log: Path | None) -> Voice:
    """The voice Settings chose (with ``speech``: on, the automatic choice if Settings
    said off, and it stays on for the next runs; the voice found is never kept, so
    the next start chooses again). What the voice had to tell is said and logged
    once, and shown on the title."""
    if speech and settings.speech == OFF:
        settings.speech = AUTOMATIC
        settings.remember()
    voice, note = Voice.opened(settings.speech, log)
    settings.speech_note = note
    return voice


def run_game(
    exit_after_first_frame: bool = False,
    demo: dict[str, Any] | None = None,
    size: tuple[int, int] | None = None,
    session: GameSession | None = None,
    deal: str | None = None,
    speech: bool = False,
    speech_log: Path | None = None,
) -> int:
    """Open the window on the title screen (a demo match, or the table of a loaded ``session``) and run until quit.

    ``demo`` holds ``rules``, ``players``, ``seed``, ``fast`` and ``exit_at_end``;
    ``size`` overrides the remembered window size (pixels); ``deal`` opens the
    new match screen (over the title) with that deal code filled in; ``speech``
    turns speech on before the first screen (the automatic choice when Settings
    has it off, and it stays on for the next runs); ``speech_log`` writes every
    line said there with its time."""
    started = time.perf_counter()
    settings = load_settings(remember=demo is None)
    fast = bool(demo is not None and demo.get("fast"))
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy" and fast
    saves = SavesBridge.open()
    routes = GameRoutes(saves)
    use_palette(settings.palette)
    use_scale(settings.ui_scale)
    app = App(size or settings.window, settings, headless=headless, routes=routes)
    app.voice = open_voice(settings, speech, speech_log)
    if not headless:
        app.sounds = Sounds(settings)
    if settings.fullscreen and demo is None:
        app.toggle_fullscreen()
    if demo is not None:
        if fast:
            settings.pace = "instant"
        from .demo import demo_session

        watched = demo_session(demo.get("rules", "classic"), demo.get("players", 4), demo.get("seed", 1),
                               demo.get("length", "full"))
        app.push(routes.watch(watched, exit_at_end=bool(demo.get("exit_at_end"))))
    elif session is not None:
        app.push(routes.table(session))
    else:
        app.push(routes.title())
        if deal is not None:
            app.push(routes.setup(deal))
    if exit_after_first_frame:
        def stop(a: App) -> None:
            """Report the time to the first frame and quit."""
            if not a.headless:
                pygame.display.flip()
            print(f"first frame after {time.perf_counter() - started:.3f} s", file=sys.stderr)
            a.quit()
        app.on_frame = stop
    code = 1
    try:
        code = app.run(0 if fast else FPS)
    finally:
        pygame.display.quit()  # the window goes at once; the saves finish behind it
        app.voice.close()
        settings.remember()
        problem = saves.close()
        pygame.quit()
    if problem is not None and code == 0 and not app.quit_without_saving:
        print(f"mexican-train: the latest moves were not saved: {problem}", file=sys.stderr)
        return 1
    return code
