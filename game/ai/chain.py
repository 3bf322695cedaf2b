"""The longest chain a hand can build from one end pip, and a per-seat cache of it.

``longest_chain`` is an exact search memoized on (end pip, tiles used as a
bitmask): the longest chain, then the one with most pips. Hands with many
tiles of a few pips could still make that search large, so after ``budget``
memo entries it finishes greedily (longest next step first); real hands stay
far below the budget.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.tiles import HI, LO, PIPS, Tile

Chain = tuple[Tile, ...]

DEFAULT_BUDGET = 6000


def longest_chain(start: int, hand: Sequence[Tile], budget: int = DEFAULT_BUDGET) -> Chain:
    """Tiles of ``hand`` in the order they would be laid from ``start``: the
    longest chain, ties broken by most pips."""
    tiles = list(hand)
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(tiles):
        hi, lo = HI[t], LO[t]
        adj.setdefault(hi, []).append((i, lo, PIPS[t]))
        if lo != hi:
            adj.setdefault(lo, []).append((i, hi, PIPS[t]))
    if start not in adj:
        return ()
    memo: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    over = False

    def best(end: int, used: int) -> tuple[int, int, int, int]:
        """(length, pips, next tile index, next end) of the best chain from here."""
        nonlocal over
        key = (end, used)
        found = memo.get(key)
        if found is not None:
            return found
        result = (0, 0, -1, -1)
        options = adj.get(end, ())
        if over:
            # Greedy finish: heaviest next tile that keeps the chain going.
            pick = None
            for i, far, pips in options:
                if not used >> i & 1:
                    score = (far in adj, pips)
                    if pick is None or score > pick[0]:
                        pick = (score, i, far, pips)
            if pick is not None:
                _, i, far, pips = pick
                length, total, _, _ = best(far, used | 1 << i)
                result = (length + 1, total + pips, i, far)
        else:
            for i, far, pips in options:
                if used >> i & 1:
                    continue
                length, total, _, _ = best(far, used | 1 << i)
                if (length + 1, total + pips) > result[:2]:
                    result = (length + 1, total + pips, i, far)
        memo[key] = result
        if len(memo) > budget:
            over = True
        return result

    chain: list[Tile] = []
    end, used = start, 0
    while True:
        _, _, i, far = best(end, used)
        if i < 0:
            break
        chain.append(tiles[i])
        used |= 1 << i
        end = far
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
