"""Learn to play at the table: the guided round played from start to end by
real drags, clicks and keys; a wrong move explained and its tile sent home;
Esc, Continue later and going on from the same step; the title's offer."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.engine import DRAW, END, Play
from game.tutorial import load_lesson
from game.ui.app import App
from game.ui.paths import lesson_file
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.table.guide import GuidedTable

from .conftest import boneyard_center, drag, frames, frames_until, key, message, tray_shows, tray_tile_center, train_end


def open_lesson(app: App, step: int = 0) -> GuidedTable:
    """The lesson's table from ``step``, its step on show."""
    app.reset(app.routes.lesson(step))
    table = app.top
    assert isinstance(table, GuidedTable)
    assert frames_until(app, lambda: table.showing, 60), "the step never showed"
    return table


def do_step(app: App, table: GuidedTable) -> None:
    """What the person does for the step on show, with the mouse and keys."""
    step = table.guide.step
    assert step is not None
    if step.action is None:
        key(app, pygame.K_RETURN)
    elif isinstance(step.action, Play):
        drag(app, tray_tile_center(table, step.action.tile), train_end(table, step.action.train))
    elif step.action == DRAW:
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=boneyard_center(table), button=1)])
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=boneyard_center(table), button=1)])
    else:
        assert step.action == END
        key(app, pygame.K_e, "e")


@pytest.mark.parametrize("pace", ["instant", "slow"])
def test_the_guided_round_plays_through_step_by_step_and_ends_scored(app: App, pace: str) -> None:
    """Every step shows its words and marks, completes by the person's own drag,
    click or key, in order, at any pace; the round ends with the person out,
    scored, and the summary's button ends the lesson."""
    app.settings.pace = pace
    lesson = load_lesson(lesson_file())
    table = open_lesson(app)
    for index, step in enumerate(lesson.steps):
        assert frames_until(app, lambda: table.showing and table.guide.index == index, 60), f"step {index}"
        assert message(table) == step.say
        assert table.marks.marks, f"step {index} points at nothing"
        do_step(app, table)
        assert frames_until(app, lambda: table.guide.index == index + 1, 10), f"step {index} did not complete"
    assert frames_until(app, lambda: type(app.top).__name__ == "RoundSummaryScene", 60)
    state = table.match.round
    assert state is not None and state.went_out == 0 and state.scores is not None
    assert state.scores[0] == 0 and min(state.scores[1:]) > 0
    assert table.match.action_log[0] == list(lesson.actions)
    frames(app, 70)
    key(app, pygame.K_n, "n")
    frames(app, 2)
    assert type(app.top).__name__ == "TitleScene"
    assert app.settings.lesson_state == "done"
    assert not app.top.continue_button.enabled, "the lesson left a match to continue"  # type: ignore[attr-defined]


def test_another_legal_move_is_explained_and_its_tile_goes_home(app: App) -> None:
    """A move the rules allow but the step does not want is not made: the line
    says what the lesson wants, and the tile glides back to the hand."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action is not None and s.other and "2-2" in s.other
                 and isinstance(s.action, Play))
    table = open_lesson(app, index)
    made = table.made()
    two_two = _tile("2-2")
    drag(app, tray_tile_center(table, two_two), train_end(table, 0))
    assert table.made() == made, "the move was made"
    assert message(table) == lesson.steps[index].other
    assert frames_until(app, lambda: tray_shows(table, two_two), 5), "the tile did not come home"
    assert table.guide.index == index


def test_an_illegal_move_is_explained_by_the_rule_and_the_step(app: App) -> None:
    """A move the rules forbid says the engine's reason, then what the step wants."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action == Play(_tile("12-5"), -1))
    table = open_lesson(app, index)
    drag(app, tray_tile_center(table, _tile("12-5")), train_end(table, 1))  # Ana's private train
    said = message(table)
    assert "private" in said.lower() and "12-5" in said and "Mexican train" in said
    assert table.guide.index == index and table.made() == lesson.steps[index].at


