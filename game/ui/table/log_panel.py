"""The move log panel at the table (L): the round's moves in words, the names in
their seats' colours, newest at the bottom, scrolled with the wheel or PageUp/PageDown.

``layout`` renders what is in view (from the scene's ``update``) and ``draw``
only pastes it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...memory.files import clean
from ...words.movelog import MoveLog
from ...words.narrate import Line
from .. import theme
from ..draw import panel
from ..fonts import blit_text, capped, fit_size, font, logging_text, note, text_scale
from .draw import seat_color

_rendered: dict[tuple[str, int | None, str, int, int, bool, float], pygame.Surface] = {}

WHY_MARK = "Why?"
"""The link at the right of a log line that has a rule behind it."""

BULLET = "\u25cf"
"""Marks a seat's line that does not start with its name, in the seat's colour."""


def _speaker(line: Line, names: Sequence[str], you: int | None) -> str:
    """The words at the start of ``line`` that name its seat ('You', 'Your', 'Ana', "Ana's"), or ''."""
    if line.seat is None:
        return ""
    for name in (("You", "Your") if line.seat == you else (names[line.seat],)):
        for said in (f"{name}'s", name):
            if line.text.startswith(said + " "):
                return said
    return ""


def why_width(size: int) -> int:
    """The width (pixels) kept at the right of a line for its Why? link."""
    return font(size, "bold").size(" " + WHY_MARK)[0]


def log_heading(round_number: int, k: float, room: int) -> tuple[str, int]:
    """The panel's heading and its size for ``room`` pixels: 'Moves · round 3' at its designed
    size times ``k``; in a narrow panel (large text, small window) a shorter heading, or a
    little smaller, before any word is cut."""
    size, least = int(19 * k), int(15 * k)
    for words in (f"Moves  \u00b7  round {round_number}", f"Round {round_number} moves"):
        fitted = fit_size(words, size, "bold", room, least)
        if fitted[0] == words:
            return fitted
    return fit_size(f"Round {round_number}", size, "bold", room, least)


def render_line(line: Line, speaker: str, width: int, size: int) -> pygame.Surface:
    """``line`` wrapped to ``width`` pixels, its ``speaker`` in the seat's colour
    (or a bullet of that colour when the line does not start with a name) and a
    Why? link at the right when a rule is behind it (cached)."""
    why = line.why is not None
    key = (line.text, line.seat, speaker, width, size, why, text_scale())
    found = _rendered.get(key)
    if found is not None:
        return found
    plain, bold = font(size), font(size, "bold")
    color = theme.INK if line.aloud else theme.INK_DIM
    if not speaker and line.seat is not None:
        speaker = BULLET
    said = clean(line.text)
    words = said[len(speaker):].split() if speaker != BULLET else said.split()
    text_width = width - (why_width(size) if why else 0)
    rows: list[list[str]] = [[]]
    x = bold.size(speaker + " ")[0] if speaker else 0
    for word in words:
        w = plain.size(word + " ")[0]
        if x + w > text_width and rows[-1]:
            rows.append([])
            x = 0
        rows[-1].append(word)
        x += w
    height = plain.get_linesize()
    surface = pygame.Surface((width, height * len(rows)), pygame.SRCALPHA)
    x = 0
    if speaker:
        name = bold.render(clean(speaker), True, seat_color(line.seat if line.seat is not None else 0))
        surface.blit(name, (0, 0))
        x = bold.size(speaker + " ")[0]
    for i, row in enumerate(rows):
        if row:
            surface.blit(plain.render(" ".join(row), True, color), (x if i == 0 else 0, i * height))
    if why:
        mark = bold.render(WHY_MARK, True, theme.GLOW)
        surface.blit(mark, mark.get_rect(topright=(width, 0)))
    if len(_rendered) > 3000:
        _rendered.clear()
    _rendered[key] = surface
    return surface


class LogPanel:
    """The panel's place, what it shows and how far it is scrolled back
    (``back``: lines hidden below the view; 0 follows the newest)."""

    def __init__(self) -> None:
        self.open = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back = 0
        self.k = 1.0
        self.rows: list[tuple[int, int, pygame.Surface]] = []
        """Each line in view: where it goes (x, y in pixels) and its picture."""
        self.links: list[tuple[pygame.Rect, str]] = []
        """Each Why? link in view: its place and the rules section it opens."""
        self.more_above = False
        self.reading: int | None = None
        """The line the arrow keys read last (None: none yet since the panel opened)."""
        self.count = 0
        """How many lines the log held at the last layout."""
        self._key: tuple[object, ...] | None = None
        self._picture: tuple[tuple[object, ...], pygame.Surface] | None = None
        """The open panel as last painted, and what it showed."""

    def toggle(self) -> None:
        """Open or close the panel (it opens on the newest moves)."""
        self.open = not self.open
        self.back = 0
        self.reading = None

    def read(self, kind: str) -> int | None:
        """Up/Down (Home/End: the first and the newest) on the open panel: the index of the line
        to read next, scrolled into view at the bottom (None: the log is empty). The first
        press reads the newest line."""
        count = self.count
        if count == 0:
            return None
        at = count if self.reading is None else self.reading
        moved = {"up": at - 1, "down": at + 1, "home": 0, "end_key": count - 1}.get(kind, at)
        self.reading = max(0, min(count - 1, moved))
        self.back = count - 1 - self.reading
        return self.reading

    def scroll_by(self, lines: int) -> None:
        """Scroll back (positive: older moves) or forward by ``lines``."""
        self.back = max(0, self.back + lines)

    def hits(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is on the open panel."""
        return self.open and self.rect.collidepoint(pos)

    def why_at(self, pos: tuple[float, float]) -> str | None:
        """The rules section of the Why? link at ``pos`` on the open panel (None: no link there)."""
        if not self.open:
            return None
        return next((why for rect, why in self.links if rect.collidepoint(pos)), None)

    def layout(self, area: pygame.Rect, k: float, log: MoveLog, names: Sequence[str], you: int | None) -> None:
        """Place the panel in ``area`` and render the lines in view (again only when something changed);
        ``k`` is the window's and the text's scale: the words are drawn at their designed size times ``k``."""
        self.count = len(log.lines)
        if not self.open:
            return
        with capped(1.0):
            self._layout(area, k, log, names, you)

    def _layout(self, area: pygame.Rect, k: float, log: MoveLog, names: Sequence[str], you: int | None) -> None:
        """``layout``, its words at their designed size times ``k``."""
        self.rect, self.k = area, k
        key = (tuple(area), k, log.version, self.back)
        if key == self._key:
            return
        self._key = key
        size = max(10, int(15 * k))
        pad = int(12 * k)
        width = area.w - 2 * pad - int(8 * k)
        top = area.y + int(44 * k)
        self.back = min(self.back, max(0, len(log.lines) - 1))
        shown = log.lines[: len(log.lines) - self.back]
        rows: list[tuple[int, pygame.Surface]] = []
        links: list[tuple[pygame.Rect, str]] = []
        y = area.bottom - pad
        gap = int(4 * k)
        x = area.x + pad + int(8 * k)
        mark = why_width(size)
        for line in reversed(shown):
            image = render_line(line, _speaker(line, names, you), width, size)
            if y - image.get_height() < top:
                break
            y -= image.get_height()
            rows.append((y, image))
            if line.why is not None:
                links.append((pygame.Rect(x + width - mark, y, mark, font(size).get_linesize()), line.why))
            y -= gap
        self.more_above = len(rows) < len(shown)
        self.rows = [(x, yy, image) for yy, image in reversed(rows)]
        self.links = links

    def draw(self, surface: pygame.Surface, log: MoveLog) -> None:
        """Paint the open panel (a picture of it kept until it changes; painted afresh while the text log records)."""
        if not self.open:
            return
        with capped(1.0):
            if logging_text() is not None:
                self._draw(surface, log, self.rect)
                return
            key = (tuple(self.rect), self.k, log.version, log.round, self.back, self.more_above, text_scale())
            if self._picture is None or self._picture[0] != key:
                margin = 8
                picture = pygame.Surface((self.rect.w + 2 * margin, self.rect.h + 2 * margin), pygame.SRCALPHA)
                at = pygame.Rect(margin, margin, self.rect.w, self.rect.h)
                self._draw(picture, log, at, (margin - self.rect.x, margin - self.rect.y))
                self._picture = (key, picture)
            surface.blit(self._picture[1], (self.rect.x - 8, self.rect.y - 8))

    def _draw(self, surface: pygame.Surface, log: MoveLog, rect: pygame.Rect, shift: tuple[int, int] = (0, 0)) -> None:
        """``draw`` at ``rect`` (the rows moved by ``shift``), its words at their designed size times ``k``."""
        k = self.k
        panel(surface, rect, (16, 20, 28), 232, radius=int(12 * k), edge=theme.PANEL_EDGE)
        heading, size = log_heading(log.round, k, rect.w - int(28 * k))
        title = blit_text(surface, heading, size, theme.GOLD, (rect.x + int(14 * k), rect.y + int(10 * k)), "topleft",
                          "bold", box=rect)
        room = rect.right - int(14 * k) - title.right - int(12 * k)
        hints = ("\u25b2 wheel for older  \u00b7  L closes", "\u25b2 older  \u00b7  L closes", "L closes") \
            if self.more_above else ("L closes",)
        hint = next((h for h in hints if font(int(13 * k)).size(h)[0] <= room), "")
        if hint:
            at = (rect.right - int(14 * k), rect.y + int(14 * k))
            blit_text(surface, hint, int(13 * k), theme.INK_DIM, at, "topright", box=rect)
        for x, y, image in self.rows:
            note("move log line", image, surface.blit(image, (x + shift[0], y + shift[1])), rect)
