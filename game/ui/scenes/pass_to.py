"""Pass and play: the opaque screen that hides every hand while the table goes
to the next person ("Pass to Ben"), with what happened since that person last
looked (the other people's and the computers' moves) and the round's deal
fingerprint, whole."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from ...memory.session import is_you
from ...words.movelog import earlier_words
from .. import theme
from ..fonts import blit_text, fit_text, text
from ..intents import Intent
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene

COVER: theme.Color = theme.PANEL
"""The one colour the pass screen is painted in (no hand shows through)."""
NEWS_END = 700
"""The design height the news ends above (the bottom of the screen stays bare)."""
SAID = 6
"""Sentences of the news said aloud at most (the latest; the move log has the rest)."""


class PassScene(MenuScene):
    """Covers the whole table until ``name`` is ready: a click or Enter calls
    ``on_ready`` (after closing); Esc calls ``on_menu`` (the pause menu over it)."""

    text_room = math.inf
    """Text grows with the UI scale (a few short lines on an empty screen)."""

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
        self.top = 60 if self.since or fingerprint else 300
        """Where the screen's words begin (higher with news to tell)."""
        self.widgets = [Button(label, (450, self.top + 220, 700, 70), self.ready, primary=True)]
        self.focus = 0

    def spoken_title(self) -> str:
        """'Pass to Ana': what the screen says in large letters."""
        return f"Pass to {self.name}"

    def since_heading(self) -> str:
        """'Since you last looked:' (the round so far, for someone who has not looked yet)."""
        return "Since you last looked:" if is_you(self.name) else f"Since {self.name} last looked:"

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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Whom to pass to, and how to go on."""
        you = is_you(self.name)
        head = "Your turn: pass the screen to you" if you else f"Pass to {self.name}"
        blit_text(surface, fit_text(head, space.px(64), "title", space.px(1500)), space.px(64), theme.GOLD,
                  space.point(800, self.top), "midtop", "title")
        ready = "Click or press Enter when you are ready" if you else \
            f"{self.name}: click or press Enter when you are ready"
        blit_text(surface, ready, space.px(26), theme.INK, space.point(800, self.top + 120), "midtop",
                  wrap=space.px(1400))
        blit_text(surface, "Everyone else: no peeking at the screen.", space.px(18), theme.INK_DIM,
                  space.point(800, self.top + 320), "midtop")
        self._news(surface, space)

    def _news(self, surface: pygame.Surface, space: Space) -> None:
        """The deal's fingerprint whole (wrapped rather than cut), then what happened since
        this person last looked: the latest that fit above ``NEWS_END``, after a count of
        the lines before them (the move log, L, has them all)."""
        y = self.top + 360.0
        if self.fingerprint:
            box = blit_text(surface, f"This round's deal fingerprint: {self.fingerprint}", space.px(16),
                            theme.INK_DIM, space.point(800, y), "midtop", wrap=space.px(1400))
            y += box.height / space.k + 24
        if not self.since:
            return
        box = blit_text(surface, self.since_heading(), space.px(20), theme.GOLD, space.point(800, y), "midtop", "bold")
        y += box.height / space.k + 6
        heights = [text(line, space.px(17), theme.INK, wrap=space.px(1300)).get_height() / space.k + 2
                   for line in self.since]
        note = text(earlier_words(len(self.since)), space.px(15), theme.INK_DIM).get_height() / space.k + 2
        shown = len(self.since)
        while shown and y + sum(heights[-shown:]) + (note if shown < len(self.since) else 0) > NEWS_END:
            shown -= 1
        if shown < len(self.since):
            blit_text(surface, earlier_words(len(self.since) - shown), space.px(15), theme.INK_DIM,
                      space.point(800, y), "midtop")
            y += note
        for line, height in zip(self.since[len(self.since) - shown:], heights[len(heights) - shown:]):
            blit_text(surface, line, space.px(17), theme.INK, space.point(800, y), "midtop", wrap=space.px(1300))
            y += height
