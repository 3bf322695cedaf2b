"""Computer players deciding in a worker process answer as they would in this one."""

from __future__ import annotations

from game.engine import preset
from game.play import InlineWorker, ProcessWorker
from game.memory.session import GameSession, SeatConfig


def test_the_worker_process_decides_like_the_player_in_this_process() -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "medium") for n in ("Ana", "Bruno", "Carmen")], 5)
    match = session.match
    match.start_next_round()
    seat = match.current_player()
    assert seat is not None
    view, seed = match.view(seat), match.player_seed(seat)
    worker = ProcessWorker()
    try:
        worker.warm_up()
        answer = worker.submit("medium", seed, view).result(timeout=60)
    finally:
        worker.close()
    assert answer == InlineWorker().submit("medium", seed, view).result()
    assert answer in match.legal_actions()


def test_an_unknown_player_kind_fails_on_the_future_not_in_the_caller() -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "easy") for n in ("Ana", "Bruno")], 5)
    session.match.start_next_round()
    future = InlineWorker().submit("grandmaster", "seed", session.match.view(0))
    assert isinstance(future.exception(), ValueError)
