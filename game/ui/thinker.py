"""Computer players think in a worker process so the window keeps drawing.

A thread would share the interpreter lock with the drawing loop; a process
does not. The worker gets ``(kind, seed, SeatView)`` over a pipe and answers
with ``game.ai.make_player(kind, seed).choose(view)``.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from typing import Any

from ..ai import make_player
from ..engine import Action, SeatView


def think(kind: str, seed: str, view: SeatView) -> Action:
    """The computer player's decision (runs in the worker)."""
    return make_player(kind, seed).choose(view)


def _serve(conn: Connection) -> None:
    """The worker's loop: answer each request until the pipe closes."""
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        kind, seed, view = request
        try:
            conn.send(("ok", think(kind, seed, view)))
        except Exception as error:  # noqa: BLE001 - the game falls back to a legal move
            conn.send(("error", repr(error)))


class Pending:
    """A decision on its way back from the worker."""

    def __init__(self, thinker: Thinker | None, value: Any = None, failed: bool = False) -> None:
        self.thinker = thinker
        self.value = value
        self.failed = failed
        self.finished = thinker is None

    def done(self) -> bool:
        """Whether the answer has arrived (never blocks)."""
        if not self.finished and self.thinker is not None:
            self.thinker._collect(self, 0)
        return self.finished

    def result(self, timeout: float | None = None) -> Action:
        """The action; waits up to ``timeout`` seconds; raises if the worker failed."""
        if not self.finished and self.thinker is not None:
            self.thinker._collect(self, timeout)
        if not self.finished:
            raise TimeoutError("still thinking")
        if self.failed:
            raise RuntimeError(f"the computer player failed: {self.value}")
        return self.value  # type: ignore[no-any-return]


class Thinker:
    """One worker process (started on first use) answering one decision at a time."""

    def __init__(self) -> None:
        self.conn: Connection | None = None
        self.process: multiprocessing.process.BaseProcess | None = None
        self.pending: Pending | None = None

    def _ensure(self) -> Connection:
        if self.conn is None:
            ctx = multiprocessing.get_context("spawn")
            here, there = ctx.Pipe()
            self.process = ctx.Process(target=_serve, args=(there,), daemon=True, name="mexican-train-ai")
            self.process.start()
            there.close()
            self.conn = here
        return self.conn

    def warm_up(self) -> None:
        """Start the worker now rather than at the first computer turn."""
        try:
            self._ensure()
        except OSError:
            self.conn = None

    def submit(self, kind: str, seed: str, view: SeatView) -> Pending:
        """Ask for a decision. If the worker cannot run, decide here instead."""
        try:
            self._ensure().send((kind, seed, view))
        except (OSError, EOFError, ValueError):
            self.close()
            return Pending(None, think(kind, seed, view))
        self.pending = Pending(self, (kind, seed, view))
        return self.pending

    def _collect(self, pending: Pending, timeout: float | None) -> None:
        conn = self.conn
        if conn is None:
            kind, seed, view = pending.value
            pending.value, pending.finished = think(kind, seed, view), True
            return
        try:
            if not conn.poll(timeout):
                return
            status, value = conn.recv()
        except (OSError, EOFError):
            self.close()
            kind, seed, view = pending.value
            pending.value, pending.finished = think(kind, seed, view), True
            return
        pending.value, pending.finished, pending.failed = value, True, status != "ok"

    def close(self) -> None:
        """Stop the worker."""
        if self.conn is not None:
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass
            self.conn.close()
            self.conn = None
        if self.process is not None:
            self.process.join(timeout=0.5)
            if self.process.is_alive():
                self.process.terminate()
            self.process = None
