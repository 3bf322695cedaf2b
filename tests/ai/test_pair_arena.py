"""tools/lab/pair_arena.py pairs two saved arena runs deal by deal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _record(
    candidate: str, deal: int, wins: int, margin: float, baseline: str = "medium", **extra: object
) -> str:
    rotations = [{"win": seat < wins, "margin": margin, "pip_margin": margin} for seat in range(4)]
    return json.dumps({
        "rules": "classic", "players": 4, "candidate": candidate, "baseline": baseline, "deal": deal,
        "seed": 1, "rotations": rotations, "times": {}, **extra,
    })


def _pair(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lab" / "pair_arena.py"), *args],
        check=False, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )


def test_only_the_shared_deals_are_paired_and_the_difference_is_per_deal(tmp_path: Path) -> None:
    variant, base = tmp_path / "variant.jsonl", tmp_path / "base.jsonl"
    # the variant wins 2 of 4 seatings on deals 0-4 (deal 4 has no partner), the baseline run 1 of 4
    variant.write_text("\n".join(_record("trial", d, 2, 3.0) for d in range(5)) + "\n", encoding="utf-8")
    lines = [_record("expert", d, 1, 1.0) for d in range(4)]
    lines.append(_record("expert", 0, 4, 9.0, matches=True))  # a whole-match record is not a round
    lines.append(_record("hard", 1, 4, 9.0))  # another level's run is not the baseline run
    base.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _pair(str(variant), str(base), "--rules", "classic", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["deals"], result["rounds"]) == (4, 16)
    assert result["win_diff"] == 0.25 and result["win_diff_ci"] == [0.25, 0.25]
    assert result["margin_diff"] == 2.0
    assert "+25.0 points" in _pair(str(variant), str(base), "--rules", "classic").stdout


def test_a_run_against_other_opponents_pairs_with_the_base_baseline(tmp_path: Path) -> None:
    """Expert against a trial Hard pairs with Expert against Hard when asked
    (``--base-baseline``), and not otherwise."""
    variant, base = tmp_path / "variant.jsonl", tmp_path / "base.jsonl"
    variant.write_text("\n".join(_record("expert", d, 2, 5.0, "hard-trial") for d in range(3)) + "\n")
    base.write_text("\n".join(_record("expert", d, 1, 2.0, "hard") for d in range(3)) + "\n")
    args = [str(variant), str(base), "--rules", "classic", "--candidate", "expert"]
    args += ["--baseline", "hard-trial"]
    done = _pair(*args, "--base-baseline", "hard", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["deals"], result["win_diff"], result["margin_diff"]) == (3, 0.25, 3.0)
    assert _pair(*args).returncode == 2


def test_runs_with_no_deal_in_common_are_refused_with_a_reason(tmp_path: Path) -> None:
    variant, base = tmp_path / "variant.jsonl", tmp_path / "base.jsonl"
    variant.write_text(_record("trial", 0, 1, 0.0) + "\n", encoding="utf-8")
    base.write_text(_record("expert", 7, 1, 0.0) + "\n", encoding="utf-8")
    done = _pair(str(variant), str(base), "--rules", "classic")
    assert done.returncode == 2
    assert "share no deal" in done.stderr


def test_whole_matches_are_paired_only_when_asked(tmp_path: Path) -> None:
    """``--matches`` pairs the runs' whole matches and leaves their single rounds out."""
    variant, base = tmp_path / "variant.jsonl", tmp_path / "base.jsonl"
    variant.write_text("\n".join([
        _record("hard-weigh", 0, 2, 12.0, matches=True),
        _record("hard-weigh", 1, 1, 4.0, matches=True),
        _record("hard-weigh", 0, 4, 1.0),
    ]) + "\n", encoding="utf-8")
    base.write_text("\n".join([
        _record("hard", 0, 1, 2.0, matches=True),
        _record("hard", 1, 1, 6.0, matches=True),
        _record("hard", 0, 0, 1.0),
    ]) + "\n", encoding="utf-8")
    common = (str(variant), str(base), "--rules", "classic", "--base-candidate", "hard", "--baseline", "medium")
    done = _pair(*common, "--matches", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["deals"], result["rounds"]) == (2, 8)
    assert result["win_diff"] == 0.125 and result["margin_diff"] == 4.0
    assert "paired match-win difference +12.5 points" in _pair(*common, "--matches").stdout
    rounds = json.loads(_pair(*common, "--json").stdout)
    assert (rounds["deals"], rounds["win_diff"]) == (1, 1.0)
