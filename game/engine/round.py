"""One round of Mexican Train: the table, the hands, whose turn, and the rules.

``RoundState`` answers ``legal_actions()`` for the seat to move and changes
only through ``apply(action)``, which records events for the UI. The turn
passes by itself whenever the seat to move has no decision left. Every rule
difference between presets is read from the ``RuleOptions`` object.

Trains are indexed by seat; the Mexican train is index ``MEXICAN`` (-1, the
last list entry). The boneyard list is drawn from its end.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from . import events as ev
from . import legality, turn_rules
from .actions import MEXICAN, Action, Draw, End, Open, Play
from .errors import IllegalAction
from .fields import FIELD_NAMES, ROUND_FIELDS, Kind, copy_value
from .options import RuleOptions, TableSetup
from .build import lay_table
from .ending import is_blocked, score_round
from .tiles import HI, IS_DOUBLE, LO, Tile, tile_value
from .turn import COVER, EXTRA, OPTIONAL, ORDINARY, OWN, REQUIRED, TurnProgress


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
"""What ``RoundState.copy`` duplicates, and how."""


class RoundState:
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
    def from_table(
        cls,
        setup: TableSetup,
        engine: int,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        to_move: int,
        trains: Mapping[int, Sequence[Tile]] | None = None,
        public: Sequence[int] = (),
        opening_done: bool = True,
        open_doubles: Sequence[int] = (),
        double_owner: dict[int, int] | None = None,
        suspended: Sequence[int] = (),
        names: Sequence[str] | None = None,
        record_events: bool = True,
        settle: bool = True,
    ) -> RoundState:
        """A round mid-play. ``boneyard`` is in draw order (first drawn first);
        ``open_doubles`` in the order they must be covered. Raises ValueError
        for a table that cannot exist (a train that is not a chain from the hub)."""
        state = cls._blank(setup, engine, names, record_events)
        lay_table(state, hands, boneyard, to_move, trains or {}, public, opening_done, open_doubles,
                  double_owner or {}, suspended)
        state.to_move = to_move
        state.opener = to_move
        state._start_turn(announce=False)
        if settle:
            state._settle()
        return state

    @classmethod
    def _blank(
        cls, setup: TableSetup, engine: int, names: Sequence[str] | None, record_events: bool
    ) -> RoundState:
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

    def copy(self, record_events: bool = False) -> RoundState:
        """An independent copy, cheap enough for search (events not copied)."""
        c = RoundState.__new__(RoundState)
        for name, kind in _COPIED:
            setattr(c, name, copy_value(kind, getattr(self, name)))
        c.events = [] if record_events else None
        return c

    # ------------------------------------------------------------------ queries

    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to move (empty once the round is over).

        ``draw`` appears only when no play does; knock variants appear beside a
        play that leaves one tile where forgetting the knock costs a penalty
        (``knock == "penalty"``). Do not mutate."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legality.legal_actions(self)
        return legal

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

    def hand_value(self, seat: int) -> int:
        """Pips in ``seat``'s hand as they would score now."""
        zz = self.options.zero_zero_value
        return sum(tile_value(t, zz) for t in self.hands[seat])

    def new_events(self, since: int) -> list[ev.Event]:
        """Events recorded after the first ``since`` ones."""
        return [] if self.events is None else self.events[since:]

    # --------------------------------------------------------- legal generation

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

    def targets(self, seat: int, scope: int) -> list[tuple[int, int]]:
        """(train, end pip) pairs ``seat`` may play on under ``scope`` (see ``legality.targets``)."""
        return legality.targets(self, seat, scope)

    def plays(self, seat: int, scope: int) -> list[Play]:
        """Plays from ``seat``'s hand under ``scope`` (without knock variants)."""
        return legality.plays(self, seat, scope)

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> None:
        """Apply a legal action for the seat to move, or raise IllegalAction with the reason."""
        legal = self.legal_actions()
        for offered in legal:  # identity first: offered actions are interned values
            if offered is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self.why_illegal(action))
        self._legal = None
        if type(action) is Play:
            self._do_play(action)
        elif type(action) is Draw:
            self._do_draw()
        elif type(action) is End:
            self._finish_turn(failed=False)
        elif type(action) is Open:
            self.turn.opened = True
            self._set_public(self.to_move, True)
        self._settle()

    def _do_draw(self) -> None:
        """Draw one tile for the seat to move (its only decision)."""
        seat = self.to_move
        pips = frozenset(end for _, end in self.targets(seat, self.scope()))
        self.history.append(("draw", seat, pips))
        tile = self.boneyard.pop()
        self.hands[seat].append(tile)
        self.turn.drew = True
        if self.events is not None:
            self.events.append(ev.TileDrawn(seat, tile))

    def _do_play(self, action: Play) -> None:
        """Lay a tile, then work out what the turn needs next (the steps of ``turn_rules``)."""
        seat, tile, train = self.to_move, action.tile, action.train
        turn = self.turn
        drawn_just_now, turn.drew = turn.drew, False
        turn_rules.lay_tile(self, seat, tile, train)
        covered = turn_rules.cover(self, seat, train)
        turn_rules.knock(self, seat, action.knock)
        if not self.opening_done and not self.first_turn_done[seat]:
            turn.need = OPTIONAL  # the opening chain: no double opens, nobody goes out yet
            return
        double = IS_DOUBLE[tile]
        if double:
            turn_rules.open_double(self, seat, train)
        if turn_rules.going_out(self, seat, covered):
            return
        turn.need = turn_rules.next_need(self, train, double, covered, drawn_just_now)

    def _settle(self) -> None:
        """Pass turns on by themselves while the seat to move has no decision."""
        passes = 0
        while not self.round_over and not self.legal_actions():
            need = self.turn.need
            failed = need == REQUIRED
            if failed and self.turn.played == 0:
                seat = self.to_move
                scope = self.scope()
                pips = frozenset(end for _, end in self.targets(seat, scope))
                self.history.append(("pass", seat, pips))
            passes += 1
            if passes > 2 * self.players + 2 and not self.boneyard:
                # Every seat has passed twice over with every marker up: nobody can play.
                self._end_round(went_out=None)
                return
            self._finish_turn(failed=failed)

    def _finish_turn(self, failed: bool) -> None:
        """Settle the turn just ended (suspension, the marker, a chain's stop,
        the opening) and hand the turn on, unless the round ends."""
        seat = self.to_move
        turn_rules.suspension(self, seat, failed and legality.may_draw(self) and not self.boneyard)
        if failed and self.turn.played == 0:
            turn_rules.emit(self, ev.Passed(seat))
        turn_rules.marker_after_turn(self, seat, failed)
        turn_rules.record_chain_stop(self, seat, failed)
        if turn_rules.close_opening(self, seat):
            return
        if not self.boneyard and is_blocked(self):
            self._end_round(went_out=None)
            return
        self.to_move = (seat + 1) % self.players
        self.turn_number += 1
        self._start_turn(announce=True)

    def _start_turn(self, announce: bool) -> None:
        """Begin the turn of ``to_move``."""
        self.turn.begin(tuple(self.open_doubles))
        self._legal = None
        if announce and self.events is not None:
            self.events.append(ev.TurnStarted(self.to_move))

    def _set_public(self, seat: int, public: bool) -> None:
        """Raise or lower ``seat``'s marker, recording the change."""
        if self.public[seat] != public:
            self.public[seat] = public
            if self.events is not None:
                self.events.append(ev.MarkerUp(seat) if public else ev.MarkerDown(seat))

    def _end_round(self, went_out: int | None) -> None:
        """End the round and score it (see ``ending.score_round``)."""
        score_round(self, went_out)

    # ------------------------------------------------------------------ reasons

    def why_illegal(self, action: Action) -> str:
        """A player-readable reason why ``action`` is not legal now (or '' if it is)."""
        return legality.refusal(self, action) or ""
