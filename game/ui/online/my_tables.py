"""My tables: every online seat this game keeps, one row each, with where its
table stands (whose move it is, the round, the pace, when the last move
was), asked of each server once a visit in the background (``lookup``).

A click or Enter on a row takes that seat back (starting this game's own
server first for a table it hosts) and opens the lobby, which opens the
table; Remove forgets a seat after asking. Nothing here waits on the
network in a frame: rows fill in as their servers answer, and a server
that never answers only keeps its own rows asking.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial

import pygame

from ...net.client.threaded_client import ThreadedClient
from ...words.counting import counted
from .. import theme
from ..boxes import Column, inset
from ..draw import panel
from ..fonts import blit_text
from ..scene import IDLE_RATE, Host
from ..scenes.menu import MenuScene, card
from ..sizing import SMALLEST, Sizes, sizes_for
from ..widgets import Button
from .connection import failure_text, new_link, rejoin_table
from .kept import KeptSeat, forget_seat, kept_note, kept_seats
from .lookup import TablesLookup, fresh_lookup
from .rows import RowWords, row_words

NONE = "No online tables yet: Host a table or Join one in Play online, and it is kept here."


@dataclass
class TableRow(Button):
    """A kept seat's row: a button whose face is the table in three lines (``words``)."""

    words: RowWords | None = None
    sizes: Sizes = field(default_factory=lambda: sizes_for(SMALLEST, 1.0))
    """The sizes the row was laid out with."""

    def spoken(self) -> str:
        """The row in words: whose table, its state and the small print."""
        words = self.words
        return self.label if words is None else f"{words.heading}. {words.state}. {words.detail}, button"

    def lines(self) -> tuple[tuple[str, int, str, theme.Color], ...]:
        """The row's three lines: words, size, style and colour (gold when it is your move)."""
        words, s = self.words, self.sizes
        if words is None:
            return ()
        tone = theme.GOLD if words.your_move else theme.WARN if words.trouble or words.gone else theme.INK
        return ((words.heading, s.body, "bold", theme.INK), (words.state, s.small, "bold" if words.your_move
                                                                 else "regular", tone),
                (words.detail, s.fine, "regular", theme.INK_DIM))

    def height(self, width: int) -> int:
        """The row's height at ``width`` pixels: every line whole (a long one wraps)."""
        s = self.sizes
        return sum(s.wrapped(line, size, width - 2 * s.pad, style) for line, size, style, _ in self.lines()) \
            + 2 * s.gap + s.gap

    def draw(self, surface: pygame.Surface) -> None:
        """The row's panel, the heading, the state (gold when it is your move) and the small print."""
        rect, s = self.rect, self.sizes
        panel(surface, rect, theme.PANEL_EDGE if self.hover or self.lit else theme.PANEL_LIGHT, 255, radius=s.radius,
              edge=None)
        y = rect.y + s.gap + s.gap // 2
        for line, size, style, ink in self.lines():
            y = blit_text(surface, line, size, ink, (rect.x + s.pad, y), "topleft", style, wrap=rect.w - 2 * s.pad,
                          box=rect).bottom


