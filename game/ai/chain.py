"""The longest chain a hand can build from one end pip, and a per-seat cache of it.

``longest_chain`` is an exact search memoized on the tiles used (a bitmask,
which also tells where the chain ends): the longest chain, then the one with
most pips. Doubles need no search: a chain that reaches a pip can always lay
that pip's double there, one tile longer for nothing, so each double held is
laid the first time the chain reaches its pip, and the search runs over the
other tiles alone; a position from which no tile goes on is not kept. Hands
with many tiles of a few pips could still make that search large, so after
``budget`` memo entries it finishes greedily (longest next step first); real
hands stay far below the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

from ..engine.tiles import HI, IS_DOUBLE, LO, MAX_PIP, PIPS, Tile

Chain = tuple[Tile, ...]

DEFAULT_BUDGET = 6000


SCORE_SHIFT: Final = 13
"""A packed chain: its score above this bit, the next tile's index + 1 in the 8
bits below it, the next end pip + 1 in the lowest 5 (one small int: the search
allocates no tuple per position, as it did when it kept tuples)."""
ONE_TILE: Final = 1 << 14
"""A score is the chain's length in units of this, plus its pips (at most 190 x 36)."""


@final
class _Graph:
    """A hand as the chain searches see it: its tiles but the doubles, by the pips they show
    (``adj``: (index, far pip, pips) per pip; ``touching``: the indices as a bitmask per pip),
    and the double of each pip held (``doubles``, -1: none)."""

    __slots__ = ("adj", "doubles", "tiles", "touching")

    def __init__(self, hand: Sequence[Tile]) -> None:
        self.tiles: list[Tile] = []
        self.doubles = [-1] * (MAX_PIP + 1)
        self.adj: list[list[tuple[int, int, int]]] = [[] for _ in range(MAX_PIP + 1)]
        self.touching = [0] * (MAX_PIP + 1)
        for t in hand:
            hi, lo = HI[t], LO[t]
            if IS_DOUBLE[t]:
                self.doubles[hi] = t
            else:
                i = len(self.tiles)
                self.adj[hi].append((i, lo, PIPS[t]))
                self.adj[lo].append((i, hi, PIPS[t]))
                self.touching[hi] |= 1 << i
                self.touching[lo] |= 1 << i
                self.tiles.append(t)


@final
class _ChainSearch:
    """One longest-chain search: the hand's tiles but its doubles by the pips they show, what
    each pip's double adds to a chain that reaches it, and the memo of the best chain from
    (end pip, tiles used) packed into ints."""

    __slots__ = ("adj", "bonus", "budget", "memo", "over", "touching")

    def __init__(self, graph: _Graph, budget: int) -> None:
        self.adj = graph.adj
        self.touching = graph.touching
        self.bonus = [0 if t < 0 else ONE_TILE + PIPS[t] for t in graph.doubles]
        self.budget = budget
        self.memo: dict[int, int] = {}
        self.over = False

    def best(self, end: int, used: int, reached: int) -> int:
        """The best chain from ``end`` with the tiles of bitmask ``used`` laid and the pips of
        bitmask ``reached`` reached (their doubles laid), packed (``SCORE_SHIFT``). The memo is
        keyed by ``used`` alone, read before each step that does not end the chain (``touching``:
        the tiles showing each pip, as a bitmask): the tiles laid from the start tell where the
        chain ends (the one pip other than the start's that they show an odd number of times, or
        the start's) and which pips it reached."""
        memo = self.memo
        adj = self.adj
        bonus = self.bonus
        touching = self.touching
        result = 0
        if self.over:
            # Greedy finish: heaviest next tile that keeps the chain going.
            pick, pick_i, pick_far, pick_pips = -1, -1, -1, 0
            for i, far, pips in adj[end]:
                if not used >> i & 1:
                    score = (ONE_TILE if adj[far] else 0) | pips
                    if score > pick:
                        pick, pick_i, pick_far, pick_pips = score, i, far, pips
            if pick >= 0:
                child = used | 1 << pick_i
                rest = 0 if not touching[pick_far] & ~child else memo.get(child)
                if rest is None:
                    rest = self.best(pick_far, child, reached | 1 << pick_far)
                gained = 0 if reached >> pick_far & 1 else bonus[pick_far]
                score = (rest >> SCORE_SHIFT) + ONE_TILE + pick_pips + gained
                result = score << SCORE_SHIFT | (pick_i + 1) << 5 | (pick_far + 1)
        else:
            best_score = 0
            for i, far, pips in adj[end]:
                if used >> i & 1:
                    continue
                child = used | 1 << i
                rest = 0 if not touching[far] & ~child else memo.get(child)
                if rest is None:
                    rest = self.best(far, child, reached | 1 << far)
                gained = 0 if reached >> far & 1 else bonus[far]
                score = (rest >> SCORE_SHIFT) + ONE_TILE + pips + gained
                if score > best_score:
                    best_score = score
                    result = score << SCORE_SHIFT | (i + 1) << 5 | (far + 1)
        memo[used] = result
        if len(memo) > self.budget:
            self.over = True
        return result


