"""The Load screen: saved games from the saves store, a page at a time, with Delete.

The folder is scanned at once (names and dates only); each save's summary
(rules, round, scores, or why it is damaged) is read on a background thread,
the visible page first, so thousands of saves never freeze a frame."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

from ...saves import SaveInfo
from ...saves.listing import Entry, entry_date
from .. import theme
from ..draw import panel
from ..fonts import blit_text
from ..intents import Intent
from ..saves_bridge import NO_SAVES, SavesBridge, describe_lines
from ..scene import Space
from ..widgets import Button, text_width
from .menu import MenuScene, card

ROWS = 7
ROW_Y, ROW_H, ROW_GAP = 150, 70, 8
LIST_X, LIST_W = 320, 820


@dataclass
class SaveRow(Button):
    """One save on two lines: name and date, then rules, round and scores (or the problem)."""

    entry: SaveInfo | None = None
    damaged: bool = False

    def spoken(self) -> str:
        """The row in words: name and date, then rules, round and scores (or the problem)."""
        if self.entry is None:
            return ""
        return ". ".join(describe_lines(self.entry)) + (", cannot be opened" if self.damaged else ", button")

    def draw(self, surface: pygame.Surface, space: Space) -> None:
        """Paint the row."""
        if self.entry is None:
            return
        rect = self.screen_rect(space)
        color = theme.PANEL_EDGE if self.hover and not self.damaged else theme.PANEL_LIGHT
        edge = theme.GOLD if self.hover and not self.damaged else (theme.RED if self.damaged else None)
        panel(surface, rect, color, 255, radius=space.px(10), edge=edge, width=2)
        name, when, details = describe_lines(self.entry)
        pad = space.px(16)
        top = rect.y + space.px(9)
        blit_text(surface, when, space.px(16), theme.INK_DIM, (rect.right - pad, top + space.px(3)), "topright")
        room = rect.w - 2 * pad - text_width(when, space.px(16)) - space.px(20)
        blit_text(surface, _fit(name, space.px(22), room, "bold"), space.px(22), theme.INK if not self.damaged else theme.INK_DIM,
                  (rect.x + pad, top), "topleft", "bold")
        ink = theme.RED if self.damaged else theme.INK_DIM
        blit_text(surface, _fit(details, space.px(17), rect.w - 2 * pad), space.px(17), ink,
                  (rect.x + pad, rect.bottom - space.px(10)), "bottomleft")


def _fit(line: str, size: int, width: int, style: str = "regular") -> str:
    """``line`` shortened with an ellipsis to fit ``width`` pixels."""
    if text_width(line, size, style) <= width:
        return line
    while line and text_width(line + "\u2026", size, style) > width:
        line = line[:-1]
    return line.rstrip() + "\u2026"


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
        self.refresh()

    # ---------------------------------------------------------------- state
    def refresh(self) -> None:
        """Scan the folder again (fast), lay out the visible page, and read the
        summaries on a background thread, the visible page first."""
        self.files = self.saves.entries()
        self.confirming = None
        self.offset = max(0, min(self.offset, len(self.files) - ROWS))
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
            page = self.files[self.offset : self.offset + ROWS]
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
        self._shown_known = sum(1 for e in self.files[self.offset : self.offset + ROWS] if e.path in self.infos)
        self._layout()

    def update(self, dt: float) -> None:
        """Show summaries the reader has finished since the last frame."""
        super().update(dt)
        known = sum(1 for e in self.files[self.offset : self.offset + ROWS] if e.path in self.infos)
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

    def _layout(self) -> None:
        """Rows for the entries from ``offset``, a Delete button per named save, Back."""
        self.widgets = []
        for i, entry in enumerate(self.entries[self.offset : self.offset + ROWS]):
            y = ROW_Y + i * (ROW_H + ROW_GAP)
            damaged = bool(entry.problem)
            self.widgets.append(SaveRow("", (LIST_X, y, LIST_W, ROW_H), partial(self.open, entry),
                                        entry=entry, damaged=damaged))
            if not entry.is_autosave:
                sure = self.confirming is not None and entry.path == self.confirming.path
                self.widgets.append(Button("Sure?" if sure else "Delete", (LIST_X + LIST_W + 12, y + 11, 128, 48),
                                           partial(self.delete, entry), primary=sure, size=20))
        self.widgets.append(Button("Back", (700, 800, 200, 56), self.back, primary=True))

    def scroll(self, rows: int) -> None:
        """Move the visible window by ``rows`` (clamped)."""
        top = max(0, len(self.files) - ROWS)
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
        more = "; PageUp and PageDown show more" if count > ROWS else ""
        return f"{count} saved {'game' if count == 1 else 'games'}, the latest first: Down reads them{more}."

    # -------------------------------------------------------------- actions
    def handle(self, intent: Intent) -> None:
        """Wheel and PageUp/PageDown page the list; a click elsewhere drops a pending "Sure?"."""
        if intent.kind == "scroll":
            self.scroll(-intent.amount)
            return
        if intent.kind in ("page_up", "page_down"):
            self.scroll(ROWS if intent.kind == "page_down" else -ROWS)
            return
        if intent.kind == "release" and self.confirming is not None:
            pending = self.confirming
            super().handle(intent)
            if self.confirming is pending:
                self.confirming = None
                self._layout()
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
            self._layout()
            return
        self.confirming = None
        with self._store_lock:
            problem = self.saves.delete(entry)
        self.note, self.note_bad = (problem, True) if problem else (f"Deleted {entry.name}", False)
        if not problem:
            self.files = [f for f in self.files if f.path != entry.path]
            self.infos.pop(entry.path, None)
            self.offset = max(0, min(self.offset, len(self.files) - ROWS))
        self._sync()

    # -------------------------------------------------------------- drawing
    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Title, the list card, the page position and the note."""
        super().draw_body(surface, space)
        card(surface, space, 290, 125, 1020, 655)
        count = len(self.entries)
        if count > ROWS:
            last = min(count, self.offset + ROWS)
            blit_text(surface, f"{self.offset + 1}\u2013{last} of {count}  \u00b7  wheel or PageUp/PageDown for more",
                      space.px(16), theme.INK_DIM, space.point(LIST_X, 700), "topleft")
            arrows = ("\u25b2 " if self.offset > 0 else "") + ("\u25bc" if last < count else "")
            blit_text(surface, arrows, space.px(18), theme.GOLD, space.point(LIST_X + LIST_W, 698), "topright", "bold")
        if self.note:
            color = theme.RED if self.note_bad else theme.GOLD
            blit_text(surface, _fit(self.note, space.px(20), space.px(960), "bold"), space.px(20), color,
                      space.point(800, 735), "midtop", "bold")
