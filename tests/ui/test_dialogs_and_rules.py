"""Esc asks before leaving the game, reaches the pause menu from the round
summary; a restored save says so in a dialog before anything else; the rules
scene explains the chosen preset and house rules, opening where it is asked."""

from __future__ import annotations

import random

import pygame

from game.engine import play_match, preset
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.round_summary import RoundSummaryScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

from .conftest import frames, key


def _round_just_over() -> GameSession:
    seats = [SeatConfig("You", "human"), SeatConfig("Ana", "easy"), SeatConfig("Bruno", "easy")]
    session = GameSession(preset("classic"), seats, 4)
    rng = random.Random(4)
    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()), until=lambda m: len(m.round_scores) == 1)
    return session


def test_esc_on_the_title_asks_and_a_second_esc_stays(app: App) -> None:
    app.push(app.routes.title())
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DialogScene) and app.running
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_esc_on_the_round_summary_opens_the_pause_menu(app: App) -> None:
    table = app.routes.table(_round_just_over())
    app.push(table)
    frames(app, 3)
    assert isinstance(app.top, RoundSummaryScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, RoundSummaryScene)


def test_a_note_from_the_backup_is_a_dialog_shown_before_the_round_summary(app: App) -> None:
    note = "The latest autosave could not be read (bad checksum). The game went on from its backup, one move earlier."
    app.push(app.routes.table(_round_just_over(), note))
    frames(app, 3)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.body == note
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert isinstance(app.top, RoundSummaryScene)


def test_the_rules_scene_explains_the_house_rules_and_opens_at_a_section(app: App) -> None:
    options = preset("classic", discretionary_markers=True, knock="penalty")
    rules = app.routes.rules(options, "doubles", 4)
    app.push(rules)
    frames(app, 1)
    assert isinstance(rules, RulesScene)
    assert rules.heading == "Rules: Classic + 2 house rules"
    assert rules.at_section() == "doubles" and rules.scroll > 0
    changed = [text for block in rules.blocks for text, marked in block.paragraphs if marked]
    assert len(changed) == 2 and all(text.startswith("Changed: ") for text in changed)
    key(app, pygame.K_HOME)
    assert rules.scroll == 0 and rules.at_section() == "goal"
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    keys = [block.key for block in rules.blocks]
    assert keys[1:10] == ["deal", "first-turn", "where", "markers", "doubles", "drawing", "round-end", "scoring",
                          "knock"]


def test_rules_are_a_click_away_from_the_title_the_setup_and_the_pause_menu(app: App) -> None:
    title = app.routes.title()
    app.push(title)
    assert isinstance(title, TitleScene)
    title.rules()
    assert isinstance(app.top, RulesScene)
    app.pop()
    setup = SetupScene()
    app.push(setup)
    setup.preset.set("hub")
    setup._reset_rules()
    setup.rules_help()
    assert isinstance(app.top, RulesScene) and app.top.options.preset == "hub"
    app.pop()
    table = app.routes.table(_round_just_over())
    app.reset(table)
    assert isinstance(table, TableScene)
    table.open_menu()
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.rules()
    assert isinstance(app.top, RulesScene)


def test_the_round_summary_ignores_keys_meant_for_the_table_and_moves_on_with_n(app: App) -> None:
    """Enter or H pressed for the table as the round ends must not deal the next
    round unseen: keys are ignored for a second, then only N (or the button) moves on."""
    from game.ui.scenes.round_summary import DEAF_SECONDS

    table = app.routes.table(_round_just_over())
    app.push(table)
    frames(app, 3)
    summary = app.top
    assert isinstance(summary, RoundSummaryScene)
    for code, char in ((pygame.K_RETURN, ""), (pygame.K_SPACE, " "), (pygame.K_h, "h"), (pygame.K_n, "n")):
        key(app, code, char)
        assert app.top is summary, f"{pygame.key.name(code)} pressed at once moved on"
    summary.age = DEAF_SECONDS
    key(app, pygame.K_RETURN)
    assert app.top is summary, "Enter with no button focused does not deal"
    assert any("(N)" in b.label for b in summary.widgets)
    key(app, pygame.K_n, "n")
    assert app.top is not summary
