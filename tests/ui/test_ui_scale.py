"""The UI scale setting: text and tiles grow (or shrink) at once, stay inside
their boxes, and the choice comes back on the next run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui import fonts
from game.ui.app import App
from game.ui.main import load_settings
from game.ui.scenes.settings import SettingsScene
from game.ui.ui_scale import SCALES, current, use_scale

from .conftest import frames, position, table_for


@pytest.fixture(autouse=True)
def designed_size() -> Iterator[None]:
    """Every test starts and ends at the designed size."""
    use_scale(1.0)
    yield
    use_scale(1.0)


def _text_height(line: str = "Mexican Train") -> int:
    return fonts.text(line, 20, (255, 255, 255)).get_height()


def test_choosing_a_larger_scale_in_settings_grows_text_at_once_and_is_remembered(app: App) -> None:
    app.settings = load_settings()
    before = _text_height()
    scene = SettingsScene()
    app.push(scene)
    frames(app, 1)
    scene.scale.set(1.0)
    scene.scale.step(1)
    frames(app, 1)
    assert current() == scene.scale.value == SCALES[SCALES.index(1.0) + 1]
    assert _text_height() > before
    assert load_settings().ui_scale == scene.scale.value


def test_a_smaller_scale_shrinks_text_and_the_range_is_held_to_the_offered_steps() -> None:
    designed = _text_height()
    use_scale(0.75)
    assert _text_height() < designed
    use_scale(9.0)
    assert current() == SCALES[-1]


def test_text_in_a_fixed_box_grows_only_as_far_as_its_cap() -> None:
    use_scale(1.5)
    grown = _text_height()
    with fonts.capped(1.0):
        held = _text_height()
    use_scale(1.0)
    assert held == _text_height() < grown


def test_the_table_draws_bigger_tiles_at_a_larger_scale_and_its_message_stays_in_its_area(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3), (10, 1), (8, 1)]))
    state = table.match.round
    assert state is not None
    small_tray, small_board = table.geometry.tray_unit, table.geometry.plan(state).unit
    use_scale(1.5)
    frames(app, 2)
    assert table.geometry.tray_unit > small_tray
    assert table.geometry.plan(state).unit > small_board
    area = table.geometry.scaled.anchor("message_area")
    assert table.frame is not None and table.frame.pill is not None
    box = table.frame.pill.box
    assert area.left <= box.left and box.right <= area.right, "the message keeps to its area at 150%"
    # The tiles of the hand still fit the tray's height.
    tray = table.tray
    for _tile, rect in tray.tiles:
        assert tray.area.top <= rect.top and rect.bottom <= tray.area.bottom
