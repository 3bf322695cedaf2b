"""The colour-blind safe palette: chosen in Settings, used for seats and pips, remembered."""

from __future__ import annotations

from game.ui import theme
from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from game.ui.table.draw import seat_color
from game.ui.tile_art import face, use_palette

from .conftest import frames


def test_the_colour_blind_palette_changes_seats_and_pips_and_is_remembered(app: App) -> None:
    try:
        before = face(5, 3, 20)
        settings = SettingsScene()
        app.push(settings)
        frames(app, 1)
        settings.colours.on_change("colour-blind")
        assert seat_color(0) == theme.COLOUR_BLIND_SEATS[0]
        assert app.settings.palette == "colour-blind"
        after = face(5, 3, 20)
        assert after is not before, "faces drawn in the old colours are not reused"
        assert app.settings.prefs is None or app.settings.prefs["palette"] == "colour-blind"
    finally:
        use_palette("standard")
    assert seat_color(0) == theme.STANDARD_SEATS[0]
