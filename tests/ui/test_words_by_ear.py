"""Words by ear: the rules a Why? opens are said once, Rules help's Controls
names every key the table answers, and a space typed in a name is echoed."""

from __future__ import annotations

import pygame

from game.engine import preset
from game.speech import Recording, Voice
from game.ui.app import App
from game.ui.scenes.rules import RulesScene
from game.ui.table.input import KEYS
from game.ui.table.speaking import HEAR_KEYS
from game.words.controls import controls

from .conftest import frames, position, table_for
from .test_saves_ui import _save_as, _type


def heard(app: App) -> Recording:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    return recording


def test_the_rules_opened_at_a_section_say_it_once(app: App) -> None:
    recording = heard(app)
    app.push(app.routes.rules(preset("classic"), "doubles", players=4))
    frames(app, 2)
    rules = app.top
    assert isinstance(rules, RulesScene)
    words = rules.section_words("doubles")
    assert sum(line.count(words[:40]) for line in recording.lines) == 1, recording.lines


def test_the_controls_name_every_key_the_table_answers() -> None:
    text = controls()
    keys = set(KEYS) | set(HEAR_KEYS) | {"d", "e", "o", "k", "m", "l"}
    for char in keys:
        named = "question mark" if char == "?" else f"{char.upper()} "
        assert named in text, f"Controls leave out the {char!r} key"
    for words in ("Left and Right", "Up and Down", "Home and End", "Shift with a train's number", "Ctrl+Alt+S",
                  "Tab", "Space", "Esc", "1 to 8"):
        assert words in text
    assert "1-8" not in text, "a voice would read 1-8 as a tile"


def test_a_space_typed_in_a_save_name_is_echoed(app: App) -> None:
    recording = heard(app)
    table_for(app, position([(4, 3)]))
    _save_as(app, "Sunday")
    recording.lines.clear()
    _type(app, " ")
    _type(app, "x")
    assert recording.lines == ["space", "x"]
