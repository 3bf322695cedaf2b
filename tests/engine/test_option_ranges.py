"""The one table of option ranges covers every option, holds every preset, and
its bounds are values a table can really play."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, SetupError, option_names, preset
from game.engine.option_ranges import MAX_HAND, OPTION_RANGES, PRESET_NAMES, option_problem, options_problem
from game.saves.codec import encode_options


def test_the_table_has_one_entry_per_option_in_their_order() -> None:
    assert tuple(OPTION_RANGES) == option_names()
    assert PRESET_NAMES == tuple(PRESETS)


def test_every_preset_holds_values_in_range() -> None:
    for options in PRESETS.values():
        assert options_problem(encode_options(options), every=True) is None


def test_the_largest_hand_is_one_a_set_can_deal_and_one_more_is_not() -> None:
    assert preset("classic", set_max=18, hand_size=MAX_HAND).setup(2).hand_size == MAX_HAND
    with pytest.raises(SetupError, match="cannot be dealt"):
        preset("classic", set_max=18, hand_size=MAX_HAND).setup(3)
    assert option_problem("hand_size", MAX_HAND + 1) is not None


def test_a_mapping_check_names_the_first_problem_in_a_sentence() -> None:
    assert options_problem({"knock": "loud"}) == "rule option 'knock' must be one of none, courtesy, penalty, not \"loud\""
    assert options_problem({"rounds": 3}, house_rules=True) == "'rounds' is not a house rule a table may change"
    assert options_problem({"knock": "none"}, every=True) == "rule option 'preset' is missing"
    assert options_problem({"\u202e": 1}) == 'unknown rule option "\\u202e"'


def test_a_value_is_shown_short_and_without_hidden_characters() -> None:
    problem = option_problem("knock", "x\u202e" * 100)
    assert problem is not None and len(problem) < 120 and "\u202e" not in problem


def test_true_and_false_are_not_numbers_and_numbers_are_not_true_or_false() -> None:
    assert option_problem("zero_zero_value", True) is not None
    assert option_problem("zero_zero_value", 50.0) is not None
    assert option_problem("suspension", 1) is not None
