"""The version has one source, pyproject.toml, and the game reports it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.commands.cli import main
from game.version import game_version

ROOT = Path(__file__).resolve().parents[1]


def pyproject_version() -> str:
    """``[project] version`` from the repository's pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def test_the_game_reports_the_version_written_in_pyproject() -> None:
    assert game_version() == pyproject_version()


def test_mexican_train_version_prints_the_name_and_the_pyproject_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"mexican-train {pyproject_version()}"


def test_game_dunder_version_is_the_same_version() -> None:
    import game

    assert game.__version__ == pyproject_version()
