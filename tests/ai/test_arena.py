"""The --quick arena runs end to end on both cores and shows Medium beating Easy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_arena_shows_medium_beating_easy() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lab" / "arena.py"), "--quick", "--json", "--workers", "2"],
        check=False, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    (summary,) = json.loads(done.stdout)
    assert (summary["candidate"], summary["baseline"]) == ("medium", "easy")
    assert summary["rounds"] == summary["deals"] * 4
    assert summary["win_share"] > 0.25
    assert summary["score_margin_ci"][0] > 0
    assert set(summary["think"]) == {"medium", "easy"}


def test_arena_refuses_an_unknown_level_with_a_message() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lab" / "arena.py"), "--pairs", "wizard:easy"],
        check=False, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert done.returncode != 0
    assert "unknown computer player 'wizard'" in done.stderr


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lab" / "arena.py"), *args],
        check=False, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )


def _without_think_times(summaries: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in s.items() if k != "think"} for s in summaries]


def test_a_comparison_played_in_chunks_and_loaded_together_matches_one_run(tmp_path: Path) -> None:
    common = ["--rules", "classic", "--pairs", "medium:easy", "--json", "--workers", "1"]
    whole = _arena(*common, "--deals", "4")
    first = _arena(*common, "--deals", "2", "--save", str(tmp_path / "a.jsonl"))
    second = _arena(*common, "--deals", "2", "--first-deal", "2", "--save", str(tmp_path / "b.jsonl"))
    assert whole.returncode == first.returncode == second.returncode == 0
    # The first chunk loaded twice still counts its deals once.
    merged = _arena("--load", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"), str(tmp_path / "a.jsonl"), "--json")
    assert merged.returncode == 0, merged.stderr
    assert _without_think_times(json.loads(merged.stdout)) == _without_think_times(json.loads(whole.stdout))
    # The results kept without think times give the same figures.
    kept = tmp_path / "kept.jsonl"
    assert _arena("--load", str(tmp_path / "b.jsonl"), str(tmp_path / "a.jsonl"), "--keep", str(kept)).returncode == 0
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["deal"] for line in lines] == [0, 1, 2, 3]
    assert not any("times" in json.loads(line) for line in lines)
    again = _arena("--load", str(kept), "--json")
    assert _without_think_times(json.loads(again.stdout)) == _without_think_times(json.loads(whole.stdout))
    # Its table shows no think times rather than zeros.
    assert "| - | - |" in _arena("--load", str(kept)).stdout


def test_loading_a_file_that_is_not_saved_deals_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"rules": "classic"}\n', encoding="utf-8")
    done = _arena("--load", str(bad))
    assert done.returncode == 2
    assert "bad.jsonl, line 1: not a saved arena deal" in done.stderr


def test_match_mode_plays_whole_matches_with_the_candidate_in_every_seat() -> None:
    done = _arena("--rules", "classic", "--pairs", "medium:easy", "--matches", "--deals", "1",
                  "--workers", "1", "--json")
    assert done.returncode == 0, done.stderr
    (summary,) = json.loads(done.stdout)
    assert summary["matches"] is True
    assert summary["rounds"] == 4  # one match per seat
    # A match of 13 rounds asks the players for far more decisions than four rounds do.
    assert summary["think"]["medium"]["decisions"] > 4 * 13 * 3
    assert 0.0 <= summary["win_share"] <= 1.0
