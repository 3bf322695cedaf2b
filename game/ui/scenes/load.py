"""The Load screen: saved games from the saves store, as many as the window shows at a time, with Delete.

The folder is scanned at once (names and dates only); each save's summary
(rules, round, scores, or why it is damaged) is read on a background thread,
the visible page first, so thousands of saves never freeze a frame."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pygame

from ...saves import SaveInfo
from ...saves.listing import Entry, entry_date
from .. import theme
from ..boxes import Column, inset
from ..draw import panel
from ..fonts import blit_text
from ..intents import Intent
from ..saves_bridge import NO_SAVES, SavesBridge, describe_lines
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene, card

ROWS = 7
"""Rows read first in the background (a page in a small window); a page shows as many as fit."""


def row_lines(entry: SaveInfo) -> tuple[str, str, str, str]:
    """A save as its row shows it: the name, the date and time, the rules and the round (or
    why it cannot be read), and every seat with its score (what tells two saves of one person apart)."""
    name, when, details = describe_lines(entry)
    if entry.problem or not entry.preset:
        return name, when, details, ""
    rules = entry.preset.replace("-", " ").title()
    played = f"finished after {entry.rounds} rounds" if entry.finished else f"round {entry.round} of {entry.rounds}"
    scores = "  \u00b7  ".join(f"{seat} {score}" for seat, score in zip(entry.seat_names, entry.scores))
    return name, when, f"{rules}  \u00b7  {played}", scores


@dataclass
class SaveRow(Button):
    """One save: its name and date, then its rules and round, then every seat's score
    (or the problem), each line whole (a long one wraps: the row is as tall as it needs)."""

    entry: SaveInfo | None = None
    damaged: bool = False

    def spoken(self) -> str:
        """The row in words: name and date, then rules, round and scores (or the problem)."""
        if self.entry is None:
            return ""
        return ". ".join(describe_lines(self.entry)) + (", cannot be opened" if self.damaged else ", button")

    def height(self, s: Sizes, width: int) -> int:
        """The row's height at ``width`` pixels: every line whole, and never less than a save's
        three lines (a row being read is as tall as it will be: the list does not jump)."""
        if self.entry is None:
            return 0
        name, when, details, scores = row_lines(self.entry)
        room = width - 2 * s.pad
        top = max(s.wrapped(name, s.body, room - s.width(when, s.small) - s.section, "bold"), s.line(s.body, "bold"))
        lines = top + s.wrapped(details, s.small, room) + max(s.line(s.small), s.wrapped(scores, s.small, room))
        return lines + 2 * s.gap + 2 * (s.gap // 2)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the row."""
        if self.entry is None:
            return
        rect = self.rect
        s = self.sizes
        color = theme.PANEL_EDGE if (self.hover or self.lit) and not self.damaged else theme.PANEL_LIGHT
        panel(surface, rect, color, 255, radius=s.radius, edge=theme.RED if self.damaged else None, width=2)
        name, when, details, scores = row_lines(self.entry)
        inner = inset(rect, s.pad, s.gap)
        date = blit_text(surface, when, s.small, theme.INK_DIM, inner.topright, "topright", box=rect)
        room = inner.w - date.w - s.section
        y = blit_text(surface, name, s.body, theme.INK if not self.damaged else theme.INK_DIM, inner.topleft,
                      "topleft", "bold", wrap=room, box=rect).bottom + s.gap // 2
        ink = theme.RED if self.damaged else theme.INK
        y = blit_text(surface, details, s.small, ink, (inner.x, y), "topleft", wrap=inner.w, box=rect).bottom
        if scores:
            blit_text(surface, scores, s.small, theme.INK_DIM, (inner.x, y + s.gap // 2), "topleft", wrap=inner.w,
                      box=rect)

    sizes: Sizes = field(default_factory=lambda: Sizes((1024, 640), 1.0, 16.0))
    """The sizes the row was laid out with."""


class LoadScene(MenuScene):
    """Pick a saved game to resume; the wheel or PageUp/PageDown pages through many.
    Damaged saves show why and cannot be opened; named saves can be deleted
    after a second click on "Sure?"."""

    title = "Load a game"

    def __init__(self, saves: SavesBridge) -> None:
        super().__init__()
        self.saves = saves
        self.note = ""
        self.note_bad = False
        self.offset = 0
        self.confirming: SaveInfo | None = None
        self.files: list[Entry] = []
        self.infos: dict[Path, SaveInfo] = {}
        self.entries: list[SaveInfo] = []
        self._store_lock = threading.Lock()
        self._stop = threading.Event()
        self._reader: threading.Thread | None = None
        self._shown_known = -1
        self.page_rows = ROWS
        """How many rows the window shows now (the layout counts them)."""
        self.boxes: dict[str, pygame.Rect] = {}
        self.refresh()

    # ---------------------------------------------------------------- state
    def refresh(self) -> None:
        """Scan the folder again (fast), lay out the visible page, and read the
        summaries on a background thread, the visible page first."""
        self.files = self.saves.entries()
        self.confirming = None
        self.offset = max(0, min(self.offset, len(self.files) - 1))
        if not self.files:
            self.note, self.note_bad = NO_SAVES, False
        self._sync()
        self._start_reader()

    def _start_reader(self) -> None:
        """Read every summary not known yet, the visible page first, off the frame."""
        if self._reader is not None and self._reader.is_alive():
            return
        self._stop.clear()
        self._reader = threading.Thread(target=self._read_all, name="load-list", daemon=True)
        self._reader.start()

    def _read_all(self) -> None:
        """The background reader: one summary at a time until all are known."""
        while not self._stop.is_set():
            page = self.files[self.offset : self.offset + self.page_rows]
            todo = next((e for e in page + self.files if e.path not in self.infos), None)
            if todo is None:
                break
            with self._store_lock:
                info = self.saves.info(todo)
            self.infos[todo.path] = info
        with self._store_lock:
            self.saves.remember()

    def _info(self, entry: Entry) -> SaveInfo:
        """The summary of ``entry``: known, or a placeholder while it is being read."""
        known = self.infos.get(entry.path)
        if known is not None:
            return known
        return SaveInfo(entry.path, entry.path.stem, entry_date(entry), "", 0, 0, [], [], entry.is_autosave,
                        None, False, "", [])

    def _sync(self) -> None:
        """The rows' summaries as known now; lay out again when that changed."""
        self.entries = [self._info(e) for e in self.files]
        self._shown_known = sum(1 for e in self.files[self.offset : self.offset + self.page_rows] if e.path in self.infos)
        self.relayout()
        if self.app is not None:
            self.laid_out()

    def update(self, dt: float) -> None:
        """Show summaries the reader has finished since the last frame."""
        super().update(dt)
        known = sum(1 for e in self.files[self.offset : self.offset + self.page_rows] if e.path in self.infos)
        if known != self._shown_known:
            self._sync()

    def close(self) -> None:
        """Stop the background reader."""
        self._stop.set()

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until the background reader has read every summary, and show them
        (for tests and tools; the game itself never waits)."""
        if self._reader is not None:
            self._reader.join(timeout)
        self._sync()

    def layout(self, s: Sizes) -> None:
        """The title; a card with the rows from ``offset`` that fit whole (a Delete button
        beside each named save); under it where the page is and the note; Back at the bottom."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        column.skip(s.section - s.gap)
        width = min(frame.w, round(s.unit * 52))
        delete_w = max(s.button_width("Delete"), s.button_width("Sure?"))
        note_h = s.wrapped(self.note, s.small, width, "bold") if self.note else 0
        foot = s.line(s.fine) + s.gap + (note_h + s.gap if note_h else 0) + s.section + s.control
        card_box = pygame.Rect(frame.centerx - width // 2, column.bottom, width, frame.bottom - foot - column.bottom)
        self.boxes["card"] = card_box
        rows = inset(card_box, s.inside)
        named = any(not entry.is_autosave for entry in self.entries[self.offset:])
        rows_w = rows.w - (delete_w + s.gap if named else 0)  # a column for Delete only when a row has one
        self.widgets = []
        y = rows.y
        for entry in self.entries[self.offset:]:
            row = SaveRow("", partial(self.open, entry), entry=entry, damaged=bool(entry.problem), sizes=s)
            height = row.height(s, rows_w)
            if y + height > rows.bottom and self.widgets:
                break
            row.place(pygame.Rect(rows.x, y, rows_w, height), s.body)
            self.widgets.append(row)
            if not entry.is_autosave:
                sure = self.confirming is not None and entry.path == self.confirming.path
                delete = Button("Sure?" if sure else "Delete", partial(self.delete, entry), primary=sure)
                delete.place(pygame.Rect(rows.right - delete_w, y + (height - s.control) // 2, delete_w, s.control),
                             s.label)
                self.widgets.append(delete)
            y += height + s.gap
        self.page_rows = max(1, sum(1 for w in self.widgets if isinstance(w, SaveRow)))
        if self.entries:  # the card holds what it shows
            card_box.h = y - s.gap + s.inside - card_box.y
        under = Column(pygame.Rect(card_box.x, card_box.bottom + s.gap, width, frame.h), s.gap)
        self.boxes["page"] = under.take(s.line(s.fine))
        self.boxes["note"] = under.take(note_h)
        back = Button("Back", self.back, primary=True)
        back.place(pygame.Rect(frame.centerx - s.button_width("Back") // 2 - s.pad, frame.bottom - s.control,
                               s.button_width("Back") + 2 * s.pad, s.control), s.label)
        self.widgets.append(back)
        if self.focus >= len(self.focusables()):
            self.focus = len(self.focusables()) - 1

    def scroll(self, rows: int) -> None:
        """Move the visible window by ``rows`` (clamped)."""
        top = max(0, len(self.files) - self.page_rows)
        offset = max(0, min(top, self.offset + rows))
        if offset != self.offset:
            self.offset = offset
            self.confirming = None
            self._sync()
            self._start_reader()

    def spoken_body(self) -> str:
        """How many saves there are and how to reach them (or why there are none)."""
        count = len(self.files)
        if not count:
            return self.note
        if self.app is not None:
            self.laid_out()  # a page holds as many rows as the window shows
        more = "; PageUp and PageDown show more" if count > self.page_rows else ""
        return f"{count} saved {'game' if count == 1 else 'games'}, the latest first: Down reads them{more}."

    # -------------------------------------------------------------- actions
    def handle(self, intent: Intent) -> None:
        """Wheel and PageUp/PageDown page the list; a click elsewhere drops a pending "Sure?"."""
        if intent.kind == "scroll":
            self.scroll(-intent.amount)
            return
        if intent.kind in ("page_up", "page_down"):
            self.scroll(self.page_rows if intent.kind == "page_down" else -self.page_rows)
            return
        if intent.kind == "release" and self.confirming is not None:
            pending = self.confirming
            super().handle(intent)
            if self.confirming is pending:
                self.confirming = None
                self.relayout()
            return
        super().handle(intent)

    def open(self, entry: SaveInfo) -> None:
        """Load ``entry`` and go to its table, or show why not (the file is left alone)."""
        assert self.app is not None
        if entry.path not in self.infos:
            with self._store_lock:
                entry = self.infos[entry.path] = self.saves.info(Entry(entry.path, -1, -1, True))
        if entry.problem:
            self.note, self.note_bad = f"This save cannot be opened: {entry.problem}", True
            return
        session, problem = self.saves.load(entry)
        if session is None:
            self.note, self.note_bad = f"Could not load: {problem or 'the save could not be read'}", True
            return
        self.app.reset(self.app.routes.table(session))

    def delete(self, entry: SaveInfo) -> None:
        """First click asks "Sure?"; the second deletes the save and refreshes the list."""
        if self.confirming is None or entry.path != self.confirming.path:
            self.confirming = entry
            self.note, self.note_bad = f"Click \u201cSure?\u201d to delete {entry.name}", False
            self.relayout()
            return
        self.confirming = None
        with self._store_lock:
            problem = self.saves.delete(entry)
        self.note, self.note_bad = (problem, True) if problem else (f"Deleted {entry.name}", False)
        if not problem:
            self.files = [f for f in self.files if f.path != entry.path]
            self.infos.pop(entry.path, None)
            self.offset = max(0, min(self.offset, len(self.files) - self.page_rows))
        self._sync()

    # -------------------------------------------------------------- drawing
    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """Title, the list card, where the page is and the note."""
        blit_text(surface, self.title, s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title")
        if self.entries:
            card(surface, self.boxes["card"], s)
        count = len(self.entries)
        shown = self.page_rows
        if count > shown:
            last = min(count, self.offset + shown)
            arrows = ("\u25b2 " if self.offset > 0 else "") + ("\u25bc" if last < count else "")
            where = f"{self.offset + 1}\u2013{last} of {count}  \u00b7  wheel or PageUp/PageDown for more  {arrows}"
            blit_text(surface, where, s.fine, theme.INK_DIM, self.boxes["page"].topleft, "topleft")
        if self.note:
            color = theme.RED if self.note_bad else theme.GOLD
            note = self.boxes["note"]
            blit_text(surface, self.note, s.small, color, note.midtop, "midtop", "bold", wrap=note.w)
