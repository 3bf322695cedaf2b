"""The hint for a person's turn, found in a worker process while the window keeps drawing.

A hint is the review's own pick (``review.value.advised_move``: the same
search, seed and budget as the round review), so the review of that decision
never finds a better move. It takes a second or more, so ``AdviceJob`` sends
it to a process of its own (started on the first hint, kept for the next)
and ``poll()`` collects it; ``cancel()`` drops it (and ends the process if
it is still working, so it takes no time from the computer players). Where
no process can be started, the hint is found in this process instead. No pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from ..engine import Action, SeatView
from ..review.results import DEFAULT_BUDGET, REVIEW_SEED, ReviewBudget
from .worker import ProcessWorker


@dataclass(frozen=True, slots=True)
class Advice:
    """A hint: the move and why, in a few words."""

    action: Action
    reason: str


def find_advice(view: SeatView, seed: str = REVIEW_SEED, budget: ReviewBudget = DEFAULT_BUDGET) -> Advice:
    """The review's pick for ``view`` and its reason (runs in the worker process)."""
    from ..ai.hint import reason  # the search loads in the worker, not in the window
    from ..review.value import advised_move

    action = advised_move(view, seed, budget)
    return Advice(action, reason(view, action))


Submit = Callable[[SeatView], "Future[Advice]"]
"""Starts finding the advice for a view (tests give their own)."""


class AdviceJob:
    """Hints for one table, one at a time: ``ask`` starts one, ``poll`` gives it once
    found, ``cancel`` drops it. ``budget`` and ``seed`` are the review's."""

    budget: ReviewBudget = DEFAULT_BUDGET
    """How hard the hint looks: the round review's budget, so that the review agrees."""
    processes = True
    """Whether hints are found in a worker process (else at once, in this process)."""

    def __init__(self, submit: Submit | None = None) -> None:
        self._worker: ProcessWorker | None = None
        self._submit = submit or self._in_worker
        self._pending: Future[Advice] | None = None

    @property
    def busy(self) -> bool:
        """Whether a hint is being found."""
        return self._pending is not None

    def ask(self, view: SeatView) -> None:
        """Start finding the hint for ``view`` (one asked before is dropped)."""
        self.cancel()
        self._pending = self._submit(view)

    def poll(self) -> Advice | None:
        """The hint once found (then the job is free again); None while it is being found.
        A hint that could not be found is None too, and the job is free."""
        pending = self._pending
        if pending is None or not pending.done():
            return None
        self._pending = None
        try:
            return pending.result()
        except Exception:  # noqa: BLE001 - a failed hint is no hint; the game goes on
            return None

    def cancel(self) -> None:
        """Drop the hint being found; a worker still finding it is stopped."""
        pending, self._pending = self._pending, None
        if pending is not None and not pending.cancel() and not pending.done() and self._worker is not None:
            self._worker.close()  # started again by the next hint

    def close(self) -> None:
        """Stop the worker for good (leaving the table)."""
        self._pending = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def _in_worker(self, view: SeatView) -> Future[Advice]:
        """Send ``view`` to the worker process (found here when none can run)."""
        budget = self.budget
        if self.processes:
            if self._worker is None:
                self._worker = ProcessWorker()
            future = self._worker.run(find_advice, view, REVIEW_SEED, budget)
            if future is not None:
                return future
        done: Future[Advice] = Future()
        try:
            done.set_result(find_advice(view, REVIEW_SEED, budget))
        except Exception as error:  # noqa: BLE001 - said as no hint
            done.set_exception(error)
        return done
