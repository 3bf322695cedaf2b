"""Worker pools end for certain: when stopped, and when their parent dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import pools
from game.pools import pool_processes, spawn_pool, stop_pool

ROOT = Path(__file__).resolve().parents[1]
PARENT = """
import sys, time
from game.pools import pool_processes, spawn_pool
if __name__ == "__main__":
    pool = spawn_pool(2)
    for future in [pool.submit(time.sleep, 0.1) for _ in range(4)]:
        future.result()
    print(" ".join(str(p.pid) for p in pool_processes(pool)), flush=True)
    time.sleep(600)
"""


def _alive(pid: int) -> bool:
    """Whether a process with ``pid`` still runs (a zombie counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_stopping_a_busy_pool_ends_every_worker_before_it_returns() -> None:
    pool = spawn_pool(2)
    for _ in range(2):
        pool.submit(time.sleep, 60)
    processes = pool_processes(pool)
    assert len(processes) == 2
    stop_pool(pool, terminate=True)
    assert all(not p.is_alive() for p in processes)


def test_a_worker_that_ignores_the_request_to_stop_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pools, "STOP_WAIT", 0.5)
    pool = spawn_pool(1)
    pool.submit(signal.signal, signal.SIGTERM, signal.SIG_IGN).result(timeout=60)
    pool.submit(time.sleep, 60)
    processes = pool_processes(pool)
    stop_pool(pool, terminate=True)
    assert processes and all(not p.is_alive() for p in processes)


@pytest.mark.skipif(sys.platform == "win32", reason="reads /proc and sends SIGKILL")
def test_workers_end_when_their_parent_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()
    deadline = time.monotonic() + 60  # they end within a second or two; the deadline only bounds a failure
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)
