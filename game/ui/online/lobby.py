"""The lobby of a network table: the table code large and clear, who sits
where and whether they are connected, and (for the host) Start.

Everything shown comes from the server's ``table`` messages, checked by the
client library before it gets here. When the first deal comes the lobby
gives way to the table.
"""

from __future__ import annotations

import socket

import pygame

from ...net.client.inbound import Incoming, SeatInfo
from ...net.client.threaded_client import ThreadedClient
from .. import theme
from ..fonts import blit_text, fit_size
from ..scene import Space
from ..scenes.menu import MenuScene, card, sentences
from ..widgets import Button
from .connection import EVERYONE
from .kept import KeptSeat, forget_seat
from .pace_words import pace_line, table_pace


def join_address(url: str) -> str:
    """The address to type in the Join form for the server at ``url`` (host:port for a plain ws:// one)."""
    plain = url.removeprefix("ws://").rstrip("/")
    return plain if url.startswith("ws://") and "/" not in plain else url


def seat_words(seat: SeatInfo, you: bool) -> str:
    """One seat as the lobby lists it."""
    if seat.kind == "open":
        return "open: waiting for a person (a computer player takes it at the start)"
    if seat.kind != "person":
        return f"{seat.name}: computer player ({seat.kind})"
    state = "connected" if seat.connected else "away"
    return f"{seat.name}{' (you)' if you else ''}: {state}"


