"""Several table servers sharing one PostgreSQL: a process killed, one stopped, one paused past its lease.

    python tools/clustertest.py --processes 3 --tables 60
    python tools/clustertest.py --processes 3 --tables 6 --lease 3     # the small run of the tests

Starts a throwaway PostgreSQL cluster (tools/pgcluster.py; or ``--database-url``)
and ``--processes`` servers on 127.0.0.1, each on a port of its own with
``--public-address`` naming it, sharing the database. ``--tables`` tables of
two people (the game's client library, each keeping their own copy) and two
computer players are set up through the first process (new tables go to the
least loaded one) and played flat out. Then:

1. **kill -9** the process holding the most tables: every one of its tables
   must be served again elsewhere (a person of it told an update by another
   process), at once since its connections to PostgreSQL closed, and spread
   over the live processes; the killed process is started again (a new
   process id on the same port).
2. **SIGTERM** another process: it lets its tables go at once and tells every
   person there ``moved`` to a live process; no person may be told an error,
   and the stopping process may load no table after it let them go (its log).
3. **SIGSTOP** a process holding a table where a person is to move and
   holds their move: the process is paused, the person sends the move into
   its socket, the other person's connection is cut so they rejoin
   elsewhere, and once the table is served elsewhere the paused process
   is resumed: it must tell no one of that move (the write is refused
   under its old claim); the person's game rejoins and sends the move again.

At the end every process stops and every table is read back: every update
any person received must be a prefix of the database's log, every round
committed once, every copy equal to the database's and passing
``verify-deal``. Prints one JSON line; exits 1 if anything was lost or told
by a process that no longer held its table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablecheck import (
    Person,
    ServerProcess,
    check_told,
    free_port,
    new_table,
    play,
    verify_copies,
)


def _health(server: ServerProcess) -> dict[str, Any]:
    """A process's health check (an empty one if it does not answer)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/health", timeout=5) as response:
            return dict(json.loads(response.read()))
    except OSError:
        return {}


def _people_at(people: list[Person], server: ServerProcess) -> list[Person]:
    """The people whose connection is to ``server`` and whose match goes on."""
    return [p for p in people if p.client.url == server.url and not p.over]


async def _served_again(people: list[Person], since: float, limit: float, gone: str) -> list[float]:
    """Seconds until a person of each table was told an update by a process other than the one
    gone (at ``gone``, since ``since``); waits up to ``limit`` (a table not served by then counts
    as infinite, and is said on stderr with what its people last saw)."""
    tables = {p.code for p in people if not p.over}
    deadline = time.monotonic() + limit
    while True:
        firsts = {code: min((t for p in people if p.code == code for t, url in p.told if t > since and url != gone),
                            default=None) for code in tables}
        if all(first is not None for first in firsts.values()) or time.monotonic() >= deadline:
            break
        await asyncio.sleep(0.1)
    for code, first in firsts.items():
        if first is None:
            for p in (p for p in people if p.code == code):
                last = p.updates[-1][:2] if p.updates else None
                print(f"not served again within {limit:.0f} s: table {code} seat {p.seat} at {p.client.url} "
                      f"(last update round/moves {last}, over {p.over}, resending {p.client.resending}, "
                      f"errors {p.errors[-3:]})", file=sys.stderr, flush=True)
    return [float("inf") if first is None else first - since for first in firsts.values()]


def _served_figures(times: list[float]) -> dict[str, Any]:
    """The tables served again: how many, the slowest and the median (seconds)."""
    served = [t for t in times if t != float("inf")]
    return {"tables": len(times), "served_again": len(served),
            "served_again_max_s": round(max(served), 2) if served else None,
            "served_again_median_s": round(statistics.median(served), 2) if served else None}


