"""A server killed with -9 loses nothing anyone saw: every move is stored before it is told."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.ai import make_player
from game.net.protocol.wire import view_json

from .conftest import connected, next_of


@contextmanager
def serving(data: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``mexican-train serve`` on 127.0.0.1 and a free port, as its own process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data),
         "--workers", "1"],
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


def test_a_server_killed_with_minus_nine_between_two_moves_resumes_at_the_last_move_seen(tmp_path: Path) -> None:
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
        code, token, last_view, _ = asyncio.run(play_some(url))
        os.kill(process.pid, signal.SIGKILL)  # at once: no time to save anything more
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
