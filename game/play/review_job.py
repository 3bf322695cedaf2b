"""A round review running in worker processes while the window keeps drawing.

``ReviewJob`` lists the round's decisions to value (``review.rounds.round_tasks``:
a replay of the round, milliseconds) and sends each one, as the seat's view
and the action it took, to a pool of spawned processes; ``poll()`` says how
far it is, and once every decision is valued the review is kept in the
match's ``ReviewCache`` (and so in the save). Seats already reviewed with the
same seed and budget are taken from the cache at once. Where no process can
be started, one decision is valued per ``poll()`` in this process instead.
No pygame.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..engine import Match
from ..pools import spawn_pool, stop_pool
from ..review.cache import ReviewCache
from ..review.results import (
    DEFAULT_BUDGET,
    REVIEW_SEED,
    Decision,
    ReviewBudget,
    RoundReview,
    Valuation,
    combine,
)
from ..review.rounds import Task, round_tasks
from ..review.value import value_decision


def value_task(task: Task, seed: str, budget: ReviewBudget) -> Valuation:
    """One decision valued (runs in a worker process)."""
    return value_decision(task.view, task.made, seed, budget)


def worker_count() -> int:
    """Processes for a review: every core but one (the window's), at least one, at most four."""
    return max(1, min(4, (os.cpu_count() or 1) - 1))


class ReviewJob:
    """The review of ``seats`` in finished round ``round_number`` of ``match``,
    made in the background and kept in ``cache``. Raises ValueError for a
    round that is not over or a seat not at the table."""

    def __init__(
        self, match: Match, round_number: int, seats: Sequence[int], cache: ReviewCache,
        seed: str = REVIEW_SEED, budget: ReviewBudget = DEFAULT_BUDGET, processes: bool = True,
    ) -> None:
        self.round_number = round_number
        self.cache = cache
        self.seed = seed
        self.budget = budget
        key = budget.key()
        self.kept = [r for r in (cache.get(round_number, s, seed, key) for s in sorted(set(seats))) if r]
        missing = [s for s in sorted(set(seats)) if cache.get(round_number, s, seed, key) is None]
        self.missing = missing
        self.tasks: list[Task] = []
        self.forced: dict[int, int] = {}
        if missing:
            self.tasks, self.forced = round_tasks(match, round_number, missing)
        self.values: list[Valuation | None] = [None] * len(self.tasks)
        self.futures: list[Future[Valuation]] = []
        self.pool: ProcessPoolExecutor | None = None
        self.result: RoundReview | None = None
        self.problem = ""
        """Why the review stopped (a worker failed), or ''."""
        if self.tasks and processes:
            self._start_pool()
        self._finish_if_done()

    def _start_pool(self) -> None:
        """Send every decision to a pool of spawned processes (none: value them here, one per poll)."""
        try:
            self.pool = spawn_pool(worker_count())
            self.futures = [self.pool.submit(value_task, task, self.seed, self.budget) for task in self.tasks]
        except (OSError, ValueError, RuntimeError, BrokenProcessPool):
            self.close()
            self.futures = []

    @property
    def total(self) -> int:
        """Decisions to value."""
        return len(self.tasks)

    @property
    def done(self) -> int:
        """Decisions valued so far."""
        return sum(v is not None for v in self.values)

    @property
    def finished(self) -> bool:
        """Whether the review is ready (``result``) or has stopped (``problem``)."""
        return self.result is not None or bool(self.problem)

    def poll(self) -> tuple[int, int]:
        """Collect what the workers finished (or value one decision here when
        no worker runs); returns (valued, to value)."""
        if self.finished:
            return self.done, self.total
        if self.futures:
            for i, future in enumerate(self.futures):
                if self.values[i] is None and future.done():
                    try:
                        self.values[i] = future.result()
                    except Exception as error:  # noqa: BLE001 - shown to the player, the game goes on
                        self.problem = f"the review stopped: {type(error).__name__}"
                        self.close()
                        break
        else:
            i = self.values.index(None)
            self.values[i] = value_task(self.tasks[i], self.seed, self.budget)
        self._finish_if_done()
        return self.done, self.total

    def _finish_if_done(self) -> None:
        """Once every decision is valued: the review, kept in the cache."""
        if self.result is not None or any(v is None for v in self.values):
            return
        decisions = tuple(
            Decision(self.round_number, t.index, t.turn, t.view.seat, v)
            for t, v in zip(self.tasks, self.values) if v is not None
        )
        parts = list(self.kept)
        if self.missing:
            fresh = RoundReview(self.round_number, tuple(self.missing), self.seed, self.budget.key(), decisions,
                                tuple(self.forced[s] for s in self.missing))
            self.cache.keep(fresh)
            parts.extend(fresh.for_seat(s) for s in self.missing)
        self.result = combine(parts) if parts else RoundReview(self.round_number, (), self.seed,
                                                               self.budget.key(), (), ())
        self.close()

    def close(self) -> None:
        """Stop the workers at once (a review nobody waits for is dropped);
        returns once every worker process has ended."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        stop_pool(pool, terminate=True)
