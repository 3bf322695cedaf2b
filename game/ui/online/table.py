"""The table at a network match: the same table as a local match, fed by a
``RemoteController`` instead of the local turn loop.

What differs is said here: the round summary, the score sheet and the match
end read the person's own checked copy of the match (it holds every finished
round once the server has revealed it: its replay and the review of this
seat's decisions read it too); Esc offers to leave for now (the
seat waits for a rejoin) or to give the seat up; a badge says when the
connection is down (and the game is trying again) or who is away; there is
no taking back a turn at a table others play at.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ...memory.session import GameSession, SeatConfig
from ...net.client import ThreadedClient
from ...net.inbound import Incoming, SeatInfo
from ...play.remote import RemoteController
from ...review.cache import Reviewable
from ...words.narrate import kind_label
from .. import theme
from ..scene import Host
from ..table.input import Command
from ..table.scene import TableScene
from ..table.tray import Point
from .kept import forget_seat

RECONNECTING = "Reconnecting\u2026"
"""The badge while the connection is down."""
AWAY = "Away: computer"
"""A seat's label while a computer plays for a person who is away (for a while)."""
GAVE_UP = "Gave up: computer"
"""A seat's label once its person gave the seat up (a computer plays it to the end)."""


def seat_label(seat: SeatInfo, yours: bool) -> str:
    """A seat's label at a network table: a computer's level, or a person: you, here, away
    for a while (a computer plays meanwhile) or gone for good (a computer plays to the end)."""
    if seat.kind != "person":
        return kind_label(seat.kind)
    if yours:
        return "You"
    if seat.left:
        return GAVE_UP
    if seat.stand_in:
        return AWAY
    return "Person" if seat.connected else "Person, away"


class RemoteTableScene(TableScene):
    """A network table for the seat ``link`` holds (``backlog``: what the lobby took in)."""

    def __init__(self, link: ThreadedClient, backlog: Sequence[Incoming] = ()) -> None:
        self.remote = RemoteController(link, backlog)
        super().__init__(self.remote.session, controller=self.remote)
        self.waiting_deal = False
        self._drop: Point | None = None

    def attach(self, app: Host) -> None:
        """Show the table as the server has it."""
        super().attach(app)
        self._label_seats()

    # ------------------------------------------------------------ what differs
    def start_round(self) -> None:
        """Show the next deal once it has come from the server."""
        if not self.remote.deal_ready():
            self.waiting_deal = True
            return
        self.waiting_deal = False
        dealt = self.remote.deal_is_fresh()
        super().start_round()
        if not dealt:  # a rejoin, or a table opened mid-round: no deal to show, the round as it stands
            self.say("You are at the table again: the round as it stands now.", theme.GOLD)

    def update(self, dt: float) -> None:
        """Take in the server's news, then play on as a local table does."""
        super().update(dt)
        if self.waiting_deal and self.remote.deal_ready():
            self.start_round()
        for note in self.remote.notes:
            self.say(note, theme.WARN)
        self.remote.notes.clear()
        self._label_seats()

    def _label_seats(self) -> None:
        """Each seat's label (see ``seat_label``)."""
        self.seat_labels = tuple(seat_label(seat, i == self.remote.seat.seat)
                                 for i, seat in enumerate(self.remote.table.seats))

    def saving_badge(self) -> str | None:
        """The connection's state: reconnecting, lost for good, or who is away."""
        remote = self.remote
        if remote.gone:
            return f"Not at this table: {remote.gone}"
        if not remote.connected:
            return RECONNECTING
        if remote.paused:
            return "Paused: the server cannot store moves"
        away = remote.away()
        return f"Away: {', '.join(away)}" if away else None

    def copy_session(self) -> GameSession | None:
        """The person's checked copy of the match (its finished rounds), once a round has ended."""
        copy = self.remote.link.client.copy
        return copy.session if copy is not None else None

    def _open_summary(self) -> None:
        """The round summary, from the copy once the server has revealed the round;
        a round whose check failed is said on the message line instead (the copy
        cannot show it), and a deal that could not be checked is said on the summary."""
        assert self.app is not None
        session = self.copy_session()
        copy = self.remote.link.client.copy
        number = self.match.round_number
        verdict = copy.verdict(number) if copy is not None else ""
        if session is None or len(session.match.round_scores) < number:
            if verdict:
                self.summary_shown, self.summary_timer = True, None
                self.say(f"Round {number}'s deal does not check out: {verdict}.", theme.WARN)
                self.next_round()
                return
            self.summary_timer = 0.1  # the reveal is on its way
            return
        self.summary_shown = True
        self.summary_timer = None
        last = self.remote.phase.name == "MATCH_OVER"
        self.app.push(self.app.routes.round_summary(session.match, last, False, self.next_round,
                                                    hints=self.session.hints, on_menu=self.open_menu,
                                                    you=self.human,
                                                    reviewable=Reviewable(session.reviews, (self.remote.seat.seat,)),
                                                    deal_check=verdict))

    def finish_match(self) -> None:
        """The match is over: the ranking from the copy; nothing left to rejoin."""
        assert self.app is not None
        forget_seat()
        session = self.copy_session()
        if session is None:
            self.app.reset(self.app.routes.title())
            return
        self.app.replace(self.app.routes.match_end(self.as_counted(session)))

    def as_counted(self, session: GameSession) -> GameSession:
        """The copy as this computer's statistics count it: only this seat is the person
        here; the other people are opponents ("Person"), their results theirs to count."""
        mine = copy.copy(session)
        mine.seats = [seat if i == self.remote.seat.seat or not seat.is_human else SeatConfig(seat.name, "Person")
                      for i, seat in enumerate(session.seats)]
        return mine

    def open_scores(self) -> None:
        """The score sheet of the finished rounds (from the copy)."""
        assert self.app is not None
        session = self.copy_session()
        if session is None or not session.match.round_scores:
            self.say("The score sheet fills in when the first round ends.", theme.INK_DIM)
            return
        self.input.drag = None
        self.app.push(self.app.routes.scores(session.match, self.session.hints))

    def open_menu(self) -> None:
        """Esc: stay, leave for now (rejoin later from Play online) or give the seat up."""
        assert self.app is not None
        self.input.drag = None
        self.app.push(self.app.routes.dialog(
            "Leave the table?",
            "Leave for now and your seat waits: Play online, then Rejoin, brings you back (a computer "
            "player plays for you after a while). Give up the seat and a computer player plays it to the end.",
            [("Stay", lambda: None), ("Leave for now", self.leave_for_now), ("Give up seat", self.give_up)]))

    def leave_for_now(self) -> None:
        """Close the connection (the seat is kept for a rejoin) and go to the title."""
        assert self.app is not None
        self.app.reset(self.app.routes.title())

    def give_up(self) -> None:
        """Leave the table for good."""
        assert self.app is not None
        link = self.remote.link
        if self.remote.connected:
            link.call(link.client.leave())
        forget_seat()
        self.app.reset(self.app.routes.title())

    def allow_quit(self) -> bool:
        """Closing the window keeps the seat: the game started again offers to rejoin."""
        return True

    def _act(self, command: Command) -> None:
        """Send the person's action; remember where a dropped tile was let go."""
        self._drop = command.pos
        super()._act(command)

    def catch_steps(self, drop: Point | None = None) -> None:
        """Hand the server's steps to the picture; the person's own move flies from where they dropped it."""
        for step in self.controller.take_steps():
            if step.computer:
                self.picture.enqueue(step, None)
            else:
                self.picture.enqueue(step, drop or self._drop)
                self._drop = None
