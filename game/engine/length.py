"""Match length: Full (every round of the preset), Short and Blitz.

Shorter matches keep the preset's rules and play fewer rounds, counting down
from the top double as a full match does: Short plays half the rounds
(rounded up: 7 of 13 with a double-12 set, the 12-12 down to the 6-6), Blitz
three (12-12, 11-11, 10-10). The length is the ``rounds`` rule option, so it
is saved with the match like any house rule.
"""

from __future__ import annotations

from typing import Final, Literal

from .options import RuleOptions

Length = Literal["full", "short", "blitz"]
LENGTHS: Final[tuple[Length, ...]] = ("full", "short", "blitz")
BLITZ_ROUNDS: Final = 3


def full_rounds(options: RuleOptions, players: int) -> int:
    """How many rounds the preset plays with ``players`` when no length is set."""
    return options.replace(rounds=None).setup(players).rounds


def rounds_for(options: RuleOptions, players: int, length: Length) -> int:
    """The rounds a match of ``length`` plays."""
    full = full_rounds(options, players)
    if length == "short":
        return (full + 1) // 2
    if length == "blitz":
        return min(BLITZ_ROUNDS, full)
    return full


def with_length(options: RuleOptions, players: int, length: Length) -> RuleOptions:
    """``options`` set to play a match of ``length`` (Full leaves ``rounds`` unset)."""
    if length == "full":
        return options.replace(rounds=None)
    return options.replace(rounds=rounds_for(options, players, length))


def length_of(options: RuleOptions, players: int) -> Length | None:
    """Which named length ``options`` play, or None for another number of rounds."""
    rounds = options.setup(players).rounds
    for length in LENGTHS:
        if rounds == rounds_for(options, players, length):
            return length
    return None
