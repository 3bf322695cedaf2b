"""Sound effects: the synthesised clicks and chimes of ``assets/sounds``,
played for what the engine says happened, at the settings' volume.

Silent, and without an error, where there is no audio device (the mixer
cannot start) or a file cannot be loaded. What the audio libraries print
while the mixer starts (ALSA's eight lines on a machine with no sound card)
is kept off the terminal; a failed start leaves one line in the log instead.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ..engine import events as ev
from ..engine.tiles import IS_DOUBLE
from .paths import asset_path

log = logging.getLogger("mexican_train.sound")

NAMES = (
    "tile-placed", "tile-drawn", "double", "knock", "marker-up", "marker-down", "round-end", "match-end",
    "clock-warning",
)


def sound_for(event: ev.Event) -> str | None:
    """The effect an engine event makes, or None for a silent one."""
    if isinstance(event, ev.TilePlayed):
        return "double" if IS_DOUBLE[event.tile] else "tile-placed"
    if isinstance(event, ev.TileDrawn):
        return "tile-drawn"
    if isinstance(event, ev.Knocked):
        return "knock"
    if isinstance(event, ev.MarkerUp):
        return "marker-up"
    if isinstance(event, ev.MarkerDown):
        return "marker-down"
    if isinstance(event, ev.RoundEnded):
        return "round-end"
    return None


class Sounds:
    """The effects, loaded once; ``play(name)`` does nothing when sound is off or unavailable."""

    def __init__(self, settings: object) -> None:
        """Load the effects; ``settings`` may carry ``sound`` (on/off) and ``volume`` (0..1)."""
        self.settings = settings
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                with _native_stderr_held():
                    pygame.mixer.init()
            for name in NAMES:
                self.effects[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            self.available = True
        except (pygame.error, OSError, FileNotFoundError) as error:
            self.effects = {}
            log.warning("sound is off: no audio device could be opened (%s)", str(error).strip() or type(error).__name__)

    @property
    def enabled(self) -> bool:
        """Whether effects are heard: a device, and sound on in the settings."""
        return self.available and bool(getattr(self.settings, "sound", True))

    def play(self, name: str) -> None:
        """Play the effect ``name`` at the settings' volume (0..1)."""
        effect = self.effects.get(name)
        if effect is None or not self.enabled:
            return
        volume = float(getattr(self.settings, "volume", 0.7))
        try:
            effect.set_volume(max(0.0, min(1.0, volume)))
            effect.play()
        except pygame.error:
            pass

    def hear(self, event: ev.Event) -> None:
        """Play what ``event`` sounds like."""
        name = sound_for(event)
        if name is not None:
            self.play(name)


@contextmanager
def _native_stderr_held() -> Iterator[None]:
    """While the block runs, what C libraries write to the process's stderr goes to a
    scratch file instead of the terminal (SDL and ALSA report a missing sound card there)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no stderr to hold
        yield
        return
    try:
        with tempfile.TemporaryFile() as scratch:
            os.dup2(scratch.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)
