"""The statistics scene, and a finished match counted when its end is shown."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game.memory.stats import Statistics
from game.ui.app import App
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes.statistics import StatisticsScene

from .conftest import frames, key

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "memory"))  # test_stats.py

from test_stats import _finished  # noqa: E402


def test_the_end_of_a_match_counts_it_once_and_the_scene_shows_it(app: App, saves: SavesBridge) -> None:
    session = _finished(7, people=("Ana", "Ben"))
    app.push(app.routes.match_end(session))
    app.push(app.routes.match_end(session))
    stats, note = saves.statistics()
    assert note is None and stats.overall("Ana").matches == 1 and stats.overall("Ben").matches == 1
    scene = app.routes.statistics()
    assert isinstance(scene, StatisticsScene)
    app.push(scene)
    frames(app, 2)
    first = scene.people[scene.person]
    key(app, pygame.K_RIGHT)
    assert scene.people[scene.person] != first


def test_with_no_match_yet_the_scene_says_how_to_get_one(app: App) -> None:
    scene = StatisticsScene(Statistics())
    app.push(scene)
    frames(app, 2)
    assert scene.people == []
