"""Play online: host a table on this computer, join one by its address and
code, or go back to one of My tables.

Hosting runs the game's own table server (this computer only, or the local
network when the player chooses it) and sets the table up like New match:
preset, players, length, the computer level for the seats no one takes and
the pace (live, with a turn clock, or any pace).
Every step that waits on the network runs on the connection's thread; this
scene only looks once a frame whether it is done.
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial
from typing import Any

import pygame

from ...ai import LEVELS
from ...engine import PRESETS
from ...engine.length import LENGTHS
from ...memory.names import seat_name
from ...net.client.threaded_client import ThreadedClient
from ...words.counting import counted
from .. import theme
from ..boxes import Column, inset
from ..fonts import blit_text
from ..last_setup import seats_of
from ..painted import Item, Words, paint
from ..scene import Host
from ..scenes.form import form_width, place_form
from ..scenes.menu import MenuScene, buttons_row, card, clipped
from ..sizing import Sizes
from ..widgets import Button, Picker, TextField
from . import connection
from .connection import (
    DEFAULT_PORT,
    EVERYONE,
    LOOPBACK,
    failure_text,
    host_table,
    join_table,
    new_link,
    server_url,
)
from .discovery import Finder, Found
from .kept import KeptSeat, kept_seats
from .pace_words import CHOICES, DEFAULT, LIVE, pace_label, pace_sentence

REACH = {LOOPBACK: "this computer only", EVERYONE: "local network"}
"""Who may reach the hosted table, by the address the server listens on."""


BROWSER_NOTE = ("Friends without the game can open the table's link in a browser instead: "
                "http://ADDRESS:PORT/t/CODE, the same code.")
"""The join form's first note: the guest page takes the same table code."""

def address_char(ch: str) -> bool:
    """Whether ``ch`` may be typed into an address field."""
    return ch.isascii() and (ch.isalnum() or ch in ".:-[]/_")


def code_char(ch: str) -> bool:
    """Whether ``ch`` may be typed into the table code field."""
    return ch.isascii() and (ch.isalnum() or ch == "-")


