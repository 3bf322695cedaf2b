"""What a seat can infer about the hidden tiles, and sampling consistent deals.

Every draw or pass in the public history proves that the seat held none of
the pips then open to it; tiles it drew later are exempt. So each entry
becomes a limit: of the seat's current hand, at most ``k`` tiles (the draws it
made after that entry, penalty draws at ``tap`` included) may show one of
those pips. A sample that cannot meet every limit relaxes them.

With ``read_stops``, the sampler also reads where each seat ended a chain turn
(the first-turn chain at ``classic``): a player who stops a chain on its own
train is taken to have held no tile matching its end but that end's double
(which a player may keep back to play with its cover), as a player who lays its
longest chain does. That is a reading of how people and our levels play,
not a rule (the rules let a chain stop early), so only Expert trusts it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import RoundState, SeatView, determinize
from ..engine.tiles import PIP_SET, Tile, double


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``allowed`` tiles of ``seat``'s hand are among ``tiles``."""

    seat: int
    tiles: frozenset[Tile]
    allowed: int


def showing(pips: frozenset[int]) -> frozenset[Tile]:
    """Every tile with an end showing one of ``pips``."""
    return frozenset().union(*(PIP_SET[p] for p in pips))


def limits(view: SeatView, read_stops: bool = False) -> list[Limit]:
    """The limits the public history proves about the other seats' hands
    (and, with ``read_stops``, what their chain stops suggest)."""
    history = view.history
    later_draws = [0] * view.players
    out: list[Limit] = []
    for kind, seat, pips in reversed(history):
        if seat != view.seat and pips:
            out.append(Limit(seat, showing(pips), later_draws[seat]))
        if kind in ("draw", "penalty"):
            later_draws[seat] += 1
    if read_stops:
        for seat, pip, at in view.stops:
            if seat != view.seat:
                drawn_since = sum(1 for kind, s, _ in history[at:] if s == seat and kind in ("draw", "penalty"))
                out.append(Limit(seat, PIP_SET[pip] - {double(pip)}, drawn_since))
    return out


class Sampler:
    """Deals the unseen tiles to the other seats and the boneyard, consistently
    with the view's limits (void tiles first, then the counted limits)."""

    def __init__(self, view: SeatView, tries: int = 6, read_stops: bool = False) -> None:
        self.view = view
        self.unseen = view.unseen_tiles()
        self.tries = tries
        self.others = [s for s in range(view.players) if s != view.seat]
        all_limits = limits(view, read_stops)
        self.void: dict[int, frozenset[Tile]] = {s: frozenset() for s in self.others}
        self.counted: dict[int, list[Limit]] = {s: [] for s in self.others}
        for lim in all_limits:
            if lim.allowed == 0:
                self.void[lim.seat] = self.void[lim.seat] | lim.tiles
            else:
                self.counted[lim.seat].append(lim)
        sizes = view.hand_sizes
        # Seats with the fewest allowed tiles per tile needed choose first.
        self.order = sorted(
            self.others,
            key=lambda s: sum(1 for t in self.unseen if t not in self.void[s]) - sizes[s],
        )

    def _fits(self, seat: int, hand: list[Tile]) -> bool:
        for lim in self.counted[seat]:
            if sum(1 for t in hand if t in lim.tiles) > lim.allowed:
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
                allowed = [t for t in pool if t not in void] if void else pool
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
