"""The turn loop of a network table: the same questions as ``MatchController``
answered from the server's messages.

The server holds the match; this game only ever knows its own seat's view.
The round the table shows is built from that view with
``determinize``: the other hands and the boneyard are filled with the tiles
this seat cannot see, in a fixed order, so the picture shows only how many
each holds (nothing hidden is known, nothing hidden is guessed). When a round
ends its ``RoundEnded`` event reveals every hand and the picture shows them.

A ``mirror`` session stands for the match where the table reads names, the
round number, the rules and the seat's view (a hint); the person's checked
copy of the match (``client.copy``) holds the finished rounds.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from ..engine import Action, IllegalAction, Phase, RoundState, SeatView
from ..engine import events as ev
from ..engine.view import determinize
from ..memory.session import HUMAN, GameSession, SeatConfig
from ..net.client.inbound import ClockInfo, Incoming, TableInfo, clock_info
from ..net.client.replies import Joined
from ..net.client.threaded_client import ThreadedClient
from ..net.protocol.wire import WireError
from .controller import RoundStart, Step

RETRY_SECONDS = 2.0
"""How long to wait between tries to reconnect after the connection dropped."""
FOR_GOOD = ("replaced", "host_left", "unfair")
"""``closed`` reasons after which trying again is no use (``unfair``: the game caught the server cheating)."""


@dataclass(frozen=True)
class Update:
    """One ``update`` as the table shows it: its round, the seat's view and the events."""

    round: int
    view: SeatView
    events: tuple[ev.Event, ...]


def round_picture(view: SeatView, events: Sequence[ev.Event] = ()) -> RoundState:
    """The round ``view`` stands for: other hands and the boneyard filled with
    the unseen tiles in their sorted order (a ``RoundEnded`` among ``events``
    puts every revealed hand in its place)."""
    unseen = view.unseen_tiles()
    hidden: dict[int, list[int]] = {}
    used = 0
    for seat in range(view.players):
        if seat != view.seat:
            hidden[seat] = unseen[used:used + view.hand_sizes[seat]]
            used += view.hand_sizes[seat]
    state = determinize(view, hidden, unseen[used:])
    for event in events:
        if isinstance(event, ev.RoundEnded):
            state.hands = [list(hand) for hand in event.hands]
            state.scores = list(event.scores)
    return state


def mirror_session(table: TableInfo, seat: int) -> GameSession:
    """A session standing for the network match: this seat a person's, the others
    named as the table names them (their kinds matter only to this screen)."""
    seats = [SeatConfig(s.name, HUMAN if i == seat else "easy") for i, s in enumerate(table.seats)]
    return GameSession(table.options, seats, f"net-{table.code}", match_id=f"net-{table.code}")