class MyTablesScene(MenuScene):
    """The kept seats, their tables as their servers say, one click to go back to any."""

    title = "My tables"

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[KeptSeat] = []
        self.lookup: TablesLookup | None = None
        self.note = ""
        self.rows: list[TableRow] = []
        self.link: ThreadedClient | None = None
        self.pending: Future[KeptSeat] | None = None
        self.boxes: dict[str, pygame.Rect] = {}

    def attach(self, app: Host) -> None:
        """Read the kept seats; ask their servers once for this visit."""
        super().attach(app)
        self._reload()
        if self.lookup is None and self.seats:
            self.lookup = fresh_lookup(self.seats)
        self.focus = 0

    def resume(self) -> None:
        """Back from a question: the list may have changed."""
        self._reload()

    def _reload(self) -> None:
        """The seats as kept now (and what reading them had to say), laid out."""
        self.seats = kept_seats()
        note = kept_note()
        if note:
            self.note = note
        self._lay_out()

    def _lay_out(self) -> None:
        """Laid out again (the seats changed)."""
        self.relayout()
        if self.app is not None:
            self.laid_out()

    def layout(self, s: Sizes) -> None:
        """The title and the count; every kept seat's row with Remove beside it, in a list that
        scrolls when it does not fit; the note; Back."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        self.boxes["count"] = column.take(s.line(s.small) if self.seats else 0)
        column.skip(s.section - s.gap)
        width = min(frame.w, round(s.unit * 56))
        self.boxes["none"] = column.take(0 if self.seats else s.wrapped(NONE, s.body, width), width, "center")
        note_h = s.wrapped(self.note, s.small, width, "bold") + s.gap if self.note else 0
        back = Button("Back", self.back)
        back.place(pygame.Rect(frame.centerx - width // 2, frame.bottom - s.control,
                               s.button_width("Back") + 2 * s.pad, s.control), s.label)
        box = pygame.Rect(frame.centerx - width // 2, column.bottom, width,
                          back.rect.y - s.section - note_h - column.bottom)
        inner = inset(box, s.inside)
        remove_w = s.button_width("Remove")
        row_w = inner.w - remove_w - 2 * s.gap
        self.rows, self.widgets = [], []
        y = top = self.pane.top
        for seat in self.seats:
            row = TableRow(seat.code, partial(self.open, seat), sizes=s)
            row.words = self.words_of(seat)
            height = row.height(row_w)
            row.place(pygame.Rect(inner.x, y, row_w, height), s.body)
            remove = Button("Remove", partial(self.ask_remove, seat))
            remove.place(pygame.Rect(inner.x + row_w + s.gap, y + (height - s.control) // 2, remove_w, s.control),
                         s.label)
            self.rows.append(row)
            self.widgets += [row, remove]
            y += height + s.gap
        height = max(0, y - s.gap - top)
        self.pane.set(pygame.Rect(inner.x, inner.y, inner.w, min(inner.h, height)), height)
        self.scrolled = list(self.widgets)
        box.h = (self.pane.view.h + 2 * s.inside) if self.rows else 0
        self.boxes["card"] = box
        self.boxes["note"] = pygame.Rect(box.x, (box.bottom if self.rows else column.bottom) + s.gap, width, note_h)
        self.widgets.append(back)

    def _fill_rows(self) -> None:
        """Each row's words from the answers so far (laid out again when any changed: a row may grow)."""
        answers = self.lookup.answers() if self.lookup is not None else {}
        now = time.time()
        for row, seat in zip(self.rows, self.seats):
            words = row_words(seat, answers.get(seat.token), now)
            if words != row.words:
                row.words = words
                self.relayout()

    def words_of(self, seat: KeptSeat) -> RowWords:
        """What the row of ``seat`` says now."""
        answers = self.lookup.answers() if self.lookup is not None else {}
        return row_words(seat, answers.get(seat.token), time.time())

    # ----------------------------------------------------------------- going
    def open(self, seat: KeptSeat) -> None:
        """Take the seat back (its lobby, then its table), or offer to remove a table that is gone."""
        if self.pending is not None:
            return
        words = self.words_of(seat)
        if words.gone:
            self.ask_remove(seat)
            return
        self.link = new_link(seat.url)
        self.pending = rejoin_table(self.link, seat)
        self.note = f"Going back to table {seat.code}\u2026"

    def ask_remove(self, seat: KeptSeat) -> None:
        """Ask before forgetting a seat (a table still played can no longer be rejoined)."""
        assert self.app is not None
        words = self.words_of(seat)
        over = words.gone or words.state.startswith("Finished")
        body = ("Nothing is lost: the table is over or gone." if over else
                "This game forgets your seat there, so you could not come back to it. The table goes on "
                "without you: a computer plays your turns when your time runs out, or when the others "
                "hand your seat over after a week away.")
        choices: list[tuple[str, Callable[[], None]]] = [("Remove", partial(self.remove, seat)),
                                                         ("Keep it", lambda: None)]
        self.app.push(self.app.routes.dialog(f"Remove table {seat.code} from My tables?", body, choices))

    def remove(self, seat: KeptSeat) -> None:
        """Forget ``seat``."""
        problem = forget_seat(seat.token)
        self.note = problem or f"Table {seat.code} is no longer in My tables."
        self._reload()

    def back(self) -> None:
        """Esc or Back: where the player came from (not while going back to a table)."""
        if self.pending is None:
            super().back()

    def update(self, dt: float) -> None:
        """Rows fill in as servers answer; once a seat is taken back, its lobby."""
        super().update(dt)
        self._fill_rows()
        pending = self.pending
        if pending is None or not pending.done() or self.app is None:
            return
        self.pending = None
        link, self.link = self.link, None
        assert link is not None
        error = pending.exception()
        if error is not None:
            self.note = failure_text(error)
            link.close()
            return
        self.app.replace(self.app.routes.lobby(link, pending.result()))

    def frame_rate(self) -> int:
        """A few frames a second while answers or a rejoin are awaited, else idle."""
        waiting = self.pending is not None or (self.lookup is not None and not self.lookup.done())
        return 10 if waiting else IDLE_RATE

    def close(self) -> None:
        """Leaving: close a connection half made (the lookup's threads end by themselves)."""
        if self.link is not None:
            self.link.close()
            self.link = None

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the count of tables, a word when there are none, the card and the last note."""
        blit_text(surface, self.title, s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title")
        if not self.seats:
            box = self.boxes["none"]
            blit_text(surface, NONE, s.body, theme.INK_DIM, box.topleft, "topleft", wrap=box.w)
        else:
            count = f"{counted(len(self.seats), 'table')} kept  \u00b7  Enter or a click goes back to one"
            blit_text(surface, count, s.small, theme.INK_DIM, self.boxes["count"].midtop, "midtop")
            card(surface, self.boxes["card"], s)
        if self.note:
            note = self.boxes["note"]
            blit_text(surface, self.note, s.small, theme.GOLD, note.midtop, "midtop", "bold", wrap=note.w)
