"""What one seat may know of a round, and rebuilding a full round from it.

``seat_view`` copies out the public table, the seat's own hand, every hand's
size, the boneyard count, the public history of draws and passes and where
each seat ended its chain turns; it holds
no reference to the round, so nothing hidden is reachable from it.
``determinize`` builds a complete ``RoundState`` from a view plus one
assignment of the tiles the seat cannot see, for computer players' search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .actions import Action
from .fields import PUBLIC_FIELDS, freeze, thaw
from .frozen import Frozen
from .options import RuleOptions, TableSetup
from .round import RoundState
from .round_data import ChainStop, HistoryEntry
from .tiles import Tile, double, full_set
from .turn import TurnProgress


@dataclass(frozen=True, slots=True)
class SeatView(Frozen):
    """Everything ``seat`` may know of the round, and nothing else."""

    seat: int
    setup: TableSetup
    engine: int
    names: tuple[str, ...]
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    trains: tuple[tuple[Tile, ...], ...]
    ends: tuple[int, ...]
    public: tuple[bool, ...]
    open_doubles: tuple[int, ...]
    double_owner: tuple[tuple[int, int], ...]
    suspended: tuple[bool, ...]
    opening_done: bool
    first_turn_done: tuple[bool, ...]
    own_started_turn: tuple[int | None, ...]
    to_move: int
    opener: int
    turn_number: int
    round_over: bool
    history: tuple[HistoryEntry, ...]
    stops: tuple[ChainStop, ...]
    """Where each seat ended a chain turn on its own train (see ``RoundState.stops``)."""
    turn: TurnProgress
    """The progress of the turn being played (a copy: changing it changes nothing)."""
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to move (in the engine's fixed order), else empty."""
    totals: tuple[int, ...] = ()
    """Each seat's match score before this round (empty outside a match)."""

    @property
    def options(self) -> RuleOptions:
        """The round's rule options."""
        return self.setup.options

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.setup.players

    def unseen_tiles(self) -> list[Tile]:
        """Tiles this seat cannot see: in other hands or in the boneyard."""
        seen = set(self.hand)
        seen.add(double(self.engine))
        for train in self.trains:
            seen.update(train)
        return [t for t in full_set(self.setup.set_max) if t not in seen]


VIEW_ONLY_FIELDS = ("seat", "hand", "hand_sizes", "boneyard_size", "legal", "totals")
"""``SeatView`` fields that are not a public round field of the same name."""


def seat_view(state: RoundState, seat: int, totals: Sequence[int] = ()) -> SeatView:
    """The view of ``state`` that ``seat`` is allowed; ``totals`` are the match scores so far."""
    public = {f.name: freeze(f.kind, getattr(state, f.name)) for f in PUBLIC_FIELDS}
    return SeatView(
        seat=seat,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        boneyard_size=len(state.boneyard),
        legal=tuple(state.legal_actions()) if seat == state.to_move else (),
        totals=tuple(totals),
        **public,
    )


def determinize(
    view: SeatView, hidden_hands: Mapping[int, Sequence[Tile]], boneyard: Sequence[Tile]
) -> RoundState:
    """A complete round consistent with ``view``: the other seats hold
    ``hidden_hands`` and the boneyard is ``boneyard`` (draw order, first drawn
    first). Raises ValueError if the sizes or tiles do not fit the view."""
    n = view.players
    hands: list[list[Tile]] = []
    for seat in range(n):
        hand = list(view.hand) if seat == view.seat else list(hidden_hands.get(seat, ()))
        if len(hand) != view.hand_sizes[seat]:
            raise ValueError(f"seat {seat} holds {view.hand_sizes[seat]} tiles, not {len(hand)}")
        hands.append(hand)
    if len(boneyard) != view.boneyard_size:
        raise ValueError(f"the boneyard holds {view.boneyard_size} tiles, not {len(boneyard)}")
    assigned = sorted([t for s, h in enumerate(hands) if s != view.seat for t in h] + list(boneyard))
    if assigned != view.unseen_tiles():
        raise ValueError("the assignment is not exactly the tiles this seat cannot see")
    state = RoundState._blank(view.setup, view.engine, view.names, record_events=False)
    for field in PUBLIC_FIELDS:
        setattr(state, field.name, thaw(field.kind, getattr(view, field.name)))
    state.hands = hands
    state.boneyard = list(reversed(boneyard))
    state._legal = None
    return state
