"""Whether one address's Expert tables slow another table's Easy computers.

    python tools/thinkfair.py --experts 19 --seconds 60

Starts ``mexican-train serve`` on 127.0.0.1 and, from the address
127.0.0.2, ``--experts`` tables of one scripted person and three Expert
computer players (the person moves at once, so Experts are always
thinking); from 127.0.0.3, one table of a person and three Easy computer
players. It measures, at the Easy table, the time from the update of the
person's move until the update of the next computer's move (each Easy
reply), and prints one JSON line: the reply's p50/p90/p99 in
milliseconds, how many replies, the Expert moves made meanwhile, and the
load average. Every socket is on the loopback (127.0.0.0/8).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


async def _hello(url: str, source: str) -> Any:
    """A raw connection from ``source`` (an address of the loopback) that has said hello."""
    ws = await connect(url, max_size=2**20, open_timeout=60, ping_interval=None, local_addr=(source, 0))
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _table(url: str, source: str, level: str, on_update: Any) -> None:
    """Tables of one person and three ``level`` computers, one after another (a match of Easy
    players ends within seconds); the person plays at once, for ever."""
    while True:
        await _match(url, source, level, on_update)


async def _match(url: str, source: str, level: str, on_update: Any) -> None:
    """One table of one person and three ``level`` computers, played to the match's end."""
    ws = await _hello(url, source)
    await ws.send(json.dumps({"type": "create", "name": "P", "preset": "classic", "players": 4, "length": "full",
                              "seats": ["person", level, level, level]}))
    await ws.send(json.dumps({"type": "start"}))
    rng = random.Random(source + level)
    async for text in ws:
        message = json.loads(text)
        if message["type"] == "commit":
            await ws.send(json.dumps({"type": "contribute", "round": message["round"],
                                      "contribution": os.urandom(32).hex()}))
        elif message["type"] == "update":
            on_update(message)
            view = message["view"]
            if view["legal"] and view["to_move"] == view["seat"]:
                await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"])}))
        elif message["type"] == "match_end":
            await ws.close()
            return


async def _measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run the tables; time the Easy table's replies."""
    replies: list[float] = []
    expert_moves = [0]
    waiting = {"since": 0.0}
    measuring = {"on": False}

    def easy_update(message: dict[str, Any]) -> None:
        view, now = message["view"], time.perf_counter()
        moved = [e for e in message["events"] if e["event"] in ("TilePlayed", "TileDrawn", "Passed")]
        if waiting["since"] and any(e.get("seat") not in (None, 0) for e in moved):
            if measuring["on"]:
                replies.append(now - waiting["since"])
            waiting["since"] = 0.0
        if view["to_move"] not in (None, 0) and not view["round_over"]:
            waiting["since"] = waiting["since"] or now

    def expert_update(message: dict[str, Any]) -> None:
        if measuring["on"]:
            expert_moves[0] += 1

    tasks = [asyncio.create_task(_table(url, "127.0.0.2", "expert", expert_update)) for _ in range(args.experts)]
    tasks.append(asyncio.create_task(_table(url, "127.0.0.3", "easy", easy_update)))
    await asyncio.sleep(args.warmup)
    measuring["on"] = True
    began = time.perf_counter()
    await asyncio.sleep(args.seconds)
    measuring["on"] = False
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(replies) or [0.0]
    return {"expert_tables": args.experts, "easy_replies": len(replies),
            "easy_reply_p50_ms": round(1000 * lat[len(lat) // 2], 1),
            "easy_reply_p90_ms": round(1000 * lat[int(len(lat) * 0.9)], 1),
            "easy_reply_p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 1),
            "expert_updates_per_s": round(expert_moves[0] / (time.perf_counter() - began), 1),
            "seconds": args.seconds, "load_average_1min": round(os.getloadavg()[0], 2)}


def main() -> int:
    """Start the server, measure, print the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--experts", type=int, default=19)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=None, help="the server's --workers (default: its own)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mexican-train-fair-") as data:
        command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", "--data", data,
                   "--hello-timeout", "120", "--tables-per-hour", "100000"]  # one Easy match after another
        if args.workers:
            command += ["--workers", str(args.workers)]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            result = asyncio.run(_measure(url, args))
        finally:
            server.terminate()
            server.wait(timeout=60)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
