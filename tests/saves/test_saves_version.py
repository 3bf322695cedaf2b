"""Every save records the version of the game that wrote it; saves without it still load."""

from __future__ import annotations

import json

import pytest

from game.saves import SaveError, check_bytes, dumps, session_from_bytes
from game.saves.codec import checksum
from game.version import game_version

from .sessions import new_session, play_steps


def _save_bytes() -> bytes:
    session = new_session("classic", ["human", "easy", "random"], 5)
    play_steps(session, 12)
    return dumps(session, "versioned")


def test_a_written_save_carries_the_game_version() -> None:
    doc = json.loads(_save_bytes())
    assert doc["game_version"] == game_version()
    assert check_bytes(_save_bytes()).doc["game_version"] == game_version()


def test_a_save_written_before_the_version_was_recorded_still_loads() -> None:
    doc = json.loads(_save_bytes())
    del doc["game_version"]
    doc["checksum"] = checksum(doc)
    session = session_from_bytes(json.dumps(doc).encode())
    assert session.match.round is not None


@pytest.mark.parametrize(
    ("value", "message"),
    [(3, "game_version must be text"), ("9" * 41, "game_version is longer than 40"), ("1\n2", "control")],
)
def test_a_save_whose_game_version_is_not_short_text_is_refused(value: object, message: str) -> None:
    doc = json.loads(_save_bytes())
    doc["game_version"] = value
    doc["checksum"] = checksum(doc)
    with pytest.raises(SaveError, match=message):
        check_bytes(json.dumps(doc).encode())
