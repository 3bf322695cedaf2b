"""What the table looks like: tile faces as the setting says and never mixed,
a refused tile gliding home upright, tray arrows that scroll, the turn glow
staying on a computer until its tile lands, text that fits its panel, and a
waiting table that costs little."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.engine import preset, tile_id
from game.engine.tiles import HI
from game.play import ProcessWorker
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scene import FULL_RATE, IDLE_RATE, PULSE_RATE
from game.ui.table import draw as table_draw

from .conftest import NAMES, click, drag, frames, position, select, table_for, train_end, tray_tile_center

t = tile_id


def test_numbers_tile_faces_show_numerals_in_the_hand_on_the_trains_and_in_the_hub(app: App) -> None:
    table = table_for(app, position([(12, 11), (10, 9), (4, 2)]))
    assert not table.tray.numerals, "pips in the hand at 1280x800 with pip faces"
    app.settings.tile_faces = "numbers"
    frames(app, 1)
    assert table.tray.numerals and table.frame is not None and table.frame.numerals


def test_the_hub_and_the_trains_never_mix_pips_and_numerals(app: App) -> None:
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        window = App(size, headless=True, routes=app.routes)
        window.settings.tips_seen = app.settings.tips_seen
        table = table_for(window, position([(4, 2)]))
        assert table.frame is not None
        state = table.frame.state
        assert table.geometry.numerals(state, in_tray=False) == table.frame.numerals
        table.close()


def test_a_refused_tile_glides_home_upright(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    app.settings.pace = "normal"
    drag(app, tray_tile_center(table, t(6, 1)), train_end(table, 1))
    flyers = table.picture.flyers
    assert flyers and all(f.angle0 == f.angle1 == -90 for f in flyers), "high end on top, as in the tray"
    assert flyers[0].tile is not None and flyers[0].tile[0] == HI[t(6, 1)]


def test_the_tray_arrows_scroll_the_hand_when_clicked(app: App) -> None:
    hand = [(a, b) for a in range(12, 4, -1) for b in range(0, 4)][:26]
    table = table_for(app, position(hand))
    tray = table.tray
    assert tray.more_right and not tray.more_left
    assert "wheel" in tray.heading
    first = tray.tiles[0][0]
    click(app, tray.right_arrow.center)
    frames(app, 1)
    assert tray.more_left and tray.tiles[0][0] != first
    click(app, tray.left_arrow.center)
    frames(app, 1)
    assert tray.tiles[0][0] == first


def test_the_turn_glow_stays_on_the_computer_until_its_tile_has_landed(app: App) -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 3 else "easy") for i, n in enumerate(NAMES)], 9)
    app.settings.pace = "normal"
    table = table_for(app, session)
    deadline = time.monotonic() + 120  # computer players think in another process: wait for them, not for frames
    while time.monotonic() < deadline:
        frames(app, 1)
        if table.picture.flyers and table.picture.acting is not None and table.picture.acting != 3:
            assert table.frame is not None
            assert table.frame.mover == table.picture.acting, "the glow is on the seat whose tile is flying"
            return
    pytest.fail("no computer tile was seen in flight")


def _spy(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    real = module.blit_text

    def spy(target: Any, line: str, *rest: Any, **kw: Any) -> pygame.Rect:
        rect = real(target, line, *rest, **kw)
        drawn.append((line, rect))
        return rect

    monkeypatch.setattr(module, "blit_text", spy)
    return drawn


def test_names_and_the_mexican_panel_fit_at_1024x640_with_three_digit_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _spy(monkeypatch, table_draw)
    surface = pygame.Surface((1024, 640))
    from game.ui.layout import Scaled, table_layout

    scaled = Scaled(table_layout(), (1024, 640))
    panel = scaled.seat_panel(4, 3)
    table_draw.draw_seat_panel(surface, panel, scaled.k, 3, "Carmen", "Medium", 9, 187, False, False)
    assert any(line == "4 Carmen" for line, _ in drawn), [line for line, _ in drawn]
    mexican = scaled.mexican_panel(4)
    table_draw.draw_mexican_panel(surface, mexican, scaled.k, 4)
    inside = pygame.Rect(mexican).inflate(-4, -4)
    for line, rect in drawn:
        if line in ("open to everyone", "key M"):
            assert inside.contains(rect), (line, rect, inside)


def test_the_setup_texts_stay_inside_their_cards(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import painted
    from game.ui.painted import Shape
    from game.ui.scenes import setup as setup_module
    from game.ui.widgets import Picker

    drawn = _spy(monkeypatch, painted)
    window = App((1024, 640), headless=True, routes=app.routes)
    scene = setup_module.SetupScene()
    window.push(scene)
    frames(window, 1)
    card = next(item.rect for item in scene.items if isinstance(item, Shape) and item.card
                and item.rect.colliderect(scene.preset.rect))
    for line, rect in drawn:
        if "house rule" in line or line.startswith("Classic"):
            assert card.contains(rect), (line, rect)
    assert all(isinstance(p, Picker) for p in scene.rules.values())


def test_a_waiting_table_asks_for_few_frames_and_repaints_only_what_pulses(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    frames(app, 3)
    assert table.frame_rate() == PULSE_RATE
    rects = table.dirty_rects()
    assert rects is not None and rects, "only the glowing places"
    assert sum(r.w * r.h for r in rects) < 0.5 * 1280 * 800
    select(table, t(4, 2))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    title = app.routes.title()
    app.reset(title)
    assert title.frame_rate() == IDLE_RATE < PULSE_RATE < FULL_RATE


def test_closing_a_worker_that_is_still_thinking_is_immediate() -> None:
    worker = ProcessWorker()
    worker._submit(time.sleep, 20.0)
    time.sleep(1.0)
    started = time.perf_counter()
    worker.close()
    assert time.perf_counter() - started < 1.0
