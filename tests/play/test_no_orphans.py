"""Nothing outlives a killed game: the game in a match, the table server and a
round review, each killed with -9, leave none of their processes behind (the
worker processes and multiprocessing's resource tracker end by themselves)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.ai import make_player
from game.net.client.client import Client

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc and sends SIGKILL")

ROOT = Path(__file__).resolve().parents[2]
BOUND = 120.0
"""Seconds a wait gives up after: it bounds a failure only, each event comes in a second or two."""

REVIEWER = """
import sys, time
from game.ai import ComputerSeats
from game.engine import Match, Phase, play_match, preset
from game.engine.length import with_length
from game.play.review_job import ReviewJob
from game.review.cache import ReviewCache
if __name__ == "__main__":
    match = Match(with_length(preset("classic"), 4, "blitz"), 4, 11)
    play_match(match, ComputerSeats(["easy"] * 4), until=lambda m: m.phase is not Phase.PLAYING and m.round_scores != [])
    job = ReviewJob(match, 1, [0, 1, 2, 3], ReviewCache())
    print("reviewing", flush=True)
    time.sleep(600)
"""


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and its parent's pid (None: no such process)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie has ended)."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def _descendants(root: int) -> dict[int, str]:
    """Every process below ``root``, with its command line."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            children.setdefault(stat[1], []).append(int(entry))
    found: dict[int, str] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                found[pid] = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except (FileNotFoundError, ProcessLookupError):
            continue
        todo += children.get(pid, [])
    return found


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    """Wait until ``condition`` holds (polling), failing with ``what`` after ``BOUND`` seconds."""
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def _workers_and_tracker(root: int) -> dict[int, str]:
    """``root``'s descendants once it has a spawned worker and multiprocessing's resource tracker."""
    seen: dict[int, str] = {}

    def started() -> bool:
        seen.clear()
        seen.update(_descendants(root))
        lines = seen.values()
        return any("resource_tracker" in line for line in lines) and any("spawn_main" in line for line in lines)

    _wait_for(started, f"process {root} started no worker and resource tracker")
    return seen


def _kill_and_find_none_left(process: subprocess.Popen[str], processes: dict[int, str]) -> None:
    """Kill ``process`` with -9 and wait until every one of ``processes`` has ended."""
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=BOUND)
    _wait_for(lambda: not any(_alive(pid) for pid in processes),
              f"still running after the kill: {[line for pid, line in processes.items() if _alive(pid)]}")


@contextmanager
def _started(args: list[str], tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """``python ARGS`` from the repository with its own data and config folders, killed in the end."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "MEXICAN_TRAIN_DATA_DIR": str(tmp_path / "data"), "MEXICAN_TRAIN_CONFIG_DIR": str(tmp_path / "config")}
    with subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as process:
        try:
            yield process
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=BOUND)


def test_the_game_killed_in_a_match_leaves_no_worker_and_no_resource_tracker(tmp_path: Path) -> None:
    with _started(["-m", "game", "--demo", "--players", "4", "--length", "blitz"], tmp_path) as game:
        _kill_and_find_none_left(game, _workers_and_tracker(game.pid))


def test_a_round_review_killed_leaves_no_worker_and_no_resource_tracker(tmp_path: Path) -> None:
    with _started(["-c", REVIEWER], tmp_path) as reviewer:
        assert reviewer.stdout is not None and reviewer.stdout.readline().strip() == "reviewing"
        _kill_and_find_none_left(reviewer, _workers_and_tracker(reviewer.pid))


def test_the_table_server_killed_leaves_no_computer_player_and_no_resource_tracker(tmp_path: Path) -> None:
    args = ["-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path / "tables"),
            "--workers", "1"]
    with _started(args, tmp_path) as server:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line

        async def play_until_a_computer_thinks(url: str) -> None:
            client = Client(url)
            await client.connect()
            try:
                await client.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
                await client.start()
                player = make_player("easy", "ana")
                while not any("spawn_main" in cmd for cmd in _descendants(server.pid).values()):
                    message = await client.next(timeout=BOUND)
                    view = message.view
                    if message.type == "update" and view is not None and view.legal and view.to_move == 0:
                        await client.act(player.choose(view))
            finally:
                await client.close()

        asyncio.run(play_until_a_computer_thinks(line.split()[-1]))
        _kill_and_find_none_left(server, _workers_and_tracker(server.pid))
