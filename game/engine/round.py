"""One round of Mexican Train: the table, the hands, whose turn, and the rules.

``RoundState`` answers ``legal_actions()`` for the seat to move and changes
only through ``apply(action)``, which records events for the UI. The turn
passes by itself whenever the seat to move has no decision left. Every rule
difference between presets is read from the ``RuleOptions`` object.

Trains are indexed by seat; the Mexican train is index ``MEXICAN`` (-1, the
last list entry). The boneyard list is drawn from its end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import final

from . import events as ev
from . import legality, turn_rules
from .actions import Action, Draw, End, Open, Play
from .build import lay_table
from .ending import is_blocked, score_round
from .errors import IllegalAction
from .options import TableSetup
from .round_data import RoundData
from .tiles import IS_DOUBLE, Tile
from .turn import OPTIONAL, REQUIRED


@final
class RoundState(RoundData):
    """A round in progress (or over): its data (``RoundData``) and the rules:
    ``legal_actions`` and ``apply``."""

    __slots__ = ()

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

    # ------------------------------------------------------------------ queries

    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to move (empty once the round is over).

        ``draw`` appears only when no play does; knock variants appear beside a
        play that leaves one tile where forgetting the knock costs a penalty
        (``knock == "penalty"``). The order is fixed, and every computer level's
        decisions depend on it: the plays train by train as the seat considers
        them (its own, the Mexican, the others by seat), each train's tiles in the
        order of the hand, then their knock variants, then ``end`` or ``open``.
        Do not mutate."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legality.legal_actions(self)
        return legal

    # --------------------------------------------------------- legal generation

    def targets(self, seat: int, scope: int) -> list[tuple[int, int]]:
        """(train, end pip) pairs ``seat`` may play on under ``scope`` (see ``legality.targets``)."""
        return legality.targets(self, seat, scope)

    def plays(self, seat: int, scope: int) -> list[Play]:
        """Plays from ``seat``'s hand under ``scope`` (without knock variants)."""
        return legality.plays(self, seat, scope)

    # ------------------------------------------------------------------- apply

    def apply(self, action: object) -> Action:
        """Apply a legal action for the seat to move and return it as it was offered
        (the interned value); raise IllegalAction with the reason, for anything
        that is not an action too (both builds: the compiled one checks no type here)."""
        legal = self.legal_actions()
        for offered in legal:  # identity first: offered actions are interned values
            if offered is action:
                break
        else:
            offered = self._offered(action)
        self._legal = None
        if type(offered) is Play:
            self._do_play(offered)
        elif type(offered) is Draw:
            self._do_draw()
        elif type(offered) is End:
            self._finish_turn(failed=False)
        elif type(offered) is Open:
            self.turn.opened = True
            self._set_public(self.to_move, True)
        self._settle()
        return offered

    def _offered(self, action: object) -> Action:
        """The legal action equal to ``action``, or IllegalAction saying why there is none."""
        if not isinstance(action, (Play, Draw, End, Open)):
            raise IllegalAction(f"{type(action).__name__[:40]} is not an action: play, draw, end or open")
        for offered in self.legal_actions():
            if offered == action:
                return offered
        raise IllegalAction(self.why_illegal(action))

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
        covered = train in self.open_doubles and turn_rules.cover(self, seat, train)
        if len(self.hands[seat]) == 1:
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
        if failed:
            if not self.boneyard:
                turn_rules.suspension(self, seat, legality.may_draw(self))
            if self.turn.played == 0 and self.events is not None:
                self.events.append(ev.Passed(seat))
        turn_rules.marker_after_turn(self, seat, failed)
        turn_rules.record_chain_stop(self, seat, failed)
        if not self.opening_done and turn_rules.close_opening(self, seat):
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

    def _end_round(self, went_out: int | None) -> None:
        """End the round and score it (see ``ending.score_round``)."""
        score_round(self, went_out)

    # ------------------------------------------------------------------ reasons

    def why_illegal(self, action: Action) -> str:
        """A player-readable reason why ``action`` is not legal now (or '' if it is)."""
        return legality.refusal(self, action) or ""
