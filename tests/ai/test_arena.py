"""The --quick arena runs end to end on both cores and shows Medium beating Easy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_arena_shows_medium_beating_easy() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--quick", "--json", "--workers", "2"],
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
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--pairs", "wizard:easy"],
        check=False, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert done.returncode != 0
    assert "unknown computer player 'wizard'" in done.stderr