def _served_by(people: list[Person], since: float, gone: str) -> dict[str, int]:
    """How many of these people's tables each process served first after ``since``."""
    firsts: dict[str, tuple[float, str]] = {}
    for person in people:
        for at, url in person.told:
            if at > since and url != gone and (person.code not in firsts or at < firsts[person.code][0]):
                firsts[person.code] = (at, url)
    counts: dict[str, int] = {}
    for _, url in firsts.values():
        counts[url] = counts.get(url, 0) + 1
    return dict(sorted(counts.items()))


def _loaded_after_letting_go(server: ServerProcess, process: str) -> int:
    """Tables the stopping ``process`` loaded after its log says it let every table go."""
    said = server.log.read_text(errors="replace") if server.log and server.log.exists() else ""
    let_go = said.find(f"every table let go by process {process}")
    return -1 if let_go < 0 else said[let_go:].count(f"loaded by process {process}")


async def _run(args: argparse.Namespace, servers: list[ServerProcess], copies: Path) -> dict[str, Any]:
    """Set up, play, kill, stop, pause; the figures of each phase."""
    people: list[Person] = []
    for number in range(args.tables):
        people.extend(await asyncio.wait_for(new_table(servers[0].url, copies, number, "full"), 60))
    playing = [asyncio.create_task(play(p, p.client.url, args.move_pause)) for p in people]
    await asyncio.sleep(args.warmup)
    figures: dict[str, Any] = {"tables_per_process": [_health(s).get("tables", 0) for s in servers]}

    victim = max(servers, key=lambda s: len({p.code for p in _people_at(people, s)}))
    hit = [p for p in _people_at(people, victim)]
    killed_at = time.monotonic()
    await asyncio.to_thread(victim.kill)
    times = await _served_again(hit, killed_at, args.lease + 20, victim.url)
    figures["kill"] = {**_served_figures(times), "served_by": _served_by(hit, killed_at, victim.url)}
    await asyncio.to_thread(victim.start)

    await asyncio.sleep(args.warmup)
    leaving = next((s for s in servers if s is not victim and _people_at(people, s)), None)
    if leaving is None:
        for p in people:
            print(f"no process to stop: {p.code}/{p.seat} at {p.client.url} over {p.over} "
                  f"updates {p.updates[-1][:2] if p.updates else None}", file=sys.stderr, flush=True)
        raise SystemExit("no process but the one killed has people at it")
    moved = [p for p in _people_at(people, leaving)]
    errors_before = {id(p): len(p.errors) for p in people}
    process = _health(leaving).get("process", "?")
    live = {s.url for s in servers if s is not leaving}
    stopped_at = time.monotonic()
    await asyncio.to_thread(leaving.stop)
    times = await _served_again(moved, stopped_at, 30, leaving.url)
    await asyncio.sleep(1.0)
    told = [code for p in people for code in p.errors[errors_before[id(p)]:]]
    sent = [p for p in moved if any(at > stopped_at and to in live for at, to in p.moved)]
    figures["sigterm"] = {**_served_figures(times), "errors_told": len(told), "errors": sorted(set(told)),
                          "people": len(moved), "people_told_moved": len(sent),
                          "served_by": _served_by(moved, stopped_at, leaving.url),
                          "tables_loaded_after_letting_go": _loaded_after_letting_go(leaving, process)}
    await asyncio.to_thread(leaving.start)

    figures["fencing"] = await _fencing(args, servers, people)
    await asyncio.sleep(args.settle)
    for task in playing:
        task.cancel()
    await asyncio.gather(*playing, return_exceptions=True)
    for person in people:
        await person.client.close()
    figures["people"] = people
    return figures


async def _fencing(args: argparse.Namespace, servers: list[ServerProcess], people: list[Person]) -> dict[str, Any]:
    """Pause a process past its lease with a move sent into it; it must tell no one of it."""
    for _ in range(600):
        for server in servers:
            at = _people_at(people, server)
            for mover in at:
                view = mover.client.view
                other = next((p for p in at if p.code == mover.code and p is not mover), None)
                if view is not None and other is not None and view.to_move != mover.seat and not view.round_over:
                    return await _pause_over(args, server, mover, other)
        await asyncio.sleep(0.05)
    return {"tried": False}