def test_a_step_can_be_played_with_the_keys(app: App) -> None:
    """Arrows pick the tile, M plays it on the Mexican train: the step completes."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action == Play(_tile("12-5"), -1))
    table = open_lesson(app, index)
    for _ in range(20):
        if table.tray.selected == _tile("12-5"):
            break
        key(app, pygame.K_RIGHT)
    assert table.tray.selected == _tile("12-5")
    key(app, pygame.K_m, "m")
    assert frames_until(app, lambda: table.guide.index == index + 1, 10)
    assert table.match.round is not None and table.match.round.trains[-1][0] == _tile("12-5")


def test_the_lessons_round_can_be_replayed_from_its_summary(app: App) -> None:
    """The summary that ends the lesson offers the round's replay like any round's."""
    lesson = load_lesson(lesson_file())
    table = open_lesson(app, len(lesson.steps) - 1)
    do_step(app, table)
    assert frames_until(app, lambda: type(app.top).__name__ == "RoundSummaryScene", 30)
    frames(app, 70)
    _press(app, "Replay this round")
    assert type(app.top).__name__ == "ReplayScene"


def test_the_rules_help_offers_the_lesson(app: App) -> None:
    """The rules help opened from the title has Learn to play, which opens the lesson."""
    app.reset(app.routes.title())
    frames(app, 2)
    _press(app, "Rules")
    assert type(app.top).__name__ == "RulesScene"
    _press(app, "Learn to play")
    assert isinstance(app.top, GuidedTable) and app.top.guide.index == 0


def test_esc_and_continue_later_go_on_from_the_same_step(app: App) -> None:
    """Esc opens the lesson's menu; Continue later goes to the title keeping the
    step; Learn to play then asks, and Go on opens the table at that step."""
    table = open_lesson(app)
    for _ in range(4):
        do_step(app, table)
        assert frames_until(app, lambda: table.showing, 30)
    reached = table.guide.index
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "LessonPauseScene"
    _press(app, "Continue later")
    assert type(app.top).__name__ == "TitleScene"
    assert (app.settings.lesson_state, app.settings.lesson_step) == ("started", reached)
    _press(app, "Learn to play")
    _press(app, "Go on")
    again = app.top
    assert isinstance(again, GuidedTable)
    assert frames_until(app, lambda: again.showing, 30)
    assert again.guide.index == reached
    assert message(again) == load_lesson(lesson_file()).steps[reached].say
    assert again.match.round is not None and again.match.round.trains[0] == table.match.round.trains[0]  # type: ignore[union-attr]


def test_the_moves_own_drag_passes_over_steps_that_only_explain(app: App) -> None:
    """A player who drags the step's tile while an explanation is on show has
    done what comes next: the explanations before it are passed over."""
    table = open_lesson(app)
    assert table.guide.step is not None and table.guide.step.action is None
    drag(app, tray_tile_center(table, _tile("12-7")), train_end(table, 0))
    assert table.guide.index == 3 and table.made() == 1


def test_next_on_the_message_line_and_the_hint_key(app: App) -> None:
    """A click on the line's Next link finishes an explanation; on a step that
    waits for a move, H names the lesson's move (not the computer's own hint)."""
    table = open_lesson(app)
    pill = table.frame.pill if table.frame is not None else None
    assert pill is not None and pill.why is not None and pill.link_label.startswith("Next")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pill.why.center, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pill.why.center, button=1)])
    assert table.guide.index == 1
    key(app, pygame.K_RETURN)
    assert frames_until(app, lambda: table.showing and table.guide.index == 2, 10)
    key(app, pygame.K_h, "h")
    assert message(table) == "The lesson's move: play the 12-7 on your train."
    assert table.session.hints[0] == 0


def test_why_opens_the_rules_behind_the_step(app: App) -> None:
    """W on a step opens the rules help at the section the step teaches."""
    table = open_lesson(app, 2)  # the first-turn line
    assert table.frame is not None and table.frame.pill is not None
    assert table.frame.pill.link_label.startswith("Why")
    key(app, pygame.K_w, "w")
    rules = app.top
    assert type(rules).__name__ == "RulesScene"
    assert rules.at_section() == "first-turn"  # type: ignore[attr-defined]


def test_computers_wait_while_a_step_is_read(app: App) -> None:
    """While an explanation is on show on a computer's turn, that computer makes
    no move and is not shown thinking; Next lets it play."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action is None and s.at == 9)
    table = open_lesson(app, index)
    frames(app, 20)
    assert table.made() == 9 and table.match.current_player() == 3
    assert table.frame is not None and not table.frame.thinking
    key(app, pygame.K_RETURN)
    assert frames_until(app, lambda: table.made() > 9, 10)


