"""Load test of the table server: N tables of four scripted people over the loopback.

    python tools/loadtest.py --tables 500 --pace 2 --seconds 60
    python tools/loadtest.py --tables 100 --pace 0 --seconds 30     # flat out
    python tools/loadtest.py --tables 500 --pace 2 --database postgres

Starts ``mexican-train serve`` as a subprocess on 127.0.0.1 (a free port, a
temporary data folder; with ``--database postgres`` its tables in a
throwaway PostgreSQL cluster, tools/pgcluster.py), seats four scripted people (raw WebSocket clients:
they read JSON and play a random legal action) at each of ``--tables``
tables, then measures for ``--seconds``: each table moves about every
``--pace`` seconds, a person thinking between half and one and a half times
the pace once their turn comes (0: as fast as the server answers;
``--in-step``: every ``--pace`` seconds by a fixed clock per table, under
which late tables gather into bursts of moves sent at the same instant). Prints one JSON line: tables
held, moves per second, p50/p99 milliseconds from a move sent until every
seat of its table has the update, server memory per table, server CPU (in
cores), this process's CPU (the scripted people share the machine) and
the machine's load average (other work on it slows every figure).
Every socket is on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

HOST = "127.0.0.1"
SEATS = 4


@dataclass
class Run:
    """What every table shares: the pace and the measurements."""

    pace: float
    in_step: bool = False
    """Each table on a fixed clock of ``pace`` seconds (``--in-step``) instead of people's thinking times."""
    measuring: bool = False
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0


@dataclass
class TableRun:
    """One table's pending move: sent when, and which seats have its update."""

    run: Run
    rng: random.Random
    sent_at: float = 0.0
    waiting_for: tuple[int, int] = (-1, -1)
    seen: set[int] = field(default_factory=set)
    last_move: float = 0.0
    """When the table last moved (``--in-step``)."""
    over: bool = False

    def got(self, seat: int, round_number: int, moves: int) -> None:
        """A seat's update came in: when every seat has the move's update, record its latency."""
        if (round_number, moves) != self.waiting_for:
            return
        self.seen.add(seat)
        if len(self.seen) == SEATS:
            if self.run.measuring:
                self.run.latencies.append(time.perf_counter() - self.sent_at)
                self.run.moves += 1
            self.waiting_for = (-1, -1)


