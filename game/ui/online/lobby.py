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
from ..boxes import Column, inset
from ..fonts import blit_text
from ..scenes.menu import MenuScene, buttons_row, card, clipped, sentences
from ..sizing import Sizes
from ..widgets import Button
from .connection import EVERYONE
from .discovery import network_addresses
from .kept import KeptSeat, forget_seat
from .pace_words import pace_line, table_pace
from .table_link import qr_picture, table_links


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
        self.start_button = Button("Start", self.start, primary=True, enabled=False)
        """Enabled for the host once the server has said the table waits in its lobby."""
        self.widgets = [self.start_button, Button("Leave", self.leave)]
        self.boxes: dict[str, pygame.Rect] = {}
        self.code_size = 0
        self.seat_tops: list[int] = []
        """Where each seat's line starts in the pane (pixels from its top)."""
        """The table code's size in pixels (as large as the card lets it be)."""
        self._seats_said: tuple[str, ...] = ()
        """The seats as last said aloud (a change is said as it comes)."""
        self._links: list[str] | None = None
        self._qr: tuple[int, pygame.Surface] | None = None

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
            if self.links():
                return (f"Open {' or '.join(self.links())} in a browser, or scan the code; games join with the "
                        "table code.")
            return (f"Friends join at {socket.gethostname()}:{self.seat.port} or this computer's "
                    "network address.")
        if self.is_host and self.seat.host:
            return f"Only games on this computer can join: address 127.0.0.1:{self.seat.port}."
        return f"Friends join at {join_address(self.seat.url)} with the table code."

    def links(self) -> list[str]:
        """The table's links for a browser when this game hosts it for the home network (else none)."""
        if self._links is None:
            hosting = self.is_host and self.seat.host == EVERYONE
            self._links = table_links(EVERYONE, self.seat.port, self.seat.code, network_addresses()) if hosting else []
        return self._links

    def link_code_height(self, s: Sizes) -> int:
        """Pixels the QR code of the table's link and the other addresses under it take (0: no link)."""
        links = self.links()
        if not links:
            return 0
        return round(s.unit * 8) + len(links[1:4]) * (s.line(s.fine) + s.gap // 2)

    def draw_link_code(self, surface: pygame.Surface, s: Sizes) -> pygame.Rect | None:
        """The QR code of the table's first link, the other addresses under it; where the code is (None: no link)."""
        links = self.links()
        if not links:
            return None
        box = self.boxes["qr"]
        size = round(s.unit * 8)
        if self._qr is None or self._qr[0] != size:
            self._qr = (size, qr_picture(links[0], size))
        picture = self._qr[1]
        at = picture.get_rect(midtop=box.midtop)
        surface.blit(picture, at)
        for i, link in enumerate(links[1:4]):  # the others, under the code (the words above name the first)
            blit_text(surface, "also " + link.removeprefix("http://").split("/", 1)[0], s.fine, theme.INK_DIM,
                      (at.centerx, at.bottom + s.gap // 2 + i * (s.line(s.fine) + s.gap // 2)), "midtop")
        return at

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

    def waiting_words(self) -> str:
        """The line under the seats: the last note, else what the table waits for."""
        return self.note or ("Start when everyone is here." if self.is_host else "Waiting for the host to start\u2026")

    def layout_key(self) -> tuple[object, ...]:
        """The seats and the line under them (a seat taken or left, a note)."""
        return (self.seat_lines(), self.waiting_words(), self.pace_words())

    def layout(self, s: Sizes) -> None:
        """The title; a card with the code as large as the room lets it be (from a title's size
        up), where friends join, the pace, the seats and the line under them (all of it
        scrolling when even that does not fit); Leave and Start below it."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        width = min(frame.w, round(s.unit * 44))
        buttons = pygame.Rect(frame.centerx - width // 2, frame.bottom - s.control, width, s.control)
        box = pygame.Rect(buttons.x, column.bottom + s.section, width, buttons.y - s.section - column.bottom - s.section)
        inner = inset(box, s.inside)
        label_w = s.width("Seat 8", s.body) + s.section
        self.seat_tops = []
        seats_h = 0
        for line in self.seat_lines():
            self.seat_tops.append(seats_h)
            seats_h += s.wrapped(line.split(": ", 1)[-1], s.body, inner.w - s.gap - label_w) + s.gap
        parts = [("code label", s.line(s.small)), ("code", 0),
                 ("where", s.wrapped(self.where_to_join(), s.small, inner.w - s.gap)),
                 ("qr", self.link_code_height(s)),
                 ("pace", s.wrapped(self.pace_words(), s.fine, inner.w - s.gap) if self.pace_words() else 0),
                 ("seats", seats_h + s.section - s.gap),
                 ("waiting", s.wrapped(self.waiting_words(), s.small, inner.w - s.gap, "bold"))]
        rest = sum(h for _, h in parts) + s.gap * (len(parts) - 1)
        widest = int((inner.w - s.gap) / max(1, s.width(self.seat.code, 100, "title")) * 100)
        big = min(round(s.title * 1.6), widest)
        while big > s.title and rest + s.line(big, "title") > inner.h:  # the code gives way before the seats scroll
            big -= 1
        self.code_size = big
        parts[1] = ("code", s.line(big, "title"))
        height = rest + parts[1][1]
        self.pane.set(pygame.Rect(inner.x, inner.y, inner.w, min(inner.h, height)), height)
        top = Column(pygame.Rect(inner.x, self.pane.top, inner.w - s.gap, height), s.gap)
        for key, h in parts:
            self.boxes[key] = top.take(h)
        box.h = self.pane.view.h + 2 * s.inside
        self.boxes["card"] = box
        buttons_row(pygame.Rect(box.x, box.bottom + s.section, box.w, s.control), self.widgets[::-1], s)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the card, and in it (scrolling with the pane) the code, where to join, the
        pace, the seats and the line under them."""
        blit_text(surface, self.title, s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title")
        card(surface, self.boxes["card"], s)
        with clipped(surface, self.pane.view):
            self._draw_card(surface, s)

    def _draw_card(self, surface: pygame.Surface, s: Sizes) -> None:
        """What the card holds."""
        blit_text(surface, "Table code", s.small, theme.INK_DIM, self.boxes["code label"].midtop, "midtop")
        blit_text(surface, self.seat.code, self.code_size, theme.GOLD, self.boxes["code"].midtop, "midtop", "title")
        where = self.boxes["where"]
        blit_text(surface, self.where_to_join(), s.small, theme.INK, where.midtop, "midtop", wrap=where.w)
        if self.pace_words():
            pace = self.boxes["pace"]
            blit_text(surface, self.pace_words(), s.fine, theme.INK_DIM, pace.midtop, "midtop", wrap=pace.w)
        self.draw_link_code(surface, s)
        table = self.link.client.table if self.link is not None else None
        joined = self.link.client.joined if self.link is not None else None
        seats = self.boxes["seats"]
        if table is not None:
            label_w = s.width("Seat 8", s.body) + s.section
            for i, (seat, top) in enumerate(zip(table.seats, self.seat_tops)):
                you = joined is not None and joined.seat == i
                blit_text(surface, f"Seat {i + 1}", s.body, theme.INK_DIM, (seats.x, seats.y + top))
                blit_text(surface, seat_words(seat, you), s.body, theme.GOLD if you else theme.INK,
                          (seats.x + label_w, seats.y + top), wrap=seats.w - label_w)
        waiting = self.boxes["waiting"]
        blit_text(surface, self.waiting_words(), s.small, theme.GOLD, waiting.topleft, "topleft", "bold",
                  wrap=waiting.w)
