"""Deal codes: a seed as a short code, read back forgivingly; the same code deals the same tiles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Match, play_match, preset
from game.engine.dealcode import BITS, DealCodeError, decode, encode, new_seed


@given(st.integers(0, (1 << BITS) - 1))
def test_every_seed_comes_back_from_its_code(seed: int) -> None:
    code = encode(seed)
    assert len(code) == 9 and code[4] == "-"
    assert decode(code) == seed


def test_a_code_is_read_forgivingly() -> None:
    code = encode(123456789)
    assert decode(code.lower()) == decode(code.replace("-", " ")) == decode(f"  {code}  ") == 123456789
    assert decode("OOOO-IIIL") == decode("0000-1111")


@pytest.mark.parametrize("text", ["", "ABC", "ABCD-EFGH-J", "ABCD-EFGU", "ABCD-EF!H"])
def test_a_mistyped_code_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(DealCodeError):
        decode(text)


def test_the_same_code_and_setup_deal_the_same_tiles() -> None:
    code = encode(new_seed())

    def two_rounds(seed: int) -> Match:
        rng = random.Random(0)
        match = Match(preset("tap"), 5, seed)
        return play_match(match, lambda m, _seat: rng.choice(m.legal_actions()),
                          until=lambda m: len(m.round_scores) == 2)

    first, second = two_rounds(decode(code)), two_rounds(decode(code.lower()))
    assert len(first.deals) == 2 and first.deals == second.deals
    assert two_rounds(decode(code) ^ 1).deals[0] != first.deals[0]
