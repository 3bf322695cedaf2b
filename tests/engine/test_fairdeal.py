"""The documented shuffle: Fisher-Yates driven by SHA-256 words, with no bias."""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import permutations

import pytest

from game.engine import preset
from game.engine.fairdeal import LEGACY_SHUFFLE, SHUFFLE, below, fair_shuffle, mix_seed, random_words
from game.engine.match import mixed_deal
from game.engine.start import round_tiles


def test_the_words_are_sha256_of_the_seed_and_a_big_endian_counter_cut_in_four() -> None:
    seed = bytes(range(32))
    words = random_words(seed)
    got = [next(words) for _ in range(8)]
    for counter in (0, 1):
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        assert got[4 * counter:4 * counter + 4] == [int.from_bytes(block[k:k + 8], "big") for k in (0, 8, 16, 24)]


def test_a_number_below_n_skips_the_words_that_would_favour_small_numbers() -> None:
    top = 2**64 - 1  # 2**64 = 1 (mod 3), so the last word would make 0 a little likelier: it is skipped
    assert below(iter([top, 5]), 3) == 5 % 3
    assert below(iter([top - 1]), 3) == (top - 1) % 3
    assert below(iter([top]), 2) == 1  # 2 divides 2**64: nothing is skipped


def test_every_order_of_four_tiles_is_about_as_likely() -> None:
    counts = Counter(tuple(fair_shuffle("abcd", mix_seed(f"{n:032x}", []))) for n in range(4800))
    assert set(counts) == set(permutations("abcd"))
    assert all(140 <= count <= 260 for count in counts.values()), counts  # 200 expected, within 4 sigma


def test_a_network_deal_is_the_documented_shuffle_of_the_rounds_tiles_in_set_order() -> None:
    setup = preset("tournament").setup(4)
    secret, parts = "ab" * 16, ["cd" * 32, "", "ef" * 32, ""]
    order = mixed_deal(setup, 2, secret, parts)
    tiles = round_tiles(setup, setup.engines[2] if setup.engines else None)
    assert order == fair_shuffle(tiles, mix_seed(secret, parts)) and sorted(order) == tiles
    assert mixed_deal(setup, 2, secret, parts, SHUFFLE) == order
    assert sorted(mixed_deal(setup, 2, secret, parts, LEGACY_SHUFFLE)) == tiles
    assert mixed_deal(setup, 2, secret, [*parts[:3], "01" * 32]) != order
    with pytest.raises(ValueError, match="not a shuffle"):
        mixed_deal(setup, 2, secret, parts, "made-up")


def test_the_shuffle_that_made_a_stored_deal_is_found_again() -> None:
    """A table read back from the database (or imported from an older server's
    files) names the shuffle its rounds were dealt with."""
    from game.engine.match import shuffle_of

    setup = preset("classic").setup(3)
    secret, parts = "12" * 16, ["34" * 32, "", "56" * 32]
    for name in (SHUFFLE, LEGACY_SHUFFLE):
        assert shuffle_of(setup, 0, secret, parts, mixed_deal(setup, 0, secret, parts, name)) == name
    other = mixed_deal(setup, 0, secret, parts)
    other[0], other[1] = other[1], other[0]
    assert shuffle_of(setup, 0, secret, parts, other) == ""
