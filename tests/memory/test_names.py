"""A seat's name holds something a person can see, and names that look the same are the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.memory.names import name_key, normal_name, seat_name

TAGS = "".join(chr(0xE0000 + i) for i in (0x01, 0x41, 0x6E, 0x61, 0x7F))


@pytest.mark.parametrize("text", [
    "\u200b", "\ufeff", TAGS, "\u3164", "\u115f\u1160", "\uffa0", "\u2800", "\u200b \ufeff\u3164 ", "\u00ad",
    "\u034f", "\ufe0f", "\u0301", "", "   ", "\u3000",
], ids=["zero-width space", "byte-order mark", "tags", "hangul filler", "hangul choseong and jungseong fillers",
        "halfwidth hangul filler", "braille blank", "a mix", "soft hyphen", "grapheme joiner",
        "variation selector", "a lone accent", "empty", "spaces", "ideographic space"])
def test_a_name_with_nothing_visible_is_refused(text: str) -> None:
    assert seat_name(text) is None


@pytest.mark.parametrize("text", ["Ana\u202e", "\u2066Ana", "A\x07na", "Ana\n"])
def test_a_name_with_a_control_or_direction_character_is_refused(text: str) -> None:
    assert seat_name(text) is None


@pytest.mark.parametrize(("text", "name"), [
    ("Ana", "Ana"), ("  Ana ", "Ana"), ("Ana\u200d", "Ana"), ("\ufeffAna", "Ana"), ("A\u200bna", "Ana"),
    ("Ana" + TAGS, "Ana"), ("Jose\u0301", "Jos\u00e9"), ("\U0001f600", "\U0001f600"), ("\u674e", "\u674e"),
    ("\u5c0f\u660e \U0001f3b2", "\u5c0f\u660e \U0001f3b2"), ("?!", "?!"), ("42", "42"), ("\u00e9", "\u00e9"),
])
def test_a_name_keeps_what_shows_and_loses_what_does_not(text: str, name: str) -> None:
    assert seat_name(text) == name


@pytest.mark.parametrize("other", ["Ana\u200d", "ANA", "ana", "\uff41\uff4e\uff41", "\uff21\uff2e\uff21", " Ana ",
                                   "A\u200bna", "Ana\ufe0f"])
def test_names_that_look_the_same_have_one_key(other: str) -> None:
    assert name_key(other) == name_key("Ana")


@pytest.mark.parametrize("other", ["Anna", "Ana 2", "An a", "Ana.", "\u0410na"])
def test_names_that_look_different_have_different_keys(other: str) -> None:
    assert name_key(other) != name_key("Ana")


def test_names_in_other_scripts_compare_after_case_and_width_folding() -> None:
    assert name_key("STRASSE") == name_key("stra\u00dfe")
    assert name_key("\uff76\uff9e") == name_key("\u30ac")  # halfwidth katakana with its voiced mark
    assert name_key("\u674e") != name_key("\u5c0f")


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_a_name_is_stable_once_normalized(text: str) -> None:
    name = seat_name(text)
    if name is not None:
        assert seat_name(name) == name == normal_name(name) and name == name.strip()
        assert name_key(name) == name_key(text)
