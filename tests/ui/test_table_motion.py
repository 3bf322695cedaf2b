"""Motion that tells the story: the deal leaves the boneyard for the hands, a double's
notice bursts from the double, a marker drops onto its train; each is skipped by
Space or a click, and with reduced motion nothing travels: tiles fade in where they
land and counts change at once. Time is driven by the test (``App.step``'s ``dt``)."""

from __future__ import annotations

import math

import pygame

from game.engine import DRAW, Play, preset, tile_id
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.ui.app import App
from game.ui.main import load_settings
from game.ui.scenes.settings import SettingsScene
from game.ui.table.scene import TableScene

from .conftest import frames, position

SEATS = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(("You", "Ana", "Bruno", "Carmen"))]


def dealing(app: App) -> TableScene:
    """A new match at the normal pace: its first deal has just begun (seed 12: a computer is still
    to move when the deal is skipped, so a click on the table is not taken as your move)."""
    app.settings.pace = "normal"
    table = TableScene(GameSession(preset("classic"), SEATS, 12), worker=InlineWorker())
    app.push(table)
    return table


def test_the_deal_leaves_the_boneyard_for_the_hands_and_the_counts_tick_up(app: App) -> None:
    table = dealing(app)
    picture = table.picture
    state = picture.shown
    assert state is not None
    boneyard = table.geometry.boneyard_center()
    assert picture.flyers and all(f.start == boneyard for f in picture.flyers[:-1]), "every tile leaves the boneyard"
    mine = [f for f in picture.flyers if f.reveal is not None]
    assert len(mine) == len(state.hands[0]), "each of your tiles flies to its own place in the tray"
    assert {f.end for f in mine} == {table.geometry.tray_center(state, t) for t in state.hands[0]}
    assert set(state.hands[0]) <= picture.hidden_hand, "your places stay empty until their tile lands"
    frames(app, 1, ())
    assert table.frame is not None and table.frame.hands == (0, 0, 0, 0)
    counts, boneyards = [], []
    for _ in range(40):
        app.step([], 1 / 60)
        assert table.frame is not None
        counts.append(table.frame.hands[1])
        boneyards.append(table.frame.boneyard_count)
    assert counts == sorted(counts) and 0 < counts[-1] < len(state.hands[1]), "Ana's count ticks up as tiles land"
    assert boneyards == sorted(boneyards, reverse=True) and boneyards[-1] > len(state.boneyard)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0)])
    shown = picture.shown
    assert table.frame is not None and shown is not None
    assert picture.dealt is None and picture.engine_shown, "Space deals the rest at once"
    assert table.frame.hands == tuple(len(h) for h in shown.hands)
    assert table.frame.boneyard_count == len(shown.boneyard) and not picture.hidden_hand
    assert not any(f.reveal for f in picture.flyers)


def test_a_click_finishes_the_deal_too(app: App) -> None:
    table = dealing(app)
    frames(app, 5)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 300), button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(500, 300), button=1)])
    assert table.picture.dealt is None and table.picture.engine_shown
    assert not any(f.reveal for f in table.picture.flyers) and not table.picture.hidden_hand


def test_a_click_finishes_the_deal_when_the_computers_have_already_reached_your_turn(app: App) -> None:
    app.settings.pace = "normal"
    table = TableScene(GameSession(preset("classic"), SEATS, 11), worker=InlineWorker())
    app.push(table)
    frames(app, 5)
    assert table.controller.person_to_move() and table.picture.dealt is not None, \
        "seed 11: the engine waits for you while the deal is still flying"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 300), button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(500, 300), button=1)])
    assert table.picture.dealt is None and table.picture.engine_shown, "the click skipped the deal, as Space does"


def _double_to_play(app: App) -> TableScene:
    """You to move at the normal pace, holding the 4-4 for your own train (it ends in 4)."""
    app.settings.pace = "normal"
    table = TableScene(position([(4, 4), (6, 1), (9, 2)]), worker=InlineWorker())
    app.push(table)
    frames(app, 2)
    return table


def test_a_double_laid_shows_its_notice_on_the_double_once_it_has_landed(app: App) -> None:
    table = _double_to_play(app)
    assert table.controller.act(Play(tile_id(4, 4), 0)) is None
    table.catch_steps()
    frames(app, 1)
    picture = table.picture
    assert len(picture.notices) == 1
    notice = picture.notices[0]
    assert notice.words == "Double 4-4: cover it!"
    assert notice.t == 0, "the notice waits for the tile to land"
    plan = table.geometry.plan(picture.shown)  # type: ignore[arg-type]
    slot = plan.lanes[0].slots[1]
    assert notice.center == (slot.x, slot.y), "it bursts from the double itself"
    for _ in range(30):
        app.step([], 1 / 60)
    assert 0 < notice.t < 1
    for _ in range(200):
        app.step([], 1 / 60)
    assert not picture.notices, "it goes once read"


def test_space_finishes_a_notice_at_once(app: App) -> None:
    table = _double_to_play(app)
    table.controller.act(Play(tile_id(4, 4), 0))
    table.catch_steps()
    frames(app, 2)
    assert table.picture.notices
    table.skip()
    assert not table.picture.notices


def _pass_the_turn(app: App) -> TableScene:
    """You to move with nothing that fits: you draw the 0-0, which fits nothing either, so the
    turn passes and your marker goes up."""
    app.settings.pace = "normal"
    table = TableScene(position([(0, 1)]), worker=InlineWorker())
    app.push(table)
    frames(app, 40)
    assert table.controller.act(DRAW) is None
    table.catch_steps()
    frames(app, 1)
    return table


def test_a_marker_going_up_drops_onto_its_train(app: App) -> None:
    table = _pass_the_turn(app)
    picture = table.picture
    assert picture.marker_pop.get(0, 1.0) < 1.0, "the marker starts above its place"
    heights = []
    for _ in range(60):
        app.step([], 1 / 60)
        heights.append(picture.marker_pop.get(0, 1.0))
    assert max(heights) == 1.0 and any(h < 1.0 for h in heights)


def test_with_reduced_motion_nothing_travels(app: App) -> None:
    app.settings.reduced_motion = True
    table = dealing(app)
    picture = table.picture
    assert not picture.flyers and picture.dealt is None and picture.engine_shown, "the deal shows at once"
    app.pop()
    table.close()
    table = _double_to_play(app)
    table.controller.act(Play(tile_id(4, 4), 0))
    table.catch_steps()
    frames(app, 1)
    assert table.picture.flyers and all(f.fade for f in table.picture.flyers), "the tile fades in where it lands"
    flyer = table.picture.flyers[0]
    assert math.dist(flyer.end, (table.geometry.plan(table.picture.shown).lanes[0].slots[1].x,  # type: ignore[arg-type]
                                 table.geometry.plan(table.picture.shown).lanes[0].slots[1].y)) < 1  # type: ignore[arg-type]
    assert table.picture.notices, "the double's notice still shows, without bursting"
    start = table.picture.notices[0].t
    frames(app, 20)
    assert not table.picture.notices or table.picture.notices[0].t == start, "the notice does not burst"
    app.pop()
    table.close()
    table = _pass_the_turn(app)
    assert table.picture.marker_pop.get(0, 1.0) == 1.0, "the marker is simply there"


def test_reduced_motion_is_chosen_in_settings_and_remembered(app: App) -> None:
    app.settings = load_settings()
    scene = SettingsScene()
    app.push(scene)
    frames(app, 1)
    assert scene.motion.value is False
    scene.motion.step(1)
    frames(app, 1)
    assert app.settings.reduced_motion is True
    assert load_settings().reduced_motion is True
