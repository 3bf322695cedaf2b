"""Move choosers distilled from the seer, for the arena (issue 28, "distil the seer").

``tools/lab/train_seer.py`` fits one weight per number of ``dmc_policy.FEATURES``
(a move described from the seat's own view) to the seer's values of the
``SHEDDER`` weights' favourites. Two trials play those weights: ``distil``
plays the favourite they value most, no search; ``expert-distil`` is Expert
whose default move (the one its search must beat by half a standard error)
is that favourite instead of the ``SHEDDER`` move. Measurement only: never
offered to players.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dmc_policy import DmcPlayer, learned_favourite, load_weights

from game.ai.search import ExpertPlayer
from game.engine import Action, SeatView

WEIGHTS_PATH = Path(__file__).resolve().parent / "data" / "seer-classic.json"
"""The weights ``tools/lab/train_seer.py fit`` writes by default."""


class DistilPlayer(DmcPlayer):
    """For measurement only: the ``SHEDDER`` weights' four favourites, of which
    it plays the one the weights distilled from the seer value most."""

    def __init__(self, seed: str, weights: list[float] | None = None) -> None:
        super().__init__(seed, weights if weights is not None else load_weights(WEIGHTS_PATH))


class ExpertDistilPlayer(ExpertPlayer):
    """For measurement only: Expert whose default move is the favourite the
    weights distilled from the seer value most (its other candidates as Expert's)."""

    def __init__(self, seed: str, weights: list[float] | None = None) -> None:
        super().__init__(seed)
        self.weights = weights if weights is not None else load_weights(WEIGHTS_PATH)

    def moves(self, view: SeatView) -> list[Action]:
        """Expert's candidates, the distilled favourite first."""
        moves = super().moves(view)
        if len(moves) < 2:
            return moves
        first = learned_favourite(view, self.weights)
        return [first] + [m for m in moves if m != first][: len(moves) - 1]
