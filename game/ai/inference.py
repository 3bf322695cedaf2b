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

With ``read_chains``, it also reads each ``classic`` first-turn chain as the
longest its player could lay: until that seat draws again, a sample must not
let its hand, together with the chain it laid, make a longer chain from the
engine (one tile longer if it holds the double of the chain's end, which a
player keeps back; each such seat's hand is redealt a few times to meet that).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import final

from ..engine import RoundState, SeatView, determinize
from ..engine.chance import shuffle
from ..engine.tiles import HI, LO, PIP_SET, Tile, double
from .chain import chain_longer

CHAIN_TRIES = 6
"""Redeals of one seat's hand to meet the reading of its first-turn chain."""

CHAIN_CHECKS = 400
"""Chain checks per sampler (one decision); past that, samples skip the reading."""

CHAIN_BUDGET = 1500
"""Memo entries for each check's chain search (then it finishes greedily)."""


@dataclass(frozen=True, slots=True)
class ChainRead:
    """``seat`` laid ``chain`` from ``start`` as its first turn: taken as the longest it could."""

    seat: int
    start: int
    chain: tuple[Tile, ...]


def chain_reads(view: SeatView) -> dict[int, ChainRead]:
    """First-turn chains of the other seats that have not drawn since, read
    as the longest their hands allowed (only where the chain is clear)."""
    if view.options.multi_tile_start != "first-turn":
        return {}
    out: dict[int, ChainRead] = {}
    history = view.history
    for seat, pip, at in view.stops:
        if seat == view.seat or seat in out:
            continue
        if any(s == seat and kind in ("draw", "penalty") for kind, s, _ in history[at:]):
            out[seat] = ChainRead(seat, view.engine, ())  # read no more from this seat
            continue
        end, ends_at = view.engine, []
        for k, t in enumerate(view.trains[seat], 1):
            end = LO[t] if HI[t] == end else HI[t]
            if end == pip:
                ends_at.append(k)
        chain = view.trains[seat][: ends_at[0]] if len(ends_at) == 1 else ()
        out[seat] = ChainRead(seat, view.engine, tuple(chain))
    return {s: r for s, r in out.items() if r.chain}


def detour_doubles(read: ChainRead) -> frozenset[Tile]:
    """Doubles the chain's player cannot have held: one of a pip the chain
    passes (not its end) would have made the chain longer."""
    pips, end = {read.start}, read.start
    for t in read.chain:
        end = LO[t] if HI[t] == end else HI[t]
        pips.add(end)
    pips.discard(end)
    return frozenset(double(p) for p in pips) - set(read.chain)


def chain_fits(read: ChainRead, hand: list[Tile]) -> bool:
    """Whether ``hand`` with the chain laid could make no longer chain than it
    (one longer if the hand holds the end's double: a player keeps that back
    to cover it later)."""
    end = read.start
    for t in read.chain:
        end = LO[t] if HI[t] == end else HI[t]
    extra = 1 if double(end) in hand else 0
    tiles = sorted([*hand, *read.chain])
    return not chain_longer(read.start, tiles, len(read.chain) + extra, CHAIN_BUDGET)


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``allowed`` tiles of ``seat``'s hand are among ``tiles``."""

    seat: int
    tiles: frozenset[Tile]
    allowed: int


def showing(pips: frozenset[int]) -> frozenset[Tile]:
    """Every tile with an end showing one of ``pips``."""
    return frozenset().union(*[PIP_SET[p] for p in pips])


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


@final
class Sampler:
    """Deals the unseen tiles to the other seats and the boneyard, consistently
    with the view's limits (void tiles first, then the counted limits)."""

    def __init__(self, view: SeatView, tries: int = 6, read_stops: bool = False, read_chains: bool = False) -> None:
        self.view = view
        self.chains = chain_reads(view) if read_chains else {}
        self.checks_left = CHAIN_CHECKS
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
        for seat, read in self.chains.items():
            self.void[seat] = self.void[seat] | detour_doubles(read)
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
            shuffle(pool, rng)
            hands: dict[int, list[Tile]] = {}
            ok = True
            for seat in self.order:
                void = self.void[seat] if attempt < self.tries - 1 else frozenset()
                allowed = [t for t in pool if t not in void] if void else pool
                if len(allowed) < sizes[seat]:
                    allowed = pool
                    ok = False
                hand = allowed[: sizes[seat]]
                if ok and seat in self.chains:
                    hand = self._fit_chain(seat, hand, allowed, rng)
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

    def _fit_chain(self, seat: int, hand: list[Tile], allowed: list[Tile], rng: random.Random) -> list[Tile]:
        """Draw ``seat``'s hand again from ``allowed`` (a few times, within the
        check budget) until it could have laid the chain the seat was seen to lay."""
        read, size = self.chains[seat], len(hand)
        for _ in range(CHAIN_TRIES):
            if self.checks_left <= 0:
                break
            if self._fits(seat, hand):
                self.checks_left -= 1
                if chain_fits(read, hand):
                    break
            shuffle(allowed, rng)
            hand = allowed[:size]
        return hand

    def state(self, rng: random.Random) -> RoundState:
        """One full round consistent with the view."""
        hands, boneyard = self.deal(rng)
        return determinize(self.view, hands, boneyard)
