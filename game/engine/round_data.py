"""The data of one round: the table, the hands, whose turn, and the questions
every rule asks of them (``RoundData``).

``RoundState`` (``round.py``) adds the rules: legal actions and ``apply``. The
rule modules (``legality``, ``turn_rules``, ``ending``, ``build``) work on a
``RoundData``, so none of them needs the ``RoundState`` that uses them.

Trains are indexed by seat; the Mexican train is index ``MEXICAN`` (-1, the
last list entry). The boneyard list is drawn from its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from . import events as ev
from .actions import MEXICAN, Action
from .fields import FIELD_NAMES, ROUND_FIELDS, Kind, copy_value
from .options import RuleOptions, TableSetup
from .tiles import HI, LO, Tile, tile_value
from .turn import COVER, EXTRA, ORDINARY, OWN, TurnProgress

HistoryEntry = tuple[str, int, frozenset[int]]
"""Public history: ("draw", seat, pips open to it), ("pass", seat, pips open to
it) when a turn ends without a play, ("penalty", seat, frozenset()) for a tap
penalty draw."""

ChainStop = tuple[int, int, int]
"""(seat, end pip, history length then): a seat ended a turn in which it could
lay any number of tiles on its own train (the first-turn chain, or the starting
turn where the preset allows one), having laid at least one, with its train
ending in that pip, after that many history entries."""


_COPIED: tuple[tuple[str, Kind], ...] = tuple(
    (f.name, f.kind) for f in ROUND_FIELDS if f.kind is not Kind.EVENTS
)
"""What ``RoundData.copy`` duplicates, and how."""


class RoundData:
    """A round in progress (or over): everything the rules need, nothing more."""

    __slots__ = FIELD_NAMES

    setup: TableSetup
    options: RuleOptions
    players: int
    engine: int
    names: tuple[str, ...]
    hands: list[list[Tile]]
    boneyard: list[Tile]
    trains: list[list[Tile]]
    ends: list[int]
    public: list[bool]
    open_doubles: list[int]
    double_owner: dict[int, int]
    suspended: list[bool]
    opening_done: bool
    first_turn_done: list[bool]
    own_started_turn: list[int | None]
    to_move: int
    opener: int
    turn_number: int
    round_over: bool
    went_out: int | None
    scores: list[int] | None
    charges: list[int]
    events: list[ev.Event] | None
    history: list[HistoryEntry]
    stops: tuple[ChainStop, ...]
    turn: TurnProgress
    _legal: list[Action] | None

    # ----------------------------------------------------------------- building

    @classmethod
    def _blank(
        cls, setup: TableSetup, engine: int, names: Sequence[str] | None, record_events: bool
    ) -> Self:
        """A state with empty table and no turn yet."""
        state = cls.__new__(cls)
        n = setup.players
        for field in ROUND_FIELDS:
            if field.initial is not None:
                setattr(state, field.name, field.initial(n))
        state.setup = setup
        state.options = setup.options
        state.players = n
        state.engine = engine
        state.names = tuple(names) if names else tuple(f"Seat {i}" for i in range(n))
        state.ends = [engine] * (n + 1)
        state.opening_done = setup.options.multi_tile_start != "first-turn"
        state.first_turn_done = [state.opening_done] * n
        state.events = [] if record_events else None
        return state

    def copy(self, record_events: bool = False) -> Self:
        """An independent copy, cheap enough for search (events not copied)."""
        c = type(self).__new__(type(self))
        for name, kind in _COPIED:
            setattr(c, name, copy_value(kind, getattr(self, name)))
        c.events = [] if record_events else None
        return c

    # ------------------------------------------------------------------ queries

    def train_tiles(self, train: int) -> list[tuple[int, int]]:
        """A train's tiles oriented as laid, hub side first, as (near, far) pips."""
        out = []
        end = self.engine
        for tile in self.trains[train]:
            far = LO[tile] if HI[tile] == end else HI[tile]
            out.append((end, far))
            end = far
        return out

    def train_ids(self) -> list[int]:
        """Every train: the seats in order, then the Mexican train."""
        return [*range(self.players), MEXICAN]

    def covering_order(self) -> list[int]:
        """Trains ending in an uncovered double, in the order they must be covered."""
        if self.options.double_order == "newest-first":
            return self.open_doubles[::-1]
        return self.open_doubles[:]

    def first_to_cover(self) -> int:
        """The train whose uncovered double must be covered first (``covering_order()[0]``, without
        the copy); only while a double is uncovered."""
        if self.options.double_order == "newest-first":
            return self.open_doubles[-1]
        return self.open_doubles[0]

    def hand_value(self, seat: int) -> int:
        """Pips in ``seat``'s hand as they would score now."""
        zz = self.options.zero_zero_value
        return sum(tile_value(t, zz) for t in self.hands[seat])

    def new_events(self, since: int) -> list[ev.Event]:
        """Events recorded after the first ``since`` ones."""
        return [] if self.events is None else self.events[since:]

    def scope(self) -> int:
        """Which plays count for the seat to move at this point of its turn
        (``ORDINARY``, ``COVER``, ``EXTRA`` or ``OWN`` from ``turn.py``)."""
        seat = self.to_move
        if not self.first_turn_done[seat] and not self.opening_done:
            return OWN
        if self.turn.owes:
            return EXTRA
        if self.open_doubles:
            return COVER
        if self.turn.chain:
            return OWN
        return ORDINARY

    def _set_public(self, seat: int, public: bool) -> None:
        """Raise or lower ``seat``'s marker, recording the change."""
        if self.public[seat] != public:
            self.public[seat] = public
            if self.events is not None:
                self.events.append(ev.MarkerUp(seat) if public else ev.MarkerDown(seat))

