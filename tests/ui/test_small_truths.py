"""Smaller things the table and menus must get right: a volume shown on its step,
a footnote about the faces chosen, standing tiles with upright numerals, the
move log clear of a tip, a first-turn tip that goes with the turn, a roomy quit
dialog at the largest text, and Save as that replaces its suggested name when
typed over."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.intents import Intent
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.save_as import SaveAsScene
from game.ui.scenes.settings import SettingsScene
from game.ui.tile_art import face
from game.ui.ui_scale import use_scale

from .conftest import TextSeen, frames, key, position, table_for


@pytest.fixture(autouse=True)
def designed_size() -> Iterator[None]:
    use_scale(1.0)
    yield
    use_scale(1.0)


def test_a_kept_volume_between_the_steps_is_shown_on_the_nearest_and_the_faces_footnote_explains(
        app: App, text_seen: TextSeen) -> None:
    app.settings.sound, app.settings.volume, app.settings.tile_faces = True, 0.7, "numbers"
    scene = SettingsScene()
    app.push(scene)
    seen = text_seen.frame(app)
    assert "on, 75%" in seen and "on, 70%" not in seen
    steps = []
    for _ in scene.sound.choices:
        scene.sound.step(1)
        steps.append(scene.sound.labels(scene.sound.value))
    assert sorted(steps) == sorted(["off", "on, 25%", "on, 50%", "on, 75%", "on, 100%"])
    assert any(line.startswith("numbers:") for line in seen)
    assert not any(line.startswith("pips:") for line in seen)


def test_the_settings_say_when_there_is_no_audio_device(app: App, text_seen: TextSeen) -> None:
    from game.ui.sound import Sounds

    class Deaf(Sounds):
        def __init__(self) -> None:
            self.settings, self.effects, self.available = app.settings, {}, False

    class Hearing(Sounds):
        def __init__(self) -> None:
            self.settings, self.effects, self.available = app.settings, {}, True

    app.sounds = Deaf()
    app.push(SettingsScene())
    assert any("No audio device" in line for line in text_seen.frame(app))
    app.sounds = Hearing()
    assert not any("No audio device" in line for line in text_seen.frame(app))


def test_a_standing_tile_shows_its_numerals_upright_not_turned_with_the_tile() -> None:
    turned = pygame.transform.rotate(face(12, 7, 40, horizontal=True, numerals=True), -90)
    standing = face(12, 7, 40, horizontal=False, numerals=True)
    assert standing.get_size() == turned.get_size()
    differing = sum(standing.get_at((x, y)) != turned.get_at((x, y))
                    for x in range(0, 40, 2) for y in range(0, 80, 2))
    assert differing > 50, "the numerals were turned with the tile"


def test_the_move_log_opens_below_a_tip_at_the_largest_text(saves: object) -> None:
    from game.ui.routes import GameRoutes
    from game.ui.table.tips import TIPS

    use_scale(1.5)
    small = App((1024, 640), headless=True, routes=GameRoutes(saves))  # type: ignore[arg-type]
    small.settings.pace = "instant"
    small.settings.tips_seen = [key_ for key_ in TIPS if key_ != "first-turn"]
    table = table_for(small, position([(12, 5), (4, 1), (3, 3)]))
    table.tip = "first-turn"
    table.handle(Intent("key", char="l"))
    frames(small, 2)
    assert table.frame is not None and table.frame.tip is not None and table.log_panel.open
    assert not table.log_panel.rect.colliderect(table.frame.tip.box)
    table.close()


def test_the_first_turn_tip_goes_once_the_person_has_played(app: App) -> None:
    from game.engine import tile_id
    from game.ui.table.tips import TIPS

    from .conftest import drag, frames_until, legal_trains, train_end, tray_tile_center

    app.settings.tips_seen = [key_ for key_ in TIPS if key_ != "first-turn"]
    table = table_for(app, position([(12, 5), (4, 1)]))
    assert table.tip == "first-turn", "the tip comes with the person's first turn"
    four_one = tile_id(4, 1)
    drag(app, tray_tile_center(table, four_one), train_end(table, legal_trains(table, four_one)[0]))
    assert frames_until(app, lambda: table.tip is None, 10.0), "the tip stayed up after the turn it explains"
    assert "first-turn" in app.settings.tips_seen
    table.close()


def test_a_tip_never_hides_the_badge_that_says_the_table_is_reconnecting(app: App,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.table.parts import badge_band
    from game.ui.table.scene import TableScene

    app.settings.tips_seen = []
    table = table_for(app, position([(12, 5), (4, 1), (3, 3)]))
    table.tip = "first-turn"
    frames(app, 1)
    assert table.frame is not None and table.frame.tip is not None
    alone = table.frame.tip.box
    monkeypatch.setattr(TableScene, "saving_badge", lambda self: "Reconnecting\u2026")
    frames(app, 1)
    assert table.frame is not None and table.frame.tip is not None and table.frame.badge == "Reconnecting\u2026"
    band = badge_band(table.frame.scaled)
    assert table.frame.tip.box.top >= band.bottom, "the tip sits under the badge, not over it"
    assert table.frame.tip.box.top > alone.top


def test_the_quit_dialog_keeps_its_buttons_clear_of_its_words_at_the_largest_text(saves: object) -> None:
    from game.ui import theme
    from game.ui.fonts import font
    from game.ui.routes import GameRoutes

    use_scale(1.5)
    small = App((1024, 640), headless=True, routes=GameRoutes(saves))  # type: ignore[arg-type]
    dialog = DialogScene("Quit Mexican Train?", "Your settings are kept for next time.", [("Quit", lambda: None),
                                                                                           ("Stay", lambda: None)])
    small.push(dialog)
    s = dialog.laid_out()
    body = font(s.body, scaled=False).render(dialog.body, True, theme.INK, None, dialog.body_box.w).get_height()
    assert dialog.body_box.h >= body, "the card holds the whole body"
    assert dialog.widgets[0].rect.top >= dialog.body_box.top + body + s.gap


def test_save_as_replaces_its_suggested_name_when_typed_over(app: App) -> None:
    table = table_for(app, position([(12, 5), (4, 1)]))
    scene = SaveAsScene(table.session, app.routes.saves, lambda _name: None)  # type: ignore[attr-defined]
    app.push(scene)
    assert scene.field.value and scene.field.selected
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="my game")])
    assert scene.field.value == "my game"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)])
    key(app, pygame.K_BACKSPACE)
    assert scene.field.value == ""
    table.close()


def test_why_stays_with_its_message_and_every_log_line_with_a_rule_offers_it(app: App) -> None:
    from game.ui.scenes.rules import RulesScene
    from game.words.narrate import Line

    table = table_for(app, position([(12, 5), (4, 1), (3, 3)]))
    table.told([Line("Bruno left the 11-11 open: you must cover it.", "news", "doubles", 2)])
    frames(app, 1)
    assert table.frame is not None and table.frame.pill is not None and table.frame.pill.why_key == "doubles"
    table.tip = "first-turn"
    table.close_tip()
    frames(app, 1)
    assert table.frame.pill is not None and table.frame.pill.why_key == "doubles", "closing a tip keeps the Why?"
    key(app, pygame.K_w, "w")
    assert isinstance(app.top, RulesScene) and app.top.at_section() == "doubles"
    app.pop()
    table.told([Line("Ana's train is now public.", why="markers", seat=1)])
    table.handle(Intent("key", char="l"))
    frames(app, 2)
    links = table.log_panel.links
    assert {why for _rect, why in links} >= {"doubles", "markers"}
    rect = next(rect for rect, why in links if why == "markers")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert isinstance(app.top, RulesScene) and app.top.at_section() == "markers"
    table.close()


def test_the_top_bar_rules_line_gives_way_to_the_score_line_at_the_largest_text(
        saves: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import preset
    from game.engine.length import with_length
    from game.memory.session import GameSession, SeatConfig
    from game.ui.routes import GameRoutes
    from game.ui.scenes.pass_to import PassScene
    from game.ui.fonts import TextLog, recording
    from game.ui.table.scene import TableScene

    from .conftest import frames_until

    use_scale(1.5)
    small = App((1024, 640), headless=True, routes=GameRoutes(saves))  # type: ignore[arg-type]
    small.settings.pace = "instant"
    seats = [SeatConfig("Bartholomew", "human"), SeatConfig("Anastasia", "human"), SeatConfig("Cy", "easy")]
    table = TableScene(GameSession(with_length(preset("classic"), 3, "blitz"), seats, 4))
    small.push(table)
    assert frames_until(small, lambda: isinstance(small.top, PassScene))
    key(small, pygame.K_RETURN)
    with recording(TextLog()) as log:
        small.draw()
    drawn = {d.line: d.ink for d in log.drawn}
    assert table.frame is not None
    said = table.frame.score_text.split("  \u00b7  ")
    shown = next(line for line in drawn if line.split("  \u00b7  ") == said[:len(line.split("  \u00b7  "))])
    assert shown.startswith("Bartholomew to play"), "the score line keeps whose turn it is, whole"
    score = drawn[shown]
    rules = [rect for line, rect in drawn.items() if line.startswith("Classic")]
    assert all(rect.right <= score.left for rect in rules), "the rules line never runs under the score line"
    table.close()


def test_the_move_logs_heading_is_shortened_in_a_narrow_panel_never_cut() -> None:
    """At 200% in the smallest window the log's column is narrow: its heading says the round
    in fewer words rather than 'Moves · roun…' or running out of the panel."""
    from game.ui.fonts import font, ready
    from game.ui.table.log_panel import log_heading

    ready()
    for k, room in ((1.0, 380), (1.2, 300), (1.2, 200), (1.6, 160)):
        words, size = log_heading(12, k, room)
        assert "\u2026" not in words and "12" in words, (k, room, words)
        assert font(size, "bold").size(words)[0] <= room, (k, room, words, size)
    assert log_heading(12, 1.0, 380)[0] == "Moves  \u00b7  round 12"
