"""`mexican-train rules-check`: the output contract, and malformed files refused by name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = {
    "name": "next player must cover an open double, even on a private train",
    "rules": "classic",
    "players": 3,
    "engine": 12,
    "hands": ["6-2 1-1", "6-4 9-9", "3-3 2-2"],
    "boneyard": "4-4 0-1 8-8",
    "table": {
        "trains": {"0": "12-6 6-6", "1": "12-3", "mexican": ""},
        "public": [],
        "opening_done": True,
        "open_doubles": ["0"],
        "double_owner": {"0": 0},
    },
    "to_move": 1,
    "steps": [
        {"legal": ["play 6-4 on 0"]},
        {"reject": "play 9-9 on 1"},
        {"do": "play 6-4 on 0"},
        {"expect": {"to_move": 2, "trains": {"0": "12-6 6-6 6-4"}, "open_doubles": []}},
    ],
}


def rules_check(*paths: Path) -> subprocess.CompletedProcess[str]:
    """Run the command as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "game.commands.cli", "rules-check", *map(str, paths)],
        capture_output=True, text=True, check=False,
    )


def write(folder: Path, name: str, data: object) -> Path:
    """A scenario file in ``folder``."""
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_the_documents_example_passes(tmp_path: Path) -> None:
    """The format document's own example: '1 passed, 0 failed', exit 0."""
    result = rules_check(write(tmp_path, "good.json", GOOD))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_a_failing_scenario_prints_its_step_and_exits_1(tmp_path: Path) -> None:
    """A wrong expectation is reported with the step number and both values."""
    bad = json.loads(json.dumps(GOOD))
    bad["steps"][3] = {"expect": {"to_move": 0}}
    result = rules_check(write(tmp_path, "bad.json", bad), write(tmp_path, "good.json", GOOD))
    assert result.returncode == 1
    assert "step 4 (expect): to_move is 2, expected 0" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"


def mutate(path: str, value: object) -> dict[str, object]:
    """GOOD with one key (dotted path, list indices as ints) replaced."""
    data = json.loads(json.dumps(GOOD))
    keys = path.split(".")
    target = data
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is None:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ('{"name": "x", "players": 3,', "cut off"),
        ('{"name": "x", "players": 3 "steps": []}', "not valid JSON"),
        ('{"name": "x", "name": "y", "players": 3}', "written twice"),
        ({"name": "x", "rules": "classic", "players": 3, "hands": 5, "boneyard": ""}, "hands"),
        ({"name": "x", "rules": "classic", "players": 3, "hands": None, "boneyard": ""}, "hands"),
        (mutate("rules", "klassic"), "key 'rules'"),
        (mutate("hands", ["6-2 1-1", "6-4 9-19", "3-3"]), "key 'hands[1]'"),
        (mutate("steps.2", {"do": "fly 6-4 to 0"}), "step 3: key 'do'"),
        (mutate("steps.0", {"legal": ["play 13-1 on 0"]}), "step 1: key 'legal'"),
        (mutate("name", None), "key 'name'"),
        (mutate("steps.1", {"teleport": "x"}), "step 2: key 'teleport'"),
        (mutate("steps.3", {"expect": {"colour": "red"}}), "step 4: key 'expect.colour'"),
        (mutate("players", "three"), "key 'players'"),
        (mutate("table.trains", {"0": "12-5 6-6"}), "key 'table'"),
    ],
)
def test_malformed_files_exit_2_naming_file_step_and_key(tmp_path: Path, data: object, named: str) -> None:
    """No traceback: one message with the file, the step and the key."""
    path = write(tmp_path, "broken.json", data)
    result = rules_check(path)
    assert result.returncode == 2
    assert str(path) in result.stderr
    assert named in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_folder_is_searched_for_scenario_files(tmp_path: Path) -> None:
    """Folders given on the command line are run file by file."""
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "a.json", GOOD)
    write(tmp_path, "b.json", GOOD)
    result = rules_check(tmp_path)
    assert result.stdout.strip().splitlines()[-1] == "2 passed, 0 failed"
