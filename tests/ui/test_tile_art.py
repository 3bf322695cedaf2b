"""Tiles read at a glance: the pips of a real set up to double-18, countable in a
full hand at the smallest window, drawn once per size and kept."""

from __future__ import annotations

import itertools
import math
import random

import pygame
import pytest

from game.engine import Match, Play, play_match, preset
from game.memory.session import GameSession, SeatConfig
from game.ui import theme, tile_art
from game.ui.app import App
from game.look.pips import MOST, pip_layout, rows_for
from game.ui.table.scene import TableScene
from game.ui.tile_art import end_squares, face, numerals_for, pip_circles
from game.ui.ui_scale import use_scale

from .conftest import frames


@pytest.mark.parametrize("value", range(MOST + 1))
def test_every_value_has_as_many_pips_inside_its_end_and_none_touching(value: int) -> None:
    points = pip_layout(value)
    assert len(points) == value
    assert len(set(points)) == value
    square = pygame.FRect(0, 0, 100, 100)
    circles = pip_circles(value, square)
    for x, y, r in circles:
        assert square.left < x - r and x + r < square.right and square.top < y - r and y + r < square.bottom
    for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(circles, 2):
        assert math.dist((x1, y1), (x2, y2)) - r1 - r2 >= 2, f"two pips of {value} touch"


def test_large_values_stand_in_three_columns_as_on_a_real_set() -> None:
    """18 is three columns of six, 17 two of six with five between, 16 two of six with the
    inner four between; 12 three columns of four; 9 the 3 by 3 grid; 8 the ring."""
    def columns(value: int) -> list[int]:
        xs = sorted({round(x, 3) for x, _ in pip_layout(value)})
        return [sum(1 for x, _ in pip_layout(value) if round(x, 3) == column) for column in xs]

    assert columns(18) == [6, 6, 6] and columns(17) == [6, 5, 6] and columns(16) == [6, 4, 6]
    assert columns(15) == [5, 5, 5] and columns(12) == [4, 4, 4] and columns(10) == [4, 2, 4]
    assert columns(9) == [3, 3, 3] and columns(8) == [3, 2, 3] and columns(7) == [3, 1, 3]
    assert (0.5, 0.5) not in pip_layout(8), "the 8 is the ring"
    assert rows_for(18) == 6 and rows_for(13) == 5 and rows_for(11) == 4 and rows_for(9) == 3


def _double_18_full_hand() -> GameSession:
    """4 seats with a double-18 set dealt 16 tiles each, you to move early in the round."""
    options = preset("classic").replace(set_max=18, hand_size=16)
    seats = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(("You", "Ana", "Bruno", "Carmen"))]
    session = GameSession(options, seats, 3)
    rng = random.Random(3)

    def you_to_play(match: Match) -> bool:
        return match.round is not None and match.current_player() == 0 and any(
            isinstance(a, Play) for a in match.legal_actions())

    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()), until=you_to_play)
    return session


@pytest.mark.parametrize("scale", (1.0, 1.5))
def test_the_pips_of_a_double_18_in_a_full_hand_at_1024x640_are_4_px_across_with_a_gap(saves: object,
                                                                                        scale: float) -> None:
    use_scale(scale)
    app = App((1024, 640), headless=True)
    app.settings.pace = "instant"
    table = TableScene(_double_18_full_hand())
    app.push(table)
    frames(app, 3)
    tray = table.tray
    assert len(tray.order) >= 15 and not tray.numerals, "a full hand of a double-18 set shows pips"
    unit = tray.unit
    for square in end_squares(unit, horizontal=False):
        circles = pip_circles(18, square)
        assert min(2 * r for _, _, r in circles) >= 4.0
        gap = min(math.dist((x1, y1), (x2, y2)) - r1 - r2
                  for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(circles, 2))
        assert gap >= 1.0, "a clear pixel between two pips"
    # On the pixels themselves: every pip of the 18-18 in the hand is a blob of its own.
    image = face(18, 18, unit, horizontal=False, numerals=False)
    color = theme.PIP_COLORS[18]
    half = image.get_height() // 2
    for top in (0, half):
        end = image.subsurface((0, top, image.get_width(), half))
        mask = pygame.mask.from_threshold(end, color, (60, 60, 60, 255))
        blobs = [b for b in mask.connected_components() if b.count() >= 4]
        assert len(blobs) == 18, f"{len(blobs)} separate pips seen on an end of the 18-18"
    table.close()


def test_the_hand_shows_pips_for_every_set_at_the_smallest_window() -> None:
    for set_max in (6, 9, 12, 15, 18):
        assert not numerals_for(39, set_max), f"double-{set_max}"
    assert numerals_for(39, 18, numbers=True), "the numbers tile faces keep numerals everywhere"


def test_faces_are_drawn_once_per_size_orientation_and_palette(app: App) -> None:
    first = face(17, 4, 40, horizontal=False, numerals=False)
    assert face(17, 4, 40, horizontal=False, numerals=False) is first
    assert face(17, 4, 41, horizontal=False, numerals=False) is not first
    assert face(17, 4, 40, horizontal=True, numerals=False).get_size() == (80, 40)
    tile_art.use_palette("colour-blind")
    try:
        assert face(17, 4, 40, horizontal=False, numerals=False) is not first
    finally:
        tile_art.use_palette("standard")


def test_a_tile_has_depth_a_face_lit_from_above_and_a_soft_shadow(app: App) -> None:
    image = face(0, 0, 60, horizontal=True, numerals=False)
    side = image.get_at((30, 58))
    top = image.get_at((30, 20))
    assert sum(side[:3]) < sum(top[:3]) - 60, "the side under the face is darker than the face"
    felt = pygame.Surface((200, 120))
    felt.fill(theme.FELT)
    tile_art.blit_tile(felt, image, (100, 60))
    below = felt.get_at((100, 60 + 30 + 6))
    assert sum(below[:3]) < sum(theme.FELT) - 10, "a shadow falls under the tile"
