"""Computer players at network tables think in worker processes, shared fairly.

Never in the server's event loop: the same decision function as the
desktop's worker (``game.ai.decision.decide``). Easy, Medium and Random
decide in a millisecond: they have a process of their own and never wait
behind a Hard or Expert player. Hard and Expert share ``workers`` processes
through a fair queue: the addresses that set tables up take turns, and the
tables of one address take turns among themselves, so one address keeping
many Expert tables busy slows only its own tables.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Final

from ...ai.decision import decide
from ...engine import Action, SeatView
from ...pools import spawn_pool, stop_pool

log = logging.getLogger("mexican_train.server")
QUICK: Final = frozenset({"easy", "medium", "random"})
"""Levels that decide in about a millisecond: never queued behind the others."""


@dataclass
class Job:
    """One decision waiting for a worker."""

    kind: str
    seed: str
    view: SeatView
    done: asyncio.Future[Action]


class FairQueue:
    """Jobs queued per address and per table, taken in turn: each address, then each of its tables."""

    def __init__(self) -> None:
        self._addresses: OrderedDict[str, OrderedDict[str, deque[Job]]] = OrderedDict()

    def __len__(self) -> int:
        """Jobs waiting."""
        return sum(len(jobs) for tables in self._addresses.values() for jobs in tables.values())

    def push(self, address: str, table: str, job: Job) -> None:
        """Queue a job of ``table``, set up from ``address``."""
        self._addresses.setdefault(address, OrderedDict()).setdefault(table, deque()).append(job)

    def pop(self) -> Job | None:
        """The next job in turn (None when none waits): the first address's first table,
        both then moved to the back of their turns."""
        while self._addresses:
            address, tables = next(iter(self._addresses.items()))
            self._addresses.move_to_end(address)
            table, jobs = next(iter(tables.items()))
            tables.move_to_end(table)
            job = jobs.popleft()
            if not jobs:
                del tables[table]
            if not tables:
                del self._addresses[address]
            return job
        return None

    def clear(self) -> list[Job]:
        """Every waiting job, removed."""
        jobs = [job for tables in self._addresses.values() for queue in tables.values() for job in queue]
        self._addresses.clear()
        return jobs


class Thinkers:
    """A process for the quick levels and ``workers`` processes for Hard and Expert (started on first use)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._quick: ProcessPoolExecutor | None = None
        self._deep: ProcessPoolExecutor | None = None
        self._queue = FairQueue()
        self._busy = 0

    def _pool(self, quick: bool) -> ProcessPoolExecutor:
        """The pool for a level, started if needed (again after it broke)."""
        if quick:
            if self._quick is None:
                self._quick = spawn_pool(1)
            return self._quick
        if self._deep is None:
            self._deep = spawn_pool(self.workers)
        return self._deep

    async def decide(self, kind: str, seed: str, view: SeatView, address: str = "", table: str = "") -> Action:
        """The ``kind`` computer player's decision for ``view`` at ``table`` (set up from
        ``address``); a failure of the player or the pool gives the first legal action instead."""
        if kind in QUICK:
            return await self._run(kind, seed, view, quick=True)
        done: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._queue.push(address, table, Job(kind, seed, view, done))
        self._next()
        return await done

    def _next(self) -> None:
        """Start queued jobs while a worker is free."""
        while self._busy < self.workers:
            job = self._queue.pop()
            if job is None:
                return
            if job.done.done():
                continue
            self._busy += 1
            task = asyncio.ensure_future(self._run(job.kind, job.seed, job.view, quick=False))
            task.add_done_callback(lambda finished, job=job: self._finished(job, finished))  # type: ignore[misc]

    def _finished(self, job: Job, task: asyncio.Future[Action]) -> None:
        """A deep decision came back: hand it over and start the next."""
        self._busy -= 1
        if not job.done.done():
            if task.cancelled():
                job.done.cancel()
            elif task.exception() is not None:
                job.done.set_exception(task.exception())  # type: ignore[arg-type]
            else:
                job.done.set_result(task.result())
        self._next()

    async def _run(self, kind: str, seed: str, view: SeatView, quick: bool) -> Action:
        """One decision in its pool; on the pool's failure, on a thread instead."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(quick), decide, kind, seed, view)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a broken pool or player must not stop the table
            self._drop(quick)
        try:  # the same decision on a thread (still not in the loop), so the seat plays as it should
            return await asyncio.to_thread(decide, kind, seed, view)
        except Exception:
            log.exception("a %s computer player failed; the first legal action is played", kind)
            return view.legal[0]

    def _drop(self, quick: bool) -> None:
        """Stop a broken pool (the next decision starts another)."""
        pool = self._quick if quick else self._deep
        if quick:
            self._quick = None
        else:
            self._deep = None
        if pool is not None:
            stop_pool(pool, terminate=True)

    def close(self) -> None:
        """Stop both pools: decisions under way and queued are dropped and the processes end."""
        for job in self._queue.clear():
            job.done.cancel()
        self._drop(True)
        self._drop(False)
