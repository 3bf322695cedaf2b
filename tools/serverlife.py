"""How fast the table server starts on a full database and stops under load.

    python tools/serverlife.py start --unfinished 5000 --finished 50000 [--database postgres]
    python tools/serverlife.py stop --tables 5000 --busy 500 [--database postgres]
    python tools/serverlife.py together --processes 3 --runs 10       # PostgreSQL


``start`` fills a database with tables as a long-running server leaves it
(each a real match: its seats, every round's secret, contributions, deal,
actions and scores; ``--unfinished`` tables stopped in round 2,
``--finished`` ones over), then times ``mexican-train serve`` from its start
until it listens, ``--runs`` times. ``stop`` starts a server, sets up
``--tables`` tables held in memory, ``--busy`` of them with four connected
people in the middle of a round, sends SIGTERM and times the exit. Every
``together`` starts ``--processes`` servers at the same moment on a new, empty
PostgreSQL database, ``--runs`` times, and counts the runs where every one
came up (the schema is made once, however many start). Every
socket is on 127.0.0.1; PostgreSQL is a throwaway cluster (tools/pgcluster.py).
Prints one JSON line with the median and every run, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from game.ai import make_player
from game.net.protocol.codes import new_code
from game.net.store import open_store
from game.net.store.records import Batch, CreateTable, SaveTable, TableRow, TableWrite
from game.net.table.settings import Settings
from game.net.table.table import Table

HOST = "127.0.0.1"


def _played(rounds: int, finish: bool) -> list[TableWrite]:
    """The writes of one real table: a blitz match of two Easy seats and a person, ``rounds`` dealt."""
    clock = time.time
    table = Table("AAAAA-AAAAA", Settings("classic", 3, "blitz"), ["person", "easy", "easy"], clock)
    table.open("Ana", "10.0.0.1")
    table.start(0)
    players = [make_player("easy", str(seat)) for seat in range(3)]
    assert table.session is not None
    match = table.session.match
    while True:
        if table.state == "dealing":
            if len(match.deals) >= rounds and not finish:
                break
            table.contribute(0, table.round_number, "ab" * 32)
        if table.state == "over":
            break
        seat = match.current_player()
        if seat is None:
            continue
        table._apply(players[seat].choose(match.view(seat)))
        if not finish and len(match.deals) == rounds and len(match.action_log[-1]) >= 20:
            break
    return table.take_writes()


def _copy(writes: list[TableWrite], number: int, now: float) -> tuple[str, list[TableWrite]]:
    """The template's writes under a table id and code of its own."""
    table_id, out = f"seed{number:08d}", []
    for write in writes:
        if isinstance(write, (CreateTable, SaveTable)):
            row = write.row
            write = type(write)(TableRow(table_id, new_code(), row.settings, row.state, row.seed, f"10.1.{number % 250}.1",
                                       now, now if row.state == "over" else None))
        out.append(write)
    return table_id, out


async def _fill(database: str, data: Path, unfinished: int, finished: int) -> None:
    """Write the tables into the database, a few hundred per commit."""
    store = open_store(database, data)
    await store.open()
    now = time.time()
    templates = [(unfinished, _played(2, False)), (finished, _played(3, True))]
    number = 0
    try:
        for count, writes in templates:
            batch = Batch(now=now)
            for _ in range(count):
                table_id, copied = _copy(writes, number, now)
                number += 1
                batch.add(table_id, 1, copied)
                if len(batch.tables) >= 250:
                    await store.commit(batch)
                    batch = Batch(now=now)
            if batch:
                await store.commit(batch)
        print(f"stored {await store.count()}", file=sys.stderr, flush=True)
    finally:
        await store.close()


SERVER_LOG: list[Path] = []
"""Where the servers' log goes (``--server-log``; nowhere by default)."""


def _serve(data: Path, database: str, *extra: str) -> subprocess.Popen[str]:
    """``mexican-train serve`` on a free port of the loopback (its log to ``--server-log``, if given)."""
    command = [sys.executable, "-m", "game", "serve", "--host", HOST, "--port", "0", "--data", str(data),
               "--workers", "1", "--hello-timeout", "600", "--unload-after", "3600", "--max-tables", "100000",
               "--tables-per-address", "100000", "--tables-per-hour", "100000", *extra]
    if database:
        command += ["--database", database]
    log = SERVER_LOG[0].open("a") if SERVER_LOG else subprocess.DEVNULL
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT)


def _start_runs(args: argparse.Namespace, data: Path, database: str) -> list[float]:
    """Seconds from ``serve``'s start until it listens, each run."""
    asyncio.run(_fill(database, data, args.unfinished, args.finished))
    runs = []
    for _ in range(args.runs):
        began = time.perf_counter()
        server = _serve(data, database)
        assert server.stdout is not None
        line = server.stdout.readline()
        runs.append(time.perf_counter() - began)
        assert line.startswith("listening"), line
        server.send_signal(signal.SIGTERM)
        server.wait(60)
        server.stdout.close()
    return runs


