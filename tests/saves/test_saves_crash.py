"""A process killed in the middle of saving never leaves a save that does not load."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.saves import SaveStore

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killing_the_saver_at_random_moments_always_leaves_a_loadable_autosave(tmp_path: Path) -> None:
    rng = random.Random(2024)
    store = SaveStore(tmp_path)
    last_log_length = 0
    for _ in range(KILLS):
        with subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import sys; from tests.saves.saver_child import main; main(sys.argv[1])",
                str(tmp_path),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        ) as child:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == b"ready"
            time.sleep(rng.uniform(0.0, 0.15))
            child.send_signal(signal.SIGKILL)
            child.wait()
        slot = tmp_path / "autosave-crash-test.json"
        session = store.load(slot)  # the newest save itself, not only its backup
        assert session.match.action_log
        store.load(slot.with_name(slot.name + ".bak"))
        resumed, note = store.continue_latest()
        assert note is None
        last_log_length = sum(len(r) for r in resumed.match.action_log)
    assert last_log_length > 0
    leftovers = [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"]
    # A kill can interrupt the backup copy and the save itself: two temporary files at most,
    # which the store removes once they are stale.
    assert len(leftovers) <= 2 * KILLS, "at most two temporary files per kill are left for the cleanup"
