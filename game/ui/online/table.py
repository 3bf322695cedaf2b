"""The table at a network match: the same table as a local match, fed by a
``RemoteController`` instead of the local turn loop.

What differs is said here: the round summary, the score sheet and the match
end read the person's own checked copy of the match (it holds every finished
round once the server has revealed it: its replay and the review of this
seat's decisions read it too); Esc offers to leave for now (the
seat waits for a rejoin) or to give the seat up, and at an any-pace table to
hand the seat of someone away for a week to the computer; a badge says when
the connection is down (and the game is trying again), who is away and whose
seat the computer plays; a live table's turn clock shows on the panel of the
seat it times (``table_clock``), and a seat handed to the computer after three
turns out of time is taken back with Take my seat back (T); there is no
taking back a turn at a table others play at.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from ...memory.session import GameSession, SeatConfig
from ...net.client.inbound import Incoming, SeatInfo
from ...net.client.threaded_client import ThreadedClient
from ...play.remote import RemoteController
from ...review.cache import Reviewable
from ...words.narrate import kind_label
from .. import theme
from ..scene import Host
from ..table.frame import FrameFacts
from ..table.input import Command
from ..table.scene import TableScene
from ..table.tray import Point
from .kept import forget_seat, keep_seat, kept_seats
from .lookup import forget_lookups
from .pace_words import ANY_PACE, WARNING, table_pace
from .table_clock import TableClock

RECONNECTING = "Reconnecting\u2026"
"""The badge while the connection is down."""
AWAY = "Away: computer"
"""A seat's label while a computer plays for a person who is away (at an any-pace table, handed over)."""
OUT_OF_TIME = "Out of time: computer"
"""A seat's label once a computer plays it after three turns out of time (a live table)."""
GAVE_UP = "Gave up: computer"
"""A seat's label once its person gave the seat up (a computer plays it to the end)."""
YOURS_PLAYED = "You: computer plays"
"""This person's own seat's label while the computer plays it (until Take my seat back)."""
TAKE_BACK = "Take my seat back (T)"
"""The button of a person whose seat the computer plays (three turns out of time, or handed over)."""
HURRIED = 0.3
"""How much faster the picture replays the others' moves while this person's own turn clock
already runs (a live table: the server timed the turn from its start, not from its showing)."""


def seat_label(seat: SeatInfo, yours: bool, pace: str = ANY_PACE) -> str:
    """A seat's label at a network table of ``pace``: a computer's level, or a person: you, here,
    away for a while, played by the computer (out of time at a live table, handed over at an
    any-pace one), or given up for good (a computer plays it to the end)."""
    if seat.kind != "person":
        return kind_label(seat.kind)
    if yours:
        return YOURS_PLAYED if seat.stand_in else "You"
    if seat.left:
        return GAVE_UP
    if seat.stand_in:
        return AWAY if pace == ANY_PACE else OUT_OF_TIME
    return "Person" if seat.connected else "Person, away"


def stand_in_why(seat: SeatInfo, pace: str) -> str:
    """Why the computer plays a person's seat, in a few words."""
    if seat.left:
        return "the seat was given up"
    return "away for a week" if pace == ANY_PACE else "out of time"


