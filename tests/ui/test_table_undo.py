"""Undo at the table: U (or the Undo button) takes back the person's last turn,
shown at once, when the undo house setting is on."""

from __future__ import annotations

import pygame

from game.engine import preset
from game.engine.fields import snapshot
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.table.scene import TableScene

from .conftest import button_labels, frames, frames_until, key


def _table(app: App, allow_undo: bool) -> TableScene:
    seats = [SeatConfig("Ana", "human"), SeatConfig("Cy", "easy"), SeatConfig("Di", "easy")]
    table = TableScene(GameSession(preset("classic"), seats, 5, allow_undo=allow_undo))
    app.push(table)
    assert frames_until(app, table.human_turn)
    return table


def _play_a_turn(app: App, table: TableScene) -> None:
    """Act until the turn passes, then let the computers play back to the person."""
    while table.controller.to_move() == 0:
        assert table.controller.act(table.controller.legal_actions()[0]) is None
    assert frames_until(app, table.human_turn), "the turn did not come back"


def test_u_takes_back_the_last_turn_and_shows_it_at_once(app: App) -> None:
    table = _table(app, allow_undo=True)
    assert "Undo (U)" not in button_labels(table), "nothing to take back yet"
    live = table.controller.live
    assert live is not None
    before = snapshot(live)
    _play_a_turn(app, table)
    frames(app, 1)
    assert "Undo (U)" in button_labels(table)
    key(app, pygame.K_u, "u")
    live = table.controller.live
    assert live is not None and snapshot(live) == before
    shown = table.picture.shown
    assert shown is not None and snapshot(shown) == before, "the picture shows the restored round at once"
    assert table.match.undos[-1] == 1 and table.human_turn()
    table.close()


def test_without_the_setting_u_does_nothing(app: App) -> None:
    table = _table(app, allow_undo=False)
    _play_a_turn(app, table)
    live = table.controller.live
    assert live is not None
    after = snapshot(live)
    key(app, pygame.K_u, "u")
    assert "Undo (U)" not in button_labels(table)
    live = table.controller.live
    assert live is not None and snapshot(live) == after
    table.close()
