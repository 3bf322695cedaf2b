"""The system voice as a process per line: espeak-ng on Linux, ``say`` on macOS.

A line is spoken by starting the program with it; the process is polled to
know whether it still speaks and ended to stop it, and the lines that wait
their turn are started one after another as each process ends (``speaking``
moves the queue on, so the game polls it every frame)."""

from __future__ import annotations

import shutil
import subprocess
from collections import deque
from collections.abc import Sequence
from pathlib import Path

from .base import Speech

ESPEAK = "espeak-ng"
SAY = "say"
WORDS_A_MINUTE = 175
"""How fast the system voice speaks (espeak-ng's ``-s``, ``say``'s ``-r``)."""


def espeak_command(text: str, wav: Path | None = None) -> list[str]:
    """The espeak-ng command that says ``text`` (to the sound device, or into the WAV file ``wav``)."""
    out = ["-w", str(wav)] if wav is not None else []
    return [ESPEAK, "-s", str(WORDS_A_MINUTE), *out, "--", text]


def say_command(text: str) -> list[str]:
    """macOS's ``say`` command for ``text`` (a leading dash is not taken for an option)."""
    return [SAY, "-r", str(WORDS_A_MINUTE), " " + text if text.startswith("-") else text]


class ProcessSpeech(Speech):
    """Says each line by running ``command(text)``; ``program`` is the executable's path."""

    def __init__(self, name: str, program: str, wav: Path | None = None) -> None:
        self.name = name
        self.program = program
        self.wav = wav
        """espeak-ng only: write the speech into this WAV file instead of the sound device."""
        self.waiting: deque[str] = deque()
        self.process: subprocess.Popen[bytes] | None = None
        self.failed = ""
        """Why the program could not be started (once), or ''."""

    def command(self, text: str) -> list[str]:
        """The command line that says ``text``."""
        if self.name == "espeak-ng":
            command = espeak_command(text, self.wav)
        else:
            command = say_command(text)
        return [self.program, *command[1:]]

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` now, or once the line being said has ended."""
        if interrupt:
            self.stop()
        self.waiting.append(text)
        self.speaking()

    def speaking(self) -> bool | None:
        """Whether a line is being said; starts the next one waiting when the last has ended."""
        process = self.process
        if process is not None and process.poll() is None:
            return True
        self.process = None
        while self.waiting:
            try:
                self.process = subprocess.Popen(self.command(self.waiting.popleft()), stdin=subprocess.DEVNULL,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                return True
            except OSError as error:
                self.failed = self.failed or f"{self.name} could not be started: {error.strerror or error}"
                self.waiting.clear()
        return False

    def stop(self) -> None:
        """End the line being said and forget those waiting."""
        self.waiting.clear()
        process, self.process = self.process, None
        if process is not None:
            if process.poll() is None:
                process.kill()
            process.wait()

    def wait(self, seconds: float = 60.0) -> None:
        """Block until every line has been said (``seconds`` at most each; for tests and tools)."""
        while self.speaking():
            assert self.process is not None
            self.process.wait(seconds)


def find_program(name: str, where: Sequence[str] | None = None) -> str | None:
    """The path of the program ``name`` on the PATH (or in the folders ``where``), or None."""
    return shutil.which(name, path=None if where is None else ":".join(where))


def espeak(wav: Path | None = None) -> ProcessSpeech | None:
    """The espeak-ng voice (into ``wav`` when given), or None when espeak-ng is not installed."""
    program = find_program(ESPEAK)
    return None if program is None else ProcessSpeech("espeak-ng", program, wav=wav)


def mac_say() -> ProcessSpeech | None:
    """macOS's ``say`` voice, or None where there is no ``say``."""
    program = find_program(SAY)
    return None if program is None else ProcessSpeech("say", program)
