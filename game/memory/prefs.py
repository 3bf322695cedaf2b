"""What the game remembers between runs: settings, the last table setup, the
tips already shown, and how far the Learn to play lesson went.

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
from pathlib import Path
from typing import Any, Final

from .files import FileProblem, FileRefused, bad_character, parse_json, read_file, set_aside, write_file

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


def _text(value: Any) -> bool:
    """A short text fit to draw (no control or bidirectional characters)."""
    return isinstance(value, str) and len(value) <= 40 and bad_character(value) is None


def _address(value: Any) -> bool:
    """A server address as typed in the online forms ('' for none): host, port, or a ws:// address."""
    return isinstance(value, str) and len(value) <= 60 and all(
        c.isascii() and (c.isalnum() or c in ".:-[]/_") for c in value)


def _names(value: Any) -> bool:
    """A list of short texts."""
    return isinstance(value, list) and len(value) <= 100 and all(_text(v) for v in value)


def _setup(value: Any) -> bool:
    """The last table setup: seats (name and kind), preset, house rules, length, undo."""
    if value is None:
        return True
    if not isinstance(value, dict) or set(value) != {"seats", "preset", "house_rules", "length", "allow_undo"}:
        return False
    seats = value["seats"]
    return (
        isinstance(seats, list) and 2 <= len(seats) <= 8
        and all(isinstance(s, dict) and set(s) == {"name", "kind"} and all(_text(x) for x in s.values())
                for s in seats)
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
    "volume": (0.75, _number(0.0, 1.0)),
    "ui_scale": (1.0, _number(0.75, 2.0)),
    "palette": ("standard", _one_of("standard", "colour-blind")),
    "tips_seen": ([], _names),
    "last_setup": (None, _setup),
    "lesson_state": ("new", _one_of("new", "offered", "started", "done", "skipped")),
    "lesson_step": (0, lambda v: type(v) is int and 0 <= v <= 999),
    "online_name": ("", _text),
    "online_server": ("", _address),
    "online_address": ("", _address),
    "speech": ("off", _one_of("off", "automatic", "screen reader", "system voice")),
    "speech_verbosity": ("brief", _one_of("brief", "full")),
    "reduced_motion": (False, _one_of(True, False)),
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
        self.stuck: str | None = None
        """Why the file must not be written (it could not be read nor set aside), or None."""

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def load(self) -> str | None:
        """Read the file; returns a sentence for the player when something had
        to fall back to defaults (None when all was well or there was no file)."""
        self.values = defaults()
        try:
            doc = parse_json(read_file(self.path, MAX_BYTES), "a settings file")
        except FileNotFoundError:
            return None
        except FileRefused as unread:
            return self._start_afresh(unread.why.removesuffix(", so it is not read"))
        except FileProblem as problem:
            return self._start_afresh(problem.reason)
        if type(doc) is not dict or doc.get("format") != FORMAT_MARK or type(doc.get("values")) is not dict:
            return self._start_afresh("it is not a settings file")
        if doc.get("version") != VERSION:
            return self._start_afresh(f"it was written by another version, format {doc.get('version')!r}")
        if "lesson_state" not in doc["values"]:
            self.values["lesson_state"] = "offered"  # a file from before the lesson: not a first start
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
        if self.stuck:
            return f"Settings not saved: {self.stuck}"
        try:
            write_file(self.path, (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        except FileProblem as error:
            return f"Settings not saved: {error.reason}"
        return None

    def _start_afresh(self, why: str) -> str:
        """Set the unreadable file aside (kept as it is, never overwritten) and fall
        back to the defaults; when it cannot be moved, the game will not write over it."""
        aside = set_aside(self.path)
        if aside is None:
            self.stuck = f"{self.path.name} could not be read or set aside, so it is left as it is"
            return f"The settings could not be read: {why}. The defaults are back for this run."
        return (f"The settings could not be read: {why}. The defaults are back; the old file is kept as "
                f"{aside.name}.")
