"""Which backend speaks: the person's choice in Settings (off, automatic, screen
reader, system voice), with what was missing, or what was chosen for them, in words."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from .base import Silent, Speech
from .libraries import sapi, screen_reader_windows
from .processes import espeak, mac_say
from .ssip import dispatcher

OFF, AUTOMATIC, SCREEN_READER, SYSTEM_VOICE = "off", "automatic", "screen reader", "system voice"
MODES = (OFF, AUTOMATIC, SCREEN_READER, SYSTEM_VOICE)
"""What Settings offers: ``automatic`` is chosen anew at every start (the screen reader, else the system voice)."""


def screen_reader(platform: str, env: Mapping[str, str]) -> tuple[Speech | None, str]:
    """The person's screen reader on ``platform`` (``sys.platform``), or None and why not."""
    if platform.startswith("win"):
        return screen_reader_windows()
    if platform == "darwin":
        return None, "the game cannot speak through VoiceOver"
    return dispatcher(env)


def system_voice(platform: str) -> tuple[Speech | None, str]:
    """The system's own voice on ``platform``, or None and why not."""
    if platform.startswith("win"):
        return sapi()
    if platform == "darwin":
        voice = mac_say()
        return voice, "" if voice is not None else "the say command is missing"
    found = espeak()
    return found, "" if found is not None else "espeak-ng is not installed (apt-get install espeak-ng)"


def open_speech(mode: str, platform: str | None = None,
                env: Mapping[str, str] | None = None) -> tuple[Speech, str, str]:
    """The backend for the setting ``mode``, the backend's mode (off, screen reader or
    system voice), and a sentence for the person ('' when there is nothing to tell).

    ``automatic`` takes the screen reader, else the system voice, and says so
    when it falls back; a ``screen reader`` that cannot be reached falls back to
    the system voice with the reason; with no voice at all speech stays on but
    silent (the speech log still keeps every line) and the sentence says why."""
    platform = platform or sys.platform
    env = os.environ if env is None else env
    if mode == OFF:
        return Silent(), OFF, ""
    reader_missing = ""
    if mode in (SCREEN_READER, AUTOMATIC):
        reader, why = screen_reader(platform, env)
        if reader is not None:
            return reader, SCREEN_READER, ""
        reader_missing = why
    voice, why = system_voice(platform)
    if voice is not None:
        if mode == AUTOMATIC:
            return voice, SYSTEM_VOICE, f"Speaking with {voice.name}: no screen reader answered."
        if reader_missing:
            return voice, SYSTEM_VOICE, (f"No screen reader could be reached ({reader_missing}); "
                                         f"{voice.name} speaks instead.")
        return voice, SYSTEM_VOICE, ""
    missing = [f"No screen reader answered: {reader_missing}." if reader_missing else "",
               f"The system voice cannot speak: {why}."]
    said = " ".join(["Speech is on, but nothing can speak.", *(m for m in missing if m)])
    return Silent(), SYSTEM_VOICE if mode == AUTOMATIC else mode, said
