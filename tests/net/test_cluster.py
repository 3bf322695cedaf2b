"""A small run of tools/clustertest.py: three servers sharing one PostgreSQL lose nothing when one is
killed, one stopped and one paused past its lease (the full run's figures are in docs/server.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pgcluster import Cluster

ROOT = Path(__file__).resolve().parents[2]


def test_three_processes_lose_nothing_when_one_is_killed_one_stopped_and_one_paused(
        postgres_cluster: Cluster) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "clustertest.py"), "--processes", "3",
                           "--tables", "4", "--lease", "3", "--database-url", postgres_cluster.new_database()],
                          capture_output=True, text=True, timeout=600, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["kill"]["tables"] >= 1 and figures["kill"]["served_again_max_s"] < 3 + 10
    assert figures["sigterm"]["errors_told"] == 0
    assert figures["fencing"]["tried"] and figures["fencing"]["told_by_paused_process"] == 0
    assert figures["fencing"]["move_played_later"]
    assert figures["lost"] == figures["diverged"] == figures["rounds_committed_twice"] == 0
    assert figures["copies_differing"] == figures["copies_failing_verify"] == 0
