"""Player settings the UI reads: the pace of computer turns, the hand's order,
tile faces, the window, the tips already shown and the last table setup.

``Settings.remembered(prefs)`` starts from what ``game.memory.prefs`` read from the
settings file; ``remember()`` writes the settings back after a change. A run
made without prefs (tests, a demo) remembers nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..memory.prefs import Prefs

PACES: dict[str, float] = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
"""Seconds a computer turn stays on screen at each pace (animations scale too)."""

ANIMATION_SCALES: dict[str, float] = {"slow": 1.3, "normal": 1.0, "fast": 0.55, "instant": 0.0}
"""Multiplier of animation durations at each pace."""

TILE_FACES = ("pips", "numbers")
"""How tile faces show their values: pips (numerals only where pips would be too small) or numerals."""

WINDOW = (1280, 800)
"""The window's size in pixels on a first run."""


@dataclass
class Settings:
    """Settings for this run; ``pace`` is one of PACES, ``tile_faces`` one of
    TILE_FACES, ``window`` the last windowed size in pixels, ``volume`` of the
    sound effects 0..1. ``note`` is what
    reading the settings file had to tell the player (shown once on the title)."""

    pace: str = "normal"
    hand_sort: str = "pips"
    tile_faces: str = "pips"
    fullscreen: bool = False
    window: tuple[int, int] = WINDOW
    sound: bool = True
    volume: float = 0.75
    palette: str = "standard"
    """Seat and pip colours: ``standard`` or ``colour-blind`` (see ``theme.use_palette``)."""
    ui_scale: float = 1.0
    """How large text and tiles are drawn (see ``ui_scale.use_scale``)."""
    tips_seen: list[str] = field(default_factory=list)
    last_setup: dict[str, Any] | None = None
    lesson_state: str = "offered"
    """The Learn to play lesson: ``new`` (offered at the next title), ``offered``,
    ``started`` (``lesson_step`` is where it stopped), ``done`` or ``skipped``. A run
    without prefs (tests, a demo) starts at ``offered``: it offers nothing."""
    lesson_step: int = 0
    online_name: str = ""
    """The name last given in the Play online forms ('' until one is used)."""
    online_server: str = ""
    """The host form's port or table server address last used."""
    online_address: str = ""
    """The join form's address last used."""
    speech: str = "off"
    """Speech: ``off``, ``automatic`` (chosen anew at each start), ``screen reader`` or
    ``system voice`` (see ``game.speech``)."""
    speech_verbosity: str = "brief"
    """What the table says of each move: ``brief`` (the event) or ``full`` (hand counts, who moves next)."""
    reduced_motion: bool = False
    """Nothing travels across the screen: tiles fade in where they land, counts change at once."""
    note: str = ""
    speech_note: str = ""
    """What the voice had to tell at the start (already said, so shown on the title but not said again)."""
    prefs: Prefs | None = field(default=None, repr=False, compare=False)

    @classmethod
    def remembered(cls, prefs: Prefs, note: str | None = None) -> Settings:
        """The settings ``prefs`` holds (already loaded), kept there by ``remember``."""
        w, h = prefs["window"]
        return cls(
            pace=prefs["pace"], hand_sort=prefs["hand_sort"], tile_faces=prefs["tile_faces"],
            fullscreen=prefs["fullscreen"], window=(w, h), sound=prefs["sound"], volume=prefs["volume"],
            palette=prefs["palette"], ui_scale=prefs["ui_scale"], tips_seen=list(prefs["tips_seen"]),
            last_setup=prefs["last_setup"], lesson_state=prefs["lesson_state"], lesson_step=prefs["lesson_step"],
            online_name=prefs["online_name"], online_server=prefs["online_server"],
            online_address=prefs["online_address"], speech=prefs["speech"],
            speech_verbosity=prefs["speech_verbosity"], reduced_motion=prefs["reduced_motion"], note=note or "",
            prefs=prefs,
        )

    def remember(self) -> str | None:
        """Write the settings to the settings file if any changed; a problem to
        show, or None (nothing is written in a run without prefs)."""
        prefs = self.prefs
        if prefs is None:
            return None
        values: dict[str, Any] = {
            "pace": self.pace, "hand_sort": self.hand_sort, "tile_faces": self.tile_faces,
            "fullscreen": self.fullscreen, "window": list(self.window), "sound": self.sound, "volume": self.volume,
            "palette": self.palette, "ui_scale": self.ui_scale, "tips_seen": list(self.tips_seen),
            "last_setup": self.last_setup, "lesson_state": self.lesson_state, "lesson_step": self.lesson_step,
            "online_name": self.online_name, "online_server": self.online_server,
            "online_address": self.online_address, "speech": self.speech,
            "speech_verbosity": self.speech_verbosity, "reduced_motion": self.reduced_motion,
        }
        if all(prefs[name] == value for name, value in values.items()):
            return None
        for name, value in values.items():
            try:
                prefs.set(name, value)
            except ValueError:
                pass  # a value the file may not hold keeps the one it had
        return prefs.save()

    def lesson_at(self, state: str, step: int = 0) -> None:
        """Remember where the Learn to play lesson stands (``state``) and the step it stopped at."""
        self.lesson_state = state
        self.lesson_step = step
        self.remember()

    def saw_tip(self, key: str) -> None:
        """Remember that the tip ``key`` was shown (it is not shown again)."""
        if key not in self.tips_seen:
            self.tips_seen.append(key)
            self.remember()

    @property
    def numerals(self) -> bool:
        """Whether tiles show numerals everywhere (the "numbers" tile faces)."""
        return self.tile_faces == "numbers"

    @property
    def turn_seconds(self) -> float:
        """Seconds a computer turn stays on screen."""
        return PACES.get(self.pace, PACES["normal"])

    @property
    def anim_scale(self) -> float:
        """Multiplier of animation durations (0 at the instant pace)."""
        return ANIMATION_SCALES.get(self.pace, 1.0)
