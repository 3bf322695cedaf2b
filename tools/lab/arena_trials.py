"""Trial variants of the game's levels, measured in the arena and never offered to players.

Each is a level with one thing changed (how it reads the hidden hands, what
it values, how sure it must be before it leaves its default move, how much
it searches); ``tools/lab/arena.py`` plays them by name and ``tools/lab/pair_arena.py``
compares a trial's run with its level's on the same deals. docs/ai.md gives
what each measured. They see only their seat's view, like the levels.

``expert-noread`` reads only what the rules prove, as Hard does;
``expert-halfread`` reads the chains in half its samples; ``expert-win60``
values a round win at 60 pips instead of 30; ``expert-samples3`` draws three times
the samples; ``hard-weigh`` weighs the match
standings as Expert does; ``hard-equity`` and ``expert-equity`` value a
playout in a match by the chance of winning the match; ``medium-shedder`` is
Medium's logic with the ``SHEDDER`` weights Hard and Expert start from, no
search; ``hard-bar1``, ``hard-bar2``, ``expert-bar1`` and ``expert-bar2``
leave that move only for one better by one or two standard errors instead
of half of one; ``hard-full`` is Hard searching every decision at
``classic`` too, as before the trial ``hard-mix50`` (playing that move
unsearched on half its decisions) became Hard there. ``dmc`` plays the
``SHEDDER`` weights' favourite with the highest value learned from
self-play by ``tools/lab/train_dmc.py`` (``tools/lab/dmc_policy.py``), ``dmc-bar5``
only where it is 5 learned pips better; ``distil`` plays the favourite
with the highest value distilled from the seer by ``tools/lab/train_seer.py``
(``tools/lab/distil_policy.py``), ``expert-distil`` is Expert starting from it
instead of the ``SHEDDER`` move. For the ``hub`` steps:
``medium-norace`` is Medium not racing when an opponent is low;
``medium-greedy15`` / ``25`` / ``50`` Medium playing its heaviest tile with
no plan on that share of its decisions; ``hard-hub50`` Hard playing its
default move unsearched on half its decisions at ``hub`` too;
``hard-hub-cautious`` Hard at ``hub`` as at ``tournament`` (Medium's move,
two standard errors); ``expert-hub`` Expert starting from Medium's move and
playing Medium's weights in its playouts at ``hub``.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from distil_policy import DistilPlayer, ExpertDistilPlayer
from dmc_policy import DmcBarPlayer, DmcPlayer

from game.ai.inference import Sampler
from game.ai.medium import MEDIUM, SHEDDER, MediumPlayer, Style, best_plays
from game.ai.search import Deal, ExpertPlayer, HardPlayer
from game.ai.seeding import decision_rng
from game.engine import Action, RoundState, SeatView
from game.engine.tiles import PIPS


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


class ExpertSamples3Player(ExpertPlayer):
    """For measurement only: Expert drawing three times the samples (144 to 192 a
    decision instead of 48 to 64): what the compiled core's speed buys in the think
    time the pure Expert takes."""

    budget = replace(ExpertPlayer.budget, rollouts=3 * 384, min_samples=3 * 48, max_samples=3 * 64)


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

    UNSEARCHED: ClassVar[dict[str, float]] = {}


class MediumNoRacePlayer(MediumPlayer):
    """For measurement only: Medium's weights without racing by pips when an
    opponent is low (the ``SHEDDER`` weights' other change, without shedding
    first)."""

    style = Style(race_tiles=0)


class MediumGreedyPlayer(MediumPlayer):
    """For measurement only: Medium playing its heaviest tile, with no plan,
    on a share of its decisions (drawn per decision from its seed and the
    view): a less careful Medium, to widen the step from Medium to Hard
    where it is narrow."""

    greedy = 0.25

    def choose(self, view: SeatView) -> Action:
        """The heaviest play on a drawn share of decisions, else Medium's move."""
        plays = best_plays(view.legal)
        if plays and len(view.legal) > 1 and decision_rng(f"{self.seed}/greedy", view).random() < self.greedy:
            return max(plays, key=lambda p: (PIPS[p.tile], -p.train))
        return super().choose(view)


class MediumGreedy15Player(MediumGreedyPlayer):
    """For measurement only: the same on 15% of its decisions."""

    greedy = 0.15


class MediumGreedy50Player(MediumGreedyPlayer):
    """For measurement only: the same on half its decisions."""

    greedy = 0.5


class HardHubPlayer(HardPlayer):
    """For measurement only: Hard playing its default move unsearched on half
    its decisions at ``hub`` too, as it does at ``classic``."""

    UNSEARCHED: ClassVar[dict[str, float]] = {**HardPlayer.UNSEARCHED, "hub": 0.5}


class HardHubCautiousPlayer(HardPlayer):
    """For measurement only: Hard at ``hub`` as at ``tournament`` and ``tap``:
    it starts from Medium's move and leaves it only for one better by two
    standard errors."""

    CAUTIOUS_PRESETS = HardPlayer.CAUTIOUS_PRESETS | {"hub"}


class ExpertHubPlayer(ExpertPlayer):
    """For measurement only: Expert at ``hub`` starting from Medium's move and
    candidate order and playing Medium's weights in its playouts. There a
    turn that does not play on the own train turns it public, so the
    ``SHEDDER`` weights' shedding elsewhere first gives the own train away."""

    def lead_for(self, view: SeatView) -> Style:
        """Medium's weights at ``hub``, else the ``SHEDDER`` weights."""
        return MEDIUM if view.options.preset == "hub" else self.lead

    def playout_for(self, view: SeatView) -> Style:
        """Medium's weights at ``hub``, else the ``SHEDDER`` weights."""
        return MEDIUM if view.options.preset == "hub" else self.playout


TRIALS: dict[str, type] = {
    "expert-noread": ExpertNoReadPlayer,
    "expert-halfread": ExpertHalfReadPlayer,
    "expert-win60": ExpertWin60Player,
    "expert-samples3": ExpertSamples3Player,
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
    "distil": DistilPlayer,
    "expert-distil": ExpertDistilPlayer,
    "medium-norace": MediumNoRacePlayer,
    "medium-greedy15": MediumGreedy15Player,
    "medium-greedy25": MediumGreedyPlayer,
    "medium-greedy50": MediumGreedy50Player,
    "hard-hub50": HardHubPlayer,
    "hard-hub-cautious": HardHubCautiousPlayer,
    "expert-hub": ExpertHubPlayer,
}
"""Variants of the game's levels, measured in the arena and never offered to players."""
