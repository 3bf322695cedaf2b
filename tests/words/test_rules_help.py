"""The rules help: every preset explained section by section, every option in a sentence."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, preset
from game.words.rules_help import SECTION_KEYS, describe, house_rules, sections


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_every_section_and_every_option_a_sentence(name: str) -> None:
    options = preset(name)
    parts = sections(options, 4)
    assert [s.key for s in parts] == list(SECTION_KEYS)
    assert all(len(s.text) > 40 for s in parts)
    rules = house_rules(options)
    assert len({r.option for r in rules}) == len(rules) and not any(r.changed for r in rules)
    assert all(r.sentence.endswith(".") for r in rules)
    assert describe(options) == {"star-ranch": "Star Ranch"}.get(name, name.title())


def test_house_rules_change_the_text_and_are_marked_and_counted() -> None:
    options = preset("classic", knock="penalty", zero_zero_value=0)
    assert describe(options) == "Classic + 2 house rules"
    changed = {r.option for r in house_rules(options) if r.changed}
    assert changed == {"knock", "zero_zero_value"}
    text = {s.key: s.text for s in sections(options)}
    assert "penalty tile" in text["knock"] and "0-0 counts nothing" in text["scoring"]
    assert describe(preset("tap", knock="courtesy")) == "Tap + 1 house rule"


def test_the_classic_first_turn_says_there_is_no_draw() -> None:
    first = {s.key: s.text for s in sections(preset("classic"))}["first-turn"]
    assert "marker goes up and you do not draw" in first
    drawing = {s.key: s.text for s in sections(preset("tournament"))}["drawing"]
    assert "again when the tile drawn for it is itself a double" in drawing


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("after_double", ["cover-or-end", "cover-or-draw", "extra-tile"])
def test_when_a_turn_draws_again_is_said_once_under_drawing_and_doubles_agrees(name: str, after_double: str) -> None:
    """Drawing says when a turn draws more than once, Doubles points there and never
    contradicts it: where a double you cannot cover ends the turn with no draw
    (classic), Drawing says a turn never draws twice; elsewhere both speak of drawing for it."""
    text = {s.key: s.text for s in sections(preset(name, after_double=after_double))}
    drawing, doubles = text["drawing"], text["doubles"]
    again = [key for key, words in text.items() if "draws again" in words or "draws a second time" in words
             or "never draws more than once" in words]
    assert again == ["drawing"]
    if after_double == "cover-or-end":
        assert "never draws more than once" in drawing and "(no draw" in doubles
        assert "asks for it" not in drawing
    else:
        assert "(no draw" not in doubles and "Drawing says how often a turn may draw" in doubles
        assert "never draws more than once" not in drawing


def test_match_length_is_named_as_a_length_never_counted_as_a_house_rule() -> None:
    from game.engine.length import with_length
    from game.words.rules_help import changed_options

    blitz = with_length(preset("classic"), 4, "blitz")
    assert changed_options(blitz) == []
    assert describe(blitz, 4) == "Classic  \u00b7  Blitz, 3 rounds"
    assert describe(with_length(preset("classic", knock="penalty"), 4, "short"), 4) == (
        "Classic + 1 house rule  \u00b7  Short, 7 rounds")
    assert not any(r.changed for r in house_rules(blitz))


def test_every_option_value_the_setup_offers_reads_as_words_and_the_rules_help_keeps_its_identifier() -> None:
    from game.engine.options import option_names
    from game.words.option_words import label, phrase
    from game.ui.scenes.setup import HIDDEN_OPTIONS, option_choices

    for name in option_names():
        if name in HIDDEN_OPTIONS:
            continue
        assert "_" not in label(name)
        for value in option_choices(name):
            words = phrase(name, value)
            assert words and (not isinstance(value, str) or words != value), (name, value)
    rules = {r.option: r for r in house_rules(preset("classic"))}
    assert rules["after_double"].setting == "after_double: cover-or-end"
    assert rules["hand_size"].setting == "hand_size: null"


def test_every_reading_of_a_house_rule_combination_is_one_sentence_in_the_docs_the_rules_help_and_a_scenario() -> None:
    from pathlib import Path

    from game.words.readings import READINGS, plain, readings_for
    from game.commands.rules_check import run_scenario
    from game.scenarios.files import load_scenario
    from game.ui.scenes.rules import blocks

    root = Path(__file__).resolve().parents[2]
    docs = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    assert len({r.key for r in READINGS}) == len(READINGS) >= 8
    for reading in READINGS:
        assert f"- {reading.sentence} (`{reading.scenario}`)" in docs
        scenario = load_scenario(root / "tests" / "scenarios" / reading.scenario)
        assert run_scenario(scenario) is None, reading.scenario
        assert scenario.options is not None and reading in readings_for(scenario.options), reading.key
        shown = [text for block in blocks(scenario.options, scenario.data["players"]) for text, _ in block.paragraphs]
        assert plain(reading.sentence) in shown
    assert readings_for(preset("classic")) == []
