"""How long a client that never reads delays everyone else before the table server drops it.

    python tools/slowreader.py                      # no never-reader, then each kind, 5 runs each
    python tools/slowreader.py --kind flood --runs 9

Starts ``mexican-train serve`` as a subprocess on 127.0.0.1 (a free port, a
temporary data folder) and seats ``--others`` people, each the host of a
table of their own, who ask the server something every few milliseconds
(the host sets a seat's level and waits for the ``table`` that answers).
Then one client that never reads comes:

- ``flood``: it creates a table and sends requests as fast as its socket
  takes them (each answered by a ``table`` of about 2 KB) without ever
  reading an answer;
- ``seated``: it sits at a table where another person plays against three
  computers as fast as the server answers, and never reads the updates;
- ``none``: no never-reader at all, for the delays the machine gives by itself.

Prints one JSON line per kind: the others' round trips (milliseconds,
p50/p99/max) while the never-reader is connected, the worst single wait of
any of them (``delay_ms_max``: what the never-reader cost them), the
seconds until the server dropped it (null: it was never dropped within
``--seconds``), and the machine's load average. The mark is 100 ms of
delay. Every socket is on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent


async def _hello(url: str, **options: Any) -> ClientConnection:
    """A connection that has said hello (and read the welcome)."""
    ws = await connect(url, max_size=None, **options)
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    await ws.recv()
    return ws


async def _answer(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


async def _asker(url: str, waits: list[float], stop: asyncio.Event) -> None:
    """A host who sets a seat's level again and again, timing each answer (seconds)."""
    ws = await _hello(url)
    await ws.send(json.dumps({"type": "create", "name": "Host", "preset": "classic", "players": 2,
                              "seats": ["person", "open"]}))
    await _answer(ws, "table")
    levels = ("easy", "medium")
    turn = 0
    while not stop.is_set():
        turn += 1
        sent = time.perf_counter()
        await ws.send(json.dumps({"type": "seat", "seat": 1, "kind": levels[turn % 2]}))
        await _answer(ws, "table")
        waits.append(time.perf_counter() - sent)
        await asyncio.sleep(0.005)
    await ws.close()


async def _flooder(url: str) -> ClientConnection:
    """A host who sends requests as fast as the socket takes them and never reads an answer."""
    ws = await _hello(url, max_queue=1)
    await ws.send(json.dumps({"type": "create", "name": "Flood", "preset": "classic", "players": 4,
                              "seats": ["person", "open", "open", "open"]}))

    async def flood() -> None:
        turn = 0
        try:
            while True:
                turn += 1
                await ws.send(json.dumps({"type": "seat", "seat": 1 + turn % 3, "kind": ("easy", "hard")[turn % 2]}))
        except ConnectionClosed:
            pass
    asyncio.get_running_loop().create_task(flood())
    return ws


async def _seated(url: str) -> ClientConnection:
    """A person who joins a table where another plays flat out against computers, and never reads."""
    host = await _hello(url)
    await host.send(json.dumps({"type": "create", "name": "Fast", "preset": "classic", "players": 4,
                                "seats": ["person", "open", "easy", "easy"], "pace": "any"}))
    code = (await _answer(host, "joined"))["table"]
    ws = await _hello(url, max_queue=1)
    await ws.send(json.dumps({"type": "join", "table": code, "name": "Never", "seat": 1}))
    await asyncio.sleep(0.2)
    await host.send(json.dumps({"type": "start"}))

    async def play() -> None:
        try:
            while True:
                message = json.loads(await host.recv())
                if message["type"] == "commit":
                    await host.send(json.dumps({"type": "contribute", "round": message["round"],
                                                "contribution": os.urandom(32).hex()}))
                elif message["type"] == "update" and message["view"]["legal"]:
                    await host.send(json.dumps({"type": "act", "action": message["view"]["legal"][0]}))
        except ConnectionClosed:
            pass
    asyncio.get_running_loop().create_task(play())
    return ws


