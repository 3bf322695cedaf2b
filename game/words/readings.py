"""How the engine reads house-rule combinations no rule sheet describes.

Each reading is a ruling too (RULINGS.md, "Points settled after the third
held-out batch"): one sentence, the same in docs/rules.md (written by
``tools/make_rules_doc.py``) and in the in-game rules help (for the options
it applies to), and a scenario in ``tests/scenarios/`` that holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..engine import RuleOptions


@dataclass(frozen=True)
class Reading:
    """One combination's reading: its ``sentence``, the scenario file that holds
    it and which rule options it concerns (``applies``)."""

    key: str
    sentence: str
    scenario: str
    applies: Callable[[RuleOptions], bool]


READINGS: Final[tuple[Reading, ...]] = (
    Reading(
        "cover-or-end-must-cover",
        "With `cover-or-end` and `going_out_on_double: must-cover`, a player who lays their last tile as a "
        "double does not draw to cover it (cover-or-end never draws); the round ends as soon as another "
        "player covers it.",
        "classic-house-cover-or-end-must-cover-out.json",
        lambda o: o.after_double == "cover-or-end" and o.going_out_on_double == "must-cover",
    ),
    Reading(
        "discretionary-cover-or-end",
        "With `discretionary_markers` and `cover-or-end`, a double left uncovered on your own train raises "
        "your marker when the turn ends, although the turn ends without a draw.",
        "hub-house-cover-or-end-own-double-public.json",
        lambda o: o.discretionary_markers and o.after_double == "cover-or-end",
    ),
    Reading(
        "first-turn-chain-anywhere",
        "A first-turn chain (`multi_tile_start: first-turn`) works the same under every preset: each player's "
        "first turn lays a line on their own train, no double in it needs a cover, and a player who cannot "
        "start their train raises their marker without drawing.",
        "tap-house-first-turn-chain.json",
        lambda o: o.multi_tile_start == "first-turn" and o.preset != "classic",
    ),
    Reading(
        "knock-in-chain",
        "The `penalty` knock holds inside a chain too: the play that leaves one tile must be knocked, or a "
        "penalty tile is drawn at once, and the chain may then go on.",
        "tap-house-knock-inside-chain.json",
        lambda o: o.knock == "penalty" and o.multi_tile_start != "none",
    ),
    Reading(
        "held-out-in-hub",
        "With `held-out` (or `held-out-winner`) in `hub`, each round's double counts down from the set's "
        "highest and is set aside before the deal, and the designated player (a draw-off in round one) "
        "plays first.",
        "hub-house-held-out.json",
        lambda o: o.preset == "hub" and o.round_start in ("held-out", "held-out-winner"),
    ),
    Reading(
        "highest-unused-used",
        "With `highest-unused`, a double is used once it has opened an earlier round of the match (in a "
        "scenario of round N, the N-1 highest doubles); one laid on a train is not, so it may still open a "
        "later round.",
        "star-ranch-house-highest-unused-round2.json",
        lambda o: o.round_start == "highest-unused",
    ),
    Reading(
        "rounds-count-again",
        "A `rounds` value longer than the count-down from the first double to the 0-0 starts the count again "
        "from the first double (from the 3-3, rounds 5 and 6 use the 3-3 and the 2-2); a shorter one stops "
        "early.",
        "classic-house-rounds-repeat.json",
        lambda o: o.rounds is not None,
    ),
    Reading(
        "tap-double-15",
        "`tap` with a double-15 set deals tap's counts for the double-12 set (16 tiles for 2 players down to "
        "10 for 8), the nearest set its table lists.",
        "tap-house-set15-hand-size.json",
        lambda o: o.preset == "tap" and (o.set_max == 15 or 15 in o.set_by_players),
    ),
)


def readings_for(options: RuleOptions) -> list[Reading]:
    """The readings that concern ``options``."""
    return [reading for reading in READINGS if reading.applies(options)]


def plain(sentence: str) -> str:
    """A reading's sentence as the rules help shows it (no code marks)."""
    return sentence.replace("`", "")
