"""Every saves test gets its own data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import ComputerSeats
from game.engine import play_match, preset
from game.memory.session import GameSession, SeatConfig
from game.saves import DATA_DIR_ENV, SaveStore


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the game's data folder at a fresh temporary folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classic match two rounds in, saved: you (played here by Medium) against three computer levels."""
    kinds = ["human", "easy", "medium", "hard"]
    session = GameSession(preset("classic"), [SeatConfig(f"P{i}", k) for i, k in enumerate(kinds)], 11)
    play_match(session.match, ComputerSeats(["medium", *kinds[1:]]), until=lambda m: len(m.round_scores) == 2)
    folder = tmp_path_factory.mktemp("verify")
    return SaveStore(folder).save_named(session, "two rounds")
