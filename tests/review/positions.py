"""Hand-made positions for the review tests."""

from __future__ import annotations

import random

from game.engine import MEXICAN, RoundState, parse_tiles, preset
from game.engine.tiles import double, full_set


def planted_blunder(seed: int = 0) -> RoundState:
    """Classic, four seats, seat 0 to move with the 12-11 (fits its own train,
    which ends in 11) and the 1-0 (fits the Mexican train, which ends in 1);
    every other seat holds one tile and every train is open. Playing the 1-0
    keeps 23 pips in hand while an opponent is about to go out: a blunder;
    the 12-11 is the obvious move. The other tiles are shuffled by ``seed``."""
    setup = preset("classic").setup(4)
    trains = {0: parse_tiles("12-4 4-11"), 1: parse_tiles("12-6"), 2: parse_tiles("12-7"),
              3: parse_tiles("12-8"), MEXICAN: parse_tiles("12-1")}
    mine = parse_tiles("12-11 1-0")
    used = set(mine) | {t for tiles in trains.values() for t in tiles} | {double(12)}
    rest = [t for t in full_set(setup.set_max) if t not in used]
    random.Random(seed).shuffle(rest)
    hands = [mine, rest[:1], rest[1:2], rest[2:3]]
    return RoundState.from_table(setup, 12, hands, rest[3:], 0, trains, public=(0, 1, 2, 3),
                                 record_events=False)
