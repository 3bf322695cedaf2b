"""Hard, Expert and the oracle: determinized Monte Carlo over policy playouts.

For each sampled deal of the hidden tiles (see ``inference``), every
candidate action is applied to a copy of the round and the round is played
on by a policy for every seat (Medium for Hard, the stronger ``SHEDDER``
weights for Expert), to its end or for a fixed number of actions (then
judged by ``estimate``). The default move (the ``SHEDDER`` choice) is kept
unless another candidate beats it on the same samples by a margin. All
samples and playouts are fixed by (seed, view), so a decision never depends
on the clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from ..engine import Action, Open, Play, RoundState, RuleOptions, SeatView, seat_view
from ..engine.frozen import Frozen
from ..engine.tiles import PIPS
from ..native import mypyc_attr
from .chain import longest_chain
from .inference import Sampler
from .medium import MEDIUM, SHEDDER, MediumPolicy, Style, best_plays, medium_choice, score_play
from .seeding import decision_rng

Deal = Callable[[random.Random], RoundState]
"""Makes one sampled round from a random source."""

WIN_BONUS = 30.0
"""Value of winning the round, in pips, on top of the score margin."""


@dataclass(frozen=True, slots=True)
class SearchBudget(Frozen):
    """How much a level searches: playouts per decision and candidates kept."""

    rollouts: int
    min_samples: int
    max_samples: int
    candidates: int
    depth: int | None = None
    """Actions per playout before the round is judged by ``estimate`` (None: to the end)."""
    z: float = 0.5
    """Leave Medium's choice only for a move better by ``z`` standard errors
    of the paired difference (a bar against noise among several candidates)."""
    endgame: int = 0
    """With this many tiles or fewer left in hands and boneyard, play out to the end."""
    tries: int = 6
    """Deals tried per sample before the counted limits are given up."""
    win_bonus: float = WIN_BONUS
    """Value of winning the round, in pips, on top of the score margin."""


def outcome(
    state: RoundState, seat: int, weights: Sequence[float] | None = None, win_bonus: float = WIN_BONUS
) -> float:
    """Value of a finished round for ``seat``: the opponents' mean score minus
    its own (weighted per opponent if ``weights`` is given), plus ``win_bonus``
    for winning the round."""
    scores = state.scores
    assert scores is not None
    mine = scores[seat]
    n = len(scores)
    if weights is None:
        opp = (sum(scores) - mine) / (n - 1)
    else:
        opp = sum(w * scores[s] for s, w in enumerate(weights) if s != seat)
    won = state.went_out == seat or (state.went_out is None and mine == min(scores))
    return opp - mine + (win_bonus if won else 0.0)


TILE_WEIGHT = 6.0
"""In a cut-off playout, each tile still in hand counts like this many pips."""


def estimate(
    state: RoundState, seat: int, weights: Sequence[float] | None = None, win_bonus: float = WIN_BONUS
) -> float:
    """Value of an unfinished round for ``seat``: the pips and tiles each seat
    still holds stand in for its score; the fewest tiles stands in for half the win."""
    hands = state.hands
    n = len(hands)
    est = estimated_scores(state)
    mine = est[seat]
    if weights is None:
        opp = (sum(est) - mine) / (n - 1)
    else:
        opp = sum(w * est[s] for s, w in enumerate(weights) if s != seat)
    fewest = min(len(h) for h in hands)
    lead = win_bonus * 0.5 if len(hands[seat]) == fewest else 0.0
    return opp - mine + lead


ROUND_SPREAD = 48.0
"""Standard deviation of the difference of two seats' scores in one round
(``classic``, four Medium players: 48.6 over 520 rounds)."""


@dataclass(frozen=True, slots=True)
class Standing(Frozen):
    """The match a round is played in: each seat's total before it and how
    many rounds follow it."""

    totals: tuple[int, ...]
    rounds_after: int

    def equity(self, seat: int, scores: Sequence[float], finished: bool) -> float:
        """The chance that ``seat`` finishes the match first if this round scores
        ``scores`` (estimates if not ``finished``): each opponent's lead after
        it is spread by the rounds still to come (half a round more for an
        unfinished one), opponents taken as independent."""
        after = [t + s for t, s in zip(self.totals, scores)]
        mine = after[seat]
        rounds = self.rounds_after + (0.0 if finished else 0.5)
        if rounds <= 0.0:
            if any(a < mine for a in after):
                return 0.0
            return 1.0 / sum(1 for a in after if a == mine)
        spread = ROUND_SPREAD * math.sqrt(2.0 * rounds)
        chance = 1.0
        for s, theirs in enumerate(after):
            if s != seat:
                chance *= 0.5 * (1.0 + math.erf((theirs - mine) / spread))
        return chance


def match_standing(view: SeatView) -> Standing | None:
    """The standings of the match ``view`` is played in, or None outside a
    match of several rounds or where the view cannot tell how many follow."""
    engines = view.setup.engines
    if not view.totals or not engines or len(engines) < 2 or view.engine not in engines:
        return None
    return Standing(view.totals, len(engines) - 1 - engines.index(view.engine))


def estimated_scores(state: RoundState) -> list[float]:
    """What each seat would score if the round ended now: pips in hand, each
    tile counted ``TILE_WEIGHT`` more."""
    zz = state.options.zero_zero_value
    return [sum(zz if t == 0 else PIPS[t] for t in h) + TILE_WEIGHT * len(h) for h in state.hands]


def playout(state: RoundState, policy: MediumPolicy, depth: int | None = None) -> RoundState:
    """Play ``state`` (changed in place) with ``policy`` to the end of the round,
    or for ``depth`` actions."""
    act = policy.act
    apply = state.apply
    limit = 2000 if depth is None else depth
    while not state.round_over and limit:
        apply(act(state))
        limit -= 1
    return state


def candidates(
    legal: Sequence[Action], seat: int, hand: Sequence[int], plan: tuple[int, ...],
    public: Sequence[bool], min_opponent_tiles: int, options: RuleOptions, keep: int, style: Style = MEDIUM,
) -> list[Action]:
    """The distinct actions worth searching: the ``style`` policy's own choice
    first, then the plays it likes best."""
    first = medium_choice(seat, hand, legal, public, min_opponent_tiles, options, plan, style)
    racing = min_opponent_tiles <= style.race_tiles
    plays = best_plays(legal)
    rest = [a for a in legal if type(a) is not Play and type(a) is not Open]
    ranked = sorted(
        plays,
        key=lambda p: (-score_play(p, seat, hand, plan, public[seat], racing, options, style), -PIPS[p.tile]),
    )
    ordered = [first] + [a for a in ranked + rest if a != first]
    return ordered[:keep]


def playout_values(
    roots: Sequence[RoundState],
    seat: int,
    moves: Sequence[Action],
    weights: Sequence[float] | None = None,
    depth: int | None = None,
    style: Style = MEDIUM,
    win_bonus: float = WIN_BONUS,
    standing: Standing | None = None,
) -> list[list[float]]:
    """Per move of ``moves``, its playout value for ``seat`` on each of
    ``roots`` (every seat played by ``style``): the round's value with
    ``win_bonus`` for winning it, or, with a ``standing``, the chance of
    winning the match."""
    values: list[list[float]] = [[] for _ in moves]
    policy = MediumPolicy(style=style)
    for root in roots:
        for i, move in enumerate(moves):
            state = root.copy()
            state.apply(move)
            playout(state, policy, depth)
            done = state.round_over
            if standing is not None:
                scores = state.scores if done and state.scores is not None else estimated_scores(state)
                values[i].append(standing.equity(seat, scores, done))
            elif done:
                values[i].append(outcome(state, seat, weights, win_bonus))
            else:
                values[i].append(estimate(state, seat, weights, win_bonus))
    return values


def search(
    roots: Sequence[RoundState],
    seat: int,
    moves: Sequence[Action],
    weights: Sequence[float] | None = None,
    depth: int | None = None,
    z: float = 0.0,
    style: Style = MEDIUM,
    win_bonus: float = WIN_BONUS,
    standing: Standing | None = None,
) -> Action:
    """The action of ``moves`` with the best mean playout value over ``roots``
    (``playout_values``). ``moves[0]`` is the default: another move must
    beat it, on the same samples, by ``z`` standard errors of the paired
    difference."""
    values = playout_values(roots, seat, moves, weights, depth, style, win_bonus, standing)
    n = len(roots)
    best, best_gain = 0, 0.0
    for i in range(1, len(moves)):
        diffs = [a - b for a, b in zip(values[i], values[0])]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            needed = z * (var / n) ** 0.5
        else:
            needed = 0.0
        if mean > needed and mean > best_gain:
            best, best_gain = i, mean
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


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchPlayer:
    """Determinized Monte Carlo over policy playouts (Hard and Expert).

    A level's settings are class variables, so that a subclass (a level, or a
    trial variant in ``tools/lab``) changes one by naming it."""

    budget: ClassVar[SearchBudget] = SearchBudget(rollouts=64, min_samples=16, max_samples=24, candidates=4, depth=48)
    weigh_match: ClassVar[bool] = False
    lead: ClassVar[Style] = SHEDDER
    """Weights of the default move and the candidate order."""
    playout: ClassVar[Style] = MEDIUM
    """Weights of the policy that plays every seat in the playouts."""
    read_stops: ClassVar[bool] = False
    """Whether samples take a chain's stop as proof its player held no tile matching its end."""
    read_chains: ClassVar[bool] = False
    """Whether samples take each first-turn chain as the longest its player could lay."""
    play_for_match: ClassVar[bool] = False
    """Whether, in a match of several rounds, playouts are valued by the chance
    of winning the match (``Standing.equity``) instead of the round's margin."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def moves(self, view: SeatView) -> list[Action]:
        """The candidate actions for this decision."""
        seat = view.seat
        plan = longest_chain(view.ends[seat], tuple(sorted(view.hand)))
        low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
        return candidates(
            view.legal, seat, view.hand, plan, view.public, low, view.options,
            self.budget_for(view).candidates, self.lead_for(view),
        )

    def lead_for(self, view: SeatView) -> Style:
        """The weights of the default move and the candidate order at this table."""
        return self.lead

    def budget_for(self, view: SeatView) -> SearchBudget:
        """How much this level searches at this table."""
        return self.budget

    def playout_for(self, view: SeatView) -> Style:
        """The weights of the policy that plays every seat in this table's playouts."""
        return self.playout

    def choose(self, view: SeatView) -> Action:
        """The searched action for ``view.seat``."""
        standing = match_standing(view) if self.play_for_match else None
        return self.search_from(
            view, lambda: self.dealer_for(view), match_weights(view) if self.weigh_match else None, standing
        )

    def sampler_for(self, view: SeatView) -> Sampler:
        """The sampler of the hidden tiles consistent with ``view``, as this level reads it."""
        tries = self.budget_for(view).tries
        return Sampler(view, tries=tries, read_stops=self.read_stops, read_chains=self.read_chains)

    def dealer_for(self, view: SeatView) -> Deal:
        """Deals of the hidden tiles consistent with ``view``, as this level reads it."""
        return self.sampler_for(view).state

    def search_from(
        self,
        view: SeatView,
        dealer: Callable[[], Deal],
        weights: Sequence[float] | None = None,
        standing: Standing | None = None,
    ) -> Action:
        """Search the candidates of ``view``, each sample a round made by the
        deal ``dealer`` gives (asked for only when there is a real choice)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        moves = self.moves(view)
        if len(moves) == 1:
            return moves[0]
        b = self.budget_for(view)
        samples = max(b.min_samples, min(b.max_samples, b.rollouts // len(moves)))
        rng = decision_rng(self.seed, view)
        deal = dealer()
        roots = [deal(rng) for _ in range(samples)]
        left = sum(view.hand_sizes) + view.boneyard_size
        depth = None if left <= b.endgame else b.depth
        policy = self.playout_for(view)
        return search(roots, view.seat, moves, weights, depth, b.z, policy, b.win_bonus, standing)


@mypyc_attr(allow_interpreted_subclasses=True)
class HardPlayer(SearchPlayer):
    """Hard: samples the hidden tiles from what its seat has seen and plays
    each candidate out with Medium; its default move and candidate order come
    from the stronger ``SHEDDER`` weights. Where those weights alone play
    nearly as well as Expert (``CAUTIOUS_PRESETS``), Hard starts from Medium's
    own move instead and leaves it only for a move clearly better on the
    samples; at ``classic`` it plays its default move unsearched on half its
    decisions (``UNSEARCHED``), so that Hard sits between Medium and Expert
    there too."""

    budget: ClassVar[SearchBudget] = SearchBudget(
        rollouts=64, min_samples=16, max_samples=24, candidates=4, depth=48, z=0.5)
    CAUTIOUS_PRESETS: ClassVar[frozenset[str]] = frozenset({"tournament", "tap"})
    """Presets where Hard starts from Medium's move (docs/ai.md: re-spacing the ladder)."""
    cautious_budget: ClassVar[SearchBudget] = replace(budget, z=2.0)
    """There, another move must beat Medium's by two standard errors."""
    UNSEARCHED: ClassVar[dict[str, float]] = {"classic": 0.5}
    """Per preset, the share of decisions on which Hard plays its default move
    without searching, drawn per decision from (seed, view) (docs/ai.md:
    re-spacing the ladder)."""

    def searches(self, view: SeatView) -> bool:
        """Whether Hard searches this decision (drawn from its seed and the view
        on this preset's ``UNSEARCHED`` share, else always)."""
        share = self.UNSEARCHED.get(view.options.preset, 0.0)
        return not share or decision_rng(f"{self.seed}/mix", view).random() >= share

    def choose(self, view: SeatView) -> Action:
        """The searched move, or the default move on a decision it does not search."""
        return super().choose(view) if self.searches(view) else self.moves(view)[0]

    def lead_for(self, view: SeatView) -> Style:
        """Medium's weights at a cautious preset, else ``SHEDDER``."""
        return MEDIUM if view.options.preset in self.CAUTIOUS_PRESETS else self.lead

    def budget_for(self, view: SeatView) -> SearchBudget:
        """The bar of two standard errors at a cautious preset, else half of one."""
        return self.cautious_budget if view.options.preset in self.CAUTIOUS_PRESETS else self.budget


