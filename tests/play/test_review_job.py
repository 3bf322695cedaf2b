"""The round review in worker processes: the same review, kept in the cache, with progress."""

from __future__ import annotations

import time

from game.ai import ComputerSeats
from game.engine import Match, Phase, play_match, preset
from game.engine.length import with_length
from game.play.review_job import ReviewJob
from game.pools import pool_processes
from game.review import ReviewBudget, review_round
from game.review.cache import ReviewCache

SMALL = ReviewBudget(candidates=2, choose_samples=4, measure_samples=6)


def _round_over() -> Match:
    match = Match(with_length(preset("classic"), 4, "blitz"), 4, 11)
    return play_match(match, ComputerSeats(["easy"] * 4), until=lambda m: m.phase is not Phase.PLAYING and m.round_scores != [])


def test_the_job_gives_the_review_and_keeps_it() -> None:
    match = _round_over()
    cache = ReviewCache()
    job = ReviewJob(match, 1, [0], cache, budget=SMALL, processes=False)
    seen = []
    while not job.finished:
        seen.append(job.poll())
    assert seen[-1] == (job.total, job.total) and job.total > 1
    assert [done for done, _ in seen] == list(range(1, job.total + 1)), "progress moves one decision at a time"
    assert job.result == review_round(match, 1, [0], budget=SMALL)
    again = ReviewJob(match, 1, [0], cache, budget=SMALL, processes=False)
    assert again.finished and again.total == 0 and again.result == job.result


def test_worker_processes_give_the_same_review() -> None:
    match = _round_over()
    job = ReviewJob(match, 1, [1], ReviewCache(), budget=SMALL)
    deadline = time.monotonic() + 60
    while not job.finished and time.monotonic() < deadline:
        job.poll()
        time.sleep(0.05)
    assert job.problem == ""
    assert job.result == review_round(match, 1, [1], budget=SMALL)


def test_closing_stops_the_workers() -> None:
    match = _round_over()
    job = ReviewJob(match, 1, [0, 1, 2, 3], ReviewCache(), budget=ReviewBudget())
    pool = job.pool
    assert pool is not None
    processes = pool_processes(pool)
    assert processes and any(p.is_alive() for p in processes)
    job.close()
    assert job.pool is None and all(not p.is_alive() for p in processes)
