"""Medium: plans its own train and sheds heavy tiles elsewhere.

The policy is written against plain values (hand, legal actions, train
ends, markers) so that the same code decides for a ``SeatView`` in play and
for a ``RoundState`` inside Hard's and Expert's playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, final

from ..engine import END, Action, Open, Play, RoundState, SeatView
from ..engine.frozen import Frozen
from ..engine.options import RuleOptions
from ..engine.tiles import HI, IS_DOUBLE, LO, PIPS, Tile
from ..native import mypyc_attr
from .chain import Chain, ChainCache, longest_chain

RACE_TILES = 2
"""An opponent with this many tiles or fewer makes Medium race to go out."""


@dataclass(frozen=True, slots=True)
class Style(Frozen):
    """The weights of the play heuristic, in pips."""

    chain: float = 20.0
    """Laying the next tile of the planned chain on the own train."""
    marker: float = 60.0
    """Any play on the own train while it is public (takes the marker down)."""
    shed: float = 10.0
    """Laying a tile outside the plan on another train."""
    break_plan: float = -40.0
    """Laying a planned tile on another train."""
    cover_double: float = 12.0
    """A double that the hand can cover."""
    bare_double: float = -25.0
    """A double that the hand cannot cover."""
    race_tiles: int = RACE_TILES
    """Race when an opponent holds this many tiles or fewer."""


MEDIUM = Style()
"""Medium's weights."""

SHEDDER = Style(shed=40.0, race_tiles=0)
"""The stronger weights Expert (and Hard, but at tournament and tap) starts from: a tile that fits another
train always goes there before the own train's planned chain is touched, and
no racing by pips when an opponent is low (going out first wins the round,
shedding the heaviest tile does not). Found with the arena: against three
Medium players this alone wins 32% of 4-seat ``tournament`` rounds and 27%
of ``classic`` ones."""


def best_plays(legal: Sequence[Action]) -> list[Play]:
    """The plays among ``legal``, one per (tile, train), preferring the knock
    variant where the rules offer one (declaring is never worse)."""
    plays: dict[tuple[Tile, int], Play] = {}
    for a in legal:
        if type(a) is Play:
            key = (a.tile, a.train)
            if a.knock or key not in plays:
                plays[key] = a
    return list(plays.values())


def score_play(
    p: Play,
    seat: int,
    hand: Sequence[Tile],
    plan: Chain,
    own_public: bool,
    racing: bool,
    options: RuleOptions,
    style: Style = MEDIUM,
) -> float:
    """How much Medium likes ``p`` (higher is better; below 0 it would rather end)."""
    t = p.tile
    pips = PIPS[t]
    if t == 0:
        pips = max(pips, options.zero_zero_value)
    in_plan = t in plan
    if p.train == seat:
        marker = style.marker if own_public else 0.0
        if plan and t == plan[0]:
            s = style.chain + marker + (pips if racing else 0)
        elif in_plan:
            s = -60.0 + pips + marker
        else:
            s = -30.0 + pips + marker
    else:
        s = (-10.0 if racing else style.break_plan) + pips if in_plan else style.shed + pips

    if racing:
        s += pips
    if IS_DOUBLE[t]:
        pip = HI[t]
        if options.after_double == "extra-tile":
            can_cover = len(hand) >= 2
        else:
            can_cover = any(u != t and (HI[u] == pip or LO[u] == pip) for u in hand)
        if can_cover:
            s += style.cover_double
        elif racing and options.after_double == "cover-or-end":
            s += 4  # an uncovered double holds up the others
        else:
            s += style.bare_double
    return s


def medium_choice(
    seat: int,
    hand: Sequence[Tile],
    legal: Sequence[Action],
    public: Sequence[bool],
    min_opponent_tiles: int,
    options: RuleOptions,
    plan: Chain,
    style: Style = MEDIUM,
) -> Action:
    """Medium's action given its planned chain ``plan`` for its own train."""
    if len(legal) == 1:
        return legal[0]
    plays = best_plays(legal)
    if not plays:
        for a in legal:
            if a is not END and type(a) is not Play and type(a) is not Open:
                return a
        return END if END in legal else legal[0]
    racing = min_opponent_tiles <= style.race_tiles
    own_public = public[seat]
    best: Play | None = None
    best_key: tuple[float, int, int] | None = None
    for p in plays:
        key = (score_play(p, seat, hand, plan, own_public, racing, options, style), PIPS[p.tile], -p.train)
        if best_key is None or key > best_key:
            best, best_key = p, key
    assert best is not None and best_key is not None
    if best_key[0] < 0 and END in legal:
        return END
    return best


@final
class MediumPolicy:
    """Medium (or other ``style`` weights) for every seat of a full ``RoundState``
    (the playout policy), with an incremental chain cache per seat."""

    __slots__ = ("cache", "style")

    def __init__(self, budget: int = 1500, style: Style = MEDIUM) -> None:
        self.cache = ChainCache(budget)
        self.style = style

    def act(self, state: RoundState) -> Action:
        """The policy's action for the seat to move."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        hands = state.hands
        hand = hands[seat]
        plan = self.cache.plan(seat, state.ends[seat], hand)
        n = state.players
        low = min(len(hands[s]) for s in range(n) if s != seat)
        return medium_choice(seat, hand, legal, state.public, low, state.options, plan, self.style)


def view_plan(view: SeatView, cache: dict[tuple[int, tuple[Tile, ...]], Chain]) -> Chain:
    """The planned chain for the view's own train, a pure function of (end, hand)."""
    key = (view.ends[view.seat], tuple(sorted(view.hand)))
    plan = cache.get(key)
    if plan is None:
        if len(cache) > 64:
            cache.clear()
        plan = cache[key] = longest_chain(key[0], key[1])
    return plan


@mypyc_attr(allow_interpreted_subclasses=True)
class MediumPlayer:
    """Medium: longest own-train chain kept in reserve, heavy tiles shed on the
    Mexican and public trains, doubles only when coverable, races when an
    opponent is nearly out."""

    style: ClassVar[Style] = MEDIUM

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._plans: dict[tuple[int, tuple[Tile, ...]], Chain] = {}

    def choose(self, view: SeatView) -> Action:
        """Medium's action for ``view.seat``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        plan = view_plan(view, self._plans)
        low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
        return medium_choice(seat, view.hand, legal, view.public, low, view.options, plan, self.style)
