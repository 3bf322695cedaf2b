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
from dataclasses import dataclass
from functools import partial

import pygame

from ...net.client.threaded_client import ThreadedClient
from ...words.counting import counted
from .. import theme
from ..fonts import blit_text, fit_size
from ..scene import IDLE_RATE, Host, Space
from ..scenes.menu import MenuScene, card
from ..widgets import Button
from .connection import failure_text, new_link, rejoin_table
from .kept import KeptSeat, forget_seat, kept_note, kept_seats
from .lookup import TablesLookup, fresh_lookup
from .rows import RowWords, row_words

PAGE = 5
"""Rows on one page."""
ROW_TOP, ROW_PITCH, ROW_HEIGHT = 172, 104, 92
"""Where the first row starts, from one row to the next, and a row's height (design pixels)."""


@dataclass
class TableRow(Button):
    """A kept seat's row: a button whose face is the table in three lines (``words``)."""

    words: RowWords | None = None

    def spoken(self) -> str:
        """The row in words: whose table, its state and the small print."""
        words = self.words
        return self.label if words is None else f"{words.heading}. {words.state}. {words.detail}, button"

    def draw(self, surface: pygame.Surface, space: Space) -> None:
        """The row's panel, the heading, the state (gold when it is your move) and the small print."""
        rect = self.screen_rect(space)
        color = theme.PANEL_EDGE if self.hover else theme.PANEL_LIGHT
        pygame.draw.rect(surface, color, rect, border_radius=space.px(10))
        if self.hover:
            pygame.draw.rect(surface, theme.GOLD, rect, max(1, space.px(2)), border_radius=space.px(10))
        words = self.words
        if words is None:
            return
        x, room = rect.x + space.px(18), rect.w - space.px(36)
        tone = theme.GOLD if words.your_move else theme.WARN if words.trouble or words.gone else theme.INK
        state_style = "bold" if words.your_move else "regular"
        for line, size, style, ink, y in ((words.heading, 22, "bold", theme.INK, 10),
                                          (words.state, 21, state_style, tone, 38),
                                          (words.detail, 16, "regular", theme.INK_DIM, 68)):
            said, fitted = fit_size(line, space.px(size), style, room, space.px(size - 5))
            blit_text(surface, said, fitted, ink, (x, rect.y + space.px(y)), "topleft", style, box=rect)


class MyTablesScene(MenuScene):
    """The kept seats, their tables as their servers say, one click to go back to any."""

    title = "My tables"

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[KeptSeat] = []
        self.lookup: TablesLookup | None = None
        self.page = 0
        self.note = ""
        self.rows: list[TableRow] = []
        self.link: ThreadedClient | None = None
        self.pending: Future[KeptSeat] | None = None

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
        """The seats as kept now (and what reading them had to say), laid out on the current page."""
        self.seats = kept_seats()
        note = kept_note()
        if note:
            self.note = note
        self.page = min(self.page, max(0, (len(self.seats) - 1) // PAGE))
        self._lay_out()

    def _lay_out(self) -> None:
        """A row and its Remove button per seat of this page, then Back and the page buttons."""
        shown = self.seats[self.page * PAGE:(self.page + 1) * PAGE]
        self.rows = []
        self.widgets = []
        for i, seat in enumerate(shown):
            y = ROW_TOP + i * ROW_PITCH
            row = TableRow(seat.code, (230, y, 1000, ROW_HEIGHT), partial(self.open, seat))
            self.rows.append(row)
            remove = Button("Remove", (1250, y + 17, 130, 60), partial(self.ask_remove, seat), size=20)
            self.widgets += [row, remove]
        self.widgets.append(Button("Back", (230, 700, 240, 62), self.back))
        if len(self.seats) > PAGE:
            pages = (len(self.seats) - 1) // PAGE + 1
            self.widgets += [Button("Previous", (990, 700, 180, 62), partial(self.turn, -1),
                                    enabled=self.page > 0),
                             Button("Next", (1190, 700, 190, 62), partial(self.turn, 1),
                                    enabled=self.page < pages - 1, hint=f"page {self.page + 1} of {pages}")]
        self._fill_rows()
        self.show_focus()

    def turn(self, delta: int) -> None:
        """Show the previous or next page."""
        self.page += delta
        self._lay_out()
        self.focus = 0
        self.show_focus()

    def _fill_rows(self) -> None:
        """Each row's words from the answers so far."""
        answers = self.lookup.answers() if self.lookup is not None else {}
        now = time.time()
        shown = self.seats[self.page * PAGE:(self.page + 1) * PAGE]
        for row, seat in zip(self.rows, shown):
            row.words = row_words(seat, answers.get(seat.token), now)

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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The card, the count of tables, a word when there are none, and the last note."""
        box = card(surface, space, 200, 125, 1200, 715)
        super().draw_body(surface, space)
        if not self.seats:
            none = "No online tables yet: Host a table or Join one in Play online, and it is kept here."
            blit_text(surface, none, space.px(22), theme.INK_DIM, space.point(800, 300), "midtop",
                      wrap=space.px(1000), box=box)
        else:
            count = f"{counted(len(self.seats), 'table')} kept  \u00b7  Enter or a click goes back to one"
            blit_text(surface, count, space.px(18), theme.INK_DIM, space.point(800, 140), "midtop", box=box)
        if self.note:
            blit_text(surface, self.note, space.px(18), theme.GOLD, space.point(800, 778), "midtop", "bold",
                      wrap=space.px(1100), box=box)
