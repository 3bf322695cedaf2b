"""What the server crash tools share: scripted people who keep what they were told, a server
process to kill and start again, and the check of everything told against the database.

Used by tools/crashtest.py (one process killed again and again) and
tools/clustertest.py (several processes sharing one PostgreSQL). Every socket
is on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import make_player
from game.engine import parse_action
from game.engine.tiles import parse_tile
from game.memory.session import GameSession
from game.net.client.client import Client
from game.net.client.replies import Disconnected, ServerRefused
from game.net.protocol.wire import view_json
from game.net.server.rebuild import settings_from_json
from game.net.store import open_store
from game.net.store.records import Held, StoredTable
from game.net.table.settings import seat_config
from game.saves import SaveStore
from game.saves.verify import verify_command

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
    told: list[tuple[float, str]] = field(default_factory=list)
    """For each update, when it came (monotonic seconds) and from which server."""
    errors: list[str] = field(default_factory=list)
    """The codes of every error the server answered."""
    moved: list[tuple[float, str]] = field(default_factory=list)
    """Each ``moved`` that sent this person's table on (its connection about to close): when it came
    (monotonic seconds) and where to."""
    holding: asyncio.Event = field(default_factory=asyncio.Event)
    """Set: the person waits before moving (a test's cue); cleared, they play on."""


class ServerProcess:
    """``mexican-train serve`` on a fixed port, started again after each kill."""

    def __init__(self, data: Path, database: str, port: int, log: Path | None = None,
                 extra: tuple[str, ...] = ()) -> None:
        self.data, self.database, self.port, self.log, self.extra = data, database, port, log, extra
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        """Where clients connect."""
        return f"ws://{HOST}:{self.port}/"

    def start(self, kill_at: str = "") -> None:
        """Start it (armed to die at ``kill_at``) and wait until it listens."""
        env = {**os.environ, "MEXICAN_TRAIN_KILL_AT": kill_at}
        command = [sys.executable, "-m", "game", "serve", "--host", HOST, "--port", str(self.port),
                   "--data", str(self.data), "--workers", "1", "--hello-timeout", "120",
                   "--tables-per-address", "100000", "--tables-per-hour", "100000"]
        if self.database:
            command += ["--database", self.database]
        command += list(self.extra)
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


async def connect_client(url: str, copies: Path) -> Client:
    """A client that has said hello, retrying while the server is down."""
    while True:
        client = Client(url, store=SaveStore(copies))
        try:
            await client.connect()
            return client
        except (TimeoutError, OSError, Disconnected, ServerRefused):
            await asyncio.sleep(0.1)


async def rejoin_seat(person: Person, url: str) -> None:
    """Reconnect the same client (its copy kept) and take the seat back, retrying while the server is down."""
    while True:
        try:
            await person.client.connect()
            await person.client.rejoin(person.code, person.token)
            return
        except (TimeoutError, OSError, Disconnected, ServerRefused):
            await asyncio.sleep(0.1)
        except Exception as error:  # noqa: BLE001 - said, then tried again
            print(f"rejoin of {person.code} seat {person.seat} failed: {error!r}", file=sys.stderr, flush=True)
            await asyncio.sleep(0.1)


async def play(person: Person, url: str, pause: float = 0.0) -> None:
    """Play the seat until the match ends, through every kill: flat out, or ``pause`` seconds before each move."""
    try:
        await _play_on(person, url, pause)
    except asyncio.CancelledError:
        raise
    except BaseException as error:
        print(f"{person.code} seat {person.seat} stopped playing: {error!r}", file=sys.stderr, flush=True)
        raise


async def _play_on(person: Person, url: str, pause: float) -> None:
    """The seat's play itself."""
    player = make_player("easy", person.seed)
    while not person.over:
        try:
            message = await person.client.next()
        except Disconnected:
            await rejoin_seat(person, url)
            continue
        if message.type == "update":
            if os.environ.get("TABLECHECK_VERBOSE"):
                print(f"{time.monotonic():.2f} {person.code}/{person.seat} at {person.client.url}: update "
                      f"{message.data['round']}/{message.data['moves']} to_move {message.data['view']['to_move']}",
                      file=sys.stderr, flush=True)
            person.updates.append((int(message.data["round"]), int(message.data["moves"]), message.data["view"]))
            person.told.append((time.monotonic(), person.client.url))
            view = message.view
            newest = (int(message.data["round"]), int(message.data["moves"])) == (person.client.round,
                                                                                 person.client.moves)
            # an update already overtaken (a rejoin sends the table again while the action resent is
            # played) is not acted on: as a person, the seat answers the table as it stands now
            if view is not None and view.legal and view.to_move == person.seat and newest \
                    and not person.client.resending:
                while person.holding.is_set():
                    await asyncio.sleep(0.01)
                if pause:
                    await asyncio.sleep(pause)
                try:
                    await person.client.act(player.choose(view))
                except Disconnected:
                    pass
        elif message.type == "error":
            person.errors.append(str(message.data.get("code")))
            if os.environ.get("TABLECHECK_VERBOSE"):
                print(f"{time.monotonic():.2f} {person.code}/{person.seat} at {person.client.url}: error "
                      f"{message.data}", file=sys.stderr, flush=True)
        elif message.type == "moved" and not message.data.get("about"):
            person.moved.append((time.monotonic(), str(message.data.get("to"))))
        elif message.type == "commit":
            person.commitments.append((int(message.data["round"]), str(message.data["commitment"])))
        elif message.type == "match_end":
            person.over = True
            await person.client.close()


async def new_table(url: str, copies: Path, number: int, length: str = "blitz") -> list[Person]:
    """A table of two people and two computer players, started."""
    host = await connect_client(url, copies / f"t{number}-0")
    joined = await host.create("Ana", "classic", 4, length=length, seats=["person", "open", "easy", "medium"])
    guest = await connect_client(url, copies / f"t{number}-1")
    seat = await guest.join(joined.table, "Ben")
    await host.start()
    return [Person(host, 0, joined.table, joined.token, f"{number}/0"),
            Person(guest, seat.seat, seat.table, seat.token, f"{number}/1")]


def views_of(stored: StoredTable, seats: set[int]) -> tuple[dict[tuple[int, int], dict[int, Any]], GameSession]:
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


async def check_told(database_url: str, data: Path, people: list[Person]) -> dict[str, Any]:
    """Compare what every person was told and kept with the database."""
    store = open_store(database_url, data)
    await store.open()
    lost = diverged = double_commits = copies_wrong = updates = rounds = 0
    by_table: dict[str, list[Person]] = {}
    for person in people:
        by_table.setdefault(person.code, []).append(person)
    try:
        for code, table_people in by_table.items():
            stored = await _read_back(store, code)
            if stored is None:
                lost += sum(len(p.updates) for p in table_people)
                continue
            views, session = views_of(stored, {p.seat for p in table_people})
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


def verify_copies(copies: Path) -> tuple[int, int, int]:
    """``verify-deal`` on every saved copy: (passed, passed but with a round dealt before this
    person's game saw its commitment (status 4: they were away), failed)."""
    passed = unseen = failed = 0
    for path in sorted(copies.rglob("autosave-*.json")):
        status = verify_command(str(path), io.StringIO(), io.StringIO())
        if status == 0:
            passed += 1
        elif status == 4:
            unseen += 1
        else:
            failed += 1
    return passed, unseen, failed


def free_port() -> int:
    """A port nothing listens on now, on the loopback."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


async def _read_back(store: Any, code: str) -> StoredTable | None:
    """A table read back for the check, waiting out the lease of a process killed before the end."""
    for _ in range(60):
        found = await store.load(code)
        if not isinstance(found, Held):
            return found  # type: ignore[no-any-return]
        await asyncio.sleep(0.5)
    return None