async def _never_reader(url: str, kind: str) -> None:
    """The never-reader's own process: says ``ready`` once it stops reading, then the seconds until the
    server dropped it (``dropped S``, or ``kept`` when it was not within a minute)."""
    ws = await (_flooder(url) if kind == "flood" else _seated(url))
    print("ready", flush=True)
    start = time.perf_counter()
    try:
        await asyncio.wait_for(ws.wait_closed(), 60)
    except TimeoutError:
        print("kept", flush=True)
        return
    print(f"dropped {time.perf_counter() - start:.3f}", flush=True)


async def _one_run(url: str, kind: str, others: int, seconds: float) -> dict[str, Any]:
    """The others' waits while one never-reader of ``kind`` (a process of its own) is connected."""
    stop = asyncio.Event()
    waits: list[float] = []
    askers = [asyncio.create_task(_asker(url, waits, stop)) for _ in range(others)]
    await asyncio.sleep(1.0)
    if kind == "none":  # the same measure with no never-reader: what the machine's own noise gives
        waits.clear()
        await asyncio.sleep(seconds)
        said = ["kept"]
    else:
        said = await _watch_never_reader(url, kind, waits, seconds)
    during = sorted(waits)
    stop.set()
    await asyncio.gather(*askers, return_exceptions=True)
    dropped = float(said[1]) if said[:1] == ["dropped"] else None
    return {"p50": 1000 * statistics.median(during), "p99": 1000 * during[int(0.99 * (len(during) - 1))],
            "max": 1000 * during[-1], "dropped_s": dropped, "answers": len(during)}


async def _watch_never_reader(url: str, kind: str, waits: list[float], seconds: float) -> list[str]:
    """Start the never-reader's process; once it stops reading, the others' waits count; what it said
    (``dropped S`` or ``kept``)."""
    never = await asyncio.create_subprocess_exec(sys.executable, __file__, "--never", kind, url,
                                                 stdout=asyncio.subprocess.PIPE)
    assert never.stdout is not None
    await never.stdout.readline()
    waits.clear()
    try:
        said = (await asyncio.wait_for(never.stdout.readline(), seconds)).decode().split()
    except TimeoutError:
        said = ["kept"]
    if never.returncode is None:
        never.kill()
    await never.wait()
    return said


def _serve(data: Path) -> tuple[subprocess.Popen[str], str]:
    """``mexican-train serve`` on 127.0.0.1 and a free port."""
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", HOST, "--port", "0", "--data",
                                str(data), "--workers", "1"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith(f"listening on ws://{HOST}:"):
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.split()[-1]


def main() -> None:
    """Measure each kind of never-reader ``--runs`` times on a fresh server; print the medians as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("flood", "seated", "none", "all"), default="all",
                        help="none: no never-reader, the machine's own noise")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--others", type=int, default=5, help="people asking the server meanwhile")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long a never-reader may stay")
    parser.add_argument("--never", nargs=2, metavar=("KIND", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.never:
        asyncio.run(_never_reader(args.never[1], args.never[0]))
        return
    kinds = ("none", "flood", "seated") if args.kind == "all" else (args.kind,)
    for kind in kinds:
        runs = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as folder:
                process, url = _serve(Path(folder))
                try:
                    runs.append(asyncio.run(_one_run(url, kind, args.others, args.seconds)))
                    print(f"{kind}: {runs[-1]}", file=sys.stderr)
                finally:
                    process.terminate()
                    process.wait(timeout=30)
        drops = [r["dropped_s"] for r in runs]
        print(json.dumps({
            "kind": kind, "runs": len(runs),
            "others_ms_p50": round(statistics.median(r["p50"] for r in runs), 1),
            "others_ms_p99": round(statistics.median(r["p99"] for r in runs), 1),
            "delay_ms_max": round(statistics.median(r["max"] for r in runs), 1),
            "delay_ms_max_each": [round(r["max"], 1) for r in runs],
            "dropped_s": None if None in drops else round(statistics.median(d for d in drops if d is not None), 2),
            "load": round(os.getloadavg()[0], 2)}), flush=True)


if __name__ == "__main__":
    main()
