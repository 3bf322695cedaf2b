"""The hand tray lays itself out in update; drawing it changes nothing."""

from __future__ import annotations

import pygame
import pytest

from game.engine import RoundState, preset, tile_id
from game.ui.app import App
from game.ui.table.handover import Viewer
from game.ui.table.tray import HandTray

AREA = pygame.FRect(200, 700, 880, 100)


@pytest.fixture(autouse=True)
def fonts_ready(app: App) -> None:
    """The tray measures its sort label, so pygame's fonts must be up (the app starts them)."""


def state_with(hand: list[int]) -> RoundState:
    """A classic 4-seat round where seat 0 holds ``hand``."""
    setup = preset("classic").setup(4)
    used = set(hand) | {tile_id(12, 12)}
    others = [t for t in range(91) if t not in used]
    hands = [hand, others[0:3], others[3:6], others[6:9]]
    return RoundState.from_table(setup, 12, hands, others[9:30], 0)


def tray_for(hand: list[int]) -> tuple[HandTray, RoundState]:
    tray = HandTray(Viewer(0))
    tray.place(AREA, 1.0)
    state = state_with(hand)
    tray.layout(state, "pips", frozenset(), "Your hand")
    return tray, state


def test_a_small_hand_is_centred_and_every_tile_can_be_clicked() -> None:
    hand = [tile_id(6, 1), tile_id(4, 2), tile_id(12, 3)]
    tray, _ = tray_for(hand)
    assert [t for t, _ in tray.tiles] == [tile_id(12, 3), tile_id(6, 1), tile_id(4, 2)]
    left, right = tray.tiles[0][1].left, tray.tiles[-1][1].right
    assert abs((left + right) / 2 - AREA.centerx) <= 1
    for tile, rect in tray.tiles:
        assert tray.tile_at(rect.center) == (tile, rect)
        assert tray.tile_center(tile) == rect.center
    assert not tray.more_left and not tray.more_right
    assert tray.heading.startswith("Your hand  \u00b7  3 tiles")
    assert tray.hits_sort(tray.sort_rect.center) and not tray.hits_sort(tray.tiles[0][1].center)


def test_a_long_hand_scrolls_and_the_selection_stays_in_view() -> None:
    hand = list(range(40))[:30]
    tray, state = tray_for(hand)
    room = tray.capacity()
    assert len(tray.tiles) == room < 30 and tray.more_right and not tray.more_left
    for _ in range(room + 2):
        tray.step_selection(1)
    assert tray.selected is not None
    tray.layout(state, "pips", frozenset(), "Your hand")
    assert tray.tile_center(tray.selected) is not None, "the selected tile is scrolled into view"
    assert tray.more_left
    tray.scroll_by(100)
    tray.layout(state, "pips", frozenset(), "Your hand")
    assert tray.scroll == 30 - room and not tray.more_right


def test_drawing_the_tray_changes_none_of_its_rectangles() -> None:
    tray, _ = tray_for(list(range(30)))
    tray.selected = tray.tiles[2][0]
    before = (list(tray.tiles), tray.scroll, tray.sort_rect.copy(), tray.more_left, tray.more_right)
    surface = pygame.Surface((1280, 800))
    tray.draw(surface, {tray.tiles[0][0]}, tray.tiles[1][0])
    assert (list(tray.tiles), tray.scroll, tray.sort_rect.copy(), tray.more_left, tray.more_right) == before


def test_a_watched_tray_follows_the_seat_to_move_and_an_unwatched_one_shows_nothing() -> None:
    state = state_with([tile_id(6, 1)])
    assert HandTray(Viewer(None), follow_mover=True).seat_of(state) == state.to_move
    empty = HandTray(Viewer(None))
    empty.place(AREA, 1.0)
    empty.layout(state, "pips", frozenset(), "")
    assert empty.tiles == [] and empty.showing is None and not empty.hits_sort(AREA.center)


def test_a_hand_of_one_tile_says_one_tile() -> None:
    tray, _ = tray_for([tile_id(1, 0)])
    assert "1 tile, 1 pip" in tray.heading and "tiles" not in tray.heading and "pips" not in tray.heading
    tray, _ = tray_for([tile_id(1, 0), tile_id(3, 2)])
    assert "2 tiles, 6 pips" in tray.heading


@pytest.mark.parametrize("scale", (1.0, 1.5))
def test_a_selected_or_picked_up_tile_covers_neither_the_hand_count_nor_the_sort_button(app: App,
                                                                                        scale: float) -> None:
    """At 1024x640 with a hand that fills the tray (its first tile under "... 118 pips", its
    last under "Sort: by pips (S)"): the selected tile rises and the carried one grows and lifts,
    both clear of the heading's words and the sort button."""
    from game.ui.table.scene import TableScene
    from game.ui.ui_scale import use_scale

    from .conftest import frames, position

    use_scale(scale)
    small = App((1024, 640), headless=True)
    small.settings.pace = "instant"
    hand = [(12, 11), (12, 9), (11, 10), (11, 9), (10, 9), (10, 8), (9, 7), (9, 6), (8, 7), (8, 6), (7, 4),
            (6, 5), (5, 4), (4, 3), (3, 2), (2, 1)]
    table = TableScene(position(hand))
    small.push(table)
    frames(small, 3)
    tray = table.tray
    assert tray.more_right or len(tray.tiles) >= 12, "the row fills the tray"
    labels = [tray.heading_rect, tray.sort_rect]
    assert all(label.w > 0 for label in labels)
    for tile, rect in (tray.tiles[0], tray.tiles[-1]):
        tray.selected = tile
        frames(small, 1)
        raised = rect.move(0, -tray.lift)
        assert tray.lift > 0 and not raised.collidelistall(labels), "the selected tile rises clear of the words"
        grab = (rect.centerx, rect.centery + rect.h // 4)
        small.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1)])
        small.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(grab[0] + 9, grab[1]), rel=(9, 0),
                                       buttons=(1, 0, 0))])
        assert table.frame is not None and table.frame.carried is not None
        carried, center = table.frame.carried
        image = tray.carried_image(carried).get_rect(center=(round(center[0]), round(center[1])))
        assert image.h > rect.h, "a picked-up tile is drawn larger, lifted"
        assert not image.collidelistall(labels), "the picked-up tile covers no label"
        small.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grab[0] + 9, grab[1]), button=1)])
        frames(small, 20)  # dropped on the tray: it glides home
    table.close()
    use_scale(1.0)
