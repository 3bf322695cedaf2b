"""The Tiled table map and the train layout built from it."""

from __future__ import annotations

import itertools

import pygame
import pytmx

from game.engine import MEXICAN
from game.ui.layout import Scaled, TableLayout
from game.ui.paths import table_map
from game.ui.table.board import BoardPlan, plan_board


def test_the_table_map_names_every_anchor_and_a_panel_for_every_seat_count() -> None:
    tmx = pytmx.TiledMap(str(table_map()))
    table = {obj.name for obj in tmx.get_layer_by_name("table")}
    assert {"hub", "felt", "hand_tray", "boneyard", "score_panel", "message_area", "buttons", "top_bar"} <= table
    assert tmx.get_layer_by_name("felt") is not None
    for n in range(2, 9):
        names = {obj.name for obj in tmx.get_layer_by_name(f"seats-{n}")}
        assert names == {f"seat_{i}" for i in range(n)} | {"mexican"}


def test_seat_panels_never_overlap() -> None:
    layout = TableLayout()
    for n in range(2, 9):
        rects = [*layout.seat_panels[n], layout.mexican_panels[n]]
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (n, a, b)


def _tile_rects(plan, lengths):  # type: ignore[no-untyped-def]
    out = []
    for train, lane in plan.lanes.items():
        for slot in lane.slots:
            w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
            rect = pygame.FRect(0, 0, w, h)
            rect.center = (slot.x, slot.y)
            out.append((train, rect))
    return out


def _long_train() -> tuple[BoardPlan, dict[int, tuple[bool, ...]]]:
    """Eight seats at 1280x800, a train of 25 tiles (every sixth a double), a Mexican train of 12."""
    doubles = {t: (False,) * 8 for t in range(8)}
    doubles[3] = tuple(i % 6 == 0 for i in range(25))
    doubles[MEXICAN] = (False,) * 12
    return plan_board(Scaled(TableLayout(), (1280, 800)), 8, doubles), doubles


def test_a_25_tile_train_stays_whole_readable_and_clear_of_the_others_at_1280x800() -> None:
    scaled = Scaled(TableLayout(), (1280, 800))
    plan, doubles = _long_train()
    assert len(plan.lanes[3].slots) == 25
    assert plan.unit >= 14  # pixels on the short side: numerals stay legible
    felt = scaled.anchor("felt")
    rects = _tile_rects(plan, doubles)
    for _, rect in rects:
        assert felt.contains(rect)
    for (ta, a), (tb, b) in itertools.combinations(rects, 2):
        assert not a.colliderect(b.inflate(-1, -1)), (ta, tb)


def test_a_plan_measures_its_text_alike_before_any_window_and_after_pygame_quit() -> None:
    """The room a plan keeps for the message is measured in its font, with no window
    needed: run alone the test once found pygame.font never started ('font not
    initialized'), and after an earlier test quit pygame it found the fonts cached
    then dead ('Invalid font')."""
    from game.ui.app import App
    from game.ui.fonts import fit_text

    App((1024, 640), headless=True)
    assert fit_text("Carmen the conductor", 21, "bold", 60).endswith("\u2026")  # fonts cached
    expected, _ = _long_train()
    pygame.quit()  # the font module goes, and every font cached with it
    plan, _ = _long_train()
    assert (plan.unit, plan.lanes) == (expected.unit, expected.lanes)
    App((1024, 640), headless=True)  # later tests on this worker find pygame as a window leaves it


def test_a_second_window_after_pygame_quit_still_draws_its_text() -> None:
    """Fonts cached by an earlier window are not reused once pygame.font was quit."""
    from game.ui.app import App
    from game.ui.fonts import fit_text

    App((1024, 640), headless=True)
    assert fit_text("Carmen the conductor", 21, "bold", 60).endswith("\u2026")
    pygame.quit()
    App((1024, 640), headless=True)
    assert fit_text("Carmen the conductor", 21, "bold", 60).endswith("\u2026")
