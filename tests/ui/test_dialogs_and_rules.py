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

from .conftest import click, frames, key


def _round_just_over() -> GameSession:
    seats = [SeatConfig("You", "human"), SeatConfig("Ana", "easy"), SeatConfig("Bruno", "easy")]
    session = GameSession(preset("classic"), seats, 4)
    rng = random.Random(4)
    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()), until=lambda m: len(m.round_scores) == 1)
    return session


def test_esc_on_the_title_asks_and_neither_a_second_esc_nor_enter_quits(app: App) -> None:
    """Esc on the title asks, with Stay chosen: Esc or Enter then stays; Quit is a move away."""
    app.push(app.routes.title())
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DialogScene) and app.running
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene) and app.running, "Esc then Enter stays"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_UP)
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
    rules = app.routes.rules(options, "doubles", players=4)
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


def test_a_dialog_card_hides_whatever_is_beneath_it(app: App) -> None:
    """Buttons behind a dialog do not show through its card."""
    app.push(app.routes.title())
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    dialog.laid_out()
    inside = (dialog.card_box.centerx, dialog.card_box.top + 8)
    looks = []
    for fill in ((255, 255, 255), (0, 0, 0)):
        app.screen.fill(fill)
        dialog.draw(app.screen)
        looks.append(tuple(app.screen.get_at(inside)))
    assert looks[0] == looks[1]


def test_under_the_pause_menu_the_whole_table_is_dimmed_top_bar_and_hand_too(app: App) -> None:
    table = TableScene(_round_just_over())
    app.push(table)
    frames(app, 3)
    assert table.frame is not None
    bar = pygame.Rect(table.frame.scaled.anchor("top_bar"))
    hand = pygame.Rect(table.tray.area)

    def light(area: pygame.Rect) -> int:
        return sum(pygame.transform.average_color(app.screen, area)[:3])

    before = (light(bar), light(hand))
    app.push(PauseScene(table.session, app.routes.saves, False, lambda: None))  # type: ignore[attr-defined]
    frames(app, 1)
    after = (light(bar), light(hand))
    assert after[0] < before[0] * 0.4 and after[1] < before[1] * 0.4


def test_the_rules_opened_from_the_setup_are_as_large_as_those_a_why_link_opens(app: App) -> None:
    from game.ui.ui_scale import use_scale

    use_scale(1.5)
    try:
        app.push(app.routes.setup())
        frames(app, 1)
        setup = app.top
        assert isinstance(setup, SetupScene)
        setup.focus = setup.focusables().index(setup.help_button)
        setup.show_focus()  # in a small window the setup scrolls: the button comes into view
        frames(app, 1)
        click(app, setup.help_button.rect.center)
        from_setup = app.top
        assert isinstance(from_setup, RulesScene)
        app.reset(app.routes.rules(from_setup.options, players=from_setup.players))
        direct = app.top
        assert isinstance(direct, RulesScene)
        assert from_setup.page is not None and direct.page is not None
        assert from_setup.page.get_height() == direct.page.get_height()
        use_scale(1.0)
        app.reset(app.routes.rules(from_setup.options, players=from_setup.players))
        hundred = app.top
        assert isinstance(hundred, RulesScene) and hundred.page is not None
        assert direct.page.get_height() > hundred.page.get_height(), "150% text is larger than 100%"
    finally:
        use_scale(1.0)


def test_rules_help_from_the_pause_menu_describes_the_table_in_play(app: App) -> None:
    """An 8-seat match deals 11 tiles each from a double-12 set: the pause menu's
    rules say so (they said 'Each of the 4 players takes 15 tiles'), and so does the
    lesson's pause menu for the lesson's table."""
    seats = [SeatConfig(f"P{i}", "human" if i == 0 else "easy") for i in range(8)]
    session = GameSession(preset("classic"), seats, 3)
    table = app.routes.table(session)
    app.reset(table)
    frames(app, 2)
    assert isinstance(table, TableScene)
    table.open_menu()
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.rules()
    rules = app.top
    assert isinstance(rules, RulesScene)
    deal = next(text for block in rules.blocks if block.key == "deal" for text, _ in block.paragraphs)
    assert "double-12 set. Each of the 8 players takes 11 tiles" in deal
