"""What a player installs: every package listed for the wheel, the same command
as `python -m game`, the package index page up to date, and no hand-typed
count in the README that the code could contradict."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_lists_every_package_on_disk_and_the_assets_inside_the_game() -> None:
    with open(ROOT / "pyproject.toml", "rb") as file:
        config = tomllib.load(file)["tool"]["setuptools"]
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    asset_folders = {"game.assets." + p.name for p in (ROOT / "assets").iterdir()
                     if p.is_dir() and p.name != "__pycache__"}
    assert set(config["packages"]) == on_disk | {"game.assets"} | asset_folders
    assert config["package-dir"] == {"game.assets": "assets"}
    assert (ROOT / "assets" / "__init__.py").is_file() and not (ROOT / "game" / "assets").exists()


def test_every_asset_is_taken_by_its_file_type_and_an_editors_backup_is_not() -> None:
    with open(ROOT / "pyproject.toml", "rb") as file:
        patterns = tomllib.load(file)["tool"]["setuptools"]["package-data"]

    def taken(path: Path) -> bool:
        package = ".".join(("game", *path.parent.relative_to(ROOT).parts))
        return any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns.get(package, []))

    assets = [p for p in (ROOT / "assets").rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")]
    assert assets and all(taken(p) for p in assets), [str(p) for p in assets if not taken(p)]
    assert not taken(ROOT / "assets" / "maps" / "table.tmx~")
    assert patterns["game"] == ["py.typed"] and (ROOT / "game" / "py.typed").is_file()


def test_python_dash_m_game_is_the_mexican_train_command() -> None:
    module = subprocess.run([sys.executable, "-m", "game", "--version"], capture_output=True, text=True,
                            timeout=60, cwd=ROOT)
    from game.commands.cli import main

    assert module.returncode == 0
    assert module.stdout.startswith("mexican-train ")
    try:
        main(["--version"])
    except SystemExit as done:
        assert done.code == 0


def test_the_package_index_page_is_the_readme_with_absolute_links() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_index_page.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout
    page = (ROOT / "docs" / "index-page.md").read_text(encoding="utf-8")
    relative = re.findall(r"\]\((?![a-z]+:|#)([^)]+)\)", page)
    assert relative == [], f"relative links break on the index page: {relative[:3]}"


def test_the_readme_states_no_count_the_code_contradicts() -> None:
    readme = "\n".join((ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "docs/playing.md"))
    scenarios = len(list((ROOT / "tests" / "scenarios").glob("*.json")))
    for number in re.findall(r"(\d[\d,]*) (?:rules )?scenarios", readme):
        assert int(number.replace(",", "")) == scenarios, f"the README says {number} scenarios; there are {scenarios}"
    presets = re.findall(r"(\w+) (?:rule )?presets", readme)
    from game.engine import PRESETS

    words = {"five": 5, "four": 4, "six": 6}
    for said in presets:
        if said.lower() in words:
            assert words[said.lower()] == len(PRESETS)


def test_the_readme_opens_with_its_two_commands_and_ci_runs_the_test_command() -> None:
    """The README's first commands install and start the game, then install and run the tests; .ci/run runs
    the same pytest command, so the command a newcomer types is the one CI keeps working."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if line.startswith("    ")]
    play, test = commands[0], commands[1]
    assert play.startswith("python3 -m venv .venv && ") and play.endswith(" && .venv/bin/mexican-train")
    assert "pip install -e ." in play
    assert test.startswith("python3 -m venv .venv && ") and "pip install -e '.[test]'" in test
    pytest_part = test.rsplit(" && ", 1)[1]
    assert pytest_part.startswith(".venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f'"$work/venv/bin/python" -m pytest{pytest_part.removeprefix(".venv/bin/python -m pytest")}\n' in ci
    assert readme.index(play) < readme.index("## Install")


def test_ci_builds_in_an_environment_of_its_own_and_checks_the_packages() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "rm -rf .venv" not in ci and "mktemp -d" in ci
    for step in ("-m pytest", "-m build", "check_packages.py contents", "check_packages.py stale", "twine check",
                 "check-wheel-contents", "--version", "--demo --fast --exit-at-end"):
        assert step in ci, step
