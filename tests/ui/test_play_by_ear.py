"""A whole classic round played by ear: speech on through a recording backend,
a player that imports nothing of the game (``blind_player``) sets the match up
from the title and plays every turn by keys, choosing from the spoken words
alone; the lines spoken of the moves are the move log's (a line of tiles in one)."""

from __future__ import annotations

import time

import pygame

from game.engine.dealcode import encode
from game.speech import Recording, Voice
from game.speech.spoken import spoken
from game.ui.app import App
from game.ui.scenes.round_summary import RoundSummaryScene
from game.ui.table.scene import TableScene
from game.words.turns import told_in_one

from .blind_player import BlindPlayer

NAMED_KEYS = {"down": pygame.K_DOWN, "up": pygame.K_UP, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
              "enter": pygame.K_RETURN, "backspace": pygame.K_BACKSPACE, "escape": pygame.K_ESCAPE}
SEED = 11
"""The deal the player types in (as its deal code)."""


class Keyboard:
    """The harness's keyboard and ears on a headless app: real key events in, the recording's new lines out."""

    def __init__(self, app: App, recording: Recording) -> None:
        self.app = app
        self.recording = recording
        self.read = 0

    def _new(self) -> list[str]:
        """The lines said since the last look."""
        lines = self.recording.lines[self.read:]
        self.read = len(self.recording.lines)
        return lines

    def press(self, key: str, shift: bool = False) -> list[str]:
        """A key down and up, as a person presses it."""
        code = NAMED_KEYS.get(key, ord(key[0]))
        char = "" if key in NAMED_KEYS else (key.upper() if shift else key)
        mod = pygame.KMOD_SHIFT if shift else 0
        self.app.step([pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char, mod=mod)])
        self.app.step([pygame.event.Event(pygame.KEYUP, key=code, unicode=char, mod=mod)])
        return self._new()

    def type(self, text: str) -> list[str]:
        """Typed text, as the window sends it."""
        self.app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])
        return self._new()

    def wait(self, seconds: float = 120.0) -> list[str]:
        """Frames until the person may act at the table (its turn line said) or another screen is on top;
        the computers think in another process, so a loaded machine needs more frames."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            top = self.app.top
            if not isinstance(top, TableScene) or (top.human_turn() and top.speech.said_turn()):
                break
            self.app.step([])
        self.app.step([])
        return self._new()


def test_a_whole_classic_round_is_played_by_ear_from_the_title(app: App) -> None:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    app.settings.pace = "instant"
    app.reset(app.routes.title())
    player = BlindPlayer(Keyboard(app, recording))
    player.set_up(players=2, level="easy", code=encode(SEED))
    table = app.stack[0]
    assert isinstance(table, TableScene) and table.match.players == 2
    player.play_round()
    assert isinstance(app.top, RoundSummaryScene)
    assert player.played >= 10 and player.refused <= 2, (player.played, player.refused)
    logged = [spoken(text) for text in told_in_one(table.log.lines, table.match.names, 0)]
    said = [line for line in recording.lines if line in set(logged)]
    assert said == logged, "every move the log keeps is said, another seat's line of tiles in one"
    assert "Score sheet. You: round 1 " in " ".join(player.heard), "the score sheet is read row by row"
