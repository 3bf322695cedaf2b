"""Valuing one decision from the deciding seat's own view.

``value_decision(view, made, seed, budget)`` is given nothing but the seat's
``SeatView`` at the moment it decided and the action it took, so it cannot
use what the seat could not know. It samples deals of the hidden tiles as
Expert does (``ai.inference.Sampler`` with every reading Expert trusts),
plays every candidate out to the end of the round with Expert's playout
policy (the ``SHEDDER`` weights for every seat) on the same samples, and
picks the candidate with the lowest mean score for the seat. The difference
between that move and the move made is then measured again on fresh samples
(so picking the best of several candidates does not flatter it), as a mean
with its standard error over the samples. Everything is fixed by (seed,
view): the same review always gives the same numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..ai.chain import longest_chain
from ..ai.inference import Sampler
from ..ai.medium import SHEDDER, MediumPolicy
from ..ai.search import candidates, playout
from ..ai.seeding import decision_rng
from ..engine import Action, RoundState, SeatView
from ..engine.actions import action_text
from .results import DEFAULT_BUDGET, REVIEW_SEED, ReviewBudget, Valuation, level

Deal = Callable[[random.Random], RoundState]
"""Makes one sampled round (consistent with the view) from a random source."""


def final_score(state: RoundState, seat: int) -> float:
    """The seat's score when the round is over (its pips in hand, as scored)."""
    scores = state.scores
    assert scores is not None
    return float(scores[seat])


def favourites(view: SeatView, keep: int) -> list[Action]:
    """Expert's favourite moves for ``view.seat`` (distinct, ``keep`` at most), its own choice first."""
    seat = view.seat
    plan = longest_chain(view.ends[seat], tuple(sorted(view.hand)))
    low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
    return candidates(view.legal, seat, view.hand, plan, view.public, low, view.options, keep, SHEDDER)


def moves_to_compare(view: SeatView, made: Action, keep: int) -> list[Action]:
    """The move made first, then Expert's favourite moves (distinct, ``keep`` at most besides it)."""
    ranked = favourites(view, keep + 1)
    return [made] + [m for m in ranked if m != made][:keep]


def scores_after(roots: Sequence[RoundState], seat: int, move: Action) -> list[float]:
    """The seat's final score on each of ``roots`` after ``move``, every seat
    then played by Expert's playout policy to the round's end."""
    policy = MediumPolicy(style=SHEDDER)
    out = []
    for root in roots:
        state = root.copy()
        state.apply(move)
        playout(state, policy)
        out.append(final_score(state, seat))
    return out


def mean_and_error(diffs: Sequence[float]) -> tuple[float, float]:
    """Mean of ``diffs`` and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


class Choice:
    """The choosing half of a review: the sampled deals drawn for ``view`` from
    (seed, view) alone, and each move's mean final score for the seat on them.
    Its random source goes on to draw the fresh deals the measuring half uses."""

    def __init__(self, view: SeatView, seed: str, budget: ReviewBudget) -> None:
        self.view = view
        self.rng = decision_rng(f"review/{seed}", view)
        self.sampler = Sampler(view, tries=budget.tries, read_stops=True, read_chains=True)
        self.roots = [self.sampler.state(self.rng) for _ in range(budget.choose_samples)]

    def best(self, moves: Sequence[Action]) -> int:
        """The index of the move of ``moves`` with the lowest mean final score
        (the earliest of those tied)."""
        means = [sum(scores_after(self.roots, self.view.seat, m)) / len(self.roots) for m in moves]
        return min(range(len(moves)), key=lambda i: (means[i], i))


def advised_move(view: SeatView, seed: str = REVIEW_SEED, budget: ReviewBudget = DEFAULT_BUDGET) -> Action:
    """The move the review of this decision (same ``seed`` and ``budget``) values best,
    whichever move is then made: the hint. The review compares the move made with
    Expert's favourites besides it; this is the best of those favourites, and with
    it as the move made the review compares the same moves on the same deals, so
    it finds no better one. Raises ValueError when ``view`` has no legal action."""
    if not view.legal:
        raise ValueError("it is not this seat's turn")
    moves = favourites(view, budget.candidates + 1)
    if len(moves) == 1:
        return moves[0]
    return moves[Choice(view, seed, budget).best(moves)]


def value_decision(
    view: SeatView, made: Action, seed: str = REVIEW_SEED, budget: ReviewBudget = DEFAULT_BUDGET,
) -> Valuation:
    """Value ``made`` for ``view.seat`` against the best move found from that
    view alone. Raises ValueError if ``made`` is not one of the view's legal actions."""
    if made not in view.legal:
        raise ValueError(f"'{made}' is not a legal action in this position")
    moves = moves_to_compare(view, made, budget.candidates)
    text = action_text(made)
    if len(moves) == 1:
        return Valuation(text, text, 0.0, 0.0, "", 1)
    choice = Choice(view, seed, budget)
    best_index = choice.best(moves)
    best = moves[best_index]
    if best_index == 0:
        return Valuation(text, text, 0.0, 0.0, "", len(moves))
    fresh = [choice.sampler.state(choice.rng) for _ in range(budget.measure_samples)]
    made_scores = scores_after(fresh, view.seat, made)
    best_scores = scores_after(fresh, view.seat, best)
    diffs = [m - b for m, b in zip(made_scores, best_scores)]
    diff, se = mean_and_error(diffs)
    worse = sum(d > 0 for d in diffs) / len(diffs)
    better = sum(d < 0 for d in diffs) / len(diffs)
    return Valuation(text, action_text(best), diff, se, level(diff, se, worse), len(moves), worse, better)
