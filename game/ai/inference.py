"""What a seat can infer about the hidden tiles, and sampling consistent deals.

Every draw or pass in the public history proves that the seat held none of
the pips then open to it; tiles it drew later are exempt. So each entry
becomes a limit: of the seat's current hand, at most ``k`` tiles (the draws it
made after that entry, penalty draws at ``tap`` included) may show one of
those pips. A sample that cannot meet every limit relaxes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import RoundState, SeatView, determinize
from ..engine.tiles import HI, LO, Tile


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``allowed`` tiles of ``seat``'s hand show a pip in ``pips``."""

    seat: int
    pips: frozenset[int]
    allowed: int


def limits(view: SeatView) -> list[Limit]:
    """The limits the public history proves about the other seats' hands."""
    history = view.history
    later_draws = [0] * view.players
    out: list[Limit] = []
    for kind, seat, pips in reversed(history):
        if seat != view.seat and pips:
            out.append(Limit(seat, pips, later_draws[seat]))
        if kind in ("draw", "penalty"):
            later_draws[seat] += 1
    return out


def _shows(tile: Tile, pips: frozenset[int]) -> bool:
    return HI[tile] in pips or LO[tile] in pips


class Sampler:
    """Deals the unseen tiles to the other seats and the boneyard, consistently
    with the view's limits (void pips first, then the counted limits)."""

    def __init__(self, view: SeatView, tries: int = 6) -> None:
        self.view = view
        self.unseen = view.unseen_tiles()
        self.tries = tries
        self.others = [s for s in range(view.players) if s != view.seat]
        all_limits = limits(view)
        self.void: dict[int, frozenset[int]] = {s: frozenset() for s in self.others}
        self.counted: dict[int, list[Limit]] = {s: [] for s in self.others}
        for lim in all_limits:
            if lim.allowed == 0:
                self.void[lim.seat] = self.void[lim.seat] | lim.pips
            else:
                self.counted[lim.seat].append(lim)
        sizes = view.hand_sizes
        # Seats with the fewest allowed tiles per tile needed choose first.
        self.order = sorted(
            self.others,
            key=lambda s: sum(1 for t in self.unseen if not _shows(t, self.void[s])) - sizes[s],
        )

    def _fits(self, seat: int, hand: list[Tile]) -> bool:
        for lim in self.counted[seat]:
            if sum(1 for t in hand if _shows(t, lim.pips)) > lim.allowed:
                return False
        return True

    def deal(self, rng: random.Random) -> tuple[dict[int, list[Tile]], list[Tile]]:
        """One assignment: hidden hands and the boneyard in draw order."""
        sizes = self.view.hand_sizes
        best: tuple[dict[int, list[Tile]], list[Tile]] | None = None
        for attempt in range(self.tries):
            pool = self.unseen[:]
            rng.shuffle(pool)
            hands: dict[int, list[Tile]] = {}
            ok = True
            for seat in self.order:
                void = self.void[seat] if attempt < self.tries - 1 else frozenset()
                allowed = [t for t in pool if not _shows(t, void)] if void else pool
                if len(allowed) < sizes[seat]:
                    allowed = pool
                    ok = False
                hand = allowed[: sizes[seat]]
                taken = set(hand)
                pool = [t for t in pool if t not in taken]
                hands[seat] = hand
                if ok and not self._fits(seat, hand):
                    ok = False
            if ok:
                return hands, pool
            if best is None:
                best = (hands, pool)
        assert best is not None
        return best

    def state(self, rng: random.Random) -> RoundState:
        """One full round consistent with the view."""
        hands, boneyard = self.deal(rng)
        return determinize(self.view, hands, boneyard)
