"""A whole classic match of computer players through the real UI loop."""

from __future__ import annotations

from game.engine import preset
from game.words.narrate import ranking_text
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.match_end import MatchEndScene
from game.ui.table.scene import TableScene

from .conftest import frames_until


def test_a_classic_match_of_computer_players_ends_on_the_match_end_scene_with_the_engines_ranking(app: App) -> None:
    seats = [SeatConfig(name, "easy") for name in ("Ana", "Bruno", "Carmen")]
    session = GameSession(preset("classic"), seats, 11)
    app.push(TableScene(session, watching=True))
    frames_until(app, lambda: isinstance(app.top, MatchEndScene), seconds=300)
    scene = app.top
    assert isinstance(scene, MatchEndScene)
    match = session.match
    assert match.is_over and len(match.round_scores) == match.setup.rounds
    assert scene.ranking == match.ranking()
    app.step([])  # the match-end scene draws without error
    text = ranking_text(match)
    winner = match.names[match.ranking()[0][0]]
    assert f"1. {winner}" in text
