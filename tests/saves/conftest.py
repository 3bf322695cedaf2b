"""Every saves test gets its own data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.saves import DATA_DIR_ENV


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the game's data folder at a fresh temporary folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder
