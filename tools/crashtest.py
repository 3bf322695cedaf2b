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
``MEXICAN_TRAIN_KILL_AT`` hook, game/net/crashpoints.py), restarting it each
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
import io
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from game.ai import make_player  # noqa: E402
from game.engine import parse_action  # noqa: E402
from game.engine.tiles import parse_tile  # noqa: E402
from game.memory.session import GameSession  # noqa: E402
from game.net.client import Client, Disconnected, ServerRefused  # noqa: E402
from game.net.crashpoints import POINTS  # noqa: E402
from game.net.rebuild import settings_from_json  # noqa: E402
from game.net.settings import seat_config  # noqa: E402
from game.net.store import open_store  # noqa: E402
from game.net.store.records import StoredTable  # noqa: E402
from game.net.wire import view_json  # noqa: E402
from game.saves import SaveStore  # noqa: E402
from game.saves.verify import verify_command  # noqa: E402

HOST = "127.0.0.1"


@dataclass
class Person:
    """One scripted person at a table, and everything they were told."""

    client: Client
    seat: int
    code: str
    token: str
    seed: str
    updates: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    commitments: list[tuple[int, str]] = field(default_factory=list)
    over: bool = False


@dataclass
class Tally:
    """The run's counts."""

    kills: int = 0
    point_kills: dict[str, int] = field(default_factory=dict)
    restarts: int = 0
    tables: int = 0


class ServerProcess:
    """``mexican-train serve`` on a fixed port, started again after each kill."""

    def __init__(self, data: Path, database: str, port: int, log: Path | None = None) -> None:
        self.data, self.database, self.port, self.log = data, database, port, log
        self.process: subprocess.Popen[str] | None = None

    def start(self, kill_at: str = "") -> None:
        """Start it (armed to die at ``kill_at``) and wait until it listens."""
        env = {**os.environ, "MEXICAN_TRAIN_KILL_AT": kill_at}
        command = [sys.executable, "-m", "game", "serve", "--host", HOST, "--port", str(self.port),
                   "--data", str(self.data), "--workers", "1", "--hello-timeout", "120",
                   "--tables-per-address", "100000", "--tables-per-hour", "100000"]
        if self.database:
            command += ["--database", self.database]
        log = open(self.log, "a") if self.log else subprocess.DEVNULL  # noqa: SIM115 - the server's own stream
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=ROOT)
        if self.log:
            log.close()  # type: ignore[union-attr]
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("listening on"):
            raise SystemExit(f"the server did not start: {line!r}")

    def kill(self) -> None:
        """SIGKILL, and wait for it to be gone."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.wait()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the process to end (it may kill itself at its point); whether it did."""
        if self.process is None:
            return True
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        if self.process.stdout is not None:
            self.process.stdout.close()
        return True

    def stop(self) -> None:
        """SIGTERM, for the end of the run."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.wait(60)


async def _connect(url: str, copies: Path) -> Client:
    """A client that has said hello, retrying while the server is down."""
    while True:
        client = Client(url, store=SaveStore(copies))
        try:
            await client.connect()
            return client
        except (OSError, Disconnected, ServerRefused, asyncio.TimeoutError):
            await asyncio.sleep(0.1)


async def _rejoin(person: Person, url: str) -> None:
    """Reconnect the same client (its copy kept) and take the seat back, retrying while the server is down."""
    while True:
        try:
            await person.client.connect()
            await person.client.rejoin(person.code, person.token)
            return
        except (OSError, Disconnected, ServerRefused, asyncio.TimeoutError):
            await asyncio.sleep(0.1)
        except Exception as error:  # noqa: BLE001 - said, then tried again
            print(f"rejoin of {person.code} seat {person.seat} failed: {error!r}", file=sys.stderr, flush=True)
            await asyncio.sleep(0.1)


async def _play(person: Person, url: str) -> None:
    """Play the seat flat out until the match ends, through every kill."""
    try:
        await _play_on(person, url)
    except asyncio.CancelledError:
        raise
    except BaseException as error:
        print(f"{person.code} seat {person.seat} stopped playing: {error!r}", file=sys.stderr, flush=True)
        raise


async def _play_on(person: Person, url: str) -> None:
    """The seat's play itself."""
    player = make_player("easy", person.seed)
    while not person.over:
        try:
            message = await person.client.next()
        except Disconnected:
            await _rejoin(person, url)
            continue
        if message.type == "update":
            person.updates.append((int(message.data["round"]), int(message.data["moves"]), message.data["view"]))
            view = message.view
            if view is not None and view.legal and view.to_move == person.seat:
                try:
                    await person.client.act(player.choose(view))
                except Disconnected:
                    pass
        elif message.type == "commit":
            person.commitments.append((int(message.data["round"]), str(message.data["commitment"])))
        elif message.type == "match_end":
            person.over = True
            await person.client.close()


