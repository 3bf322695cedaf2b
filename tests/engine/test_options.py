"""Presets resolve to the RULINGS.md tables, and impossible setups are refused by name."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, SetupError, preset


@pytest.mark.parametrize(
    ("name", "players", "set_max", "hand", "rounds"),
    [
        ("classic", 2, 9, 15, 10), ("classic", 4, 12, 15, 13), ("classic", 6, 12, 12, 13),
        ("classic", 8, 12, 11, 13), ("hub", 3, 12, 15, 13), ("hub", 5, 12, 12, 13),
        ("tournament", 7, 12, 12, 10), ("star-ranch", 4, 12, 15, 13), ("star-ranch", 6, 15, 14, 16),
        ("star-ranch", 8, 15, 12, 16), ("tap", 2, 12, 16, 13), ("tap", 8, 12, 10, 13),
    ],
)
def test_presets_deal_as_the_rulings_say(name: str, players: int, set_max: int, hand: int, rounds: int) -> None:
    """Set, hand size and number of rounds per preset and player count."""
    setup = PRESETS[name].setup(players)
    assert (setup.set_max, setup.hand_size, setup.rounds) == (set_max, hand, rounds)


def test_round_engines_count_down_from_the_preset_start() -> None:
    """Classic double-12 runs 12..0; tournament 9..0; hub leaves the engine to the opener."""
    assert PRESETS["classic"].setup(4).engines == tuple(range(12, -1, -1))
    assert PRESETS["tournament"].setup(4).engines == tuple(range(9, -1, -1))
    assert PRESETS["hub"].setup(4).engines is None


def test_tap_house_rule_starts_at_a_lower_double_for_a_shorter_game() -> None:
    """first_engine=6 in tap gives 7 rounds from 6-6 down to 0-0."""
    setup = preset("tap", first_engine=6).setup(4)
    assert setup.engines == (6, 5, 4, 3, 2, 1, 0)


def test_eight_players_in_tournament_is_refused_naming_the_limit() -> None:
    """The message names the player limit."""
    with pytest.raises(SetupError, match="2 to 7 players"):
        PRESETS["tournament"].setup(8)


def test_a_deal_too_big_for_the_set_is_refused_naming_the_limit() -> None:
    """Eight players with 15 tiles each cannot come from a double-9 set."""
    with pytest.raises(SetupError, match="at most 3 players"):
        preset("classic", set_max=9, hand_size=15).setup(8)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"knock": "loud"}, "'knock' must be one of none, courtesy, penalty"),
        ({"zero_zero_value": "fifty"}, "'zero_zero_value' must be a whole number from 0 to 1000"),
        ({"zero_zero_value": 1001}, "'zero_zero_value' must be a whole number from 0 to 1000, not 1001"),
        ({"colour": "red"}, "unknown rule option"),
        ({"set_max": 10}, "'set_max' must be one of 6, 9, 12, 15, 18 or null"),
        ({"own_train_first": 1}, "'own_train_first' must be true or false"),
        ({"deal_table": []}, "'deal_table' must be a list of 1 to 5 rows"),
        ({"preset": "hub"}, "'preset' names the preset the options started from"),
    ],
)
def test_bad_house_rules_are_refused_with_a_reason(changes: dict[str, object], message: str) -> None:
    """Options are typed and checked."""
    with pytest.raises(SetupError, match=message):
        preset("classic", **changes)


def test_options_are_immutable() -> None:
    """A preset cannot be changed in place."""
    with pytest.raises(AttributeError):
        PRESETS["classic"].knock = "penalty"  # type: ignore[misc]
