"""`mexican-train simulate`: headless matches, same seed same output, the JSON shape."""

from __future__ import annotations

import json
import subprocess
import sys


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "game.commands.cli", "simulate", *args], capture_output=True, text=True, check=False
    )


def test_json_output_has_the_documented_shape_and_repeats_for_a_seed() -> None:
    """One JSON object with rules, players, matches, rounds and per-seat figures."""
    args = ("--rules", "tap", "--players", "3", "--matches", "2", "--length", "blitz", "--seed", "4", "--json")
    first, again = simulate(*args), simulate(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    summary = json.loads(first.stdout)
    assert summary["rules"] == "tap" and summary["players"] == 3 and summary["matches"] == 2
    assert summary["rounds"] == 6
    assert [s["ai"] for s in summary["seats"]] == ["medium"] * 3, "a level people meet plays every seat"
    assert sum(s["wins"] for s in summary["seats"]) >= 2
    for seat in summary["seats"]:
        assert abs(seat["mean_total"] - 3 * seat["mean_round"]) < 0.1


def test_single_rounds_mode_plays_one_deal_each() -> None:
    """--rounds N plays N rounds, not matches."""
    result = simulate("--rounds", "5", "--json", "--seed", "2")
    summary = json.loads(result.stdout)
    assert summary["rounds"] == 5 and summary["matches"] == 0


def test_a_different_seed_gives_a_different_result() -> None:
    """The seed drives the deals."""
    a = simulate("--matches", "2", "--length", "blitz", "--seed", "1", "--json").stdout
    b = simulate("--matches", "2", "--length", "blitz", "--seed", "2", "--json").stdout
    assert a != b


def test_bad_arguments_get_a_message_not_a_traceback() -> None:
    """Eight players in tournament and a wrong --ai count are refused by name."""
    result = simulate("--rules", "tournament", "--players", "8")
    assert result.returncode == 2 and "2 to 7 players" in result.stderr
    result = simulate("--players", "3", "--ai", "random,random")
    assert result.returncode == 2 and "--ai names 2 players" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_count_below_one_is_refused_by_its_own_name() -> None:
    """--matches 0 names --matches (not --rounds), and --rounds 0 names --rounds."""
    result = simulate("--matches", "0")
    assert result.returncode == 2 and "--matches must be at least 1" in result.stderr
    assert "--rounds" not in result.stderr.splitlines()[-1]
    result = simulate("--rounds", "0")
    assert result.returncode == 2 and "--rounds must be at least 1" in result.stderr