async def _pause_over(args: argparse.Namespace, server: ServerProcess, mover: Person, other: Person) -> dict[str, Any]:
    """The pause itself (``mover`` moves into the paused process; ``other`` goes elsewhere)."""
    mover.holding.set()
    while mover.client.view is None or mover.client.view.to_move != mover.seat:
        await asyncio.sleep(0.01)
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    paused_at = time.monotonic()
    await asyncio.sleep(0.5)  # what the process sent before its pause has come in by now
    told_by_then = time.monotonic()
    mover.holding.clear()  # the move goes into the paused process's socket
    await asyncio.sleep(0.2)
    if other.client._ws is not None:
        other.client._ws.transport.abort()  # cut off: the other person rejoins elsewhere
    times = await _served_again([other], paused_at, args.lease + 20, server.url)
    os.kill(server.process.pid, signal.SIGCONT)
    resumed = time.monotonic()

    def played_later() -> bool:
        return any(t > paused_at and url != server.url for t, url in mover.told)
    while time.monotonic() - resumed < 3.0 or (not played_later() and time.monotonic() - resumed < 30.0):
        await asyncio.sleep(0.1)  # at least 3 s for the resumed process to tell what it must not
    told_after = sum(1 for t, url in mover.told if t > told_by_then and url == server.url)
    return {"tried": True, "served_elsewhere_after_s": round(max(times), 2), "told_by_paused_process": told_after,
            "move_played_later": played_later(), "move_played_later_after_resume_s":
            round(min((t for t, url in mover.told if t > resumed and url != server.url), default=resumed) - resumed, 2)}


def main() -> int:
    """Start PostgreSQL and the processes, run the phases, check, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--lease", type=float, default=5.0, help="the processes' --lease (default 5)")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("--move-pause", type=float, default=0.1,
                        help="seconds each person waits before a move (matches last through every phase)")
    parser.add_argument("--database-url", default="", help="an empty PostgreSQL database (default: a throwaway one)")
    parser.add_argument("--log", type=Path, default=None, help="append the servers' logs to this file")
    args = parser.parse_args()
    cluster = None
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mexican-train-cluster-") as folder:
        url = args.database_url
        if not url:
            from pgcluster import Cluster

            cluster = Cluster()
            url = cluster.new_database()
        servers = []
        for number in range(args.processes):
            port = free_port()
            servers.append(ServerProcess(Path(folder) / f"p{number}", url, port, Path(folder) / f"p{number}.log",
                                         ("--public-address", f"ws://127.0.0.1:{port}/", "--lease", str(args.lease))))
        try:
            for server in servers:
                server.start()
            figures = asyncio.run(_run(args, servers, Path(folder) / "copies"))
            people = figures.pop("people")
            for server in servers:
                server.stop()
            checked = asyncio.run(check_told(url, Path(folder) / "p0", people))
            passed, unseen, failed = verify_copies(Path(folder) / "copies")
        finally:
            for server in servers:
                server.kill()
                if args.log and server.log and server.log.exists():
                    with open(args.log, "a") as kept:
                        kept.write(server.log.read_text(errors="replace"))
            if cluster is not None:
                cluster.stop()
    result = {**figures, **checked, "copies_verified": passed, "copies_with_a_round_dealt_while_away": unseen,
              "copies_failing_verify": failed,
              "seconds": round(time.monotonic() - began, 1), "load_average_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    stop = figures["sigterm"]
    bad = (checked["lost"] + checked["diverged"] + checked["rounds_committed_twice"] + checked["copies_differing"]
           + failed + stop["errors_told"] + figures["fencing"].get("told_by_paused_process", 0)
           + (stop["people"] - stop["people_told_moved"]) + (stop["tables_loaded_after_letting_go"] != 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
