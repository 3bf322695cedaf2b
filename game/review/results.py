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
"""The budget the game and the command use (the hint's too)."""

REVIEW_SEED = "review"
"""The seed the game and the command review with (the hint's too)."""

COSTLY = "costly"
MISTAKE = "clear mistake"


@dataclass(frozen=True, slots=True)
class Mark:
    """One level of the review's marks and the three conditions a decision meets to carry it."""

    name: str
    points: float
    """The best move found saves at least this many points."""
    z: float
    """... at least this many times the uncertainty (standard errors) ..."""
    worse: float
    """... and the move made did worse than it on at least this share of the sampled deals
    (a move that only loses on average, through a few deals that go badly, is not marked)."""

    def shortfalls(self, diff: float, se: float, worse: float) -> list[str]:
        """The conditions a decision of cost ``diff`` ± ``se``, worse on the share ``worse``
        of the deals, falls short of, in words ('worse on only 48% of the deals'); empty: marked."""
        missing = []
        if diff < self.points:
            missing.append(f"less than {self.points:g} points")
        if diff < self.z * se:
            missing.append(f"less than {self.z:g} times its uncertainty")
        if worse < self.worse:
            missing.append(f"worse on only {worse:.0%} of the deals")
        return missing

    def rule(self) -> str:
        """The three conditions in words: 'at least 4 points, at least 2 times the
        uncertainty, and worse than the best on at least half of the deals'."""
        share = {0.5: "half", 2 / 3: "two in three"}.get(self.worse, f"{self.worse:.0%}")
        return (f"at least {self.points:g} points, at least {self.z:g} times the uncertainty, "
                f"and worse than the best on at least {share} of the deals")


COSTLY_MARK = Mark(COSTLY, 4.0, 2.0, 0.5)
"""Costly: the lesser mark; a decision that falls short of it is not marked at all."""
MISTAKE_MARK = Mark(MISTAKE, 10.0, 3.0, 2 / 3)
"""A clear mistake."""
MARKS = (MISTAKE_MARK, COSTLY_MARK)
"""The marks, the strongest first."""

COSTLY_POINTS, COSTLY_Z, COSTLY_WORSE = COSTLY_MARK.points, COSTLY_MARK.z, COSTLY_MARK.worse
MISTAKE_POINTS, MISTAKE_Z, MISTAKE_WORSE = MISTAKE_MARK.points, MISTAKE_MARK.z, MISTAKE_MARK.worse


def level(diff: float, se: float, worse: float = 1.0) -> str:
    """'clear mistake', 'costly' or '' for a difference of ``diff`` points
    (best move better by that much) measured with standard error ``se``, the
    move made having done worse on the share ``worse`` of the sampled deals."""
    return next((mark.name for mark in MARKS if not mark.shortfalls(diff, se, worse)), "")


def unmarked_because(valuation: Valuation) -> str:
    """Why a decision whose best move found did better carries no mark ('worse on
    only 48% of the deals'); '' for a marked decision or one that cost nothing."""
    if valuation.level or valuation.best == valuation.made or valuation.diff <= 0:
        return ""
    return ", ".join(COSTLY_MARK.shortfalls(valuation.diff, valuation.se, valuation.worse))


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
