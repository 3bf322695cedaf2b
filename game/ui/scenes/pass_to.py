"""Pass and play: the opaque screen that hides every hand while the table goes
to the next person ("Pass to Ben"), with what happened since that person last
looked (the other people's and the computers' moves) and the round's deal
fingerprint, whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...memory.session import is_you
from ...words.movelog import earlier_words
from .. import theme
from ..boxes import Column
from ..fonts import blit_text, fit_size
from ..intents import Intent
from ..painted import Item, Words, paint
from ..sizing import Sizes
from ..widgets import Button
from .menu import MenuScene

COVER: theme.Color = theme.PANEL
"""The one colour the pass screen is painted in (no hand shows through)."""
SAID = 6
"""Sentences of the news said aloud at most (the latest; the move log has the rest)."""


class PassScene(MenuScene):
    """Covers the whole table until ``name`` is ready: a click or Enter calls
    ``on_ready`` (after closing); Esc calls ``on_menu`` (the pause menu over it).
    ``since``: what happened since that person last looked, a sentence each;
    ``fingerprint``: the round's deal fingerprint."""

    def __init__(self, name: str, on_ready: Callable[[], None], on_menu: Callable[[], None],
                 since: Sequence[str] = (), fingerprint: str = "") -> None:
        super().__init__()
        self.name = name
        self.since = tuple(since)
        """What happened since this person last looked, a sentence each (checked names only)."""
        self.fingerprint = fingerprint
        self.on_ready = on_ready
        self.on_menu = on_menu
        you = is_you(name)
        label = "Show my hand" if you else f"I'm {name}: show my hand"
        self.widgets = [Button(label, self.ready, primary=True)]
        self.focus = 0
        self.boxes: dict[str, pygame.Rect] = {}
        self.items: list[Item] = []
        """The fingerprint and the news, as the layout placed them."""

    def words(self) -> tuple[str, str]:
        """The large line (whom to pass to) and the line under it (how to go on)."""
        if is_you(self.name):
            return "Your turn: pass the screen to you", "Click or press Enter when you are ready"
        return f"Pass to {self.name}", f"{self.name}: click or press Enter when you are ready"

    def since_heading(self) -> str:
        """'Since you last looked:' (the round so far, for someone who has not looked yet)."""
        return "Since you last looked:" if is_you(self.name) else f"Since {self.name} last looked:"

    def layout(self, s: Sizes) -> None:
        """The words and the button in a column in the middle of the window (higher with news);
        under them the deal's fingerprint whole, then the latest news that fits (after a count
        of the lines before them: the move log, L, has them all)."""
        frame = s.frame
        _, ready = self.words()
        big = round(s.title * 1.5)
        width = min(frame.w, round(s.unit * 50))
        heights = [s.line(big, "title"), s.wrapped(ready, s.heading, width), s.control, s.line(s.body)]
        core = sum(heights) + 3 * s.section
        news = bool(self.since or self.fingerprint)
        top = frame.y + (s.section if news else max(0, (frame.h - core) * 2 // 5))
        column = Column(pygame.Rect(frame.centerx - width // 2, top, width, frame.h), s.section)
        head_box, ready_box, button_box, peek_box = (column.take(h) for h in heights)
        button = self.widgets[0]
        button.place(pygame.Rect(0, button_box.y, min(width, s.button_width(button.label) + 4 * s.pad), s.control),
                     s.label)
        button.rect.centerx = button_box.centerx
        self.boxes = {"head": head_box, "ready": ready_box, "peek": peek_box}
        self.items = []
        top = column.bottom + s.section
        self._news(s, pygame.Rect(column.rect.x, top, width, frame.bottom - top))

    def _news(self, s: Sizes, room: pygame.Rect) -> None:
        """The fingerprint, then the latest of the news that fit ``room`` (from its top)."""
        y = room.y
        if self.fingerprint:
            words = f"This round's deal fingerprint: {self.fingerprint}"
            self.items.append(Words(words, s.small, theme.INK_DIM, (room.centerx, y), "midtop", wrap=room.w))
            y += s.wrapped(words, s.small, room.w) + s.section
        heading_h = s.line(s.body, "bold") + s.gap
        note_h = s.line(s.fine)
        if not self.since or y + heading_h + note_h > room.bottom:
            return  # no room even to say there is news: the move log (L) has it
        self.items.append(Words(self.since_heading(), s.body, theme.GOLD, (room.x, y), "topleft", "bold"))
        y += heading_h
        heights = [s.wrapped(line, s.small, room.w) for line in self.since]
        shown = len(self.since)
        while shown and y + sum(heights[len(heights) - shown:]) + (note_h if shown < len(self.since) else 0) \
                > room.bottom:
            shown -= 1
        if shown < len(self.since):
            self.items.append(Words(earlier_words(len(self.since) - shown), s.fine, theme.INK_DIM, (room.x, y)))
            y += note_h
        for line, height in zip(self.since[len(self.since) - shown:], heights[len(heights) - shown:]):
            self.items.append(Words(line, s.small, theme.INK, (room.x, y), wrap=room.w))
            y += height

    def spoken_title(self) -> str:
        """'Pass to Ana': what the screen says in large letters."""
        return f"Pass to {self.name}"

    def spoken_body(self) -> str:
        """What happened since this person last looked, and the deal's fingerprint."""
        said: list[str] = []
        latest = self.since[-SAID:]
        if latest:
            earlier = len(self.since) - len(latest)
            said += [self.since_heading(), *([earlier_words(earlier)] if earlier else []), *latest]
        if self.fingerprint:
            said.append(f"Deal fingerprint {self.fingerprint}.")
        return " ".join(said)

    def ready(self) -> None:
        """The person is at the screen: close, and show their hand."""
        assert self.app is not None
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def handle(self, intent: Intent) -> None:
        """A click anywhere or Enter: ready; Esc: the menu."""
        if intent.kind == "release" and intent.button == 1 or intent.kind == "confirm":
            self.ready()
        elif intent.kind == "back":
            self.on_menu()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """One opaque colour over everything."""
        surface.fill(COVER)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """Whom to pass to, how to go on, and the news."""
        head, ready = self.words()
        box = self.boxes["head"]
        line, size = fit_size(head, round(s.title * 1.5), "title", s.frame.w, s.title)
        blit_text(surface, line, size, theme.GOLD, box.midtop, "midtop", "title")
        box = self.boxes["ready"]
        blit_text(surface, ready, s.heading, theme.INK, box.midtop, "midtop", wrap=box.w)
        blit_text(surface, "Everyone else: no peeking at the screen.", s.body, theme.INK_DIM,
                  self.boxes["peek"].midtop, "midtop")
        paint(surface, self.items)
