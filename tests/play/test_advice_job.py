"""The hints found in a worker process are the ones found in this process, and a
hint cancelled while it is being found stops its worker."""

from __future__ import annotations

from concurrent.futures import wait

from game.engine import SeatView, preset
from game.memory.session import GameSession, SeatConfig
from game.play.advice_job import AdviceJob, find_hints
from game.pools import pool_processes
from game.review.results import REVIEW_SEED, ReviewBudget

SMALL = ReviewBudget(candidates=3, choose_samples=6, measure_samples=8)


def _view() -> SeatView:
    session = GameSession(preset("classic"), [SeatConfig(n, "medium") for n in ("You", "Ana", "Bruno")], 5)
    match = session.match
    match.start_next_round()
    seat = match.current_player()
    assert seat is not None
    return match.view(seat)


def test_the_worker_finds_the_hint_this_process_would() -> None:
    view = _view()
    job = AdviceJob()
    job.budget = SMALL
    try:
        job.ask(view)
        assert job.busy
        pending = job._pending
        assert pending is not None
        wait([pending])  # the event itself: the worker's answer
        assert job._worker is not None and job._worker._pool is not None
        assert pool_processes(job._worker._pool), "found in a worker process"
        found = job.poll()
    finally:
        job.close()
    assert found == find_hints(view, REVIEW_SEED, SMALL), "the same line, the same words, in either process"
    assert not job.busy


def test_cancelling_a_hint_being_found_ends_its_worker_process() -> None:
    view = _view()
    job = AdviceJob()
    try:
        job.ask(view)
        worker = job._worker
        assert worker is not None
        pool = worker._pool
        assert pool is not None
        pending = job._pending
        assert pending is not None
        processes = pool_processes(pool)
        job.cancel()
        assert not job.busy
        # either the hint never started, or its worker was ended: no process spends time on it
        assert pending.cancelled() or all(p.exitcode is not None for p in processes)
        assert job._worker is not None and (pending.cancelled() or job._worker._pool is None)
    finally:
        job.close()
