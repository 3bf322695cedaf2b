"""The hand tray's order: by pips, by suit, or the longest train you can build."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..ai.chain import Chain, longest_chain
from ..engine.tiles import HI, LO, PIPS, Tile

SORTS = ("pips", "suit", "train")
SORT_LABELS = {"pips": "by pips", "suit": "by suit", "train": "longest train"}


@lru_cache(maxsize=256)
def _chain(end: int, hand: tuple[Tile, ...]) -> Chain:
    """The computer players' longest chain from ``end`` (``hand`` sorted, as the hint asks it)."""
    return longest_chain(end, hand)


def own_train_chain(hand: Sequence[Tile], end: int) -> Chain:
    """The longest chain ``hand`` can lay from pip ``end``: the one the hint plans
    with (game.ai.chain), computed once per (end, hand)."""
    return _chain(end, tuple(sorted(hand)))


def sort_hand(hand: Sequence[Tile], how: str, own_end: int) -> list[Tile]:
    """``hand`` in tray order for the sort ``how`` (see SORTS)."""
    if how == "suit":
        return sorted(hand, key=lambda t: (-HI[t], -LO[t]))
    if how == "train":
        chain = own_train_chain(hand, own_end)
        rest = sorted((t for t in hand if t not in chain), key=lambda t: -PIPS[t])
        return [*chain, *rest]
    return sorted(hand, key=lambda t: (-PIPS[t], -HI[t]))
