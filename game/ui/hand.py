"""The hand tray's order: by pips, by suit, or the longest train you can build."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.tiles import HI, LO, PIPS

SORTS = ("pips", "suit", "train")
SORT_LABELS = {"pips": "by pips", "suit": "by suit", "train": "longest train"}


def longest_chain(hand: Sequence[int], end: int) -> list[int]:
    """The longest run of tiles from ``hand`` that can be laid from pip ``end``."""
    best: list[int] = []
    tiles = list(hand)
    used = [False] * len(tiles)
    path: list[int] = []
    budget = [20000]

    def walk(pip: int) -> None:
        nonlocal best
        budget[0] -= 1
        if len(path) > len(best):
            best = path[:]
        if budget[0] <= 0:
            return
        for i, t in enumerate(tiles):
            if not used[i] and (HI[t] == pip or LO[t] == pip):
                used[i] = True
                path.append(t)
                walk(LO[t] if HI[t] == pip else HI[t])
                path.pop()
                used[i] = False

    walk(end)
    return best


def sort_hand(hand: Sequence[int], how: str, own_end: int) -> list[int]:
    """``hand`` in tray order for the sort ``how`` (see SORTS)."""
    if how == "suit":
        return sorted(hand, key=lambda t: (-HI[t], -LO[t]))
    if how == "train":
        chain = longest_chain(hand, own_end)
        rest = sorted((t for t in hand if t not in chain), key=lambda t: -PIPS[t])
        return chain + rest
    return sorted(hand, key=lambda t: (-PIPS[t], -HI[t]))