@mypyc_attr(allow_interpreted_subclasses=True)
class ExpertPlayer(SearchPlayer):
    """Expert: Hard's search over six candidates with more samples and longer
    playouts, played to the end once few tiles are left, every seat in them
    played by the stronger ``SHEDDER`` weights instead of Medium's, samples
    that read each chain's stop as its player's lack of the end's pip and
    each first-turn chain as the longest its player could lay (see
    ``inference``), weighing the match standings when the view carries them."""

    budget: ClassVar[SearchBudget] = SearchBudget(
        rollouts=384, min_samples=48, max_samples=64, candidates=6, depth=64, endgame=30, tries=12, z=0.5
    )
    weigh_match: ClassVar[bool] = True
    playout: ClassVar[Style] = SHEDDER
    read_stops: ClassVar[bool] = True
    read_chains: ClassVar[bool] = True


class OraclePlayer:
    """For measurement only: sees the whole round (every hand and the boneyard
    order) and plays each candidate out once with Medium. Never offered to
    players; it is not in ``KINDS`` and has no ``choose(view)``."""

    candidates: ClassVar[int] = 8

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
            legal, seat, hand, plan, state.public, low, state.options, self.candidates,
        )
        if len(moves) == 1:
            return moves[0]
        return search([state], seat, moves)


class SeerPlayer(ExpertPlayer):
    """For measurement only: Expert's search handed every hand but not the
    boneyard order (each sample shuffles the boneyard), to tell how much of
    the gap to the oracle is inference and how much search and policy."""

    def choose_full(self, state: RoundState) -> Action:
        """The seer's action for the seat to move in the full ``state``."""

        def deal(rng: random.Random) -> RoundState:
            root = state.copy()
            rng.shuffle(root.boneyard)
            return root

        return self.search_from(seat_view(state, state.to_move), lambda: deal)


MEASURES: dict[str, type] = {"oracle": OraclePlayer, "seer": SeerPlayer}
"""Measurement-only kinds for ``tools/lab/arena.py``: they get the full round via ``choose_full``."""


__all__ = ["MEASURES", "ExpertPlayer", "HardPlayer", "OraclePlayer", "SeerPlayer", "medium_choice"]
