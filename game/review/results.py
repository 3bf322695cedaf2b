"""What a review finds, apart from how it is found: the budget, the marks
(costly, clear mistake), one valued decision and a round's review.

Light on purpose (no computer player behind it), so the session, the save
codec and the screens can hold reviews without loading the search that makes
them (``value.py``, ``rounds.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How hard the review looks at one decision."""

    candidates: int = 8
    """Moves compared besides the move made (the favourites of Expert's ordering)."""
    choose_samples: int = 64
    """Sampled deals on which the best move is chosen."""
    measure_samples: int = 192
    """Fresh sampled deals on which best and made are compared."""
    tries: int = 12
    """Deals tried per sample before the counted inference limits are given up."""

    def key(self) -> str:
        """A short text naming this budget (kept with stored results)."""
        return f"c{self.candidates}-s{self.choose_samples}-m{self.measure_samples}-t{self.tries}"


DEFAULT_BUDGET = ReviewBudget()
"""The budget the game and the command use."""

COSTLY_POINTS = 4.0
"""A difference of at least this many points (and clearly above the noise) is costly."""
MISTAKE_POINTS = 10.0
"""A difference of at least this many points (and well above the noise) is a clear mistake."""
COSTLY_Z = 2.0
"""A costly decision's difference is at least this many standard errors."""
MISTAKE_Z = 3.0
"""A clear mistake's difference is at least this many standard errors."""
COSTLY_WORSE = 0.5
"""A costly move did worse than the best on at least this share of the sampled deals."""
MISTAKE_WORSE = 2 / 3
"""A clear mistake did worse than the best on at least this share of the sampled deals
(a move that only loses on average, through a few deals that go badly, is not marked as one)."""

COSTLY = "costly"
MISTAKE = "clear mistake"


def level(diff: float, se: float, worse: float = 1.0) -> str:
    """'clear mistake', 'costly' or '' for a difference of ``diff`` points
    (best move better by that much) measured with standard error ``se``, the
    move made having done worse on the share ``worse`` of the sampled deals."""
    if diff >= MISTAKE_POINTS and diff >= MISTAKE_Z * se and worse >= MISTAKE_WORSE:
        return MISTAKE
    if diff >= COSTLY_POINTS and diff >= COSTLY_Z * se and worse >= COSTLY_WORSE:
        return COSTLY
    return ""


@dataclass(frozen=True, slots=True)
class Valuation:
    """One decision valued: the move made, the best move found, and how many
    points at the round's end the move made is expected to cost against it."""

    made: str
    best: str
    diff: float
    """Expected extra points for the seat at the round's end with the move made
    instead of the best found (0 when they are the same move)."""
    se: float
    """Standard error of ``diff`` over the sampled deals."""
    level: str
    compared: int
    """Moves compared (the move made included)."""
    worse: float = 0.0
    """Share of the sampled deals on which the move made ended with more points than the best."""
    better: float = 0.0
    """Share of the sampled deals on which the move made ended with fewer points than the best."""



@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision of a round."""

    round: int
    """1-based round number."""
    index: int
    """0-based position of the action in the round's action log."""
    turn: int
    """1-based turn of the round the decision was made in."""
    seat: int
    valuation: Valuation


@dataclass(frozen=True, slots=True)
class RoundReview:
    """The review of one round for some seats."""

    round: int
    """1-based round number."""
    seats: tuple[int, ...]
    seed: str
    budget: str
    """The budget's key (``ReviewBudget.key``)."""
    decisions: tuple[Decision, ...]
    """In the order they were made."""
    forced: tuple[int, ...]
    """Per seat of ``seats``, decisions skipped because only one action was legal."""

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` decisions with the largest marked differences, costliest first."""
        marked = [d for d in self.decisions if d.valuation.level]
        return sorted(marked, key=lambda d: (-d.valuation.diff, d.index))[:count]

    def for_seat(self, seat: int) -> RoundReview:
        """The part of this review about ``seat`` alone."""
        forced = self.forced[self.seats.index(seat)]
        mine = tuple(d for d in self.decisions if d.seat == seat)
        return RoundReview(self.round, (seat,), self.seed, self.budget, mine, (forced,))


def combine(reviews: Sequence[RoundReview]) -> RoundReview:
    """One review of the same round made of per-seat ``reviews`` (at least one)."""
    first = reviews[0]
    ordered = sorted(reviews, key=lambda r: r.seats)
    decisions = sorted((d for r in ordered for d in r.decisions), key=lambda d: d.index)
    return RoundReview(
        first.round, tuple(s for r in ordered for s in r.seats), first.seed, first.budget, tuple(decisions),
        tuple(f for r in ordered for f in r.forced),
    )
