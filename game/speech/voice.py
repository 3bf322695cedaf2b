"""The voice the game speaks through: the chosen backend, the speech log, and
how long speech lasts where the backend cannot tell (estimated from the text)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from ..memory.files import clean
from .base import Silent, Speech
from .choose import AUTOMATIC, OFF, open_speech
from .log import SpeechLog
from .spoken import spoken

SECONDS_A_CHARACTER = 0.065
"""How long the system voice takes per character at about 175 words a minute ..."""
SECONDS_AT_LEAST = 0.4
"""... plus this for every line ..."""
SECONDS_AT_MOST = 8.0
"""... and never longer than this for one line (a wait no one should sit through unasked)."""


def estimate(text: str) -> float:
    """Seconds ``text`` takes to say, where the backend cannot tell."""
    return min(SECONDS_AT_MOST, SECONDS_AT_LEAST + SECONDS_A_CHARACTER * len(text))


SPEECH_ON, SPEECH_OFF = "Speech on.", "Speech off."
"""What is said as speech is turned on or off (never silently)."""


class Voice:
    """What the game says, through ``speech``, in ``mode`` (the backend's: off, screen
    reader, system voice) for the person's ``setting`` (``mode`` unless it was
    ``automatic``); with a ``log`` every line said is written there with its time.
    ``clock`` gives seconds (a test drives its own)."""

    def __init__(self, speech: Speech | None = None, mode: str = OFF, log: SpeechLog | None = None,
                 clock: Callable[[], float] = time.monotonic, setting: str | None = None) -> None:
        self.speech = speech or Silent()
        self.mode = mode if speech is not None else OFF
        self.setting = self.mode if setting is None or self.mode == OFF else setting
        """What the person chose (Settings keeps it): ``automatic`` is chosen anew at each start."""
        self.log = log
        self.clock = clock
        self._until = 0.0
        self._leaving: Speech | None = None
        """The backend that said "Speech off.", closed at the next switch (so it says it whole)."""
        self._last_on = AUTOMATIC if self.setting == OFF else self.setting
        self.last = ""
        """The last line said (what was said is never asked of the backend)."""
        self._once: set[str] = set()

    @classmethod
    def opened(cls, setting: str, log_path: Path | None = None) -> tuple[Voice, str]:
        """The voice for ``setting`` with a log at ``log_path``; and what the person should
        know of it in words ('' when nothing: a fall-back, a voice missing, a log that
        cannot be written), said aloud and logged once here."""
        log = SpeechLog(log_path) if log_path is not None else None
        speech, chosen, note = open_speech(setting)
        notes = " ".join(n for n in (note, log.problem if log is not None else "") if n)
        voice = cls(speech, chosen, log, setting=setting)
        voice.say(notes)
        return voice, notes

    def once(self, key: str) -> bool:
        """Whether a line said once a run (the keys to ask, named by ``key``) is yet to be said: True
        the first time it is asked with speech on, then never again this run."""
        if not self.on or key in self._once:
            return False
        self._once.add(key)
        return True

    @property
    def on(self) -> bool:
        """Whether the game speaks (the backend may still be silent, the log then keeps the words)."""
        return self.mode != OFF

    def switch(self, setting: str) -> str:
        """Speak as ``setting`` says from now on; what the person should know of the voice
        chosen in words ('' when nothing), for the caller to show and say. Turning speech
        off says so first, through the voice that goes."""
        if self._leaving is not None:
            self._leaving.close()
            self._leaving = None
        if setting == OFF:
            if self.on:
                self.say(SPEECH_OFF, interrupt=True)
                self._leaving = self.speech
            else:
                self.speech.close()
            self.speech, self.mode, self.setting = Silent(), OFF, OFF
            self._until = 0.0
            return ""
        self.speech.close()
        self.speech, self.mode, note = open_speech(setting)
        self.setting = self._last_on = setting
        self._until = 0.0
        return note

    def toggle(self) -> str:
        """Speech off when on, else on again as last chosen (``automatic`` when it never
        was): the key that brings speech back from any screen. Says which, and what the
        person should know of the voice; returns the new setting."""
        if self.on:
            self.switch(OFF)
            return OFF
        note = self.switch(self._last_on)
        self.say(SPEECH_ON, interrupt=True)
        self.say(note)
        return self.setting

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` after what is being said, or at once with ``interrupt``."""
        line = spoken(clean(" ".join(text.split())))
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
        if self._leaving is not None:
            self._leaving.close()
        self.speech.close()
        if self.log is not None:
            self.log.close()