class OnlineScene(MenuScene):
    """My tables, Host or Join; then the lobby (``routes.lobby``) once seated."""

    title = "Play online"

    def __init__(self) -> None:
        super().__init__()
        self.mode = "choose"
        self.note = ""
        self.kept: list[KeptSeat] = kept_seats()
        self.name = TextField("Player", max_len=20)
        self.preset = Picker(list(PRESETS), labels=lambda v: v.replace("-", " ").title())
        self.players = Picker(list(range(2, 9)), index=2, labels=lambda v: f"{v} players")
        self.length = Picker(list(LENGTHS), index=1, labels=lambda v: f"{v.title()} match")
        self.level = Picker(list(LEVELS), index=1, labels=lambda v: f"Computer players: {v}")
        self.pace = Picker(list(CHOICES), index=DEFAULT, labels=pace_label)
        """Live with a turn clock of 30 s to 10 minutes (2 minutes by default), or any pace."""
        self.reach = Picker(list(REACH), labels=lambda v: REACH[v])
        for widget, said in ((self.name, "Your name"), (self.preset, "Rules"), (self.players, "Seats"),
                             (self.length, "Length"), (self.level, "Empty seats"), (self.pace, "Pace"),
                             (self.reach, "Who may join")):
            widget.name = said
        self.port = TextField(str(DEFAULT_PORT), max_len=60, allowed=address_char)
        """This game's server's port, or the address of a table server elsewhere (wss://example.org:8765/)."""
        self.address = TextField(f"{LOOPBACK}:{DEFAULT_PORT}", max_len=60, allowed=address_char)
        self.code = TextField("", max_len=14, allowed=code_char, placeholder="K3F9Q-2XAMB")
        self.port.name, self.address.name, self.code.name = "Port or server", "Address", "Table code"
        self.link: ThreadedClient | None = None
        self.pending: Future[KeptSeat] | None = None
        self.finder: Finder | None = None
        self.found: list[Found] = []
        self.items: list[Item] = []
        self.boxes: dict[str, pygame.Rect] = {}
        self.buttons_below: list[Button] = []
        """The buttons under the form (Host or Join, and Back)."""
        self._choose()

    # ----------------------------------------------------------------- modes
    def _choose(self) -> None:
        """The first choice: My tables (the seats kept), host, or join."""
        self.mode = "choose"
        kept = len(self.kept)
        mine = Button("My tables", self.my_tables, primary=kept > 0, enabled=kept > 0,
                      hint=counted(kept, "table") if kept else "no tables yet")
        self.widgets = [mine, Button("Host a table", self.host_form, primary=not kept),
                        Button("Join a table", self.join_form), Button("Back", self.back)]
        self.buttons_below = []
        self.focus = 0  # My tables when there are seats kept, else Host
        self.relayout()

    def my_tables(self) -> None:
        """Every online seat kept, where its table stands, one click to go back to it."""
        assert self.app is not None
        self.app.push(self.app.routes.my_tables())

    def host_form(self) -> None:
        """Set the table up: name, preset, players, length, computer level, pace, who may reach it."""
        self.mode, self.note = "host", ""
        self.buttons_below = [Button("Back", self._choose), Button("Host", self.host, primary=True)]
        self.widgets = [self.name, self.preset, self.players, self.length, self.level, self.pace, self.reach,
                        self.port, self.buttons_below[1], self.buttons_below[0]]
        self.focus = 8
        self.relayout()

    def join_form(self) -> None:
        """Address, table code and name; below, a button that looks for tables on the
        local network (nothing is looked for until the person asks); the note says a browser joins too."""
        self.mode, self.note = "join", BROWSER_NOTE
        self._join_widgets([])
        self.focus = 1

    def find_tables(self) -> None:
        """Listen for tables announced on the local network (the person asked to)."""
        if self.finder is None:
            try:
                self.finder = Finder(connection.DISCOVERY_INTERFACES)
            except Exception:  # noqa: BLE001 - no zeroconf here: joining by address still works
                self.finder = None
                self.note = "Tables nearby cannot be looked for here: type the host's address."
        self._join_widgets(self.found)

    def _join_widgets(self, found: list[Found]) -> None:
        """The join form's widgets, with a button per table found (it fills the address in)."""
        self.found = found
        looking = self.finder is not None
        find = Button("Looking for tables nearby\u2026" if looking and not found else "Find tables nearby",
                      self.find_tables, enabled=not looking)
        picks = [Button(f"{f.host} \u00b7 {f.where}", partial(self.pick, f)) for f in found[:2]]
        self.buttons_below = [Button("Back", self._choose), Button("Join", self.join, primary=True)]
        self.widgets = [self.address, self.code, self.name, self.buttons_below[1], self.buttons_below[0], find, *picks]
        self.relayout()

    def pick(self, found: Found) -> None:
        """A table found on the network: its address goes in the address field; the code is still the host's to tell."""
        self.address.value = found.where
        self.note = f"Now type the table code {found.host} sees."
        self.code.focus()

    def back(self) -> None:
        """Esc: the first choice again, or back to the title."""
        if self.pending is not None:
            return
        if self.mode != "choose":
            self._stop_finding()
            self._choose()
            return
        assert self.app is not None
        self.app.pop()

    # ----------------------------------------------------------------- going
    def _typed_name(self) -> str | None:
        """The name as typed, or None (said) when it cannot be used."""
        name = seat_name(self.name.value)
        if name is None:
            self.note = "Type your name (letters, digits, spaces)."
        return name

    def host(self) -> None:
        """Start this game's server and set the table up."""
        name = self._typed_name()
        if name is None or self.pending is not None:
            return
        where = self.port.value.strip() or "0"
        port = int(where) if where.isdigit() else 0
        if port > 65535:
            self.note = "A port is a number up to 65535."
            return
        players = int(self.players.value)
        pace, clock = self.pace.value
        settings: dict[str, Any] = {"preset": self.preset.value, "players": players, "length": self.length.value,
                                    "seats": ["person"] + ["open"] * (players - 1),
                                    "stand_in": self.level.value, "pace": pace,
                                    **({"turn_clock": clock} if pace == LIVE else {})}
        own = where.isdigit()  # a port: this game's own server; an address: a table server elsewhere
        self._remember(online_name=name, online_server=where)
        self.link = new_link(f"ws://{LOOPBACK}:{port}/" if own else server_url(where))
        self.pending = host_table(self.link, self.reach.value if own else "", port, name, settings)
        self.note = "Starting the table server\u2026" if own else f"Setting the table up at {where}\u2026"

    def join(self) -> None:
        """Connect to the address typed and take a seat at the table with the code typed."""
        name = self._typed_name()
        code = self.code.value.strip()
        if name is None or self.pending is not None:
            return
        if len(code.replace("-", "")) < 8:
            self.note = "Type the table code the host sees (like K3F9Q-2XAMB)."
            return
        self._remember(online_name=name, online_address=self.address.value.strip())
        self.link = new_link(server_url(self.address.value))
        self.pending = join_table(self.link, code, name)
        self.note = "Joining\u2026"

    def _remember(self, **values: str) -> None:
        """Keep what the person typed in the settings, for the forms next time."""
        assert self.app is not None
        for name, value in values.items():
            setattr(self.app.settings, name, value)
        self.app.settings.remember()

    def attach(self, app: Host) -> None:
        """Look again for seats to take back."""
        super().attach(app)
        self.kept = kept_seats()
        settings = app.settings
        mine = [seat.name for seat in seats_of(settings.last_setup)[:1] if seat.name != "You"]
        if settings.online_name:  # the name last used online, else the one given at New match
            self.name.value = settings.online_name[: self.name.max_len]
        elif mine and self.name.value == "Player":
            self.name.value = mine[0][: self.name.max_len]
        if settings.online_server:
            self.port.value = settings.online_server[: self.port.max_len]
        if settings.online_address:
            self.address.value = settings.online_address[: self.address.max_len]
        if self.mode == "choose":
            self._choose()

    def _stop_finding(self) -> None:
        """Stop listening for tables on the network."""
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def update(self, dt: float) -> None:
        """Tables found on the network; once the connection's work is done: the lobby, or why it failed."""
        super().update(dt)
        if self.mode == "join" and self.finder is not None:
            found = self.finder.found()
            if found != self.found:
                self._join_widgets(found)
        pending = self.pending
        if pending is None or not pending.done():
            return
        self.pending = None
        error = pending.exception()
        link = self.link
        assert link is not None and self.app is not None
        if error is not None:
            self.note = failure_text(error)
            self.link = None
            link.close()
            return
        self.link = None
        self.app.replace(self.app.routes.lobby(link, pending.result()))

    def frame_rate(self) -> int:
        """Keep looking while the network works."""
        return 30 if self.pending is not None else super().frame_rate()

    def close(self) -> None:
        """Leaving: stop listening for tables; close a connection half made."""
        self._stop_finding()
        if self.link is not None:
            self.link.close()
            self.link = None

    def rows(self) -> list[tuple[str, Any]]:
        """The form's rows (label, widget) in this mode."""
        if self.mode == "host":
            return [("Your name", self.name), ("Rules", self.preset), ("Seats", self.players),
                    ("Length", self.length), ("Empty seats", self.level), ("Pace", self.pace),
                    ("Who may join", self.reach), ("Port or server", self.port)]
        if self.mode == "join":
            return [("Address", self.address), ("Table code", self.code), ("Your name", self.name)]
        return []

    def layout_key(self) -> tuple[object, ...]:
        """The mode, the note and the pace chosen (its sentence may take more lines)."""
        return (self.mode, self.note, self.pace.value, len(self.found))

    def layout(self, s: Sizes) -> None:
        """The title; a card with the first choice's buttons and what online play is, or the
        form (scrolling when taller than the room) with its buttons under it; the note last."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        column.skip(s.section - s.gap)
        self.items = []
        least = round(s.unit * 18)
        rows = self.rows()
        width = min(frame.w, max(round(s.unit * 34), form_width(rows, s, least) + 2 * s.inside if rows else 0))
        inner_w = width - 2 * s.inside
        note_h = s.wrapped(self.note, s.small, inner_w, "bold") + s.section if self.note else 0
        box = pygame.Rect(frame.centerx - width // 2, column.bottom, width, frame.bottom - column.bottom)
        inner = inset(box, s.inside)
        if self.mode == "choose":
            about = ("Play at one table from several computers: the host sets the table up, on this "
                     "computer or on a table server, and friends join with its code.")
            view = pygame.Rect(inner.x, inner.y, inner.w, inner.h - note_h)
            y = top = self.pane.top
            for button in self.widgets:
                hint = s.line(round(s.label * 0.76)) if button.hint else 0
                button.place(pygame.Rect(inner.x, y, inner.w - s.gap, s.control + hint), s.label)
                y += s.control + hint + s.gap
            self.items.append(Words(about, s.small, theme.INK_DIM, (inner.x, y + s.section), wrap=inner.w - s.gap))
            height = y + s.section + s.wrapped(about, s.small, inner.w - s.gap) - top
            self.pane.set(pygame.Rect(view.x, view.y, view.w, min(view.h, height)), height)
            self.scrolled = list(self.widgets)
            bottom = self.pane.view.bottom + note_h
        else:
            buttons = pygame.Rect(inner.x, inner.bottom - note_h - s.control, inner.w, s.control)
            view = pygame.Rect(inner.x, inner.y, inner.w, buttons.y - s.section - inner.y)
            extra = [w for w in self.widgets if all(w is not b for b in self.buttons_below)
                     and all(w is not r for _, r in rows)]
            labelled = [("Found nearby" if i == 1 else "", w) for i, w in enumerate(extra)]  # after Find tables nearby
            y = place_form(rows + labelled, s, pygame.Rect(view.x, self.pane.top, view.w, 0), self.items)
            if self.mode == "host":
                pace, clock = self.pace.value
                said = pace_sentence(pace, clock)
                self.items.append(Words(said, s.fine, theme.INK_DIM, (view.x, y + s.gap), wrap=view.w))
                y += s.gap + s.wrapped(said, s.fine, view.w)
            self.pane.set(view, y - self.pane.top)
            self.scrolled = [w for w in self.widgets if all(w is not b for b in self.buttons_below)]
            buttons_row(buttons, self.buttons_below, s)
            bottom = min(buttons.bottom + note_h, inner.bottom)
            if self.pane.height + s.section + s.control + note_h < inner.h:  # a short form: the card shrinks to it
                shift = inner.h - (self.pane.height + s.section + s.control + note_h)
                self.pane.set(pygame.Rect(view.x, view.y, view.w, view.h - shift), self.pane.height)
                buttons_row(buttons.move(0, -shift), self.buttons_below, s)
                bottom -= shift
        box.h = bottom + s.inside - box.y
        self.boxes["card"] = box
        self.boxes["note"] = pygame.Rect(inner.x, bottom - note_h + s.section, inner.w, note_h)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the card behind the widgets, the labels and what happened last."""
        blit_text(surface, self.title, s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title")
        card(surface, self.boxes["card"], s)
        with clipped(surface, self.pane.view):
            paint(surface, self.items)
        if self.note:
            note = self.boxes["note"]
            blit_text(surface, self.note, s.small, theme.GOLD, note.topleft, "topleft", "bold", wrap=note.w)
