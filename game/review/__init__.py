"""The round review: every decision of a seat valued from that seat's own view.

``value.py`` values one decision from a ``SeatView`` and the action taken;
``rounds.py`` walks a finished round of a match and reviews the chosen
seats' decisions; ``results.py`` holds what they find. No pygame, no files.
Importing this package loads only the results: the search behind a review
(``review_round``, ``value_decision``, ``advised_move``, ``finished_rounds``) loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_getattr
from .results import (
    COSTLY,
    DEFAULT_BUDGET,
    MISTAKE,
    REVIEW_SEED,
    Decision,
    ReviewBudget,
    RoundReview,
    Valuation,
    level,
)

if TYPE_CHECKING:
    from .rounds import finished_rounds, review_round
    from .value import advised_move, value_decision

__all__ = [
    "COSTLY", "DEFAULT_BUDGET", "MISTAKE", "REVIEW_SEED", "Decision", "ReviewBudget", "RoundReview", "Valuation",
    "advised_move", "finished_rounds", "level", "review_round", "value_decision",
]

_SEARCH = {"finished_rounds": "rounds", "review_round": "rounds", "value_decision": "value", "advised_move": "value"}


__getattr__ = lazy_getattr(__name__, _SEARCH, globals())
