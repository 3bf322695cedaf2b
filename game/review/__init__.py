"""The round review: every decision of a seat valued from that seat's own view.

``value.py`` values one decision from a ``SeatView`` and the action taken;
``rounds.py`` walks a finished round of a match and reviews the chosen
seats' decisions. No pygame, no files.
"""

from .rounds import Decision, RoundReview, finished_rounds, review_round
from .value import COSTLY, DEFAULT_BUDGET, MISTAKE, ReviewBudget, Valuation, level, value_decision

__all__ = [
    "COSTLY", "DEFAULT_BUDGET", "MISTAKE", "Decision", "ReviewBudget", "RoundReview", "Valuation",
    "finished_rounds", "level", "review_round", "value_decision",
]
