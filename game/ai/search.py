"""Hard, Expert and the oracle: determinized Monte Carlo over Medium playouts.

For each sampled deal of the hidden tiles (see ``inference``), every
candidate action is applied to a copy of the round and the round is played
to its end by the Medium policy for every seat. The action with the best
mean value wins. All samples and playouts are fixed by (seed, view), so a
decision never depends on the clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import Action, Play, RoundState, SeatView
from ..engine.tiles import PIPS
from .chain import longest_chain
from .inference import Sampler
from .medium import MediumPolicy, best_plays, medium_choice, score_play
from .seeding import decision_rng

WIN_BONUS = 15.0
"""Value of winning the round, in pips, on top of the score margin."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much a level searches: playouts per decision and candidates kept."""

    rollouts: int
    min_samples: int
    max_samples: int
    candidates: int


def outcome(state: RoundState, seat: int, weights: Sequence[float] | None = None) -> float:
    """Value of a finished round for ``seat``: the opponents' mean score minus
    its own (weighted per opponent if ``weights`` is given), plus a bonus for
    winning the round."""
    scores = state.scores
    assert scores is not None
    mine = scores[seat]
    n = len(scores)
    if weights is None:
        opp = (sum(scores) - mine) / (n - 1)
    else:
        opp = sum(w * scores[s] for s, w in enumerate(weights) if s != seat)
    won = state.went_out == seat or (state.went_out is None and mine == min(scores))
    return opp - mine + (WIN_BONUS if won else 0.0)


def playout(state: RoundState, policy: MediumPolicy) -> RoundState:
    """Play ``state`` (changed in place) to the end of the round with ``policy``."""
    act = policy.act
    apply = state.apply
    limit = 2000
    while not state.round_over and limit:
        apply(act(state))
        limit -= 1
    return state


def candidates(
    legal: Sequence[Action], seat: int, hand: Sequence[int], plan: tuple[int, ...], own_public: bool,
    racing: bool, state_options: object, keep: int,
) -> list[Action]:
    """The distinct actions worth searching, Medium's favourites first."""
    plays = best_plays(legal)
    rest = [a for a in legal if type(a) is not Play and str(a) != "open"]
    ranked = sorted(
        plays,
        key=lambda p: (-score_play(p, seat, hand, plan, own_public, racing, state_options), -PIPS[p.tile]),  # type: ignore[arg-type]
    )
    return (ranked + rest)[:keep] if ranked else rest[:keep] or list(legal[:1])


def search(
    roots: Sequence[RoundState], seat: int, moves: Sequence[Action], weights: Sequence[float] | None = None
) -> Action:
    """The action of ``moves`` with the best mean playout value over ``roots``."""
    totals = [0.0] * len(moves)
    policy = MediumPolicy()
    for root in roots:
        for i, move in enumerate(moves):
            state = root.copy()
            state.apply(move)
            totals[i] += outcome(playout(state, policy), seat, weights)
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    return moves[best]


def match_weights(view: SeatView) -> list[float] | None:
    """Per-opponent weights from the match standings, if the view carries them:
    pips given to a seat level with or ahead of us count more."""
    totals = getattr(view, "totals", None)
    if not totals:
        return None
    me = totals[view.seat]
    raw = [0.0 if s == view.seat else 1.0 / (1.0 + max(0, t - me) / 40.0) for s, t in enumerate(totals)]
    norm = sum(raw)
    return [w / norm for w in raw] if norm else None


class SearchPlayer:
    """Determinized Monte Carlo with Medium playouts (Hard and Expert)."""

    budget = SearchBudget(rollouts=60, min_samples=8, max_samples=20, candidates=4)
    weigh_match = False

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._plans: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def moves(self, view: SeatView) -> list[Action]:
        """The candidate actions for this decision."""
        seat = view.seat
        plan = longest_chain(view.ends[seat], tuple(sorted(view.hand)))
        low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
        return candidates(
            view.legal, seat, view.hand, plan, view.public[seat], low <= 2, view.options,
            self.budget.candidates,
        )

    def choose(self, view: SeatView) -> Action:
        """The searched action for ``view.seat``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        moves = self.moves(view)
        if len(moves) == 1:
            return moves[0]
        b = self.budget
        samples = max(b.min_samples, min(b.max_samples, b.rollouts // len(moves)))
        rng = decision_rng(self.seed, view)
        sampler = Sampler(view)
        roots = [sampler.state(rng) for _ in range(samples)]
        weights = match_weights(view) if self.weigh_match else None
        return search(roots, view.seat, moves, weights)


class HardPlayer(SearchPlayer):
    """Hard: samples the hidden tiles from what its seat has seen and plays
    each candidate out with Medium."""

    budget = SearchBudget(rollouts=60, min_samples=8, max_samples=20, candidates=4)


class ExpertPlayer(SearchPlayer):
    """Expert: Hard's search with more samples and candidates, weighing the
    match standings when the view carries them."""

    budget = SearchBudget(rollouts=200, min_samples=16, max_samples=48, candidates=6)
    weigh_match = True


class OraclePlayer:
    """For measurement only: sees the whole round (every hand and the boneyard
    order) and plays each candidate out once with Medium. Never offered to
    players; it is not in ``KINDS`` and has no ``choose(view)``."""

    candidates = 8

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def choose_full(self, state: RoundState) -> Action:
        """The oracle's action for the seat to move in the full ``state``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        hand = state.hands[seat]
        plan = longest_chain(state.ends[seat], tuple(sorted(hand)))
        low = min(len(h) for s, h in enumerate(state.hands) if s != seat)
        moves = candidates(
            legal, seat, hand, plan, state.public[seat], low <= 2, state.options, self.candidates
        )
        if len(moves) == 1:
            return moves[0]
        return search([state], seat, moves)


__all__ = ["ExpertPlayer", "HardPlayer", "OraclePlayer", "medium_choice"]