async def _hello(url: str) -> ClientConnection:
    """A connection that has said hello."""
    ws = await connect(url, max_size=2**20, open_timeout=60, ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _reply(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (or an error, or ``moved``: served by another process)."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] in (kind, "error", "moved"):
            return dict(message)


async def _request(url: str, request: dict[str, Any], kind: str) -> tuple[ClientConnection, dict[str, Any], str]:
    """Send ``request`` at ``url``, following ``moved`` to the process that serves it; the open
    connection, the reply and the address it came from."""
    for _ in range(10):
        ws = await _hello(url)
        await ws.send(json.dumps(request))
        reply = await _reply(ws, kind)
        if reply["type"] != "moved":
            return ws, reply, url
        await ws.close()
        url = reply.get("to") or url
    raise RuntimeError("the request was sent on too many times")


async def _seat_table(url: str, run: Run, number: int) -> tuple[TableRun, list[ClientConnection]]:
    """Four people at a new table; returns it with their connections (the match not started)."""
    host, joined, url = await _request(url, {"type": "create", "name": "P0", "preset": "classic",
                                             "players": SEATS, "seats": ["person"] + ["open"] * (SEATS - 1)}, "joined")
    code = joined["table"]
    conns = [host]
    for seat in range(1, SEATS):
        ws, _, _ = await _request(url, {"type": "join", "table": code, "name": f"P{seat}"}, "joined")
        conns.append(ws)
    return TableRun(run, random.Random(number)), conns


async def _person(ws: ClientConnection, table: TableRun, seat: int) -> None:
    """One scripted person: contribute, play a random legal action on their turn."""
    async for text in ws:
        message = json.loads(text)
        kind = message["type"]
        if kind == "update":
            table.got(seat, message["round"], message["moves"])
            view = message["view"]
            if view["legal"] and view["to_move"] == seat:
                asyncio.get_running_loop().create_task(
                    _act(ws, table, table.rng.choice(view["legal"]), message["round"], message["moves"]))
        elif kind == "commit":
            await ws.send(json.dumps({"type": "contribute", "round": message["round"],
                                      "contribution": os.urandom(32).hex()}))
        elif kind == "match_end":
            table.over = True
        elif kind == "error":
            table.run.errors += 1


async def _act(ws: ClientConnection, table: TableRun, action: str, round_number: int, moves: int) -> None:
    """Send a move once the person has thought: between half and one and a half times the pace
    from seeing their turn, drawn afresh each time, as people at different tables do not move in
    step (a fixed clock per table gathers the tables into bursts: a late update sends its next
    move at once, in step with the others that were late with it)."""
    pace = table.run.pace
    wait = table.last_move + pace - time.perf_counter() if table.run.in_step else pace * table.rng.uniform(0.5, 1.5)
    if wait > 0:
        await asyncio.sleep(wait)
    table.sent_at = table.last_move = time.perf_counter()
    table.waiting_for, table.seen = (round_number, moves + 1), set()
    await ws.send(json.dumps({"type": "act", "action": action}))


def _free_port() -> int:
    """A port nothing listens on now, on the loopback."""
    import socket

    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    """A process's resident memory (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system seconds)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _measure(url: str, pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """Seat the tables, play, measure (``pids``: the server processes, whose memory and CPU are summed)."""
    run = Run(args.pace, args.in_step)
    base = sum(_rss_kib(pid) for pid in pids)
    tables: list[tuple[TableRun, list[ClientConnection]]] = []
    for start in range(0, args.tables, 25):
        batch = range(start, min(start + 25, args.tables))
        tables += await asyncio.gather(*(_seat_table(url, run, n) for n in batch))
    people = [asyncio.create_task(_person(ws, table, seat)) for table, conns in tables for seat, ws in enumerate(conns)]
    for table, conns in tables:
        table.last_move = time.perf_counter() - args.pace * random.random()
        await conns[0].send(json.dumps({"type": "start"}))
    await asyncio.sleep(args.warmup)
    gc.collect()
    gc.disable()  # the scripted people's own collector must not pause their clocks: the server is measured
    held = sum(_rss_kib(pid) for pid in pids)
    cpu, mine, begun = sum(_cpu_seconds(pid) for pid in pids), time.process_time(), time.perf_counter()
    run.measuring = True
    await asyncio.sleep(args.seconds)
    run.measuring = False
    gc.enable()
    elapsed = time.perf_counter() - begun
    server_cpu_seconds = sum(_cpu_seconds(pid) for pid in pids) - cpu
    server_cpu, own_cpu = server_cpu_seconds / elapsed, (time.process_time() - mine) / elapsed
    for task in people:
        task.cancel()
    lat = sorted(run.latencies) or [0.0]
    return {
        "tables": args.tables, "people": args.tables * SEATS, "pace_s": args.pace, "in_step": args.in_step,
        "tables_held": sum(1 for _, conns in tables if all(ws.close_code is None for ws in conns)),
        "moves_per_s": round(run.moves / elapsed, 1),
        "p50_ms": round(1000 * lat[len(lat) // 2], 2), "p90_ms": round(1000 * lat[int(len(lat) * 0.9)], 2), "p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2),
        "memory_per_table_kib": round((held - base) / args.tables, 1), "server_rss_mib": round(held / 1024, 1),
        "server_cpu_cores": round(server_cpu, 2), "loadtest_cpu_cores": round(own_cpu, 2),
        "server_cpu_ms_per_move": round(1000 * server_cpu_seconds / max(1, run.moves), 2),
        "processes": len(pids),
        "errors": run.errors, "seconds": round(elapsed, 1),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def main() -> int:
    """Run the server, the load and print the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between moves at a table (0: flat out)")
    parser.add_argument("--in-step", action="store_true",
                        help="each table moves on a fixed clock of --pace seconds (late tables gather into bursts)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring")
    parser.add_argument("--port", type=int, default=0,
                        help="measure a server already running on 127.0.0.1:PORT (with --pid) instead of starting one")
    parser.add_argument("--pid", type=int, default=0, help="that server's process id (for its memory and CPU)")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite",
                        help="where the server keeps its tables (default sqlite)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes sharing one PostgreSQL (more than 1 implies --database postgres)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    if args.port:
        print(json.dumps(asyncio.run(_measure(f"ws://{HOST}:{args.port}/", [args.pid], args))))
        return 0
    if args.processes > 1:
        args.database = "postgres"
    cluster = None
    servers: list[subprocess.Popen[str]] = []
    with tempfile.TemporaryDirectory() as data:
        database = ""
        if args.database == "postgres":
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from pgcluster import Cluster

            cluster = Cluster()
            database = cluster.new_database()
        try:
            urls = []
            for number in range(args.processes):
                port = _free_port()
                command = [sys.executable, "-m", "game", "serve", "--host", HOST, "--port", str(port), "--data",
                           str(Path(data) / f"p{number}"), "--hello-timeout", "120",
                           "--tables-per-address", str(args.tables), "--tables-per-hour", str(10 * args.tables),
                           "--max-tables", str(2 * args.tables), "--public-address", f"ws://{HOST}:{port}/"]
                if database:
                    command += ["--database", database]
                server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                servers.append(server)
                assert server.stdout is not None
                urls.append(server.stdout.readline().split()[-1])
            if args.processes > 1:
                time.sleep(3.0)  # every process has beaten once: new tables spread to the least loaded
            result = asyncio.run(_measure(urls[0], [server.pid for server in servers], args))
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=60)
            if cluster is not None:
                cluster.stop()
    result["database"] = args.database
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
