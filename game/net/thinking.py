"""Computer players at network tables think in a pool of worker processes,
never in the server's event loop (the same decision function as the
desktop's worker, ``game.play.worker.decide``)."""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ProcessPoolExecutor

from ..engine import Action, SeatView
from ..play.pools import spawn_pool, stop_pool
from ..play.worker import decide

log = logging.getLogger("mexican_train.server")


class Thinkers:
    """A pool of ``workers`` processes (started on the first decision)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, started if needed (again after it broke)."""
        if self._pool is None:
            self._pool = spawn_pool(self.workers)
        return self._pool

    async def decide(self, kind: str, seed: str, view: SeatView) -> Action:
        """The ``kind`` computer player's decision for ``view``; a failure of
        the player or the pool gives the first legal action instead."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), decide, kind, seed, view)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a broken pool or player must not stop the table
            self.close()
        try:  # the same decision on a thread (still not in the loop), so the seat plays as it should
            return await asyncio.to_thread(decide, kind, seed, view)
        except Exception:
            log.exception("a %s computer player failed; the first legal action is played", kind)
            return view.legal[0]

    def close(self) -> None:
        """Stop the pool: decisions under way are dropped and its processes end."""
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool, terminate=True)
