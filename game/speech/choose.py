"""Which backend speaks: the person's choice in Settings (off, screen reader,
system voice), or the automatic choice, with what was missing in words."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from .base import Silent, Speech
from .libraries import sapi, screen_reader_windows
from .processes import espeak, mac_say
from .ssip import dispatcher

OFF, SCREEN_READER, SYSTEM_VOICE = "off", "screen reader", "system voice"
MODES = (OFF, SCREEN_READER, SYSTEM_VOICE)
"""What Settings offers."""


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
    """The backend for ``mode`` (``auto``: the screen reader, else the system voice),
    the mode it gives, and a sentence for the person when something was missing
    ('' when all went well). A missing screen reader falls back to the system
    voice; with neither, speech is silent and the sentence says why."""
    platform = platform or sys.platform
    env = os.environ if env is None else env
    if mode == OFF:
        return Silent(), OFF, ""
    problems: list[str] = []
    if mode in (SCREEN_READER, "auto"):
        reader, why = screen_reader(platform, env)
        if reader is not None:
            return reader, SCREEN_READER, ""
        problems.append(f"No screen reader could be reached: {why}")
    voice, why = system_voice(platform)
    if voice is not None:
        said = f"{problems[0]}; the system voice speaks instead ({voice.name})." if problems and mode != "auto" else ""
        return voice, SYSTEM_VOICE, said
    problems.append(f"the system voice cannot speak: {why}" if problems else f"The system voice cannot speak: {why}")
    return Silent(), mode if mode != "auto" else SYSTEM_VOICE, "; ".join(problems) + "."
