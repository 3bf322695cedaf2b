"""The hint for a person's turn, found in a worker process while the window keeps drawing.

A hint is the review's own pick (``review.value.advised_move``), and so is
every move after it to the end of the turn (``review.line.advised_line``):
the hint says the line it plans (its count of tiles is the count of moves
the next hints advise), and the review of a hinted decision never finds a
better move when it looks as hard. The hint has a seed and budget of its own
(``HINT_SEED``, ``HINT_BUDGET``): the same position always gives the same
hint, whatever the computer players' searches become.

A line takes a second or more, so ``AdviceJob`` sends it to a process of its
own (started on the first hint, kept for the next) and ``poll()`` collects
it; ``cancel()`` drops it (and ends the process if it is still working, so it
takes no time from the computer players). Where no process can be started,
the hint is found in this process instead. No pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Final

from ..engine import Action, SeatView
from ..review.results import ReviewBudget
from .worker import ProcessWorker

HINT_SEED: Final = "review"
"""The hint's seed: the round review's, so that the review agrees with every hinted move."""

HINT_BUDGET: Final = ReviewBudget(candidates=8, choose_samples=64, measure_samples=192, tries=12)
"""How hard the hint looks: fixed here, the round review's budget as the game reviews (so the
review agrees), and changed by no other level's search."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A hint: the move, and the sentence that says it and why (the line it plans counted)."""

    action: Action
    text: str
    line: tuple[Action, ...] = ()
    """The moves planned from here to the end of the turn, ``action`` first."""


Hints = tuple[tuple[SeatView, Advice], ...]
"""Each position of a planned line and the hint there (the position asked first)."""


def find_hints(view: SeatView, seed: str = HINT_SEED, budget: ReviewBudget = HINT_BUDGET) -> Hints:
    """The hint for ``view`` and for every position of the line it plans (runs in the worker)."""
    from ..review.line import advised_line  # the search loads in the worker, not in the window
    from ..words.hint_words import hint_text

    steps = advised_line(view, seed, budget)
    moves = tuple(move for _, move in steps)
    return tuple((here, Advice(moves[i], hint_text(here, moves[i:], here.names), moves[i:]))
                 for i, (here, _) in enumerate(steps))


def find_advice(view: SeatView, seed: str = HINT_SEED, budget: ReviewBudget = HINT_BUDGET) -> Advice:
    """The hint for ``view`` alone."""
    return find_hints(view, seed, budget)[0][1]


Submit = Callable[[SeatView], "Future[Hints]"]
"""Starts finding the hints for a view (tests give their own)."""


class AdviceJob:
    """Hints for one table, one line at a time: ``ask`` starts one, ``poll`` gives it
    once found, ``cancel`` drops it."""

    budget: ReviewBudget = HINT_BUDGET
    """How hard the hint looks (tests make it small)."""
    processes = True
    """Whether hints are found in a worker process (else at once, in this process)."""

    def __init__(self, submit: Submit | None = None) -> None:
        self._worker: ProcessWorker | None = None
        self._submit = submit or self._in_worker
        self._pending: Future[Hints] | None = None

    @property
    def busy(self) -> bool:
        """Whether a hint is being found."""
        return self._pending is not None

    def ask(self, view: SeatView) -> None:
        """Start finding the hints for ``view`` (one asked before is dropped)."""
        self.cancel()
        self._pending = self._submit(view)

    def poll(self) -> Hints | None:
        """The hints once found (then the job is free again); None while they are being found.
        Hints that could not be found are None too, and the job is free."""
        pending = self._pending
        if pending is None or not pending.done():
            return None
        self._pending = None
        try:
            return pending.result() or None
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

    def _in_worker(self, view: SeatView) -> Future[Hints]:
        """Send ``view`` to the worker process (found here when none can run)."""
        budget = self.budget
        if self.processes:
            if self._worker is None:
                self._worker = ProcessWorker()
            future = self._worker.run(find_hints, view, HINT_SEED, budget)
            if future is not None:
                return future
        done: Future[Hints] = Future()
        try:
            done.set_result(find_hints(view, HINT_SEED, budget))
        except Exception as error:  # noqa: BLE001 - said as no hint
            done.set_exception(error)
        return done
