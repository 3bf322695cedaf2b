"""Speech through a library that may be installed beside the game: on Windows
the person's screen reader (NVDA, JAWS, ...) through Tolk (``cytolk``) or
accessible_output2, and the system voice through SAPI (``win32com``).

None of them is a dependency of the game: each is imported only when asked
for, and a missing one is said in words. None has been tried here (the game
is developed on Linux); tests use stand-in modules with the same calls."""

from __future__ import annotations

import importlib
from typing import Any

from .base import Speech

SAPI_ASYNC, SAPI_PURGE = 1, 2
"""SAPI's SpeakFlags: return at once, and drop what is being said first."""
SAPI_SPEAKING = 2
"""SAPI's RunningState while it speaks."""


def _module(name: str) -> Any | None:
    """The module ``name`` if it can be imported, else None."""
    try:
        return importlib.import_module(name)
    except Exception:  # noqa: BLE001 - a broken optional library is a missing one
        return None


class TolkSpeech(Speech):
    """The running screen reader through Tolk (the ``cytolk`` package's ``tolk`` module)."""

    def __init__(self, tolk: Any, reader: str) -> None:
        self.tolk = tolk
        self.name = f"{reader} (through Tolk)"

    def say(self, text: str, interrupt: bool = False) -> None:
        """Hand ``text`` to the screen reader."""
        self.tolk.output(text, interrupt)

    def stop(self) -> None:
        """Silence the screen reader."""
        self.tolk.silence()

    def speaking(self) -> bool | None:
        """Tolk's answer (some screen readers cannot tell: None)."""
        answer = self.tolk.is_speaking()
        return None if answer is None else bool(answer)

    def close(self) -> None:
        """Silence the screen reader and let Tolk go."""
        self.stop()
        self.tolk.unload()


class OutputSpeech(Speech):
    """The screen reader (or SAPI) accessible_output2 found (``outputs.auto.Auto``)."""

    name = "screen reader (through accessible_output2)"

    def __init__(self, output: Any) -> None:
        self.output = output

    def say(self, text: str, interrupt: bool = False) -> None:
        """Hand ``text`` to the output."""
        self.output.speak(text, interrupt=interrupt)

    def stop(self) -> None:
        """Silence it, where it can be."""
        silence = getattr(self.output, "silence", None)
        if silence is not None:
            silence()

    def speaking(self) -> bool | None:
        """accessible_output2 cannot tell: None."""
        return None


class SapiSpeech(Speech):
    """Windows's own voice through SAPI (``win32com.client.Dispatch("SAPI.SpVoice")``)."""

    name = "Windows voice (SAPI)"

    def __init__(self, voice: Any) -> None:
        self.voice = voice

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` without waiting for it (after what is said, unless ``interrupt``)."""
        self.voice.Speak(text, SAPI_ASYNC | (SAPI_PURGE if interrupt else 0))

    def stop(self) -> None:
        """Drop what is said and what waits."""
        self.voice.Speak("", SAPI_ASYNC | SAPI_PURGE)

    def speaking(self) -> bool | None:
        """Whether SAPI is speaking now."""
        return bool(self.voice.Status.RunningState == SAPI_SPEAKING)


def screen_reader_windows() -> tuple[Speech | None, str]:
    """The running screen reader through Tolk, else accessible_output2; or None and why not."""
    cytolk = _module("cytolk.tolk")
    if cytolk is not None:
        cytolk.load()
        reader = cytolk.detect_screen_reader()
        if reader:
            return TolkSpeech(cytolk, str(reader)), ""
        cytolk.unload()
    auto = _module("accessible_output2.outputs.auto")
    if auto is not None:
        return OutputSpeech(auto.Auto()), ""
    if cytolk is not None:
        return None, "Tolk found no screen reader running"
    return None, "neither cytolk (Tolk) nor accessible_output2 is installed"


def sapi() -> tuple[Speech | None, str]:
    """Windows's own voice through SAPI, or None and why not."""
    client = _module("win32com.client")
    if client is None:
        return None, "pywin32 (win32com) is not installed, so SAPI cannot be reached"
    try:
        return SapiSpeech(client.Dispatch("SAPI.SpVoice")), ""
    except Exception as error:  # noqa: BLE001 - COM's errors come in many types: said, never raised
        return None, f"SAPI did not start ({error})"
