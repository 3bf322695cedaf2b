"""The table says what happens: the move log (L), a "Why?" behind automatic
moves (W), hints (H) counted on the score sheet, and first-match tips."""

from __future__ import annotations

import pygame

from game.engine import DRAW, play_match, preset, tile_id
from game.engine import events as ev
from game.words.movelog import rebuild
from game.words.narrate import tell
from game.saves import dumps, session_from_bytes
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.rules import RulesScene

from .conftest import (
    NAMES,
    TextSeen,
    button_labels,
    click,
    drag,
    frames,
    key,
    message,
    position,
    selected,
    table_for,
    train_end,
    tray_tile_center,
)

t = tile_id


def test_an_automatic_pass_is_said_with_a_why_that_opens_the_rule(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    step = [ev.TurnStarted(0), ev.Passed(0), ev.MarkerUp(0), ev.TurnStarted(1)]
    table.told(tell(step, NAMES, 0, preset("classic"), 20))  # what the picture says as it shows such a step
    frames(app, 1)
    assert message(table) == "You cannot start your train on the first turn: marker up, no draw in classic."
    assert table.log.lines[-1].text == message(table)
    assert table.frame is not None and table.frame.pill is not None and table.frame.pill.why is not None
    click(app, table.frame.pill.why.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.at_section() == "first-turn"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_w, "w")
    assert isinstance(app.top, RulesScene)


def test_the_move_log_lists_the_rounds_moves_and_l_toggles_it(app: App) -> None:
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    drag(app, tray_tile_center(table, t(4, 2)), train_end(table, 0))
    frames(app, 10)
    texts = [line.text for line in table.log.lines]
    assert "You play 4-2 on your train." in texts
    assert not table.log_panel.open
    key(app, pygame.K_l, "l")
    frames(app, 1)
    assert table.log_panel.open and table.log_panel.rows
    key(app, pygame.K_l, "l")
    assert not table.log_panel.open


def test_the_move_log_of_a_loaded_save_is_rebuilt_from_its_actions(app: App) -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 11)
    table = table_for(app, session)
    frames(app, 60)
    live = [line.text for line in table.log.lines]
    assert live and live[0].startswith("Round 1 of 13")
    saved = session_from_bytes(dumps(session, "log"))
    rebuilt = [line.text for line in rebuild(saved.match, saved.human_seat)]
    shown = len(table.log.lines)
    assert rebuilt[:shown] == live


def test_h_gives_the_computers_hint_with_its_reason_and_counts_it(app: App) -> None:
    session = position([(4, 2), (6, 1), (3, 3)])
    table = table_for(app, session)
    key(app, pygame.K_h, "h")
    assert session.hints[0] == 1
    assert message(table).startswith("Hint: play the 4-2 on your train")
    assert selected(table) == t(4, 2), "the suggested tile is picked up, its train glowing"
    assert table.frame is not None and 0 in table.frame.targets
    assert "Hint (H)" in button_labels(table)


def test_a_hint_to_draw_says_draw(app: App) -> None:
    table = table_for(app, position([(1, 1)]))
    assert table.controller.legal_actions() == (DRAW,)
    key(app, pygame.K_h, "h")
    assert message(table).startswith("Hint: draw from the boneyard")


def test_hints_asked_are_kept_in_the_save() -> None:
    session = GameSession(preset("classic"), [SeatConfig("You", "human"), SeatConfig("Ana", "easy")], 2)
    session.match.start_next_round()
    session.hints[0] = 3
    assert session_from_bytes(dumps(session, "hints")).hints[0] == 3


def test_first_match_tips_show_once_each_and_are_remembered(app: App) -> None:
    app.settings.tips_seen = []
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    assert table.tip == "first-turn"
    assert "first-turn" in app.settings.tips_seen
    key(app, pygame.K_g, "g")
    frames(app, 2)
    assert table.tip is None or table.tip != "first-turn"
    seen = list(app.settings.tips_seen)
    other = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    assert other.tip != "first-turn" and app.settings.tips_seen[: len(seen)] == seen


