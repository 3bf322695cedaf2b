"""Remembered settings and setup: round trip, bad values, damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.memory.prefs import FIELDS, Prefs, defaults

SETUP = {
    "seats": [{"name": "Zoë", "kind": "human"}, {"name": "Ana", "kind": "expert"}],
    "preset": "tap", "house_rules": {"knock": "courtesy"}, "length": "short", "allow_undo": True,
}


def test_settings_and_the_last_setup_come_back_on_the_next_run(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    prefs.set("pace", "fast")
    prefs.set("tile_faces", "numbers")
    prefs.set("window", [1024, 640])
    prefs.set("last_setup", SETUP)
    prefs.set("tips_seen", ["first-turn"])
    assert prefs.save() is None
    again = Prefs(tmp_path)
    assert again.load() is None
    assert again["pace"] == "fast" and again["tile_faces"] == "numbers" and again["window"] == [1024, 640]
    assert again["last_setup"] == SETUP and again["tips_seen"] == ["first-turn"]


def test_a_value_that_is_not_allowed_is_refused_when_set(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        Prefs(tmp_path).set("volume", 7)


def test_a_bad_value_in_the_file_falls_back_alone_and_says_which(tmp_path: Path) -> None:
    doc = {"format": "mexican-train settings", "version": 1,
           "values": {"pace": "warp", "sound": False, "window": [10, 10], "unknown": 1}}
    (tmp_path / "settings.json").write_text(json.dumps(doc))
    prefs = Prefs(tmp_path)
    note = prefs.load()
    assert note is not None and "pace" in note and "window" in note
    assert prefs["pace"] == "normal" and prefs["sound"] is False


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"format": "x"}', b"\xff\xfe",
                                     b'{"format": "mexican-train settings", "version": 99, "values": {}}'])
def test_a_damaged_or_unknown_file_gives_the_defaults_and_is_kept(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "settings.json").write_bytes(content)
    prefs = Prefs(tmp_path)
    note = prefs.load()
    assert note is not None and "defaults" in note
    assert prefs.values == defaults()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert prefs.save() is None and Prefs(tmp_path).load() is None


def test_every_default_is_allowed() -> None:
    assert all(check(default) for default, check in FIELDS.values())


def test_the_lesson_is_offered_on_a_first_start_only(tmp_path: Path) -> None:
    """No settings file: Learn to play is still to be offered; a file written
    before the lesson existed belongs to a player who has played (not offered
    by itself); where the lesson stopped comes back."""
    fresh = Prefs(tmp_path / "fresh")
    assert fresh.load() is None and fresh["lesson_state"] == "new"
    older = {"format": "mexican-train settings", "version": 1, "values": {"pace": "fast"}}
    (tmp_path / "settings.json").write_text(json.dumps(older))
    prefs = Prefs(tmp_path)
    assert prefs.load() is None and prefs["lesson_state"] == "offered"
    prefs.set("lesson_state", "started")
    prefs.set("lesson_step", 12)
    assert prefs.save() is None
    again = Prefs(tmp_path)
    assert again.load() is None and (again["lesson_state"], again["lesson_step"]) == ("started", 12)
    with pytest.raises(ValueError):
        again.set("lesson_step", -1)