async def _new_table(url: str, copies: Path, number: int) -> list[Person]:
    """A table of two people and two computer players, started."""
    host = await _connect(url, copies / f"t{number}-0")
    joined = await host.create("Ana", "classic", 4, length="blitz", seats=["person", "open", "easy", "medium"])
    guest = await _connect(url, copies / f"t{number}-1")
    seat = await guest.join(joined.table, "Ben")
    await host.start()
    return [Person(host, 0, joined.table, joined.token, f"{number}/0"),
            Person(guest, seat.seat, seat.table, seat.token, f"{number}/1")]


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
                    table = await _new_table(url, copies, tally.tables)
                except Exception as error:  # noqa: BLE001 - a table not set up now is tried again
                    if args.verbose:
                        print(f"a new table failed: {error!r}", file=sys.stderr, flush=True)
                    break
                tally.tables += 1
                people.extend(table)
                playing.extend(asyncio.create_task(_play(p, url)) for p in table)
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
    filler.cancel()
    for task in playing:
        task.cancel()
    await asyncio.gather(filler, *playing, return_exceptions=True)
    for person in people:
        await person.client.close()
    return people


def _views(stored: StoredTable, seats: set[int]) -> tuple[dict[tuple[int, int], dict[int, Any]], GameSession]:
    """The database's match replayed: each seat's view after every move of every round."""
    settings = settings_from_json(json.loads(stored.row.settings))
    configs = [seat_config(s.kind, s.name) for s in stored.seats]
    session = GameSession(settings.options(), configs, stored.row.seed, stored.row.table_id)
    match = session.match
    views: dict[tuple[int, int], dict[int, Any]] = {}
    for number, row in enumerate(stored.rounds, start=1):
        if row.deal is None:
            break
        match.start_next_round([parse_tile(t, match.setup.set_max) for t in row.deal], row.secret)
        views[(number, 0)] = {seat: view_json(match.view(seat)) for seat in seats}
        for index, text in enumerate(row.actions, start=1):
            match.apply(parse_action(text, match.players, match.setup.set_max))
            views[(number, index)] = {seat: view_json(match.view(seat)) for seat in seats}
    return views, session


async def _check(args: argparse.Namespace, data: Path, people: list[Person]) -> dict[str, Any]:
    """Compare what every person was told and kept with the database."""
    store = open_store(args.database_url, data)
    await store.open()
    lost = diverged = double_commits = copies_wrong = updates = rounds = 0
    by_table: dict[str, list[Person]] = {}
    for person in people:
        by_table.setdefault(person.code, []).append(person)
    try:
        for code, table_people in by_table.items():
            stored = await store.load(code)
            if stored is None:
                lost += sum(len(p.updates) for p in table_people)
                continue
            views, session = _views(stored, {p.seat for p in table_people})
            rounds += sum(1 for r in stored.rounds if r.deal is not None)
            for person in table_people:
                for number, moves, view in person.updates:
                    updates += 1
                    known = views.get((number, moves))
                    if known is None:
                        lost += 1
                    elif known[person.seat] != view:
                        diverged += 1
                for number, shown in person.commitments:
                    if number > len(stored.rounds) or stored.rounds[number - 1].commitment != shown:
                        double_commits += 1
                copy = person.client.copy.session if person.client.copy else None
                finished = len(copy.match.round_scores) if copy else 0
                if copy is not None and (copy.match.action_log[:finished] != session.match.action_log[:finished]
                                         or copy.match.round_scores != session.match.round_scores[:finished]):
                    copies_wrong += 1
    finally:
        await store.close()
    return {"updates_checked": updates, "rounds_checked": rounds, "lost": lost, "diverged": diverged,
            "rounds_committed_twice": double_commits, "copies_differing": copies_wrong}


def _verify_copies(copies: Path) -> tuple[int, int]:
    """``verify-deal`` on every saved copy: (passed, failed)."""
    passed = failed = 0
    for path in sorted(copies.rglob("autosave-*.json")):
        status = verify_command(str(path), io.StringIO(), io.StringIO())
        if status == 0:
            passed += 1
        else:
            failed += 1
    return passed, failed


def _free_port() -> int:
    """A port nothing listens on now, on the loopback."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def main() -> int:
    """Run, check, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables in play at once (default 20)")
    parser.add_argument("--kills", type=int, default=100, help="kills at random instants (default 100)")
    parser.add_argument("--points", default="all", help="named points to kill at once each: all, none, or a,b,c")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--database-url", default="",
                        help="an empty PostgreSQL database to use (default: a throwaway cluster of its own)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of play after the last restart")
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
        server = ServerProcess(data, args.database_url, _free_port(), args.log)
        tally = Tally()
        try:
            server.start()
            people = asyncio.run(_run(args, server, copies, tally))
            server.stop()
            figures = asyncio.run(_check(args, data, people))
            passed, failed = _verify_copies(copies)
        finally:
            server.kill()
            if cluster is not None:
                cluster.stop()
    result = {"database": args.database, "tables_played": tally.tables, "kills_random": tally.kills,
              "kills_at_points": tally.point_kills, "restarts": tally.restarts, **figures,
              "copies_verified": passed, "copies_failing_verify": failed, "seconds": round(time.monotonic() - began, 1),
              "load_average_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    bad = figures["lost"] + figures["diverged"] + figures["rounds_committed_twice"] + figures["copies_differing"] + failed
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
