"""Computer players decide in a worker process, so the window keeps drawing.

A thread would share the interpreter lock with the drawing loop; a process
does not. ``ProcessWorker`` is a one-process pool (``game.pools.spawn_pool``) answering ``decide(kind, seed, view)`` with a ``Future``.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, Protocol, TypeVar

from ..ai.decision import decide
from ..engine import Action, SeatView
from ..pools import spawn_pool, stop_pool

P = ParamSpec("P")
R = TypeVar("R")


def _ready() -> bool:
    """Nothing: a first task that makes the worker import the players before a real decision."""
    return True


class Worker(Protocol):
    """Where computer players think: ``submit`` never waits for the answer."""

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        """Ask for the decision of a ``kind`` player made from ``seed`` for ``view``."""
        ...

    def warm_up(self) -> None:
        """Get ready now rather than at the first decision."""
        ...

    def close(self) -> None:
        """Stop thinking; unanswered decisions are dropped."""
        ...


class InlineWorker:
    """Decides at once in this process (tests, and the fallback when no worker
    process can run); a player's failure is set on the returned future."""

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        """The decision, already made."""
        future: Future[Action] = Future()
        try:
            future.set_result(decide(kind, seed, view))
        except Exception as error:  # noqa: BLE001 - the caller falls back to a legal action
            future.set_exception(error)
        return future

    def warm_up(self) -> None:
        """Nothing to start."""

    def close(self) -> None:
        """Nothing to stop."""


class ProcessWorker:
    """One worker process, started on first use and again if it dies; where no
    process can be started, decisions are made inline instead."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._inline = InlineWorker()
        self._failed = False

    def _executor(self) -> ProcessPoolExecutor | None:
        """The pool, started if needed (None once starting has failed)."""
        if self._pool is None and not self._failed:
            try:
                self._pool = spawn_pool(1)
            except (OSError, ValueError):
                self._failed = True
        return self._pool

    def warm_up(self) -> None:
        """Start the worker and let it import the players now."""
        self._submit(_ready)

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        """Send the request to the worker (restarted once if it died); decide
        inline only when no worker can run."""
        future = self._submit(decide, kind, seed, view)
        return future if future is not None else self._inline.submit(kind, seed, view)

    def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R] | None:
        """Any other work for the worker (a hint): ``fn(*args, **kwargs)`` submitted
        like a decision, or None when no worker process can run."""
        return self._submit(fn, *args, **kwargs)

    def _submit(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R] | None:
        """Submit ``fn(*args, **kwargs)`` to the worker, or None when no worker runs."""
        for _ in range(2):
            pool = self._executor()
            if pool is None:
                return None
            try:
                return pool.submit(fn, *args, **kwargs)
            except (BrokenProcessPool, RuntimeError, OSError):
                self._drop_pool()
        self._failed = True
        return None

    def _drop_pool(self, stop: bool = False) -> None:
        """Forget the pool so the next request starts a new one; with ``stop``,
        end its process now instead of letting it finish a decision nobody waits for."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        stop_pool(pool, terminate=stop)

    def close(self) -> None:
        """Stop the worker at once: a decision it is making is dropped, so that
        leaving the table (or closing the window) never waits for an Expert to think."""
        self._drop_pool(stop=True)
