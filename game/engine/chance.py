"""Shuffling with a ``random.Random``: the very permutation ``rng.shuffle`` gives, faster.

``random.Random.shuffle`` is Python code that makes a Python call per tile; a
deal of double-12 makes 90 of them, and so do the computer players' samples of
the hidden tiles. ``shuffle`` runs the same algorithm (Fisher-Yates from the
end, each index drawn with ``getrandbits`` as ``Random._randbelow`` draws it:
the bits of ``i + 1``, again while the draw is too large), which is what
CPython 3.11 to 3.13 do, so a seed deals the same tiles as before and in both
builds; compiled, it makes no Python call but ``getrandbits``. A subclass of
``Random`` may draw otherwise, so it shuffles by its own method.
``tests/engine/test_chance.py`` holds the two to the same permutations.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
