"""Easy: mostly random plays, a mild taste for heavy tiles, and at the ``tap``
preset it sometimes forgets to knock."""

from __future__ import annotations

from ..engine import Action, Open, Play, SeatView, play
from ..engine.tiles import PIPS
from .seeding import decision_rng

HEAVY_CHANCE = 0.35
"""How often Easy picks its heaviest play instead of a random one."""

FORGET_KNOCK = 0.3
"""How often Easy forgets to knock where the rules penalise it."""


class EasyPlayer:
    """A gentle opponent for a first match."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        """A mostly random legal action for ``view.seat``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, view)
        plain = [a for a in legal if type(a) is Play and not a.knock]
        if not plain:
            others = [a for a in legal if type(a) is not Open]
            return rng.choice(others or list(legal))
        if rng.random() < HEAVY_CHANCE:
            top = max(PIPS[a.tile] for a in plain)
            pick = rng.choice([a for a in plain if PIPS[a.tile] == top])
        else:
            pick = rng.choice(plain)
        knocked = play(pick.tile, pick.train, True)
        if knocked in legal:
            forgets = view.options.knock == "penalty" and rng.random() < FORGET_KNOCK
            return pick if forgets else knocked
        return pick