def test_a_lesson_file_that_cannot_be_read_is_named_on_the_title(app: App, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Learn to play with a damaged lesson file stays on the title and says why."""
    bad = tmp_path / "lesson.json"
    bad.write_text('{"format": "mexican-train lesson"', encoding="utf-8")
    monkeypatch.setattr("game.ui.paths.lesson_file", lambda name="first-round": bad)
    app.reset(app.routes.title())
    frames(app, 2)
    _press(app, "Learn to play")
    title = app.top
    assert type(title).__name__ == "TitleScene"
    assert "The lesson cannot be opened" in title.note and "cut off" in title.note  # type: ignore[attr-defined]
    doc = json.loads(lesson_file().read_text(encoding="utf-8"))
    doc["actions"][18] = "play 5-1 on 3"  # Ana may not play on Carmen's private train
    bad.write_text(json.dumps(doc), encoding="utf-8")
    _press(app, "Learn to play")
    assert type(app.top).__name__ == "TitleScene"
    assert "no longer fits its round" in app.top.note  # type: ignore[attr-defined]


def test_the_first_start_offers_the_lesson_once(app: App) -> None:
    """On the very first start the title offers Learn to play; Not now is remembered."""
    app.settings.lesson_state = "new"
    app.reset(app.routes.title())
    frames(app, 2)
    assert type(app.top).__name__ == "DialogScene"
    _press(app, "Not now")
    assert app.settings.lesson_state == "offered"
    app.reset(app.routes.title())
    frames(app, 2)
    assert type(app.top).__name__ == "TitleScene"


def test_continue_later_from_the_summary_counts_the_lesson_done(app: App) -> None:
    """Esc on the summary that ends the lesson, then Continue later: every step
    was done, so the lesson is done (Learn to play starts it afresh)."""
    table = open_lesson(app, len(load_lesson(lesson_file()).steps) - 1)
    do_step(app, table)
    assert frames_until(app, lambda: type(app.top).__name__ == "RoundSummaryScene", 30)
    frames(app, 70)
    key(app, pygame.K_ESCAPE)
    _press(app, "Continue later")
    assert type(app.top).__name__ == "TitleScene" and app.settings.lesson_state == "done"
    _press(app, "Learn to play")
    assert isinstance(app.top, GuidedTable) and app.top.guide.index == 0


def test_skip_leaves_the_lesson(app: App) -> None:
    """Skip the lesson goes back to the title and remembers it was skipped."""
    open_lesson(app)
    key(app, pygame.K_ESCAPE)
    _press(app, "Skip the lesson")
    assert type(app.top).__name__ == "TitleScene" and app.settings.lesson_state == "skipped"


def _tile(text: str) -> int:
    """A tile by its text."""
    from game.engine import parse_tile

    return parse_tile(text)


def _press(app: App, label: str) -> None:
    """Click the button labelled ``label`` on the top scene."""
    scene = app.top
    button = next(w for w in scene.widgets if getattr(w, "label", None) == label)  # type: ignore[union-attr]
    pos = button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    frames(app, 2)


def test_the_steps_tile_is_scrolled_into_view_in_a_narrow_tray(saves: SavesBridge) -> None:
    """In the smallest window with the largest tiles the hand is wider than the
    tray: a player who scrolled it away finds the next step's tile scrolled back
    into view, ringed."""
    from game.ui.ui_scale import use_scale

    small = App((1024, 640), headless=True, routes=GameRoutes(saves))
    small.settings.pace = "instant"
    small.settings.ui_scale = 1.5
    use_scale(1.5)
    try:
        table = open_lesson(small, 1)  # the hub explained; the 12-7 comes next
        assert table.tray.more_right, "the hand is wider than the tray"
        table.tray.scroll = 99  # the player scrolled to the far right
        frames(small, 2)
        assert table.tray.tile_center(_tile("12-7")) is None
        key(small, pygame.K_RETURN)
        assert frames_until(small, lambda: table.showing and table.guide.index == 2, 10)
        frames(small, 2)
        assert table.tray.tile_center(_tile("12-7")) is not None, "the step's tile is out of view"
        assert len(table.marks.marks) == 2  # the tile and the train
    finally:
        use_scale(1.0)
        for scene in small.stack:
            scene.close()


def test_a_first_turn_move_the_rules_refuse_offers_why_at_the_first_turn_rules(app: App) -> None:
    """On the first turn the 12-7 dropped on the Mexican train is refused by the
    first-turn rule: the line says so, with the step, and its Why? opens that section."""
    from game.ui.scenes.rules import RulesScene

    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action == Play(_tile("12-7"), 0))
    table = open_lesson(app, index)
    drag(app, tray_tile_center(table, _tile("12-7")), train_end(table, -1))
    said = message(table)
    assert said.startswith("On your first turn you may only start your own train.")
    pill = table.frame.pill if table.frame is not None else None
    assert pill is not None and pill.why is not None and pill.why_key == "first-turn"
    key(app, pygame.K_w, "w")
    assert isinstance(app.top, RulesScene) and app.top.at_section() == "first-turn"


def test_the_steps_words_replace_the_generic_turn_line_at_once(app: App) -> None:
    """At the normal pace, frame by frame on the test's clock through the steps
    that follow the computers' turns: the table's generic "Your turn: drag a
    tile..." is never on show, and what the computers did last stays up long
    enough to read before the step's words replace it."""
    from game.ui.table.message_line import reading_seconds

    app.settings.pace = "normal"
    table = open_lesson(app)
    generic = "Your turn: drag"
    previous, shown_for, read = "", 0.0, 0
    for _ in range(60 * 60):
        if table.guide.index >= 16:
            break
        if table.showing:
            do_step(app, table)
        app.step([], 1 / 60)
        said = message(table)
        assert not said.startswith(generic), f"step {table.guide.index}: the generic line is on show"
        if said != previous:
            step = table.guide.step
            computers = {line.text for line in table.log.lines if line.seat not in (None, 0)}
            if step is not None and said == step.say and previous in computers:
                assert shown_for + 1e-9 >= reading_seconds(previous), (previous, shown_for)
                read += 1
            previous, shown_for = said, 0.0
        shown_for += 1 / 60
    assert table.guide.index >= 16 and read >= 3


def test_the_pointed_tile_is_played_by_enter_or_its_trains_key(app: App) -> None:
    """The guide's ring points at the tile; with nothing picked up, Enter (or 1, your train's
    key) plays that tile where the step wants it, rather than doing nothing without a word."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, step in enumerate(lesson.steps) if isinstance(step.action, Play) and step.point.tile
                 is not None and step.action.tile == step.point.tile and step.action.train == 0)
    for press in ((pygame.K_RETURN, ""), (pygame.K_1, "1")):
        table = open_lesson(app, index)
        assert table.tray.selected is None
        made = table.made()
        key(app, *press)
        assert frames_until(app, lambda: table.made() > made, 10), f"{press}: the pointed tile was not played"
        assert table.guide.index == index + 1


def test_enter_with_no_tile_picked_up_says_what_to_do(app: App) -> None:
    from .conftest import lines_said, position

    table = app.routes.table(position([(4, 2), (6, 1)]))
    app.push(table)
    frames(app, 3)
    assert table.tray.selected is None
    key(app, pygame.K_RETURN)
    assert any("Choose a tile first" in line for line in lines_said(table))  # type: ignore[arg-type]
    table.close()
