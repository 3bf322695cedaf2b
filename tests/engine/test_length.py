"""Match lengths: Full, Short and Blitz count down from the top double."""

from __future__ import annotations

import random

import pytest

from game.engine import PRESETS, Match, play_match, preset
from game.engine.length import LENGTHS, full_rounds, length_of, rounds_for, with_length


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_short_is_half_and_blitz_three_rounds_in_every_preset(name: str) -> None:
    options = preset(name)
    full = full_rounds(options, 4)
    assert rounds_for(options, 4, "full") == full
    assert rounds_for(options, 4, "short") == (full + 1) // 2
    assert rounds_for(options, 4, "blitz") == 3
    for length in LENGTHS:
        assert length_of(with_length(options, 4, length), 4) == length


def test_a_blitz_classic_match_plays_the_three_top_doubles_and_ends() -> None:
    rng = random.Random(1)
    match = Match(with_length(preset("classic"), 4, "blitz"), 4, 9)
    play_match(match, lambda m, _seat: rng.choice(m.legal_actions()))
    assert match.is_over and match.used_doubles == [12, 11, 10] and len(match.round_scores) == 3


def test_a_short_match_on_a_double_nine_table_plays_five_rounds() -> None:
    options = with_length(preset("classic"), 3, "short")
    assert options.setup(3).rounds == 5 and options.setup(3).engines == (9, 8, 7, 6, 5)