def _together_runs(args: argparse.Namespace, folder: Path, cluster: Any) -> list[float]:
    """Per run, the share of ``--processes`` servers started at once on an empty database that came up."""
    runs = []
    for run in range(args.runs):
        database = cluster.new_database()
        servers = [_serve(folder / f"run{run}-{n}", database) for n in range(args.processes)]
        up = 0
        for server in servers:
            assert server.stdout is not None
            up += server.stdout.readline().startswith("listening")
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(60)
            assert server.stdout is not None
            server.stdout.close()
        print(f"together run {run + 1}: {up} of {args.processes} came up", file=sys.stderr, flush=True)
        runs.append(up / args.processes)
    return runs


async def _hello(url: str) -> Any:
    """A raw connection that has said hello."""
    from websockets.asyncio.client import connect

    ws = await connect(url, max_size=2**20, open_timeout=120, ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind``."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] in (kind, "error"):
            return dict(message)


async def _load_server(url: str, tables: int, busy: int) -> list[Any]:
    """``tables`` tables in memory, ``busy`` of them with four people mid-round; the open connections."""
    kept: list[Any] = []

    async def busy_table() -> None:
        host = await _hello(url)
        await host.send(json.dumps({"type": "create", "name": "P0", "preset": "classic", "players": 4,
                                    "seats": ["person", "open", "open", "open"], "deal_wait": 0}))
        code = (await _until(host, "joined"))["table"]
        people = [host]
        for seat in range(1, 4):
            ws = await _hello(url)
            await ws.send(json.dumps({"type": "join", "table": code, "name": f"P{seat}"}))
            await _until(ws, "joined")
            people.append(ws)
        await host.send(json.dumps({"type": "start"}))
        await _until(host, "update")
        kept.extend(people)

    async def idle_table() -> None:
        ws = await _hello(url)
        await ws.send(json.dumps({"type": "create", "name": "P0", "preset": "classic", "players": 4}))
        await _until(ws, "joined")
        kept.append(ws)

    for start in range(0, busy, 25):
        await asyncio.gather(*(busy_table() for _ in range(start, min(start + 25, busy))))
    for start in range(0, tables - busy, 100):
        await asyncio.gather(*(idle_table() for _ in range(start, min(start + 100, tables - busy))))
    return kept


def _stop_runs(args: argparse.Namespace, data: Path, database: str) -> list[float]:
    """Seconds from SIGTERM until the server's exit, each run."""
    runs = []
    for run in range(args.runs):
        server = _serve(data / f"run{run}" if not database else data, database)
        assert server.stdout is not None
        url = server.stdout.readline().split()[-1]

        async def fill_then_stop(url: str = url, server: subprocess.Popen[str] = server) -> float:
            kept = await _load_server(url, args.tables, args.busy)
            await asyncio.sleep(1.0)
            began = time.perf_counter()
            server.send_signal(signal.SIGTERM)
            await asyncio.to_thread(server.wait, 120)
            took = time.perf_counter() - began
            for ws in kept:
                ws.transport.abort()
            return took
        runs.append(asyncio.run(fill_then_stop()))
        server.stdout.close()
        print(f"stop run {run + 1}: {runs[-1]:.2f} s", file=sys.stderr, flush=True)
    return runs


def main() -> int:
    """Fill, time, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("start", "stop", "together"))
    parser.add_argument("--processes", type=int, default=3, help="together: servers started at once")
    parser.add_argument("--unfinished", type=int, default=5000)
    parser.add_argument("--finished", type=int, default=50000)
    parser.add_argument("--tables", type=int, default=5000)
    parser.add_argument("--busy", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--server-log", type=Path, help="append the servers' log to this file")
    args = parser.parse_args()
    SERVER_LOG.extend([args.server_log] if args.server_log else [])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    cluster = None
    with tempfile.TemporaryDirectory(prefix="mexican-train-life-") as folder:
        database = ""
        if args.database == "postgres" or args.what == "together":
            from pgcluster import Cluster

            cluster = Cluster()
            database = cluster.new_database()
        try:
            if args.what == "together":
                runs = _together_runs(args, Path(folder), cluster)
            else:
                runs = (_start_runs if args.what == "start" else _stop_runs)(args, Path(folder), database)
        finally:
            if cluster is not None:
                cluster.stop()
    figures = {"what": args.what, "database": args.database, "median_s": round(statistics.median(runs), 2),
               "runs_s": [round(r, 2) for r in runs], "load_average_1min": round(os.getloadavg()[0], 2)}
    if args.what == "together":
        figures = {"what": "together", "processes": args.processes, "runs": args.runs,
                   "runs_all_up": sum(1 for r in runs if r == 1.0), "load_average_1min": figures["load_average_1min"]}
    else:
        figures.update({"unfinished": args.unfinished, "finished": args.finished} if args.what == "start"
                       else {"tables": args.tables, "busy": args.busy})
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
