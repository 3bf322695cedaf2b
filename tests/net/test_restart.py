"""A server killed with -9 resumes its tables from their autosaves."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.ai import make_player
from game.net.wire import view_json

from .conftest import connected, next_of


@contextmanager
def serving(data: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``mexican-train serve`` on 127.0.0.1 and a free port, as its own process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data),
         "--workers", "1", "--save-every", "0.2"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line
        yield process, line.split()[-1]
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=20)
        assert process.stdout is not None
        process.stdout.close()


def _saved_moves(data: Path) -> int:
    """How many actions the tables folder's autosave holds (0 before it exists)."""
    saves = list((data / "tables").glob("autosave-*.json"))
    if not saves:
        return 0
    try:
        doc = json.loads(saves[0].read_text())
    except (OSError, ValueError):
        return 0
    return sum(len(log) for log in doc["action_log"])


def test_a_server_killed_with_minus_nine_resumes_the_table_where_it_was_saved(tmp_path: Path) -> None:
    data = tmp_path / "server"

    async def play_some(url: str) -> tuple[str, str, dict, int]:  # type: ignore[type-arg]
        host = await connected(url)
        table = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await host.start()
        player = make_player("easy", "ana")
        moves = 0
        while True:
            message = await next_of(host, "update")
            view = message.view
            assert view is not None
            if view.legal and view.to_move == 0:
                if moves >= 6:  # stop on Ana's turn: the table waits for her
                    await host.close()
                    return table.table, table.token, message.data["view"], sum_moves(message.data)
                await host.act(player.choose(view))
                moves += 1

    def sum_moves(update: dict) -> int:  # type: ignore[type-arg]
        return int(update["moves"])

    with serving(data) as (process, url):
        code, token, last_view, moves = asyncio.run(play_some(url))
        deadline = time.monotonic() + 20
        while _saved_moves(data) < moves and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _saved_moves(data) >= moves
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    async def rejoin(url: str) -> dict:  # type: ignore[type-arg]
        back = await connected(url)
        joined = await back.rejoin(code, token)
        assert joined.seat == 0
        update = await next_of(back, "update")
        assert update.view is not None
        await back.close()
        return view_json(update.view)

    with serving(data) as (process, url):
        assert asyncio.run(rejoin(url)) == last_view
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
