"""Playing at the table with synthetic mouse and keyboard events."""

from __future__ import annotations

import pygame

from game.engine import DRAW, MEXICAN, Play, tile_id
from game.ui.app import App
from game.ui.table.input import Command

from .conftest import (
    boneyard_center,
    button_labels,
    click,
    drag,
    frames,
    hub_center,
    key,
    legal_trains,
    lines_said,
    message,
    position,
    select,
    selected,
    table_for,
    train_end,
    tray_shows,
    tray_tile_center,
)


def test_dragging_a_tile_onto_a_glowing_train_plays_it(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    tile = tile_id(4, 2)
    assert legal_trains(table, tile) == [0]
    drag(app, tray_tile_center(table, tile), train_end(table, 0))
    state = table.match.round
    assert state is not None
    assert tile not in state.hands[0]
    assert state.trains[0][-1] == tile
    assert table.match.action_log[-1][0] == "play 4-2 on 0"


def test_dropping_on_a_private_train_is_refused_with_the_reason_and_the_hand_is_unchanged(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    state = table.match.round
    assert state is not None
    tile = tile_id(6, 1)
    hand_before = list(state.hands[0])
    reason = state.why_illegal(Play(tile, 1))
    assert reason == "Ana's train is private"
    drag(app, tray_tile_center(table, tile), train_end(table, 1))
    assert state.hands[0] == hand_before
    assert state.trains[1] == [tile_id(12, 6)]
    assert message(table) == "Ana's train is private."
    frames(app, 30)  # the tile glides home and is shown in the tray again
    assert tray_shows(table, tile)


def test_clicking_the_boneyard_draws_only_when_drawing_is_legal(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1)]))
    state = table.match.round
    assert state is not None
    boneyard = len(state.boneyard)
    click(app, boneyard_center(table))
    assert len(state.hands[0]) == 2 and len(state.boneyard) == boneyard
    assert message(table) == "You have a tile you can play, so you cannot draw."

    app.reset(table_scene := table_for_draw(app))
    frames(app, 3)
    state = table_scene.match.round
    assert state is not None and state.legal_actions() == [DRAW]
    boneyard = len(state.boneyard)
    click(app, boneyard_center(table_scene))
    assert len(state.boneyard) < boneyard
    assert table_scene.match.action_log[-1][0] == "draw"


def table_for_draw(app: App):  # type: ignore[no-untyped-def]
    """A table where you hold nothing that fits (2-1 and 3-0)."""
    from game.ui.table.scene import TableScene

    table = TableScene(position([(2, 1), (3, 0)]))
    return table


def test_the_keyboard_alone_plays_a_tile(app: App) -> None:
    table = table_for(app, position([(6, 1), (4, 2), (3, 3)]))
    tile = tile_id(4, 2)
    for _ in range(3):
        if selected(table) == tile:
            break
        key(app, pygame.K_RIGHT)
    assert selected(table) == tile
    key(app, pygame.K_1, "1")
    state = table.match.round
    assert state is not None
    assert state.trains[0][-1] == tile and tile not in state.hands[0]


