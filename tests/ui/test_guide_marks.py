"""The lesson's rings and arrows never cover what a person reads: at every step,
in the default window and in the smallest one at the largest text, no mark's
ring (with its glow) or arrow lies over the numbers or pips of a tile it does
not ring, nor over the hand's heading or the message line's words."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.tutorial import load_lesson
from game.ui.app import App
from game.ui.paths import lesson_file
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.table.guide import GuidedTable
from game.ui.table.guide_marks import arrow_box
from game.ui.ui_scale import use_scale

from .test_lesson import open_lesson


def _numbers(tile: pygame.Rect) -> pygame.Rect:
    """The part of a tile where its numbers or pips are drawn: inside a border of a sixth of its short side."""
    edge = min(tile.w, tile.h) // 6
    return tile.inflate(-2 * edge, -2 * edge)


def _read(table: GuidedTable) -> list[tuple[str, pygame.Rect]]:
    """What a person reads on the table now, with where it lies."""
    frame = table.frame
    assert frame is not None
    plan, state = frame.plan, frame.state
    found = [(f"hand tile {i}", _numbers(rect)) for i, (_, rect) in enumerate(table.tray.tiles)]
    for train, lane in plan.lanes.items():
        for i, slot in enumerate(lane.slots[:len(state.trains[train])]):
            w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
            found.append((f"train {train} tile {i}", _numbers(pygame.Rect(round(slot.x - w / 2),
                                                                          round(slot.y - h / 2), w, h))))
    if table.tray.heading:
        found.append(("the hand's heading", table.tray.heading_rect))
    if frame.pill is not None:
        found.append(("the message line", frame.pill.box))
    return found


@pytest.fixture(params=["1280x800 at 100%", "1024x640 at 150%"])
def window(request: pytest.FixtureRequest, saves: SavesBridge) -> Iterator[App]:
    small = request.param.startswith("1024")
    app = App((1024, 640) if small else (1280, 800), headless=True, routes=GameRoutes(saves))
    app.settings.pace = "instant"
    use_scale(1.5 if small else 1.0)
    yield app
    use_scale(1.0)
    for scene in app.stack:
        scene.close()


def test_no_mark_covers_a_tiles_numbers_or_a_caption_at_any_step(window: App) -> None:
    lesson = load_lesson(lesson_file())
    marks = arrows = 0
    for index in range(len(lesson.steps)):
        table = open_lesson(window, index)
        read = _read(table)
        for mark in table.marks.marks:
            marks += 1
            covered = [name for name, rect in read if rect.colliderect(mark.glow()) and not mark.ring.contains(rect)]
            assert covered == [], f"step {index}: the ring covers {covered}"
            if mark.side:
                arrows += 1
                box = arrow_box(mark, table.marks.k)
                covered = [name for name, rect in read if rect.colliderect(box)]
                assert covered == [], f"step {index}: the arrow covers {covered}"
                assert pygame.Rect((0, 0), window.size).contains(box), f"step {index}: the arrow leaves the window"
    assert marks >= len(lesson.steps) and arrows >= marks // 2, (marks, arrows)


def test_a_train_ends_ring_keeps_inside_its_trains_box_and_points_in_the_guides_colour(window: App) -> None:
    from game.ui import theme
    from game.ui.table.guide_marks import POINTER

    assert POINTER not in (theme.GLOW, theme.GOLD), "a pointer is never the colour of a tile picked up"
    lesson = load_lesson(lesson_file())
    seen = 0
    for index, step in enumerate(lesson.steps):
        if step.point.train is None or step.action is None:
            continue
        table = open_lesson(window, index)
        assert table.frame is not None
        lane = table.frame.plan.lanes[step.point.train]
        slot = lane.next_slot
        if slot is None:
            continue
        ring = next((m for m in table.marks.marks if m.ring.collidepoint(slot.x, slot.y)), None)
        assert ring is not None, f"step {index}: the train's end is not ringed"
        assert pygame.Rect(lane.rect).inflate(2, 2).contains(ring.glow()), f"step {index}: the ring sticks out"
        seen += 1
    assert seen >= 3
