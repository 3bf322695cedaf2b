"""Trial variants of the game's levels, measured in the arena and never offered to players.

Each is a level with one thing changed (how it reads the hidden hands, what
it values, how sure it must be before it leaves its default move, how much
it searches); ``tools/arena.py`` plays them by name and ``tools/pair_arena.py``
compares a trial's run with its level's on the same deals. docs/ai.md gives
what each measured. They see only their seat's view, like the levels.

``expert-noread`` reads only what the rules prove, as Hard does;
``expert-halfread`` reads the chains in half its samples; ``expert-win60``
values a round win at 60 pips instead of 30; ``hard-weigh`` weighs the match
standings as Expert does; ``hard-equity`` and ``expert-equity`` value a
playout in a match by the chance of winning the match; ``medium-shedder`` is
Medium's logic with the ``SHEDDER`` weights Hard and Expert start from, no
search; ``hard-bar1``, ``hard-bar2``, ``expert-bar1`` and ``expert-bar2``
leave that move only for one better by one or two standard errors instead
of half of one; ``hard-full`` is Hard searching every decision at
``classic`` too, as before the trial ``hard-mix50`` (playing that move
unsearched on half its decisions) became Hard there. ``dmc`` plays the
``SHEDDER`` weights' favourite with the highest value learned from
self-play by ``tools/train_dmc.py`` (``tools/dmc_policy.py``).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dmc_policy import DmcBarPlayer, DmcPlayer

from game.ai.inference import Sampler
from game.ai.medium import SHEDDER, MediumPlayer
from game.ai.search import Deal, ExpertPlayer, HardPlayer
from game.engine import RoundState, SeatView


class ExpertNoReadPlayer(ExpertPlayer):
    """For measurement only: Expert whose samples read neither chain stops nor
    first-turn chains, only what the rules prove (as Hard's do)."""

    read_stops = False
    read_chains = False


class ExpertHalfReadPlayer(ExpertPlayer):
    """For measurement only: Expert whose samples read chain stops and
    first-turn chains in half the samples (drawn per sample) and only what the
    rules prove in the others, a hedge against opponents who stop early."""

    def dealer_for(self, view: SeatView) -> Deal:
        """Deals that read the chains half the time, drawn per sample."""
        reading = super().dealer_for(view)
        plain = Sampler(view, tries=self.budget_for(view).tries).state

        def deal(rng: random.Random) -> RoundState:
            return reading(rng) if rng.random() < 0.5 else plain(rng)

        return deal


class ExpertWin60Player(ExpertPlayer):
    """For measurement only: Expert valuing a round it wins at 60 pips over the
    score margin instead of 30 (does going out first more often pay?)."""

    budget = replace(ExpertPlayer.budget, win_bonus=60.0)


class HardWeighPlayer(HardPlayer):
    """For measurement only: Hard weighing the match standings as Expert does
    (pips given to a seat level with or ahead of it count more). A single
    round carries no standings, so it differs from Hard only in matches."""

    weigh_match = True


class HardEquityPlayer(HardPlayer):
    """For measurement only: Hard valuing each playout in a match by its
    chance of winning the match (``Standing.equity``) instead of the round's
    margin; in a single round it is Hard."""

    play_for_match = True


class ExpertEquityPlayer(ExpertPlayer):
    """For measurement only: Expert valuing each playout in a match by its
    chance of winning the match instead of the round's weighted margin; in a
    single round it is Expert."""

    play_for_match = True


class ShedderPlayer(MediumPlayer):
    """For measurement only: Medium's logic with the ``SHEDDER`` weights, the
    move Hard and Expert start from before they search (how far the search
    lifts them, and the floor of any re-spaced Hard)."""

    style = SHEDDER


class HardBar1Player(HardPlayer):
    """For measurement only: Hard leaving its default move only for one better
    by one standard error (half of one in Hard) outside ``CAUTIOUS_PRESETS``,
    where Hard already asks for two."""

    budget = replace(HardPlayer.budget, z=1.0)


class HardBar2Player(HardPlayer):
    """For measurement only: Hard leaving its default move only for one better
    by two standard errors at every preset (outside ``CAUTIOUS_PRESETS`` it
    still starts from the ``SHEDDER`` move)."""

    budget = replace(HardPlayer.budget, z=2.0)


class ExpertBar1Player(ExpertPlayer):
    """For measurement only: Expert leaving its default move only for one
    better by one standard error (half of one in Expert)."""

    budget = replace(ExpertPlayer.budget, z=1.0)


class ExpertBar2Player(ExpertPlayer):
    """For measurement only: Expert leaving its default move only for one
    better by two standard errors."""

    budget = replace(ExpertPlayer.budget, z=2.0)


class HardFullPlayer(HardPlayer):
    """For measurement only: Hard searching every decision at every preset,
    as it did at ``classic`` before it left half its decisions unsearched
    there (the trial ``hard-mix50`` that became Hard at ``classic``)."""

    UNSEARCHED: dict[str, float] = {}


TRIALS: dict[str, type] = {
    "expert-noread": ExpertNoReadPlayer,
    "expert-halfread": ExpertHalfReadPlayer,
    "expert-win60": ExpertWin60Player,
    "hard-weigh": HardWeighPlayer,
    "hard-equity": HardEquityPlayer,
    "expert-equity": ExpertEquityPlayer,
    "medium-shedder": ShedderPlayer,
    "hard-bar1": HardBar1Player,
    "hard-bar2": HardBar2Player,
    "expert-bar1": ExpertBar1Player,
    "expert-bar2": ExpertBar2Player,
    "hard-full": HardFullPlayer,
    "dmc": DmcPlayer,
    "dmc-bar5": DmcBarPlayer,
}
"""Variants of the game's levels, measured in the arena and never offered to players."""
