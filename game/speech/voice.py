"""The voice the game speaks through: the chosen backend, the speech log, and
how long speech lasts where the backend cannot tell (estimated from the text)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from ..memory.files import clean
from .base import Silent, Speech
from .choose import OFF, open_speech
from .log import SpeechLog

SECONDS_A_CHARACTER = 0.065
"""How long the system voice takes per character at about 175 words a minute ..."""
SECONDS_AT_LEAST = 0.4
"""... plus this for every line ..."""
SECONDS_AT_MOST = 8.0
"""... and never longer than this for one line (a wait no one should sit through unasked)."""


def estimate(text: str) -> float:
    """Seconds ``text`` takes to say, where the backend cannot tell."""
    return min(SECONDS_AT_MOST, SECONDS_AT_LEAST + SECONDS_A_CHARACTER * len(text))


class Voice:
    """What the game says, through ``speech``, in ``mode`` (off, screen reader, system
    voice); with a ``log`` every line said is written there with its time. ``clock``
    gives seconds (a test drives its own)."""

    def __init__(self, speech: Speech | None = None, mode: str = OFF, log: SpeechLog | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.speech = speech or Silent()
        self.mode = mode if speech is not None else OFF
        self.log = log
        self.clock = clock
        self._until = 0.0
        self.last = ""
        """The last line said (what was said is never asked of the backend)."""

    @classmethod
    def opened(cls, mode: str, log_path: Path | None = None) -> tuple[Voice, str]:
        """The voice for ``mode`` (``auto`` too), with a log at ``log_path``; and what
        was missing in words ('' when nothing was), said aloud and logged too."""
        log = SpeechLog(log_path) if log_path is not None else None
        speech, chosen, note = open_speech(mode)
        notes = " ".join(n for n in (note, log.problem if log is not None else "") if n)
        voice = cls(speech, chosen, log)
        voice.say(notes)
        return voice, notes

    @property
    def on(self) -> bool:
        """Whether the game speaks (the backend may still be silent, the log then keeps the words)."""
        return self.mode != OFF

    def switch(self, mode: str) -> str:
        """Speak in ``mode`` from now on; what was missing in words ('' when nothing was),
        for the caller to show and say."""
        self.speech.close()
        speech, self.mode, note = open_speech(mode)
        self.speech = speech
        self._until = 0.0
        return note

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` after what is being said, or at once with ``interrupt``."""
        line = clean(" ".join(text.split()))
        if not self.on or not line:
            return
        now = self.clock()
        if interrupt:
            self._until = now
        self.speech.say(line, interrupt)
        self._until = max(now, self._until) + estimate(line)
        self.last = line
        if self.log is not None:
            self.log.write(line)

    def stop(self) -> None:
        """Stop speaking now (a key was pressed)."""
        if not self.on:
            return
        self.speech.stop()
        self._until = self.clock()

    def busy(self) -> bool:
        """Whether speech goes on: as the backend says, else as the estimate says."""
        if not self.on:
            return False
        speaking = self.speech.speaking()
        if speaking is None:
            return self.clock() < self._until
        return speaking

    def close(self) -> None:
        """Stop, close the backend and the log."""
        self.speech.close()
        if self.log is not None:
            self.log.close()