class RemoteController:
    """Plays ``link``'s seat at its table: ``think`` takes in what the server
    sent, ``act`` sends the person's action once it is legal here too. A lost
    connection is tried again every ``RETRY_SECONDS`` with the seat's token.
    ``backlog``: messages the lobby polled before the table opened."""

    def __init__(self, link: ThreadedClient, backlog: Sequence[Incoming] = ()) -> None:
        client = link.client
        joined, table = client.joined, client.table
        if joined is None or table is None:
            raise ValueError("the client is not seated at a table")
        self.link = link
        self.seat: Joined = joined
        self.table: TableInfo = table
        self.session = mirror_session(table, joined.seat)
        self.match = self.session.match
        self.notes: list[str] = []
        """What the person should be told (refusals, news), oldest first; the table takes them."""
        self.after_steps: list[str] = []
        """What to tell once the picture has shown the steps taken in (a turn the stand-in finished)."""
        self.connected = True
        self.paused = False
        """The server cannot store moves for now: play waits until it can."""
        self.gone = ""
        """Why the seat is lost for good (another window took it, the host closed the table)."""
        self.clock: ClockInfo | None = table.clock
        """A live table's turn clock as the server's latest message gave it (None: nothing is timed)."""
        self.clock_readings = 0
        """How many messages brought a clock reading (a new one to count down from)."""
        self._stood_in = False
        """The stand-in is finishing this seat's turn (its clock ran out): said once a turn."""
        self._incoming: deque[Update] = deque()
        self._steps: deque[Step] = deque()
        self._state: RoundState | None = None
        self._view: SeatView | None = None
        self._round = 0
        self._sent = False
        self._retry_at = 0.0
        self._trying: Future[None] | None = None
        for message in backlog:
            self._take(message)

    # ------------------------------------------------------------ where we are
    @property
    def phase(self) -> Phase:
        """Where the match stands as this screen has taken it in."""
        state = self._state
        if state is None:
            return Phase.DEALING
        if not state.round_over:
            return Phase.PLAYING
        return Phase.MATCH_OVER if self._round >= self.match.setup.rounds else Phase.ROUND_OVER

    @property
    def live(self) -> RoundState | None:
        """The round as this seat sees it (the others' tiles unknown)."""
        return self._state

    @property
    def thinking_seat(self) -> int | None:
        """The seat deciding now when it is not this one (a computer, or a person far away)."""
        seat = self.to_move()
        return None if seat is None or seat == self.seat.seat else seat

    def waiting_for_person(self) -> bool:
        """Whether a person far away decides now (not a computer, nor a stand-in playing for them)."""
        seat = self.thinking_seat
        if seat is None or seat >= len(self.table.seats):
            return False
        info = self.table.seats[seat]
        return info.kind == "person" and not info.stand_in

    def to_move(self) -> int | None:
        """The seat that decides now."""
        state = self._state
        return None if state is None or state.round_over else state.to_move

    def person_to_move(self) -> bool:
        """Whether this seat decides now and has not sent its action yet (not while the stand-in has it)."""
        return (self.to_move() == self.seat.seat and not self._sent and self.connected
                and not self.handed_over() and not self.link.client.resending)

    @property
    def my_seat(self) -> int:
        """This person's seat."""
        return self.seat.seat

    def handed_over(self) -> bool:
        """Whether this seat is played by the stand-in until the person takes it back."""
        seats = self.table.seats
        mine = seats[self.seat.seat] if self.seat.seat < len(seats) else None
        return mine is not None and mine.stand_in and not mine.left

    def computer_to_move(self) -> bool:
        """Whether another seat decides now (the table listens for its move)."""
        return self.thinking_seat is not None

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions when it is to move (the server's list)."""
        view = self._view
        return view.legal if view is not None and self.to_move() == self.seat.seat else ()

    def totals(self, counting_this_round: bool = True) -> list[int]:
        """Each seat's total; a round just ended counts when told."""
        view, state = self._view, self._state
        if view is None or state is None:
            return list(self.table.totals)
        totals = list(view.totals) or [0] * view.players
        if counting_this_round and state.round_over and state.scores:
            totals = [t + s for t, s in zip(totals, state.scores)]
        return totals

    def deal_ready(self) -> bool:
        """Whether the next round's deal (or the table as it is, after a rejoin) has come."""
        return bool(self._incoming) and (self._state is None or self._state.round_over
                                         or self._incoming[0].round != self._round)

    def deal_is_fresh(self) -> bool:
        """Whether the round waiting to be shown is a new deal (not the table as it stands after a rejoin)."""
        return bool(self._incoming) and any(isinstance(e, ev.Dealt) for e in self._incoming[0].events)

    def away(self) -> list[str]:
        """The names of the people whose connection is down (a computer may be playing for them)."""
        return [s.name for i, s in enumerate(self.table.seats)
                if s.kind == "person" and not s.connected and not s.left and i != self.seat.seat]

    # ---------------------------------------------------------------- moving
    def start_next_round(self) -> RoundStart:
        """The round the server dealt (or stands at, after a rejoin): call once ``deal_ready``."""
        update = self._incoming.popleft()
        self._show(update)
        assert self._state is not None
        return RoundStart(self._state.copy(), update.events, update.round, self.match.setup.rounds)

    def take_back(self) -> None:
        """Take this seat back from the stand-in (the table then says so)."""
        if self.connected and self.handed_over():
            self.link.call(self.link.client.take_back())

    def hand_over(self, seat: int) -> None:
        """(Any pace) ask the server to let the stand-in play ``seat``, whose person has been away;
        a refusal comes back as a note."""
        if self.connected:
            self.link.call(self.link.client.hand_over(seat))

    def act(self, action: Action) -> str | None:
        """Send the person's ``action``; the rules' reason when it is not legal here."""
        if self.handed_over():
            return "the computer plays your seat now: take it back first (T)"
        if not self.person_to_move() or self._state is None:
            return "it is not your turn" if self.connected else "the connection is down: wait for it to come back"
        if action not in self.legal_actions():
            try:
                self._state.copy().apply(action)
            except IllegalAction as refusal:
                return refusal.reason
            return "that is not one of your moves now"
        self._sent = True
        self.link.act(action)
        return None

    def think(self, wait: float = 0.0) -> bool:
        """Take in every message the server sent; whether the round moved on."""
        for message in self.link.poll():
            self._take(message)
        self._keep_connected()
        moved = False
        while self._incoming and self._state is not None and not self.deal_ready():
            update = self._incoming.popleft()
            mover = self._state.to_move
            stand_in = mover == self.seat.seat and not self._sent and self._moved_by(update, mover)
            self._show(update)
            assert self._state is not None
            computer = mover != self.seat.seat or stand_in
            self._steps.append(Step(self._state.copy(), update.events, mover, computer))
            if stand_in and not self._stood_in and not self.handed_over():
                self.after_steps.append("Your time ran out, so the computer played your turn. "
                                        "The next one is yours again.")
            self._stood_in = stand_in and self._state.to_move == self.seat.seat
            moved = True
        return moved

    @staticmethod
    def _moved_by(update: Update, seat: int) -> bool:
        """Whether ``update`` shows a move of ``seat`` (a tile played or drawn, a pass)."""
        moves = (ev.TilePlayed, ev.TileDrawn, ev.Passed)
        return any(isinstance(e, moves) and e.seat == seat for e in update.events)

    def think_for(self, seconds: float) -> int:
        """Take in what came (the server decides for the computers; nothing to wait for)."""
        return int(self.think())

    def take_steps(self) -> list[Step]:
        """The steps taken in since the last call, oldest first."""
        steps = list(self._steps)
        self._steps.clear()
        return steps

    def undo(self, seat: int) -> bool:
        """No taking back at a network table."""
        return False

    def save(self) -> None:
        """The server keeps the match (and the client the person's copy): nothing to save here."""

    def warm_up(self) -> None:
        """Nothing to start: the server's computers think."""

    def close(self) -> None:
        """Close the connection (the seat stays the person's: rejoin with its token)."""
        self.link.close()

    # ----------------------------------------------------------------- inside
    def _show(self, update: Update) -> None:
        """Make ``update`` the round on show (the mirror's round too)."""
        self._view = update.view
        self._round = update.round
        self._state = round_picture(update.view, update.events)
        self._sent = False
        while len(self.match.deals) < update.round:
            self.match.deals.append(())
            self.match.fingerprints.append("")
        self.match.round = self._state

    def _take(self, message: Incoming) -> None:
        """Keep what one message says."""
        kind, data = message.type, message.data
        if message.table is not None:
            if self.paused and not message.table.paused:
                self.notes.append("Play goes on: the server stores moves again.")
            self.paused = message.table.paused
            self.table = message.table
            self._read_clock(message.table.clock)
        if kind == "update" and message.view is not None:
            self._incoming.append(Update(int(data.get("round", 0)), message.view, message.events))
            if "clock" in data:
                try:
                    self._read_clock(clock_info(data["clock"], len(self.table.seats)))
                except WireError:
                    self._read_clock(None)  # a clock not in its form is not shown
        elif kind == "error" and data.get("about") == "act":
            self._sent = False
            self.notes.append(str(data.get("message", "the server refused that move")))
        elif kind == "error" and data.get("about") in ("take_back", "hand_over"):
            self.notes.append(f"The table server said no: {data.get('message', 'not now')}.")
        elif kind == "closed":
            self._dropped(str(data.get("reason", "")), str(data.get("message", "")))
        elif kind == "paused":
            self.paused = True
            self._sent = False
            self.notes.append(str(data.get("message", "Play is paused for now.")))

    def _read_clock(self, clock: ClockInfo | None) -> None:
        """A new reading of the turn clock (the table counts down from it)."""
        self.clock = clock
        self.clock_readings += 1

    def _dropped(self, reason: str, message: str) -> None:
        """The connection closed: try again later, unless the seat is gone for good."""
        if reason in FOR_GOOD:
            self.gone = message or "the table closed"
            self.notes.append(f"You are no longer at this table: {self.gone}.")
        if self.connected:
            self.connected = False  # an action sent meanwhile stays sent: the client sends it again if need be
            self._retry_at = 0.0

    def _keep_connected(self) -> None:
        """While the connection is down, try to get the seat back every few seconds."""
        if self.connected or self.gone:
            return
        trying = self._trying
        if trying is not None:
            if not trying.done():
                return
            self._trying = None
            if trying.exception() is None:
                self.connected = True
                self.notes.append("Connected again: your seat is yours.")
                return
            self._retry_at = time.monotonic() + RETRY_SECONDS
        if time.monotonic() >= self._retry_at:
            self._trying = self.link.call(self._rejoin())

    async def _rejoin(self) -> None:
        """Connect again and take the seat back with its token."""
        await self.link.reconnect()
        await self.link.client.rejoin(self.seat.table, self.seat.token)
