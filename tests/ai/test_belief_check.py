"""tools/lab/belief_check.py: what the sampler rules out of a Medium player's hand
(the rules' proofs and Expert's reading of chain stops) is never a tile that
player holds, and the tool reports held / expected per group of tiles."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "lab"))

import belief_check  # noqa: E402


@pytest.mark.parametrize("rules", ["classic", "tournament"])
def test_the_sampler_never_rules_out_a_tile_a_medium_player_holds(rules: str) -> None:
    counts = belief_check.tally(rules, "medium", 2)
    held, expected = counts["all"]
    assert expected > 100
    assert held == pytest.approx(expected), "every tile a Medium player held was among those the sampler allows it"
    assert {"own train end 0", "own train end 1", "double 0", "double 1"} <= set(counts)


def test_the_command_prints_a_ratio_per_group() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "lab" / "belief_check.py"), "--deals", "1"],
                          check=True, capture_output=True, text=True, timeout=120, cwd=ROOT)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("classic, four medium players, 1 deals")
    assert any(line.split()[:2] == ["all", "1.00"] for line in lines[1:])