def test_a_tile_dropped_off_the_trains_glides_back_and_nothing_is_played(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    state = table.match.round
    assert state is not None
    drag(app, tray_tile_center(table, tile_id(4, 2)), hub_center(table))
    assert tile_id(4, 2) in state.hands[0]
    assert "glowing train" in message(table)


def test_courtesy_presets_announce_one_tile_left_by_themselves_and_offer_no_knock_button(app: App) -> None:
    table = table_for(app, position([(4, 2), (3, 3)], rules="tournament"))
    assert not any("Knock" in label for label in button_labels(table))
    drag(app, tray_tile_center(table, tile_id(4, 2)), train_end(table, 0))
    assert table.match.action_log[-1][0] == "play 4-2 on 0"
    assert "You have one tile left!" in lines_said(table)


def test_the_knock_button_appears_in_tap_with_the_play_that_leaves_one_tile(app: App) -> None:
    table = table_for(app, position([(4, 2), (3, 3)], rules="tap"))
    assert any("Knock" in label for label in button_labels(table))


def test_drawing_the_table_changes_nothing_and_what_it_draws_is_worked_out_in_update(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    select(table, tile_id(4, 2))
    frames(app, 1)
    frame, tiles, scroll = table.frame, list(table.tray.tiles), table.tray.scroll
    labels, boneyard = button_labels(table), boneyard_center(table)
    for _ in range(3):
        table.draw(app.screen)
    assert table.frame is frame and table.tray.tiles == tiles and table.tray.scroll == scroll
    assert button_labels(table) == labels and boneyard_center(table) == boneyard
    assert frame is not None and frame.targets == (0,), "the selected tile's train glows"


def test_the_pause_menu_drops_a_carried_tile_and_the_table_under_it_stays_still(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    start = tray_tile_center(table, tile_id(4, 2))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, 0), buttons=(1, 0, 0))])
    assert not tray_shows(table, tile_id(4, 2)), "the carried tile leaves an empty place"
    key(app, pygame.K_ESCAPE)
    assert tray_shows(table, tile_id(4, 2))
    frame = table.frame
    frames(app, 3)
    assert table.frame is frame


def test_enter_on_a_tile_that_fits_several_trains_names_their_keys_as_a_choice(app: App) -> None:
    """'press 1, 2 or M': the keys that play it, the last one after 'or'."""
    session = position([(4, 6), (1, 1)])
    state = session.match.round
    assert state is not None
    state.public[1] = True  # Ana's train (end 6) is public
    state.trains[MEXICAN] = [tile_id(12, 6)]
    state.ends[MEXICAN] = 6
    state._legal = None
    table = table_for(app, session)
    select(table, tile_id(4, 6))
    targets = legal_trains(table, tile_id(4, 6))
    assert len(targets) == 3
    key(app, pygame.K_RETURN)
    assert message(table) == "The 6-4 fits several trains: press 1, 2 or M."


def test_a_refusal_with_a_rule_behind_it_offers_why_at_that_rules_section(app: App) -> None:
    """'The 7-7 on the Mexican train must be covered first.' carries a Why? that
    opens the rules at Doubles; W does the same."""
    from game.engine import RoundState
    from game.ui.scenes.rules import RulesScene

    session = position([(7, 3), (4, 2)])
    setup = session.match.setup
    t = tile_id
    hands = [[t(7, 3), t(4, 2)], [t(9, 9), t(9, 8)], [t(6, 6), t(6, 5)], [t(11, 11), t(11, 5)]]
    trains = {0: [t(12, 4)], 1: [t(12, 10)], 2: [t(12, 8)], 3: [t(12, 1)], MEXICAN: [t(12, 7), t(7, 7)]}
    used = {t(12, 12), *(x for h in hands for x in h), *(x for tr in trains.values() for x in tr)}
    boneyard = [x for x in range(91) if x not in used][:20]
    session.match.round = RoundState.from_table(setup, 12, hands, boneyard, 0, trains=trains,
                                                open_doubles=[MEXICAN], names=session.match.names)
    table = table_for(app, session)
    drag(app, tray_tile_center(table, t(4, 2)), train_end(table, 0))
    assert message(table) == "The 7-7 on the Mexican train must be covered first."
    pill = table.frame.pill if table.frame is not None else None
    assert pill is not None and pill.why is not None and pill.why_key == "doubles"
    click(app, pill.why.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.at_section() == "doubles"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_w, "w")
    assert isinstance(app.top, RulesScene) and app.top.at_section() == "doubles"


def test_a_refusal_with_no_rule_behind_it_offers_no_why(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1)]))
    table.carry_out(Command("act", action=Play(tile_id(9, 9), 0)))  # a tile the person does not hold
    frames(app, 1)
    assert message(table) == "You do not hold the 9-9."
    assert table.frame is not None and table.frame.pill is not None and table.frame.pill.why is None
