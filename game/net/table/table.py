"""One network table: who may do what, the fair deal and the match, with no sockets.

A ``Table`` takes checked requests from a seat (``join``, ``start``,
``contribute``, ``act``...) and returns the messages to send, as
``(seat, message)`` pairs (seat ``None``: every person at the table). It
drives its ``Match`` only through the engine's API (``legal_actions``,
``apply``, ``view``, ``outcome``, ``start_next_round``) and refuses a request
with ``Refused`` (an error code and a sentence). Each person gets their own
seat's view and the events as their seat may see them (``events.for_seat``).

The life of a table: ``lobby`` (people join, the host sets seats) ->
``dealing`` (the server has shown its commitment; contributions come in) ->
``playing`` -> ``dealing`` for the next round ... -> ``over``.

Every change that must outlive the process is also noted as a write
(``writes``: the seats, the round's secret, each contribution, the deal, each
action, the scores), which the server commits to its database before it
sends any of the messages: nothing anyone is told can be lost.
"""

from __future__ import annotations

from typing import Any

from ...engine import IllegalAction, MatchStateError, Phase, parse_action
from ...engine import events as ev
from ...engine.actions import Action, ActionSyntaxError
from ...engine.fairdeal import RoundMix, commitment, new_salt
from ...engine.match import mixed_deal
from ...engine.tiles import TEXT
from ...memory.names import name_key
from ...memory.session import GameSession, new_match_id
from ..protocol.messages import OPEN
from ..protocol.refusals import Refused
from ..protocol.wire import public_json
from ..store.records import CreateTable, SaveAction, SaveScores, SaveTable, TableRow, TableWrite
from . import outgoing
from . import writes as stored
from .outgoing import Out
from .pace import HAND_OVER_AFTER
from .seats import PERSON, Seat
from .settings import seat_config
from .state import TableState, computer_name


