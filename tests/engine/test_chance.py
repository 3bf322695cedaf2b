"""The engine's shuffle deals what ``random.Random.shuffle`` deals: a seed keeps its deal."""

from __future__ import annotations

import random

import pytest

from game.engine import preset
from game.engine.chance import shuffle
from game.engine.start import round_tiles, shuffled_tiles


@pytest.mark.parametrize("size", [0, 1, 2, 3, 28, 55, 91, 136, 190])
def test_every_seed_gives_the_permutation_of_random_shuffle(size: int) -> None:
    for seed in range(60):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        assert ours == theirs, f"seed {seed}, {size} items"


def test_the_generator_is_left_where_random_shuffle_leaves_it() -> None:
    """What is drawn after a deal (the next round's, a computer's sample) stays the same too."""
    ours, theirs = random.Random("after"), random.Random("after")
    shuffle(list(range(91)), ours)
    theirs.shuffle(list(range(91)))
    assert ours.getstate() == theirs.getstate()


def test_a_generator_that_draws_otherwise_shuffles_by_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3, 4]
    shuffle(items, Reversing(1))
    assert items == [4, 3, 2, 1]


def test_a_round_is_dealt_in_the_order_python_shuffles_its_tiles() -> None:
    for rules in ("classic", "hub", "tap"):
        setup = preset(rules).setup(4)
        tiles = round_tiles(setup, 9)
        random.Random(rules).shuffle(tiles)
        assert shuffled_tiles(setup, 9, random.Random(rules)) == tiles
