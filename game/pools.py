"""Worker process pools that never outlive what started them.

Every pool of the game (the computer players' worker, a round review, the
table server's thinkers) is started by ``spawn_pool``: spawned processes
whose first act is to watch their parent and exit the moment it is gone,
even after ``kill -9`` gave the pool no chance to stop them. ``stop_pool``
ends a pool's processes for certain: asked to terminate, waited for, and
killed if they still run after ``STOP_WAIT`` seconds.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from typing import Final

STOP_WAIT: Final = 5.0
"""Seconds a terminated worker is given to end before it is killed."""


def _exit_with_parent() -> None:
    """In a worker: exit as soon as the process that started it is gone (its
    sentinel, a pipe or handle the spawn start gives every child, closes then)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def spawn_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes that end with this one."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_exit_with_parent)


def pool_processes(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """The processes ``pool`` has started so far."""
    return list((getattr(pool, "_processes", None) or {}).values())


def stop_pool(pool: ProcessPoolExecutor, terminate: bool) -> None:
    """Shut ``pool`` down without waiting for its work; with ``terminate``, end
    its processes now, and return only once every one of them has ended."""
    processes = pool_processes(pool) if terminate else []
    pool.shutdown(wait=False, cancel_futures=True)
    end_processes(processes)


def end_processes(processes: list[BaseProcess]) -> None:
    """Terminate ``processes`` and return once each has ended, killing any that
    outlast ``STOP_WAIT``. An end is seen on the process's sentinel, which
    never misses it even when the pool's own thread has already reaped the
    process (``is_alive`` can say True for a moment then)."""
    for process in processes:
        if process.exitcode is None:
            process.terminate()
    running = _wait_for_ends(processes, STOP_WAIT)
    for process in running:
        process.kill()
    _wait_for_ends(running, None)
    for process in processes:
        settle = time.monotonic() + 1.0
        while process.exitcode is None and time.monotonic() < settle:
            process.join(0.01)  # until whichever thread reaped it has noted its exit


def _wait_for_ends(processes: list[BaseProcess], timeout: float | None) -> list[BaseProcess]:
    """Wait up to ``timeout`` seconds (None: for ever) for ``processes`` to end; those still running."""
    deadline = None if timeout is None else time.monotonic() + timeout
    running = list(processes)
    while running:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            break
        ended = set(wait([p.sentinel for p in running], left))
        running = [p for p in running if p.sentinel not in ended]
    return running
