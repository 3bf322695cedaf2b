"""Crash test of the table server: killed with -9 again and again, it loses nothing anyone saw.

    python tools/crashtest.py --tables 20 --kills 100 --points all
    python tools/crashtest.py --tables 20 --kills 100 --points all --database postgres

Runs ``mexican-train serve`` as a subprocess on 127.0.0.1 (SQLite in a
temporary folder, or a throwaway PostgreSQL cluster from tools/pgcluster.py)
with ``--tables`` tables always in play, each with two people (the game's
own client library, each keeping their own copy of the match) and two
computer players, all playing flat out. It kills the server with SIGKILL
``--kills`` times at instants drawn uniformly (0.2-2 s of play apart), and
once at each named point of the write path (``--points``; the server's
``MEXICAN_TRAIN_KILL_AT`` hook, game/net/store/crashpoints.py), restarting it each
time; the people reconnect and rejoin with their tokens by themselves. At
the end it reads every table back from the database and checks:

- every ``update`` any person received is a prefix of the database's log:
  replayed to that round and move, the database's match gives that very
  view (an update told is an action stored);
- each round of each table was committed to once and dealt once (every
  commitment a person saw for a round is the database's);
- every person's copy holds the database's finished rounds, and
  ``mexican-train verify-deal`` passes every copy.

Prints one JSON line of figures; exits 1 if anything was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablecheck import (
    HOST,
    Person,
    ServerProcess,
    check_told,
    free_port,
    new_table,
    play,
    verify_copies,
)

from game.net.store.crashpoints import POINTS


@dataclass
class Tally:
    """The run's counts."""

    kills: int = 0
    point_kills: dict[str, int] = field(default_factory=dict)
    restarts: int = 0
    tables: int = 0


SETTLE_AT_MOST = 120.0
"""Seconds the play after the last restart may go on past ``--settle`` until some person's copy
holds a finished round (on a loaded machine a short run may end before any round does)."""


async def _run(args: argparse.Namespace, server: ServerProcess, copies: Path, tally: Tally) -> list[Person]:
    """Keep ``--tables`` tables in play while the server is killed again and again."""
    url = f"ws://{HOST}:{server.port}/"
    rng = random.Random(args.seed)
    people: list[Person] = []
    playing: list[asyncio.Task[None]] = []

    async def top_up() -> None:
        while True:
            live = sum(1 for p in people if not p.over) // 2
            for _ in range(args.tables - live):
                try:
                    table = await new_table(url, copies, tally.tables)
                except Exception as error:  # noqa: BLE001 - a table not set up now is tried again
                    if args.verbose:
                        print(f"a new table failed: {error!r}", file=sys.stderr, flush=True)
                    break
                tally.tables += 1
                people.extend(table)
                playing.extend(asyncio.create_task(play(p, url)) for p in table)
            await asyncio.sleep(0.2)

    filler = asyncio.create_task(top_up())
    points = list(POINTS) if args.points == "all" else [p for p in args.points.split(",") if p]
    plan = ["random"] * args.kills + points
    rng.shuffle(plan)
    for what in plan:
        await asyncio.sleep(rng.uniform(0.2, 2.0))
        if args.verbose:
            told = sum(len(p.updates) for p in people)
            print(f"{time.monotonic():.1f} kill: {what}; {told} updates told so far", file=sys.stderr, flush=True)
        if what == "random":
            await asyncio.to_thread(server.kill)
            tally.kills += 1
        else:
            await asyncio.to_thread(server.kill)
            await asyncio.to_thread(server.start, f"{what}:{rng.randint(3, 20)}")
            if await asyncio.to_thread(server.wait, 120):
                tally.point_kills[what] = tally.point_kills.get(what, 0) + 1
            else:
                await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        tally.restarts += 1
    await asyncio.sleep(args.settle)
    deadline = time.monotonic() + SETTLE_AT_MOST
    while not any(copies.rglob("autosave-*.json")) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)  # a loaded machine: play on until some round has ended (a copy to verify)
    filler.cancel()
    for task in playing:
        task.cancel()
    await asyncio.gather(filler, *playing, return_exceptions=True)
    for person in people:
        await person.client.close()
    return people


def main() -> int:
    """Run, check, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables in play at once (default 20)")
    parser.add_argument("--kills", type=int, default=100, help="kills at random instants (default 100)")
    parser.add_argument("--points", default="all", help="named points to kill at once each: all, none, or a,b,c")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--database-url", default="",
                        help="an empty PostgreSQL database to use (default: a throwaway cluster of its own)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of play after the last restart (longer until some round has ended)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="say each kill on standard error")
    parser.add_argument("--log", type=Path, default=None, help="append the server's log to this file")
    args = parser.parse_args()
    if args.points == "none":
        args.points = ""
    cluster = None
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mexican-train-crash-") as folder:
        data, copies = Path(folder) / "server", Path(folder) / "copies"
        if args.database == "sqlite":
            args.database_url = ""
        elif not args.database_url:
            from pgcluster import Cluster

            cluster = Cluster()
            args.database_url = cluster.new_database()
        server = ServerProcess(data, args.database_url, free_port(), args.log)
        tally = Tally()
        try:
            server.start()
            people = asyncio.run(_run(args, server, copies, tally))
            server.stop()
            figures = asyncio.run(check_told(args.database_url, data, people))
            passed, unseen, failed = verify_copies(copies)
        finally:
            server.kill()
            if cluster is not None:
                cluster.stop()
    result = {"database": args.database, "tables_played": tally.tables, "kills_random": tally.kills,
              "kills_at_points": tally.point_kills, "restarts": tally.restarts, **figures,
              "copies_verified": passed, "copies_with_a_round_dealt_while_away": unseen,
              "copies_failing_verify": failed, "seconds": round(time.monotonic() - began, 1),
              "load_average_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    bad = figures["lost"] + figures["diverged"] + figures["rounds_committed_twice"] + figures["copies_differing"] + failed
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