def longest_chain(start: int, hand: Sequence[Tile], budget: int = DEFAULT_BUDGET) -> Chain:
    """Tiles of ``hand`` in the order they would be laid from ``start``: the
    longest chain, ties broken by most pips; each double where the chain first reaches its pip."""
    graph = _Graph(hand)
    tiles, doubles = graph.tiles, graph.doubles
    chain: list[Tile] = [] if doubles[start] < 0 else [doubles[start]]
    if not graph.adj[start]:
        return tuple(chain)
    search = _ChainSearch(graph, budget)
    end, used, reached = start, 0, 1 << start
    while True:
        found = search.memo.get(used)
        if found is None:
            found = search.best(end, used, reached)
        i = (found >> 5 & 255) - 1
        if i < 0:
            break
        chain.append(tiles[i])
        used |= 1 << i
        end = (found & 31) - 1
        if not reached >> end & 1 and doubles[end] >= 0:
            chain.append(doubles[end])
        reached |= 1 << end
    return tuple(chain)


@final
class _LengthSearch:
    """One search for a chain of some length (tiles alone count, doubles folded in as in
    ``_ChainSearch``): the most tiles that can follow each position, kept once known exactly."""

    __slots__ = ("adj", "budget", "doubles", "memo", "over", "touching")

    def __init__(self, graph: _Graph, budget: int) -> None:
        self.adj = graph.adj
        self.touching = graph.touching
        self.doubles = graph.doubles
        self.budget = budget
        self.memo: dict[int, int] = {}
        self.over = False

    def most(self, end: int, used: int, reached: int, need: int) -> int:
        """The most tiles a chain can still add from ``end`` (tiles of bitmask ``used`` laid, pips
        of ``reached`` reached), or as soon as it can add ``need``, that many or more (then the
        search is over and nothing more is kept). Past ``budget`` memo entries every position
        not yet known adds nothing: the search ends without finding more."""
        if self.over:
            return 0
        memo = self.memo
        touching = self.touching
        doubles = self.doubles
        most = 0
        for i, far, _ in self.adj[end]:
            if used >> i & 1:
                continue
            child = used | 1 << i
            gained = 1 if reached >> far & 1 or doubles[far] < 0 else 2
            rest = 0 if not touching[far] & ~child else memo.get(child)
            if rest is None:
                rest = self.most(far, child, reached | 1 << far, need - gained)
            if gained + rest > most:
                most = gained + rest
                if most >= need:
                    return most
        memo[used] = most
        if len(memo) > self.budget:
            self.over = True
        return most


def chain_longer(start: int, hand: Sequence[Tile], length: int, budget: int = DEFAULT_BUDGET) -> bool:
    """Whether ``hand`` can lay a chain of more than ``length`` tiles from ``start`` (what
    ``len(longest_chain(start, hand)) > length`` says, stopping at the first such chain; past
    ``budget`` positions it answers with what it found)."""
    graph = _Graph(hand)
    first = 0 if graph.doubles[start] < 0 else 1
    if first > length:
        return True
    if not graph.adj[start]:
        return False
    need = length + 1 - first
    return _LengthSearch(graph, budget).most(start, 0, 1 << start, need) >= need


class ChainCache:
    """Each seat's planned chain for its own train, refreshed only when the hand
    or the train's end changes in a way that can change the answer.

    A plan stays optimal when tiles outside it leave the hand, and its tail
    stays optimal after its first tile is laid, so neither needs a new search."""

    __slots__ = ("_plans", "_seen", "budget")

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self._plans: dict[int, tuple[int, frozenset[Tile], Chain]] = {}
        self._seen: dict[tuple[int, frozenset[Tile]], Chain] = {}
        self.budget = budget

    def plan(self, seat: int, end: int, hand: Sequence[Tile]) -> Chain:
        """The chain ``seat`` should build from ``end`` with ``hand``."""
        stored = self._plans.get(seat)
        if stored is not None:
            s_end, s_hand, s_plan = stored
            if len(hand) <= len(s_hand) and s_hand.issuperset(hand):
                held = set(hand)
                if end == s_end and all(t in held for t in s_plan):
                    return s_plan
                if s_plan and end != s_end and s_plan[0] not in held:
                    first = s_plan[0]
                    far = LO[first] if HI[first] == s_end else HI[first]
                    rest = s_plan[1:]
                    if far == end and all(t in held for t in rest):
                        self._plans[seat] = (end, frozenset(hand), rest)
                        return rest
        held_set = frozenset(hand)
        key = (end, held_set)
        chain = self._seen.get(key)
        if chain is None:
            if len(self._seen) > 20000:
                self._seen.clear()
            chain = self._seen[key] = longest_chain(end, hand, self.budget)
        self._plans[seat] = (end, held_set, chain)
        return chain