class LobbyScene(MenuScene):
    """Waiting at a table for people and the start."""

    title = "Online table"

    def __init__(self, link: ThreadedClient, seat: KeptSeat) -> None:
        super().__init__()
        self.link: ThreadedClient | None = link
        self.seat = seat
        self.backlog: list[Incoming] = []
        self.note = ""
        self.start_button = Button("Start", (1000, 760, 260, 62), self.start, primary=True, enabled=False)
        """Enabled for the host once the server has said the table waits in its lobby."""
        self.widgets = [self.start_button, Button("Leave", (340, 760, 260, 62), self.leave)]
        self._seats_said: tuple[str, ...] = ()
        """The seats as last said aloud (a change is said as it comes)."""

    @property
    def is_host(self) -> bool:
        """Whether this game set the table up (seat 0)."""
        joined = self.link.client.joined if self.link else None
        return joined is not None and joined.host

    def update(self, dt: float) -> None:
        """Take in what the server sent; open the table at the first deal."""
        super().update(dt)
        link = self.link
        if link is None or self.app is None:
            return
        news = link.poll()
        for message in news:
            self.backlog.append(message)
            if message.type == "closed":
                self.note = f"The connection closed: {message.data.get('message', '')}."
                if message.data.get("reason") == "host_left":
                    forget_seat(self.seat.token)  # the table is gone: nothing to go back to
            elif message.type == "error":
                self.note = str(message.data.get("message", ""))
        table = link.client.table
        if news:  # the seats change only with a message
            self._say_seat_changes()
        self.start_button.enabled = self.is_host and table is not None and table.state == "lobby"
        self.start_button.hint = "" if self.is_host else "the host starts"
        if any(m.type == "update" for m in self.backlog):
            self.link = None
            self.app.replace(self.app.routes.online_table(link, self.backlog))

    def start(self) -> None:
        """(Host) start the match: computer players take the open seats."""
        if self.link is not None:
            self.link.call(self.link.client.start())
            self.note = "Dealing\u2026"

    def leave(self) -> None:
        """Give the seat up (the host closes the table) and go back to the title."""
        assert self.app is not None
        link, self.link = self.link, None
        if link is not None:
            link.call(link.client.leave())
            link.close()
        forget_seat(self.seat.token)
        self.app.reset(self.app.routes.title())

    def back(self) -> None:
        """Esc asks before leaving the table."""
        assert self.app is not None
        self.app.push(self.app.routes.dialog("Leave this table?", "Your seat opens for someone else.",
                                             [("Leave", self.leave), ("Stay", lambda: None)]))

    def frame_rate(self) -> int:
        """Keep listening to the server."""
        return 15

    def close(self) -> None:
        """Leaving the lobby any other way closes the connection (the seat can be rejoined)."""
        if self.link is not None:
            self.link.close()
            self.link = None

    def where_to_join(self) -> str:
        """How friends reach this table: the address to type in Join, whoever runs the server."""
        if self.is_host and self.seat.host == EVERYONE:
            return (f"Friends join at {socket.gethostname()}:{self.seat.port} or this computer's "
                    "network address.")
        if self.is_host and self.seat.host:
            return f"Only games on this computer can join: address 127.0.0.1:{self.seat.port}."
        return f"Friends join at {join_address(self.seat.url)} with the table code."

    def seat_lines(self) -> tuple[str, ...]:
        """'Seat 2: Ben: here' for every seat, as the lobby shows them."""
        table = self.link.client.table if self.link is not None else None
        joined = self.link.client.joined if self.link is not None else None
        if table is None:
            return ()
        return tuple(f"Seat {i + 1}: {seat_words(seat, joined is not None and joined.seat == i)}"
                     for i, seat in enumerate(table.seats))

    def spoken_body(self) -> str:
        """The code spelled out, where friends join, the pace and the seats (said as the lobby opens)."""
        spelled = ", ".join(" ".join(part) for part in self.seat.code.split("-"))
        self._seats_said = self.seat_lines()
        return sentences(f"Table code {spelled}", self.where_to_join(), self.pace_words(), *self._seats_said)

    def _say_seat_changes(self) -> None:
        """Say each seat whose line changed since it was last said (someone came, or left)."""
        lines = self.seat_lines()
        if not lines or lines == self._seats_said:
            return
        changed = [line for i, line in enumerate(lines) if i >= len(self._seats_said) or self._seats_said[i] != line]
        self._seats_said = lines
        self.speak(sentences(*changed), interrupt=False)

    def pace_words(self) -> str:
        """The table's pace in a line: 'Pace: live, 2 minutes a turn (...)'."""
        table = self.link.client.table if self.link is not None else None
        return "" if table is None else pace_line(*table_pace(table.settings))

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The code, the seats and the last note."""
        box = card(surface, space, 300, 140, 1000, 700)
        super().draw_body(surface, space)
        blit_text(surface, "Table code", space.px(22), theme.INK_DIM, space.point(800, 160), "midtop",
                  box=box)
        blit_text(surface, self.seat.code, space.px(72), theme.GOLD, space.point(800, 190), "midtop",
                  "title", box=box)
        where, size = fit_size(self.where_to_join(), space.px(20), "regular", space.px(940), space.px(15))
        blit_text(surface, where, size, theme.INK, space.point(800, 290), "midtop", box=box)
        table = self.link.client.table if self.link is not None else None
        if table is not None:
            said, size = fit_size(self.pace_words(), space.px(18), "regular", space.px(940), space.px(14))
            blit_text(surface, said, size, theme.INK_DIM, space.point(800, 318), "midtop", box=box)
        joined = self.link.client.joined if self.link is not None else None
        if table is not None:
            for i, seat in enumerate(table.seats):
                you = joined is not None and joined.seat == i
                color = theme.GOLD if you else theme.INK
                y = 350 + 46 * i
                blit_text(surface, f"Seat {i + 1}", space.px(22), theme.INK_DIM, space.point(340, y), box=box)
                words, size = fit_size(seat_words(seat, you), space.px(24), "regular", space.px(820),
                                       space.px(17))
                blit_text(surface, words, size, color, space.point(460, y), box=box)
        waiting = "Start when everyone is here." if self.is_host else "Waiting for the host to start\u2026"
        blit_text(surface, self.note or waiting, space.px(20), theme.GOLD, space.point(340, 712), "topleft",
                  "bold", wrap=space.px(920), box=box)