def test_a_click_on_a_tip_closes_it(app: App) -> None:
    app.settings.tips_seen = []
    table = table_for(app, position([(4, 2), (6, 1), (3, 3)]))
    assert table.frame is not None and table.frame.tip is not None
    click(app, table.frame.tip.box.center)
    frames(app, 1)
    assert table.tip is None or table.tip != "first-turn"


def test_every_tip_has_its_moment() -> None:
    from game.ui.table.tips import TIPS, due_tip

    state = position([(4, 2)]).match.round
    assert state is not None
    assert due_tip(state, 0, True, []) == "first-turn"
    assert due_tip(state, 0, False, []) is None
    state.open_doubles.append(1)
    assert due_tip(state, 0, False, ["first-turn"]) == "open-double"
    state.public[2] = True
    assert due_tip(state, 0, False, ["first-turn", "open-double"]) == "public-train"
    state.boneyard.clear()
    assert due_tip(state, 0, False, ["first-turn", "open-double", "public-train"]) == "empty-boneyard"
    assert due_tip(state, 0, True, list(TIPS)) is None
    assert due_tip(state, None, True, []) is None


def test_the_score_sheet_shows_hints(app: App, text_seen: TextSeen) -> None:
    from game.ui.scenes import round_summary

    session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 4)
    play_match(session.match, lambda m, s: m.legal_actions()[0], until=lambda m: len(m.round_scores) == 1)
    session.hints[0] = 2
    table = app.routes.table(session)
    app.push(table)
    frames(app, 3)
    assert isinstance(app.top, round_summary.RoundSummaryScene)
    drawn = text_seen.frame(app)
    assert "Hints" in drawn and "2" in drawn


def test_a_tip_goes_when_the_round_ends_and_none_stays_behind_the_summary(app: App) -> None:
    from game.engine import Play
    from game.ui.scenes.round_summary import RoundSummaryScene

    from .conftest import frames_until

    app.settings.tips_seen = ["first-turn"]
    table = table_for(app, position([(4, 4), (4, 2)]))
    assert table.controller.act(Play(t(4, 4), 0)) is None  # the double stays open: its tip is due
    table.catch_steps()
    assert frames_until(app, lambda: table.tip == "open-double")
    assert table.controller.act(Play(t(4, 2), 0)) is None  # covered with the last tile: out
    table.catch_steps()
    assert frames_until(app, lambda: isinstance(app.top, RoundSummaryScene))
    assert table.tip is None and table.frame is not None and table.frame.tip is None
    table.close()


def test_a_tip_lies_clear_of_the_tiles_laid_your_train_and_the_message(app: App) -> None:
    from game.ui.table.frame import busy_places

    session = position([(4, 2), (6, 1), (9, 3)])
    state = session.match.round
    assert state is not None
    for train, tiles in ((1, [t(6, 5), t(5, 3), t(3, 1)]), (2, [t(8, 2), t(2, 0)])):  # the top trains have tiles
        state.trains[train].extend(tiles)
    app.settings.tips_seen = []
    table = table_for(app, session)
    frame = table.frame
    assert frame is not None and frame.tip is not None
    box = frame.tip.box
    laid = busy_places(frame.plan, frame.state)
    assert not box.collidelistall(laid), "the tip covers a tile laid, a train's end or the roundhouse"
    assert not box.colliderect(frame.plan.lanes[0].rect), "the tip covers your own train"
    assert frame.pill is None or not box.colliderect(frame.pill.box)
    table.close()


def test_a_name_ending_in_a_number_is_kept_apart_from_its_figure() -> None:
    from game.words.table_words import scores_words, with_figure

    assert with_figure("Ana", 12) == "Ana 12" and with_figure("Medium 3", 0) == "Medium 3, 0"
    said = scores_words(["You", "Medium 3"], [4, 0], 0, 1, 3)
    assert said == "Scores before the first round ends: Medium 3, 0, you 4."
