"""The round replay scene: step forwards and backwards, play, and end on the round's final table."""

from __future__ import annotations

import pygame

from game.ai import ComputerSeats
from game.engine import play_match, preset
from game.engine.fields import snapshot
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene, step_line

from .conftest import NAMES, frames, key


def _one_round() -> GameSession:
    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 5)
    play_match(session.match, ComputerSeats(["medium", "easy", "easy", "easy"]), until=lambda m: len(m.round_scores) == 1)
    return session


def test_stepping_through_a_round_ends_on_its_final_table(app: App) -> None:
    session = _one_round()
    final = snapshot(session.match.round)
    replay = app.routes.replay(session.match, 0, 0)
    assert isinstance(replay, ReplayScene)
    app.push(replay)
    frames(app, 1)
    assert replay.at == 0 and replay.steps[0].action is None
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.at == 2
    key(app, pygame.K_LEFT)
    assert replay.at == 1
    key(app, pygame.K_END)
    assert replay.at == len(session.match.action_log[0])
    assert snapshot(replay.steps[replay.at].state) == final
    key(app, pygame.K_HOME)
    assert replay.at == 0


def test_play_moves_on_by_itself_and_stops_at_the_end(app: App) -> None:
    session = _one_round()
    replay = ReplayScene(session.match, 0, 0)
    app.push(replay)
    key(app, pygame.K_SPACE)
    assert replay.playing
    for _ in range(len(replay.steps) * 2):
        app.step([], dt=1.0)
    assert replay.at == len(replay.steps) - 1 and not replay.playing


def test_the_move_log_says_each_move_in_words() -> None:
    session = _one_round()
    lines = [step_line(step, session.match.names, 0) for step in ReplayScene(session.match, 0, 0).steps]
    assert lines[0].startswith("The deal:")
    assert any(line.startswith("You play ") for line in lines) or any(line == "You draw" for line in lines)
    assert all("You plays" not in line and "You's" not in line for line in lines)


def test_page_keys_move_to_another_round_of_the_match(app: App) -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 6)
    play_match(session.match, ComputerSeats(["medium", "easy", "easy", "easy"]), until=lambda m: len(m.round_scores) == 2)
    replay = ReplayScene(session.match, 1, 0)
    app.push(replay)
    key(app, pygame.K_PAGEUP)
    assert replay.index == 0 and replay.at == 0
    assert len(replay.steps) == len(session.match.action_log[0]) + 1
    key(app, pygame.K_PAGEUP)
    assert replay.index == 0
