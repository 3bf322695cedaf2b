"""Menus laid out from the window and the text setting: the window size chosen in Settings
(applied at once, remembered, held to the screen), a layout worked out once per size and
text setting, the title's buttons alike and one outline on it, the Load rows that tell
saves apart, and Statistics saying what is true while a match is being played."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import play_match, preset
from game.memory.session import GameSession, SeatConfig
from game.memory.stats import Statistics
from game.ui import fonts
from game.ui.app import App
from game.ui.fonts import TextLog, recording
from game.ui.main import load_settings
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes.load import LoadScene, SaveRow
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from game.ui.sizing import sizes_for
from game.ui.ui_scale import use_scale
from game.ui.window_sizes import FULLSCREEN, clamped, window_choices

from .conftest import frames


def drawn(app: App) -> TextLog:
    """Every text of the picture as it stands."""
    with recording(TextLog()) as log:
        app.draw()
    return log


def test_a_window_size_chosen_in_settings_applies_at_once_and_comes_back_next_time(app: App) -> None:
    app.settings = load_settings()
    app.push(app.routes.title())
    scene = SettingsScene()
    app.push(scene)
    frames(app, 1)
    assert (1920, 1080) in scene.window.choices and FULLSCREEN in scene.window.choices
    while scene.window.value != (1920, 1080):
        scene.window.step(1)
    frames(app, 1)
    assert app.size == (1920, 1080) == app.screen.get_size()
    assert load_settings().window == (1920, 1080), "kept in the settings file for the next start"
    title = app.stack[0]
    assert isinstance(title, TitleScene)
    title.laid_out()
    assert title.sizes.window == (1920, 1080), "the scene beneath is laid out for the new size too"


def test_clicking_the_window_arrow_again_steps_the_window_not_the_setting_now_under_the_pointer(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings = load_settings()
    app.push(app.routes.title())
    scene = SettingsScene()
    app.push(scene)
    frames(app, 1)
    while scene.window.value != (1024, 640):
        scene.window.step(-1)
    frames(app, 1)
    arrow = (scene.window.rect.right - 4, scene.window.rect.centery)
    pointer = {"at": arrow}
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer["at"])
    monkeypatch.setattr(pygame.mouse, "set_pos", lambda pos: pointer.update(at=tuple(pos)))
    scene.window.step(1)
    frames(app, 1)
    assert app.size != (1024, 640), "the window changed size"
    x, y = pointer["at"]
    assert scene.window.rect.collidepoint(x, y) and x > scene.window.rect.centerx, \
        "the pointer is kept on the window picker's right arrow, which moved with the new size"


def test_the_sizes_offered_and_the_size_remembered_are_held_to_the_screen() -> None:
    small_screen = (1366, 768)
    offered = window_choices(small_screen, (1280, 720))
    assert (1920, 1080) not in offered and (1024, 640) in offered and (1280, 720) in offered
    assert offered[-1] == FULLSCREEN
    assert clamped((2560, 1440), small_screen) == small_screen
    assert clamped((800, 500), small_screen) == (1024, 640), "never below the smallest window"


def test_a_menu_is_laid_out_once_per_window_size_and_text_setting(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    title = app.routes.title()
    assert isinstance(title, TitleScene)
    calls: list[tuple[tuple[int, int], float]] = []
    real = TitleScene.layout

    def counting(scene: TitleScene, s):  # type: ignore[no-untyped-def]
        calls.append((s.window, s.scale))
        real(scene, s)

    monkeypatch.setattr(TitleScene, "layout", counting)
    app.push(title)
    frames(app, 2)
    laid = len(calls)
    frames(app, 20)
    assert len(calls) == laid, "frames alike lay nothing out again"
    use_scale(1.5)
    frames(app, 10)
    app.set_window((1600, 900))
    frames(app, 10)
    assert list(dict.fromkeys(calls)) == [((1280, 800), 1.0), ((1280, 800), 1.5), ((1600, 900), 1.5)]
    assert len(calls) <= 6, "at most a second pass each time (a pane that moved)"


def test_text_grows_with_the_setting_and_with_the_window_but_the_window_more_slowly() -> None:
    small, large = sizes_for((1024, 640), 1.0), sizes_for((2560, 1440), 1.0)
    assert sizes_for((1024, 640), 1.5).body == round(small.body * 1.5)
    assert sizes_for((1024, 640), 2.0).body == small.body * 2
    assert small.body < large.body < small.body * 2560 / 1024, "a larger window: larger text, and more room"


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_title_shows_every_button_at_one_size_and_one_outline(saves: SavesBridge, scale: float) -> None:
    """"Learn to play" at the size of its neighbours; the pointer over another button lightens it
    but the gold ring stays the focus's alone."""
    use_scale(scale)
    small = App((1024, 640), headless=True, routes=GameRoutes(saves))
    small.push(small.routes.title())
    frames(small, 2)
    title = small.top
    assert isinstance(title, TitleScene)
    labels = {b.label: b for b in title.buttons()}
    sizes = {d.line: d.ink.h for d in drawn(small).drawn if d.line in labels}
    assert sizes["Learn to play"] == sizes["Play online"], sizes
    assert {b.size for b in title.buttons()} == {title.sizes.label}
    load = labels["Load"]
    small.step([pygame.event.Event(pygame.MOUSEMOTION, pos=load.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    lit = [b.label for b in title.buttons() if b.lit]
    assert load.hover and lit == [title.buttons()[title.focus].label] != ["Load"]
    for scene in small.stack:
        scene.close()


def _session(seed: int, rounds_played: int) -> GameSession:
    """A classic match of 'You' and two computers, ``rounds_played`` rounds in and a few moves more."""
    seats = [SeatConfig("You", "human"), SeatConfig("Elena Maximiliana", "easy"), SeatConfig("Bartholomew", "hard")]
    session = GameSession(preset("classic"), seats, seed)
    rng = random.Random(seed)
    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()),
               until=lambda m: len(m.round_scores) >= rounds_played and len(m.action_log[-1]) > 6)
    return session


def test_load_tells_two_matches_of_one_person_apart_and_cuts_no_name(saves: SavesBridge) -> None:
    """Two matches in progress, both 'You': their rows differ by round and scores, and every
    seat's name and score is shown whole at 1024x640 and 150%."""
    use_scale(1.5)
    saves.autosave(_session(3, 1))
    saves.autosave(_session(4, 2))
    saves.flush()
    small = App((1024, 640), headless=True, routes=GameRoutes(saves))
    load = LoadScene(saves)
    small.push(load)
    load.settle()
    frames(small, 1)
    rows = [w for w in load.widgets if isinstance(w, SaveRow)]
    texts = drawn(small).drawn
    inside = [[d.line for d in texts if row.rect.contains(d.ink)] for row in rows]
    assert len(inside) == 2 and inside[0] != inside[1], inside
    assert all("Match in progress: You" in row for row in inside), inside
    for row in inside:
        assert any("round" in line for line in row) and any("Elena Maximiliana" in line for line in row)
    assert not any("\u2026" in d.line for d in texts), "a text cut with an ellipsis"
    load.close()


def test_statistics_say_a_match_in_progress_is_counted_when_it_ends(app: App) -> None:
    """After a won round the match is not over: the screen says so, not just 'no finished match'."""
    scene = StatisticsScene(Statistics(), in_progress=True)
    app.push(scene)
    frames(app, 1)
    said = " ".join(d.line for d in drawn(app).drawn)
    assert "No finished match yet" in said and "when its last round ends" in said and "in progress" in said
    fresh = StatisticsScene(Statistics())
    app.push(fresh)
    frames(app, 1)
    assert "in progress" not in " ".join(d.line for d in drawn(app).drawn if d.layer == 1)


def test_the_statistics_route_knows_of_the_match_in_progress(app: App, saves: SavesBridge) -> None:
    saves.autosave(_session(5, 1))
    saves.flush()
    scene = app.routes.statistics()
    assert isinstance(scene, StatisticsScene) and scene.in_progress


def test_fonts_in_a_menu_are_the_pixels_asked_for_whatever_the_setting(app: App) -> None:
    """A menu asks for text in pixels with the setting already in them: nothing scales it twice."""
    use_scale(2.0)
    with fonts.room(fonts.PIXELS):
        assert fonts.font(20).get_height() == fonts.font(20, scaled=False).get_height()
    assert fonts.font(20).get_height() > fonts.font(20, scaled=False).get_height()
