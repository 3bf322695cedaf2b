"""The version has one source, pyproject.toml, and the game reports it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.commands.cli import main
from game.core_build import COMPILED, PURE_LABEL, build_label, is_extension, still_python
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
    assert capsys.readouterr().out.strip() == f"mexican-train {pyproject_version()} ({build_label()})"


def test_the_source_tree_runs_its_python_and_version_says_so() -> None:
    """A development install runs the .py files a developer edits: no compiled
    module beside them (a stale one would run instead), and --version says pure Python."""
    import game

    source = Path(game.__file__).resolve().parent
    if source != ROOT / "game":
        pytest.skip("the game under test is an installed build, not this source tree")
    stale = sorted(str(p.relative_to(ROOT)) for p in source.rglob("*") if is_extension(p.name))
    assert stale == [], f"compiled modules in the source tree would run instead of the .py: {stale}"
    assert build_label() == PURE_LABEL and len(still_python()) == len(COMPILED)


def test_game_dunder_version_is_the_same_version() -> None:
    import game

    assert game.__version__ == pyproject_version()