class RemoteTableScene(TableScene):
    """A network table for the seat ``link`` holds (``backlog``: what the lobby took in)."""

    def __init__(self, link: ThreadedClient, backlog: Sequence[Incoming] = ()) -> None:
        self.remote = RemoteController(link, backlog)
        super().__init__(self.remote.session, controller=self.remote)
        self.waiting_deal = False
        self._drop: Point | None = None
        self.turn_clock = TableClock()
        """The turn clock as this table counts it down (a live table's)."""
        self._served_at = link.client.url
        """The process that serves the table, as the kept seat says (it changes when one dies)."""

    def attach(self, app: Host) -> None:
        """Show the table as the server has it; what the title last looked at is out of date now."""
        super().attach(app)
        forget_lookups()
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
            self.message_line.forget()  # the deal's opening line is old news: the line says whose turn it is
            self.say("You are at the table again: the round as it stands now.", theme.GOLD)

    @property
    def pace(self) -> str:
        """The table's pace: ``live`` or ``any``."""
        return table_pace(self.remote.table.settings)[0]

    def update(self, dt: float) -> None:
        """Take in the server's news, then play on as a local table does; warn once when the
        person's own turn clock enters its last seconds."""
        super().update(dt)
        if self.turn_clock.warn_due and self.human_turn() and self.turn_clock.take_warning() and self.app:
            if self.app.sounds is not None:
                self.app.sounds.play("clock-warning")
            self.say("Your time is nearly up: when the clock runs out, the computer finishes your turn.",
                     theme.WARN, WARNING)  # until the turn ends (the next step clears it)
        if self.waiting_deal and self.remote.deal_ready():
            self.start_round()
        for note in self.remote.notes:
            self.say(note, theme.WARN)
        self.remote.notes.clear()
        if self.remote.after_steps and self.picture.idle():  # once the stand-in's moves have been shown
            self.say(" ".join(self.remote.after_steps), theme.WARN, 6.0)
            self.remote.after_steps.clear()
        self._label_seats()
        self._follow_the_table()

    def _follow_the_table(self) -> None:
        """When another process serves the table now, the kept seat says so: My tables asks there
        next time (the process it was kept at may be gone for good)."""
        url = self.remote.link.client.url
        if url == self._served_at:
            return
        self._served_at = url
        for seat in kept_seats():
            if seat.token == self.remote.seat.token and seat.url != url and not seat.own:
                keep_seat(replace(seat, url=url))

    def _label_seats(self) -> None:
        """Each seat's label (see ``seat_label``)."""
        pace = self.pace
        self.seat_labels = tuple(seat_label(seat, i == self.remote.seat.seat, pace)
                                 for i, seat in enumerate(self.remote.table.seats))

    def saving_badge(self) -> str | None:
        """The connection's state: reconnecting, lost for good, or who is away and whose seat the
        computer plays."""
        remote = self.remote
        if remote.gone:
            return f"Not at this table: {remote.gone}"
        if not remote.connected:
            return RECONNECTING
        if remote.paused:
            return "Paused: the server cannot store moves"
        mine = remote.table.seats[remote.seat.seat] if remote.seat.seat < len(remote.table.seats) else None
        said = [f"Your seat: the computer plays it ({stand_in_why(mine, self.pace)})"] if (
            mine is not None and remote.handed_over()) else []
        others = [s for i, s in enumerate(remote.table.seats) if s.kind == "person" and i != remote.seat.seat]
        away = [s.name for s in others if not s.connected and not s.stand_in and not s.left]
        said += [f"Away: {', '.join(away)}"] if away else []
        said += [f"{s.name}: the computer plays ({stand_in_why(s, self.pace)})" for s in others
                 if s.stand_in and not s.left]
        return "  \u00b7  ".join(said) or None

    def waiting_line(self) -> str | None:
        """Whom the table waits for when another seat decides (never "thinking" for a person):
        "Waiting for Ana: 1:32 left", "Waiting for Ana to move", "The computer plays for Ben"."""
        remote = self.remote
        if remote.handed_over():
            return "The computer plays your seat: Take my seat back (T) to play again."
        seat, seats = remote.to_move(), remote.table.seats
        if seat is None or seat == remote.seat.seat or seat >= len(seats) or seats[seat].kind != "person":
            return None
        person = seats[seat]
        if person.stand_in:
            return f"The computer plays for {person.name} ({stand_in_why(person, self.pace)})\u2026"
        left = self.turn_clock.left_for(seat, self.clock) if remote.connected else None
        if left is not None:
            return f"Waiting for {person.name}: {left} left"
        if not person.connected:
            return f"Waiting for {person.name}, who is away: the table waits for their move."
        return f"Waiting for {person.name} to move\u2026"

    def _facts(self) -> FrameFacts:
        """The local table's facts, with whom the table waits for, the turn clock and Take my seat back."""
        extra = (("reclaim", TAKE_BACK),) if self.remote.handed_over() and self.remote.connected else ()
        clock = self.turn_clock.shown if self.remote.connected else None
        return dataclasses.replace(super()._facts(), waiting_line=self.waiting_line(), turn_clock=clock,
                                   extra_buttons=extra)

    def carry_out(self, command: Command) -> None:
        """Take my seat back (T, or its button); everything else as at a local table."""
        if command.kind == "reclaim" and self.remote.handed_over():
            self.remote.take_back()
            self.say("Taking your seat back\u2026", theme.GOLD)
            return
        super().carry_out(command)

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
        forget_seat(self.remote.seat.token)
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
        """Esc: stay, leave for now (back later from My tables), give the seat up, or (any pace)
        hand the seat of someone away to the computer."""
        assert self.app is not None
        self.input.drag = None
        if self.pace == ANY_PACE:
            meanwhile = "the table waits for your moves, for days if need be"
        else:
            meanwhile = "your turns keep their clock: the computer finishes a turn whose time runs out"
        choices = [("Stay", lambda: None), ("Leave for now", self.leave_for_now),
                   ("Give up seat", self.give_up)]
        if self.absent():
            choices.insert(2, ("Hand over\u2026", self.ask_hand_over))
        self.app.push(self.app.routes.dialog(
            "Leave the table?",
            f"Leave for now and your seat waits: My tables brings you back (meanwhile {meanwhile}). "
            "Give up the seat and a computer player plays it to the end.", choices))

    def absent(self) -> list[int]:
        """(Any pace) the seats of the people away, whose seat the others may hand to the computer
        once they have been away for a week (the server says whether they have)."""
        remote = self.remote
        if self.pace != ANY_PACE:
            return []
        return [i for i, s in enumerate(remote.table.seats) if s.kind == "person" and i != remote.seat.seat
                and not s.connected and not s.stand_in and not s.left]

    def ask_hand_over(self) -> None:
        """Which absent person's seat the computer should play (the server refuses one away under a week)."""
        assert self.app is not None
        seats, level = self.remote.table.seats, self.remote.table.settings.get("stand_in", "easy")
        absent = self.absent()[:3]
        names = [seats[i].name for i in absent]
        heading = (f"Let the computer play for {names[0]}?" if len(names) == 1
                   else "Let the computer play for someone away?")
        self.app.push(self.app.routes.dialog(
            heading,
            f"A seat whose person has been away for a week may be handed to the computer ({level}): it plays "
            "until they come back, and they take the seat back when they return. The table server says "
            "no to anyone away for less.",
            [*((f"For {seats[i].name}", partial(self.remote.hand_over, i)) for i in absent),
             ("Cancel", lambda: None)]))

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
        forget_seat(self.remote.seat.token)
        self.app.reset(self.app.routes.title())

    def allow_quit(self) -> bool:
        """Closing the window keeps the seat: the game started again offers to rejoin."""
        return True

    def _act(self, command: Command) -> None:
        """Send the person's action; remember where a dropped tile was let go."""
        self._drop = command.pos
        super()._act(command)

    def animation_scale(self) -> float:
        """The settings' pace, hurried while the person's own clock runs and the
        picture still replays the moves before their turn."""
        scale = super().animation_scale()
        return scale * HURRIED if self.turn_clock.mine_runs and not self.picture.ready() else scale

    def catch_steps(self, drop: Point | None = None) -> None:
        """Count the turn clock down from the latest reading (the news just taken in); hand the
        server's steps to the picture, the person's own move flying from where they dropped it."""
        self.turn_clock.follow(self.remote, self.clock, self.remote.connected)
        for step in self.controller.take_steps():
            if step.computer:
                self.picture.enqueue(step, None)
            else:
                self.picture.enqueue(step, drop or self._drop)
                self._drop = None
