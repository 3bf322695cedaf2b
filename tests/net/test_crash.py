"""A small run of tools/crashtest.py: the server killed with -9 at random and at every named
point of its write path loses nothing anyone saw (the full run's figures are in docs/server.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pgcluster import Cluster

ROOT = Path(__file__).resolve().parents[2]


def _crashtest(*args: str) -> dict:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "crashtest.py"), "--settle", "1", *args],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _nothing_lost(figures: dict) -> None:  # type: ignore[type-arg]
    assert figures["updates_checked"] > 0 and figures["rounds_checked"] >= 1
    assert figures["lost"] == figures["diverged"] == figures["rounds_committed_twice"] == 0
    assert figures["copies_differing"] == figures["copies_failing_verify"] == 0 and figures["copies_verified"] > 0


def test_kills_at_every_point_of_the_write_path_lose_nothing_on_sqlite() -> None:
    figures = _crashtest("--tables", "2", "--kills", "0", "--points", "all", "--database", "sqlite")
    assert set(figures["kills_at_points"]) == {"before-commit", "in-transaction", "after-commit", "mid-send",
                                               "after-send"}
    _nothing_lost(figures)


def test_kills_lose_nothing_on_postgresql(postgres_cluster: Cluster) -> None:
    figures = _crashtest("--tables", "2", "--kills", "1", "--points", "after-commit", "--database", "postgres",
                         "--database-url", postgres_cluster.new_database())
    assert figures["kills_at_points"] == {"after-commit": 1} and figures["kills_random"] == 1
    _nothing_lost(figures)
