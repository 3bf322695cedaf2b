"""Saves that never surprise: Load continues into the loaded match's own
autosave at once, a sample save never touches another match, and Continue
offers only a match in progress."""

from __future__ import annotations

import random
from pathlib import Path

from game.engine import play_match, preset
from game.memory.session import GameSession, SeatConfig
from game.saves import load_file
from game.ui.app import App
from game.ui.fonts import TextLog, recording
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

from .conftest import frames


def drawn_lines(app: App) -> list[str]:
    """Every text of the picture as it stands."""
    with recording(TextLog()) as log:
        app.draw()
    return [d.line for d in log.drawn]

REPO = Path(__file__).resolve().parents[2]


def _session(seed: int) -> GameSession:
    seats = [SeatConfig("You", "human"), SeatConfig("Ana", "easy"), SeatConfig("Bruno", "easy")]
    return GameSession(preset("classic"), seats, seed)


def _play(session: GameSession, actions: int, seed: int = 1) -> None:
    """Play ``actions`` more random legal actions (dealing as needed)."""
    rng = random.Random(seed)
    goal = sum(len(log) for log in session.match.action_log) + actions
    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()),
               until=lambda m: sum(len(log) for log in m.action_log) >= goal)


def test_after_loading_a_save_continue_brings_back_what_was_loaded(app: App, saves: SavesBridge) -> None:
    session = _session(3)
    _play(session, 6)
    assert saves.save_named(session, "X") is None
    _play(session, 5, seed=2)
    saves.autosave(session)  # the autosave has moved on past X
    saves.flush()
    x = next(entry for entry in saves.list_saves() if entry.name == "X")
    loaded, problem = saves.load(x)
    assert loaded is not None and not problem
    app.push(app.routes.table(loaded))  # what the Load screen does
    frames(app, 2)
    app.reset(app.routes.title())  # quit to title
    saves.flush()
    again, _ = saves.continue_latest()
    assert again is not None
    assert again.match.action_log == loaded.match.action_log, "Continue brings back X, not the later position"


def test_a_sample_save_played_on_never_touches_another_matchs_autosave(app: App, saves: SavesBridge) -> None:
    mine = _session(5)
    _play(mine, 8)
    saves.autosave(mine)
    saves.flush()
    assert saves.store is not None
    slot = saves.store.autosave_path_for(mine)
    before = slot.read_bytes()
    sample = load_file(REPO / "saves" / "classic-round-7.json")
    table = app.routes.table(sample)
    app.push(table)
    assert isinstance(table, TableScene)
    app.settings.pace = "instant"
    frames(app, 40)  # computers move, the sample's match is autosaved
    saves.flush()
    assert slot.read_bytes() == before
    assert saves.store.autosave_path_for(sample).exists()


def test_continue_is_offered_and_focused_only_for_a_match_in_progress(app: App, saves: SavesBridge) -> None:
    finished = _session(7)
    play_match(finished.match, lambda m, s: m.legal_actions()[0])
    saves.autosave(finished)
    saves.flush()
    title = app.routes.title()
    app.push(title)
    frames(app, 1)
    assert isinstance(title, TitleScene)
    assert not title.continue_button.enabled, "a finished match is not offered by Continue"
    going = _session(8)
    _play(going, 4)
    saves.autosave(going)
    saves.flush()
    title = app.routes.title()
    app.reset(title)
    frames(app, 1)
    assert isinstance(title, TitleScene) and title.continue_button.enabled
    assert title.buttons()[title.focus].label == "Continue"
    assert title.continue_button.primary and not title.new_button.primary, "the focused one is in colour"
    title.continue_latest()
    assert isinstance(app.top, TableScene) and app.top.session.match_id == going.match_id


def test_after_continue_later_the_title_offers_the_lesson_where_it_was_left(
        app: App, saves: SavesBridge) -> None:
    from game.ui.table.guide import GuidedTable

    app.settings.lesson_at("started", 8)
    title = app.routes.title()
    app.push(title)
    frames(app, 1)
    assert isinstance(title, TitleScene)
    button = title.continue_button
    assert button.enabled and button.primary and button.label == "Continue the lesson" and "9" in button.hint
    assert title.buttons()[title.focus] is button and not title.new_button.primary
    button.on_click()
    assert isinstance(app.top, GuidedTable) and app.top.guide.index == 8


def test_with_nothing_to_continue_new_match_is_in_colour_and_continue_is_not_shown(
        app: App, saves: SavesBridge) -> None:
    """The README offers Continue only with a match in progress: with none, no greyed button stands there."""
    title = app.routes.title()
    app.push(title)
    frames(app, 1)
    assert isinstance(title, TitleScene)
    assert title.continue_button not in title.widgets
    drawn = drawn_lines(app)
    assert not any("Continue" in line or "no match in progress" in line for line in drawn), drawn
    assert title.new_button.primary and title.buttons()[title.focus] is title.new_button


def test_load_names_each_autosave_by_its_match_and_a_finished_one_as_finished(saves: SavesBridge) -> None:
    from game.ui.saves_bridge import describe_lines

    assert saves.store is not None
    finished = _session(7)
    play_match(finished.match, lambda m, s: m.legal_actions()[0])
    going = _session(8)
    _play(going, 4)
    saves.autosave(finished)
    saves.autosave(going)
    saves.flush()
    rows = [describe_lines(saves.info(entry)) for entry in saves.entries()]
    names = [name for name, _, _ in rows]
    assert sorted(names) == ["Finished match: You", "Match in progress: You"]
    done = next(details for name, _, details in rows if name.startswith("Finished"))
    assert "finished after" in done and "round 3 of 3" not in done
