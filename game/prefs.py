"""What the game remembers between runs: settings, the last table setup, the
tips already shown.

Stored as versioned JSON (``settings.json``) in the platformdirs config
folder (``$MEXICAN_TRAIN_CONFIG_DIR`` overrides it), written atomically. A
value of the wrong type or out of range falls back to its default; a damaged
or unknown file falls back to every default and is kept aside; each time the
player is told in one sentence, never with a crash.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from .safe_read import read_regular
from .saves.atomic import atomic_write
from .saves.errors import SaveError

CONFIG_DIR_ENV = "MEXICAN_TRAIN_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT_MARK = "mexican-train settings"
VERSION = 1
MAX_BYTES = 200_000

Check = Callable[[Any], bool]


def _one_of(*choices: Any) -> Check:
    """A value among ``choices``."""
    return lambda value: value in choices


def _number(lo: float, hi: float) -> Check:
    """A number (not a bool) within ``lo..hi``."""
    return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi


def _window(value: Any) -> bool:
    """A window size [width, height] in pixels a screen can show."""
    return (
        isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
        and 640 <= value[0] <= 10_000 and 400 <= value[1] <= 10_000
    )


def _names(value: Any) -> bool:
    """A list of short texts."""
    return isinstance(value, list) and len(value) <= 100 and all(isinstance(v, str) and len(v) <= 40 for v in value)


def _setup(value: Any) -> bool:
    """The last table setup: seats (name and kind), preset, house rules, length, undo."""
    if value is None:
        return True
    if not isinstance(value, dict) or set(value) != {"seats", "preset", "house_rules", "length", "allow_undo"}:
        return False
    seats = value["seats"]
    return (
        isinstance(seats, list) and 2 <= len(seats) <= 8
        and all(isinstance(s, dict) and set(s) == {"name", "kind"} and all(isinstance(x, str) and len(x) <= 40
                for x in s.values()) for s in seats)
        and isinstance(value["preset"], str) and isinstance(value["house_rules"], dict)
        and value["length"] in ("full", "short", "blitz") and isinstance(value["allow_undo"], bool)
    )


FIELDS: Final[dict[str, tuple[Any, Check]]] = {
    "pace": ("normal", _one_of("slow", "normal", "fast", "instant")),
    "hand_sort": ("pips", _one_of("pips", "suit", "train")),
    "tile_faces": ("pips", _one_of("pips", "numbers")),
    "fullscreen": (False, _one_of(True, False)),
    "window": ([1280, 800], _window),
    "sound": (True, _one_of(True, False)),
    "volume": (0.7, _number(0.0, 1.0)),
    "ui_scale": (1.0, _number(0.75, 1.5)),
    "palette": ("standard", _one_of("standard", "colour-blind")),
    "tips_seen": ([], _names),
    "last_setup": (None, _setup),
}
"""Every remembered value: its default and what it may be."""


def config_dir() -> Path:
    """The game's config folder (``$MEXICAN_TRAIN_CONFIG_DIR`` overrides the platform's)."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("mexican-train", appauthor=False))


def defaults() -> dict[str, Any]:
    """Every value at its default (fresh copies)."""
    return {name: copy.deepcopy(default) for name, (default, _) in FIELDS.items()}


class Prefs:
    """The remembered values, read from and written to one file."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or config_dir()) / FILE_NAME
        self.values = defaults()

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def load(self) -> str | None:
        """Read the file; returns a sentence for the player when something had
        to fall back to defaults (None when all was well or there was no file)."""
        self.values = defaults()
        try:
            doc = json.loads(read_regular(self.path, MAX_BYTES).decode("utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError) as error:
            return self._start_afresh(str(error))
        if type(doc) is not dict or doc.get("format") != FORMAT_MARK or type(doc.get("values")) is not dict:
            return self._start_afresh("it is not a settings file")
        if doc.get("version") != VERSION:
            return self._start_afresh(f"it was written by another version (format {doc.get('version')!r})")
        refused = []
        for name, value in doc["values"].items():
            if name not in FIELDS:
                continue
            _, check = FIELDS[name]
            if check(value):
                self.values[name] = value
            else:
                refused.append(name)
        if refused:
            return f"Some settings could not be read ({', '.join(refused)}) and are back to their defaults."
        return None

    def set(self, name: str, value: Any) -> None:
        """Change one value (ValueError for one it may not take)."""
        _, check = FIELDS[name]
        if not check(value):
            raise ValueError(f"{name} cannot be {value!r}")
        self.values[name] = value

    def save(self) -> str | None:
        """Write the file atomically; returns a problem to show, or None."""
        doc = {"format": FORMAT_MARK, "version": VERSION, "values": self.values}
        try:
            atomic_write(self.path, (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        except SaveError as error:
            return f"Settings not saved: {error.reason}"
        return None

    def _start_afresh(self, why: str) -> str:
        """Keep a damaged file aside and fall back to the defaults."""
        kept = ""
        if self.path.is_file() and not self.path.is_symlink():
            aside = self.path.with_name(f"settings-damaged-{datetime.now():%Y%m%d-%H%M%S}.json")
            try:
                os.replace(self.path, aside)
                kept = f" The old file is kept as {aside.name}."
            except OSError:
                pass
        return f"The settings could not be read ({why}); the defaults are back.{kept}"
