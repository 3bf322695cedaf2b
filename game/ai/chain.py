"""The longest chain a hand can build from one end pip, and a per-seat cache of it.

``longest_chain`` is an exact search memoized on (end pip, tiles used as a
bitmask): the longest chain, then the one with most pips. Hands with many
tiles of a few pips could still make that search large, so after ``budget``
memo entries it finishes greedily (longest next step first); real hands stay
far below the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

from ..engine.tiles import HI, LO, MAX_PIP, PIPS, Tile

Chain = tuple[Tile, ...]

DEFAULT_BUDGET = 6000


SCORE_SHIFT: Final = 13
"""A packed chain: its score above this bit, the next tile's index + 1 in the 8
bits below it, the next end pip + 1 in the lowest 5 (one small int: the search
allocates no tuple per position, as it did when it kept tuples)."""
ONE_TILE: Final = 1 << 14
"""A score is the chain's length in units of this, plus its pips (at most 190 x 36)."""


@final
class _ChainSearch:
    """One longest-chain search: the hand's tiles by the pips they show, and the memo of
    the best chain from (end pip, tiles used) packed into ints."""

    __slots__ = ("adj", "budget", "memo", "over")

    def __init__(self, adj: list[list[tuple[int, int, int]]], budget: int) -> None:
        self.adj = adj
        self.budget = budget
        self.memo: dict[int, int] = {}
        self.over = False

    def best(self, end: int, used: int) -> int:
        """The best chain from ``end`` with the tiles of bitmask ``used`` laid, packed
        (``SCORE_SHIFT``); the memo, keyed ``used << 5 | end``, is read before each step."""
        memo = self.memo
        adj = self.adj
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
                rest = memo.get(child << 5 | pick_far)
                if rest is None:
                    rest = self.best(pick_far, child)
                score = (rest >> SCORE_SHIFT) + ONE_TILE + pick_pips
                result = score << SCORE_SHIFT | (pick_i + 1) << 5 | (pick_far + 1)
        else:
            best_score = 0
            for i, far, pips in adj[end]:
                if used >> i & 1:
                    continue
                child = used | 1 << i
                rest = memo.get(child << 5 | far)
                if rest is None:
                    rest = self.best(far, child)
                score = (rest >> SCORE_SHIFT) + ONE_TILE + pips
                if score > best_score:
                    best_score = score
                    result = score << SCORE_SHIFT | (i + 1) << 5 | (far + 1)
        memo[used << 5 | end] = result
        if len(memo) > self.budget:
            self.over = True
        return result


def longest_chain(start: int, hand: Sequence[Tile], budget: int = DEFAULT_BUDGET) -> Chain:
    """Tiles of ``hand`` in the order they would be laid from ``start``: the
    longest chain, ties broken by most pips."""
    tiles = list(hand)
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(MAX_PIP + 1)]
    for i, t in enumerate(tiles):
        hi, lo = HI[t], LO[t]
        adj[hi].append((i, lo, PIPS[t]))
        if lo != hi:
            adj[lo].append((i, hi, PIPS[t]))
    if not adj[start]:
        return ()
    search = _ChainSearch(adj, budget)
    chain: list[Tile] = []
    end, used = start, 0
    while True:
        found = search.memo.get(used << 5 | end)
        if found is None:
            found = search.best(end, used)
        i = (found >> 5 & 255) - 1
        if i < 0:
            break
        chain.append(tiles[i])
        used |= 1 << i
        end = (found & 31) - 1
    return tuple(chain)


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
