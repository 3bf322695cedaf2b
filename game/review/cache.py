"""Reviews kept per (round, seat), so a second look at a round is instant.

A ``ReviewCache`` belongs to a match (the session keeps one and the save
writes it out); ``review_cached`` reviews only the seats of a round it does
not hold yet for the same seed and budget.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .results import DEFAULT_BUDGET, REVIEW_SEED, ReviewBudget, RoundReview, combine

if TYPE_CHECKING:
    from ..engine import Match
    from .rounds import Progress


class ReviewCache:
    """Finished reviews of a match, one per (round, seat)."""

    def __init__(self, reviews: Sequence[RoundReview] = (), problem: str | None = None) -> None:
        self._entries: dict[tuple[int, int], RoundReview] = {}
        self.problem = problem
        """Why the reviews a save kept were left out (None when they were not)."""
        for review in reviews:
            self.keep(review)

    def keep(self, review: RoundReview) -> None:
        """Remember ``review``, one entry per seat it covers (replacing older ones)."""
        for seat in review.seats:
            self._entries[(review.round, seat)] = review.for_seat(seat)

    def get(self, round_number: int, seat: int, seed: str, budget: str) -> RoundReview | None:
        """The kept review of ``seat`` in that round made with this seed and budget, if any."""
        found = self._entries.get((round_number, seat))
        if found is None or found.seed != seed or found.budget != budget:
            return None
        return found

    def __iter__(self) -> Iterator[RoundReview]:
        """Every kept review, by round then seat."""
        return iter([self._entries[key] for key in sorted(self._entries)])

    def __len__(self) -> int:
        return len(self._entries)


def review_cached(
    match: Match,
    round_number: int,
    seats: Sequence[int],
    cache: ReviewCache,
    seed: str = REVIEW_SEED,
    budget: ReviewBudget = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> RoundReview:
    """The review of ``seats`` in that round: kept parts from ``cache``, the
    rest reviewed now (and kept). Raises ValueError like ``review_round``."""
    from .rounds import review_round  # the search behind a review loads only when one is made

    if not seats:
        return review_round(match, round_number, seats, seed, budget, progress)
    key = budget.key()
    kept = {s: cache.get(round_number, s, seed, key) for s in sorted(set(seats))}
    missing = [s for s, review in kept.items() if review is None]
    parts = [review for review in kept.values() if review is not None]
    if missing:
        fresh = review_round(match, round_number, missing, seed, budget, progress)
        cache.keep(fresh)
        parts.extend(fresh.for_seat(s) for s in missing)
    elif progress is not None:
        progress(1, 1)
    return combine(parts)


class Reviewable:
    """What a screen needs to offer "Review this round": the match's review
    cache and the seats a review covers (every person's)."""

    def __init__(self, cache: ReviewCache, seats: Sequence[int]) -> None:
        self.cache = cache
        self.seats = tuple(seats)
