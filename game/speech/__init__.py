"""Speech for a player who cannot see the window: a small interface with its
backends (the person's screen reader, the system's voice, a recording for
tests), the automatic choice between them, the speech log and the ``Voice``
the game speaks through. No pygame here."""

from __future__ import annotations

from .base import Recording, Silent, Speech
from .choose import AUTOMATIC, MODES, OFF, open_speech
from .voice import Voice

__all__ = ["AUTOMATIC", "MODES", "OFF", "Recording", "Silent", "Speech", "Voice", "open_speech"]