class Table(TableState):
    """A table's rules: each request checked against the table as it stands, its messages and its writes."""

    # ------------------------------------------------------------ seating

    def open(self, host_name: str, creator: str) -> str:
        """The host sits in seat 0 of this new table set up from ``creator``'s
        address; returns the host's token (the table's first writes are noted).
        Refused when a computer seat already plays under that name."""
        if any(seat.name and name_key(seat.name) == name_key(host_name) for seat in self.seats[1:]):
            raise Refused("name_taken", "a computer seat at this table is called that: choose another name")
        self.creator = creator
        token = self.seats[self.host].take(host_name, self.clock())
        self.writes.append(CreateTable(self.row()))
        self._save_seats()
        return token

    def join(self, name: str, wanted: int | None) -> tuple[int, str, list[Out]]:
        """A person takes an open seat (``wanted`` or the first open one);
        returns the seat, its token and the messages."""
        if self.state != "lobby":
            raise Refused("state", "the match has started: only its players can rejoin")
        if any(seat.name and name_key(seat.name) == name_key(name) for seat in self.seats):
            raise Refused("name_taken", "another seat at this table is called that")
        open_seats = [i for i, seat in enumerate(self.seats) if seat.kind == OPEN]
        if wanted is not None and wanted not in open_seats:
            raise Refused("seat_taken", f"seat {wanted} is not open")
        if not open_seats:
            raise Refused("table_full", "every seat at this table is taken")
        index = open_seats[0] if wanted is None else wanted
        token = self.seats[index].take(name, self.clock())
        self._save_seats()
        self._changed(f"{name} took seat {index}")
        return index, token, [(None, self.table_message())]

    def seat_of(self, token: str) -> int:
        """The seat a rejoin token belongs to; Refused when none."""
        for index, seat in enumerate(self.seats):
            if seat.holds(token) and not seat.left:
                return index
        raise Refused("bad_token", "no seat at this table has that token")

    def rejoin(self, index: int) -> list[Out]:
        """The person of ``index`` is back: they get the table as it is now."""
        seat = self.seats[index]
        stood_in = seat.stand_in
        seat.back()
        if stood_in:
            self.version += 1
        if stood_in or self.state != "lobby":
            self._save_seats()
        self.pace.sync()
        self._changed(f"{seat.name} is back at seat {index}")
        return [(None, self.table_message()), *self.catch_up(index)]

    def catch_up(self, index: int) -> list[Out]:
        """What a person arriving at ``index`` needs beyond the table: the
        commitment they may still contribute to, and their view of the round."""
        out: list[Out] = []
        match = self.session.match if self.session else None
        if match is not None:
            out.extend((index, {**self.round_end_message(r), "again": True}) for r in range(len(match.round_scores)))
        if match is not None and match.round is not None:
            out.append((index, self.update(index, ())))
        if self.state == "dealing" and not self.contributions[index]:
            out.append((index, self.commit_message()))
        return out

    def set_seat(self, by: int, index: int, kind: str) -> list[Out]:
        """The host makes a seat open or a computer level (before the start)."""
        self._host_only(by)
        if self.state != "lobby":
            raise Refused("state", "seats are set before the match starts")
        if index >= len(self.seats) or self.seats[index].kind == PERSON:
            raise Refused("seat_taken", f"seat {index} is not free to set")
        self.seats[index] = Seat(kind, self._computer_name(kind, index))
        self._save_seats()
        self._changed(f"seat {index} is now {kind}")
        return [(None, self.table_message())]

    def drop(self, index: int) -> list[Out]:
        """``index``'s connection was lost (its person stays seated)."""
        if not self.depart(index):
            return []
        return [(None, self.table_message()), *self._maybe_deal()]

    def depart(self, index: int) -> bool:
        """Note that ``index``'s person is gone (time away from now, their turn clock still), with no
        message: a stop's departure, and the first half of a drop. Whether they were connected."""
        seat = self.seats[index]
        if not seat.is_person or not seat.connected:
            return False
        seat.drop(self.clock())
        if self.state == "lobby" and index != self.host:
            self.seats[index] = Seat(OPEN)
        if self.state != "lobby" or index != self.host:
            self._save_seats()
        self.pace.sync()
        self._save_progress()
        self._changed(f"{seat.name} dropped from seat {index}")
        return True

    def leave(self, index: int) -> list[Out]:
        """The person leaves for good: in the lobby the seat opens again;
        during a match the stand-in level plays it to the end."""
        seat = self.seats[index]
        if self.state == "lobby":
            self.seats[index] = Seat(OPEN)
        else:
            seat.connected, seat.left, seat.stand_in, seat.token_hash = False, True, True, ""
            self.version += 1
        self._save_seats()
        self._changed(f"{seat.name} left seat {index}")
        return [(None, self.table_message()), *self._maybe_deal()]

    def _computer_name(self, kind: str, index: int) -> str:
        """A computer seat's name, told apart from every person's ('Easy 3', or 'Easy 3 (computer)'
        when a person already plays as 'Easy 3')."""
        name = computer_name(kind, index)
        people = {name_key(seat.name) for seat in self.seats if seat.is_person}
        return f"{name} (computer)" if name_key(name) in people else name

    def take_back(self, by: int) -> list[Out]:
        """A person takes back the seat that was handed to the stand-in (``Take my seat back``)."""
        self.pace.take_back(by)
        self.version += 1
        self._save_seats()
        self.pace.sync()
        self._changed(f"{self.seats[by].name} took seat {by} back from the stand-in")
        return [(None, self.table_message()), *self._maybe_deal()]

    def hand_over(self, by: int, index: int) -> list[Out]:
        """At an any-pace table, hand the seat of a person away for a week to the stand-in."""
        self.pace.hand_over(by, index)
        self.version += 1
        self._save_seats()
        self._changed(f"{self.seats[by].name} handed {self.seats[index].name}'s seat {index} to the stand-in "
                      f"({self.settings.stand_in})")
        return [(None, self.table_message()), *self._maybe_deal()]

    # --------------------------------------------------------- starting

    def start(self, by: int) -> list[Out]:
        """The host starts: open seats get the stand-in level, round 1 is committed to."""
        self._host_only(by)
        if self.state != "lobby":
            raise Refused("state", "the match has already started")
        for index, seat in enumerate(self.seats):
            if seat.kind == OPEN:
                self.seats[index] = Seat(self.settings.stand_in, self._computer_name(self.settings.stand_in, index))
        configs = [seat_config(s.kind, s.name) for s in self.seats]
        self.session = GameSession(self.options, configs, f"net-{new_match_id()}{new_match_id()}", self.table_id)
        self._save_seats()
        self._changed("the match starts")
        return self._commit()

    def resume_dealing(self) -> None:
        """Commit to the next round of a table read back between two rounds with
        no commitment stored (the people get it when they rejoin)."""
        self._commit()

    def _commit(self) -> list[Out]:
        """Draw the round's secret and show its commitment: the deal waits for contributions (the
        table, now ``dealing``, is sent first)."""
        self.state = "dealing"
        self.secret = new_salt()
        self.contributions = [""] * len(self.seats)
        self.deal_deadline = self.clock() + self.settings.deal_wait if self.settings.live else None
        self._save_round()
        self._save_row()
        self._save_progress()  # the people the deal waits for are whose move it is (the list says so)
        return [(None, self.table_message()), (None, self.commit_message()), *self._maybe_deal()]

    def contribute(self, by: int, round_number: int, contribution: str) -> list[Out]:
        """A person's random contribution to the round's deal."""
        if self.state != "dealing" or round_number != self.round_number:
            raise Refused("state", f"no deal of round {round_number} is waiting for contributions")
        if self.contributions[by]:
            raise Refused("state", "this seat has already contributed to this deal")
        self.contributions[by] = contribution
        self._save_round()
        self._save_progress()
        return [(by, {"type": "contributed", "round": round_number}), *self._maybe_deal()]

    def _maybe_deal(self, late: bool = False) -> list[Out]:
        """Deal once every person still awaited has contributed (or ``late``)."""
        if self.state != "dealing":
            return []
        waiting = [i for i, seat in enumerate(self.seats) if seat.awaited and not self.contributions[i]]
        if waiting and not late:
            return []
        assert self.session is not None
        match = self.session.match
        index = len(match.deals)
        order = mixed_deal(match.setup, index, self.secret, self.contributions)
        match.start_next_round(order, self.secret)
        self.session.mixes.append(RoundMix(commitment(self.secret), tuple(self.contributions)))
        self.state = "playing"
        self._save_round(tuple(TEXT[t] for t in order))
        self._save_row()
        self.deal_deadline = None
        self.version += 1
        given = sum(1 for c in self.contributions if c)
        self._changed(f"round {index + 1} dealt (mixed with {given} contributions)")
        start_events = tuple(match.start_events) + tuple(match.round.events or ()) if match.round else ()
        match.start_events = []
        out = self._after_change(start_events)  # the turn clock starts in it: the table says so
        return [(None, self.table_message()), *out]

    # ---------------------------------------------------------- playing

    def act(self, by: int, text: str, round_number: int | None) -> list[Out]:
        """A person's action for their own seat."""
        match = self.session.match if self.session else None
        if self.state != "playing" or match is None:
            raise Refused("state", "no round is being played")
        if round_number is not None and round_number != self.round_number:
            raise Refused("stale", f"round {round_number} is not the round being played")
        if match.current_player() != by:
            raise Refused("not_your_turn", "it is not your turn")
        try:
            action = parse_action(text, len(self.seats), match.setup.set_max)
        except ActionSyntaxError as error:
            raise Refused("bad_action", str(error)) from None
        out = self._apply(action)
        if self.seats[by].timeouts:
            self.seats[by].timeouts = 0
            self._save_seats()
        return out

    def computer_turn(self) -> tuple[int, str, int] | None:
        """The seat whose computer player must decide now, its level and the
        table's version then (None when a person is to move, nothing is
        played, or no person is connected)."""
        match = self.session.match if self.session else None
        if self.state != "playing" or match is None or self.thinking is not None or self.paused:
            return None
        if self.settings.live and not self.people_here():
            return None  # a live table waits while no one is there; at any pace the computers play on
        seat = match.current_player()
        if seat is None or not (self.seats[seat].plays_itself or self.pace.stands_in(seat)):
            return None
        kind = self.seats[seat].kind
        return seat, (self.settings.stand_in if kind == PERSON else kind), self.version

    def computer_acted(self, seat: int, action: Action, version: int) -> list[Out]:
        """A computer player's decision, applied if the position is still the one it was made for."""
        self.thinking = None
        match = self.session.match if self.session else None
        if version != self.version or match is None or match.current_player() != seat:
            return []
        if action not in match.legal_actions():
            action = match.legal_actions()[0]
            self.events_log.append(f"a computer decision for seat {seat} was not legal; played {action}")
        return self._apply(action)

    def _apply(self, action: Action) -> list[Out]:
        """Apply ``action`` and tell everyone what happened."""
        assert self.session is not None
        try:
            events = self.session.match.apply(action)
        except (IllegalAction, MatchStateError) as error:
            raise Refused("illegal", getattr(error, "reason", str(error))) from None
        self.version += 1
        log = self.session.match.action_log
        self.writes.append(SaveAction(len(log), len(log[-1]) - 1, log[-1][-1]))
        return self._after_change(events)

    def _after_change(self, events: tuple[ev.Event, ...]) -> list[Out]:
        """The updates after a deal or an action; the round's and match's ends."""
        assert self.session is not None
        match = self.session.match
        self.pace.sync()
        people = [i for i, s in enumerate(self.seats) if s.is_person]
        public = public_json(match.view(people[0])) if people else None
        out: list[Out] = [(i, self.update(i, events, public)) for i in people]
        if match.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            out.append((None, self.round_end_message()))
            self.writes.append(SaveScores(len(match.deals), tuple(match.round_scores[-1])))
            self._changed(f"round {len(match.deals)} over: scores {match.round_scores[-1]}")
            if match.phase is Phase.MATCH_OVER:
                self.state = "over"
                self.finished_at = self.clock()
                self._save_row()
                out.extend([(None, self.match_end_message()), (None, self.table_message())])
                self._changed("the match is over")
            else:
                out.extend(self._commit())
        self.pace.sync()
        self._save_progress()
        return out

    def tick(self) -> list[Out]:
        """What time brings: a turn clock run out (the stand-in finishes the turn; three in a row
        hand the seat over), a live deal that waited long enough."""
        out: list[Out] = []
        seat = self.pace.ran_out()
        if seat is not None:
            person = self.seats[seat]
            person.timeouts += 1
            self.version += 1
            self._changed(f"{person.name}'s clock ran out at seat {seat}: the stand-in ({self.settings.stand_in}) "
                          "finishes the turn")
            if person.timeouts >= HAND_OVER_AFTER:
                person.stand_in = True
                self._changed(f"seat {seat} handed to the stand-in after {person.timeouts} turns out of time")
            self._save_seats()
            self._save_progress()
            out.append((None, self.table_message()))
        if self.deal_deadline is not None and self.clock() >= self.deal_deadline:
            out.extend(self._maybe_deal(late=True))
        return out

    # --------------------------------------------------------- messages

    def table_message(self) -> dict[str, Any]:
        """The table as every person at it sees it."""
        return outgoing.table_message(self)

    def commit_message(self) -> dict[str, Any]:
        """The server's commitment to the secret of the round about to be dealt."""
        return outgoing.commit_message(self)

    def update(self, seat: int, events: tuple[ev.Event, ...], public: dict[str, Any] | None = None) -> dict[str, Any]:
        """``seat``'s view after a change, with the events as that seat may see them."""
        return outgoing.update_message(self, seat, events, public)

    def round_end_message(self, index: int | None = None) -> dict[str, Any]:
        """Round ``index``'s end (default: the last dealt), with all a game needs to check the deal."""
        return outgoing.round_end_message(self, index)

    def match_end_message(self) -> dict[str, Any]:
        """The match's result."""
        return outgoing.match_end_message(self)

    # ------------------------------------------------------------ helpers

    def _host_only(self, by: int) -> None:
        """Refused unless ``by`` is the host."""
        if by != self.host:
            raise Refused("not_host", "only the host may do that")

    def _changed(self, line: str) -> None:
        """Note a line for the operator."""
        self.events_log.append(line)

    # ------------------------------------------------------------- writes

    def row(self) -> TableRow:
        """The table's own row for the database."""
        return stored.table_row(self)

    def _save_row(self) -> None:
        """Note the table's row (its state changed)."""
        self.writes.append(SaveTable(self.row()))

    def _save_seats(self) -> None:
        """Note every seat (one changed)."""
        self.writes.append(stored.seats_write(self))

    def _save_round(self, deal: tuple[str, ...] | None = None) -> None:
        """Note the round being dealt: its secret, the contributions so far and, once dealt, the deal."""
        self.writes.append(stored.round_write(self, deal))

    def _save_progress(self) -> None:
        """Note where the match stands, for the list of a person's tables."""
        self.writes.append(stored.progress_write(self))

    def take_writes(self) -> list[TableWrite]:
        """The writes noted since the last call, oldest first."""
        writes, self.writes = self.writes, []
        return writes
