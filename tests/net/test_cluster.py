"""A small run of tools/clustertest.py: three servers sharing one PostgreSQL lose nothing when one is
killed, one stopped and one paused past its lease (the full run's figures are in docs/server.md)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from pgcluster import Cluster
from tablecheck import ServerProcess, connect_client, free_port

from game.net.client.replies import Disconnected, ServerRefused

ROOT = Path(__file__).resolve().parents[2]


def test_three_processes_lose_nothing_when_one_is_killed_one_stopped_and_one_paused(
        postgres_cluster: Cluster) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "clustertest.py"), "--processes", "3",
                           "--tables", "4", "--lease", "3", "--database-url", postgres_cluster.new_database()],
                          capture_output=True, text=True, timeout=600, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    kill = figures["kill"]
    assert kill["tables"] >= 1 and kill["served_again"] == kill["tables"] and kill["served_again_max_s"] < 3 + 10
    stop = figures["sigterm"]
    assert stop["errors_told"] == 0 and stop["people"] >= 1 and stop["people_told_moved"] == stop["people"]
    assert stop["tables_loaded_after_letting_go"] == 0
    assert figures["fencing"]["tried"] and figures["fencing"]["told_by_paused_process"] == 0
    assert figures["fencing"]["move_played_later"]
    assert figures["lost"] == figures["diverged"] == figures["rounds_committed_twice"] == 0
    assert figures["copies_differing"] == figures["copies_failing_verify"] == 0


def test_a_game_connected_before_another_process_started_goes_there_when_its_own_dies(
        postgres_cluster: Cluster, tmp_path: Path) -> None:
    """The welcome lists the processes alive then; a process started later is told to every
    connection (``servers``), so a game whose process is killed finds the table at the other."""
    database = postgres_cluster.new_database()
    first, second = (ServerProcess(tmp_path / name, database, free_port(), None, ("--lease", "2"))
                     for name in ("a", "b"))
    for server in (first, second):
        server.extra = (*server.extra, "--public-address", server.url)

    async def run() -> None:
        host = await connect_client(first.url, tmp_path / "copies-0")
        joined = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        assert host.servers == [first.url]
        second.start()
        async with asyncio.timeout(30):
            while host.servers != sorted([first.url, second.url]):
                await asyncio.sleep(0.1)
        first.kill()
        await host.connect()  # its own process is gone: the other one answers
        assert host.url == second.url
        async with asyncio.timeout(30):
            while True:  # the table is taken over once the killed process's lease has run out
                try:
                    await host.rejoin(joined.table, joined.token)
                    break
                except ServerRefused:
                    await asyncio.sleep(0.5)
        await host.start()
        async with asyncio.timeout(30):
            while host.view is None:
                await host.next()
        await host.close()

    first.start()
    try:
        asyncio.run(run())
    finally:
        first.stop()
        second.stop()


def test_a_windows_client_whose_process_is_killed_hears_every_move_at_the_next(
        postgres_cluster: Cluster, tmp_path: Path) -> None:
    """A game window's client (its messages pumped to the window) rejoins at the other process, which
    first sends it back to the dead holder until the lease runs out: the pump goes on after the
    rejoin, and the moves made there come to the window (they stopped coming, and both windows froze)."""
    import time

    from game.net.client.threaded_client import ThreadedClient

    database = postgres_cluster.new_database()
    first, second = (ServerProcess(tmp_path / name, database, free_port(), tmp_path / f"{name}.log", ("--lease", "2"))
                     for name in ("a", "b"))
    for server in (first, second):
        server.extra = (*server.extra, "--public-address", server.url)
        server.start()
    link = ThreadedClient(first.url)

    def logs() -> str:
        """The end of both servers' logs, for a failure's message."""
        return "\n".join(f"{s.url}: {(s.log.read_text()[-1500:] if s.log and s.log.exists() else '')}"
                         for s in (first, second))
    try:
        link.connect().result(10)
        joined = link.call(link.client.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])).result(10)
        link.call(link.client.start()).result(10)

        def moves_heard(seconds: float) -> int:
            """Play this seat's first legal action on its turn; how many updates came meanwhile."""
            heard, end = 0, time.monotonic() + seconds
            while time.monotonic() < end and heard < 4:
                heard += sum(1 for m in link.poll() if m.type == "update")
                view = link.client.view
                if view is not None and view.legal and view.to_move == view.seat and not link.client.resending:
                    link.act(view.legal[0]).result(5)
                    time.sleep(0.2)
                time.sleep(0.05)
            return heard

        assert moves_heard(20) >= 4
        deadline = time.monotonic() + 20
        while second.url not in link.client.servers:  # told of by the heartbeats (the test above)
            assert time.monotonic() < deadline, f"the game was never told of the other process: " \
                f"{link.client.servers}\n{logs()}"
            time.sleep(0.1)
        first.kill()
        link.poll()

        async def rejoin() -> None:
            await link.reconnect()
            await link.client.rejoin(joined.table, joined.token)

        deadline = time.monotonic() + 30
        while True:
            try:
                link.call(rejoin()).result(20)
                break
            except (OSError, TimeoutError, ServerRefused, Disconnected):
                assert time.monotonic() < deadline, "never rejoined at the other process"
                time.sleep(0.5)
        assert link.client.url == second.url
        assert moves_heard(20) >= 4, "no move came to the window after the rejoin"
    finally:
        link.close()
        first.stop()
        second.stop()
