"""The rules of the chosen preset and house rules, in the game's own words.

The text comes from ``game.words.rules_help``: the goal, then the deal, the first
turn, where a tile may go, markers, doubles, drawing, the end of a round,
scoring and the knock, then every option in one sentence (the changed ones
marked) and the controls. The page is drawn once per window size and
scrolled; it can open at a section (the table's "Why?").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import pygame

from ...engine import RuleOptions, preset
from ...words.controls import controls
from ...words.readings import plain, readings_for
from ...words.rules_help import describe, house_rules, sections
from .. import theme
from ..fonts import blit_text, logging_text, note, text
from ..intents import Intent
from ..scene import Host, Space
from ..widgets import Button
from .menu import MenuScene, card, sentences

GOAL = ("Get rid of your tiles. When a round ends, the pips left in your hand are your score for it: "
        "the lowest total after the last round wins. Every player builds a train out from the roundhouse "
        "in the middle; anyone may build the shared Mexican train.")
HIDDEN = ("set_by_players", "deal_table", "min_players", "max_players")
"""Options too technical to list for a player (the deal section says what they amount to)."""

PAGE = (470, 130, 1070, 660)
"""The scrolled page's frame in design pixels: x, y, width, height."""
PAD = 30
Piece = tuple[int, pygame.Surface, str]
"""A piece of the page's text: where it starts on the page (pixels), its picture and its words."""
LINE = 40
"""Pixels one arrow key scrolls, in design pixels."""


@dataclass(frozen=True)
class Block:
    """A piece of the page: a ``key`` to jump to, a heading and paragraphs
    (with whether each is marked as changed)."""

    key: str
    heading: str
    paragraphs: tuple[tuple[str, bool], ...]


def blocks(options: RuleOptions, players: int) -> list[Block]:
    """The page's pieces for ``options`` at a table of ``players``."""
    out = [Block("goal", "The goal", ((GOAL, False),))]
    out += [Block(s.key, s.title, ((s.text, False),)) for s in sections(options, players)]
    rules = [(("Changed: " if r.changed else "") + f"{r.sentence}  ({r.setting})", r.changed)
             for r in house_rules(options) if r.option not in HIDDEN or r.changed]
    out.append(Block("house-rules", "Every option of these rules", tuple(rules)))
    together = readings_for(options)
    if together:
        out.append(Block("readings", "How these rules fit together",
                         tuple((plain(reading.sentence), False) for reading in together)))
    out.append(Block("controls", "Controls", ((controls(), False),)))
    return out


class RulesScene(MenuScene):
    """The rules of ``options`` (classic when None) at a table of ``players``,
    opened at the section keyed ``section``. The wheel, arrows, PageUp/PageDown
    and Home/End scroll; the index on the left jumps to a section. With
    ``lesson`` (opened away from a table) it offers Learn to play."""

    text_room = math.inf
    """Text grows with the UI scale (running text: it wraps and scrolls)."""

    def __init__(self, options: RuleOptions | None = None, section: str | None = None, *, players: int,
                 lesson: bool = False) -> None:
        super().__init__()
        self.options = options or preset("classic")
        self.players = players
        self.section = section
        self.blocks = blocks(self.options, players)
        self.heading = f"Rules: {describe(self.options, self.players)}"
        self.page: pygame.Surface | None = None
        self.anchors: dict[str, int] = {}
        self.pieces: list[Piece] = []
        self.scroll = 0
        self.view = pygame.Rect(0, 0, 1, 1)
        self.widgets = [
            Button(b.heading if len(b.heading) < 24 else b.heading.split(":")[0], (60, 130 + i * 52, 380, 44),
                   partial(self.jump, b.key), size=17)
            for i, b in enumerate(self.blocks)
        ]
        self.widgets.append(Button("Back", (700, 820, 200, 56), self.back, primary=True))
        self.focus = len(self.widgets) - 1
        if lesson:
            self.widgets.append(Button("Learn to play", (930, 820, 240, 56), self.learn, size=22))

    def learn(self) -> None:
        """Learn to play: the guided first round, from its start (a lesson file
        that cannot be used is said in a dialog)."""
        from ...tutorial import LessonError  # here: the rules open without loading the lesson

        assert self.app is not None
        try:
            lesson = self.app.routes.lesson(0)
        except LessonError as problem:
            self.app.push(self.app.routes.dialog("Learn to play", f"The lesson cannot be opened: {problem}.",
                                                 [("OK", lambda: None)]))
            return
        self.app.reset(lesson)

    def attach(self, app: Host) -> None:
        """Lay the page out and open it at the asked section."""
        super().attach(app)
        self.resize(app.size)
        if self.section is not None:
            self.jump(self.section, say=False)  # the screen's opening words read it

    def resize(self, size: tuple[int, int]) -> None:
        """Draw the page for this window size, keeping the place read."""
        space = Space(size)
        old = self.page.get_height() if self.page is not None else 0
        self.view = space.rect(*PAGE).inflate(-space.px(2 * PAD), -space.px(2 * PAD))
        self.page, self.anchors, self.pieces = self._render(space)
        if old:
            self.scroll = round(self.scroll * self.page.get_height() / old)
        self._clamp()

    def _render(self, space: Space) -> tuple[pygame.Surface, dict[str, int], list[Piece]]:
        """The whole page as one surface, where each block starts on it (pixels), and its
        pieces of text (where each starts on the page, its picture and its words)."""
        width = self.view.w
        pieces: list[Piece] = []
        anchors: dict[str, int] = {}
        y = 0
        for block in self.blocks:
            anchors[block.key] = y
            head = text(block.heading, space.px(24), theme.GOLD, "bold")
            pieces.append((y, head, block.heading))
            y += head.get_height() + space.px(8)
            for paragraph, changed in block.paragraphs:
                color = theme.GOLD if changed else theme.INK
                body = text(paragraph, space.px(19), color, "bold" if changed else "regular", wrap=width)
                pieces.append((y, body, paragraph))
                y += body.get_height() + space.px(6)
            y += space.px(22)
        page = pygame.Surface((width, max(1, y + self.view.h)), pygame.SRCALPHA)  # room to scroll the last block up
        for top, piece, _ in pieces:
            page.blit(piece, (0, top))
        return page, anchors, pieces

    def _clamp(self) -> None:
        """Keep the scroll within the page."""
        if self.page is None:
            return
        bottom = max(0, self.page.get_height() - self.view.h)
        self.scroll = max(0, min(self.scroll, bottom))

    def spoken_title(self) -> str:
        """'Rules: Classic + 2 house rules'."""
        return self.heading

    def spoken_body(self) -> str:
        """The section it was opened at, read whole (else how to hear one)."""
        if self.section is not None:
            return self.section_words(self.section)
        return "Each section is a button on the left: Enter on one reads it."

    def section_words(self, key: str) -> str:
        """Section ``key`` read whole: its heading and paragraphs."""
        block = next((b for b in self.blocks if b.key == key), None)
        return "" if block is None else sentences(block.heading, *(text for text, _ in block.paragraphs))

    def jump(self, key: str, say: bool = True) -> None:
        """Scroll so the section ``key`` is at the top (and, ``say``, read it with speech on)."""
        if say:
            self.speak(self.section_words(key))
        if key in self.anchors:
            self.scroll = self.anchors[key]
            self._clamp()

    def scroll_by(self, pixels: int) -> None:
        """Scroll down (up when negative) by ``pixels``."""
        self.scroll += pixels
        self._clamp()

    def at_section(self) -> str:
        """The key of the section at the top of the view."""
        passed = [key for key, top in self.anchors.items() if top <= self.scroll + 2]
        return passed[-1] if passed else self.blocks[0].key

    def handle(self, intent: Intent) -> None:
        """Wheel, arrows, PageUp/PageDown and Home/End scroll; the rest as in any menu."""
        step = Space(self.app.size).px(LINE) if self.app is not None else LINE
        moves = {"up": -step, "down": step, "page_up": -self.view.h + step, "page_down": self.view.h - step,
                 "home": -10**9, "end_key": 10**9}
        if intent.kind == "scroll":
            self.scroll_by(-intent.amount * step * 2)
        elif intent.kind in moves:
            self.scroll_by(moves[intent.kind])
        else:
            super().handle(intent)


    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The heading, the index with the section in view marked, and the page."""
        blit_text(surface, self.heading, space.px(40), theme.GOLD, space.point(800, 50), "midtop", "title")
        card(surface, space, *PAGE)
        current = self.at_section()
        for block, button in zip(self.blocks, self.widgets):
            if block.key == current:
                x, y, _, h = button.rect
                pygame.draw.rect(surface, theme.GOLD, space.rect(x - 14, y + 8, 6, h - 16), border_radius=space.px(3))
        if self.page is not None:
            area = pygame.Rect(0, self.scroll, self.view.w, self.view.h)
            surface.blit(self.page, self.view.topleft, area)
            if logging_text() is not None:
                for top, piece, words in self.pieces:
                    placed = piece.get_rect(topleft=(self.view.x, self.view.y + top - self.scroll))
                    if placed.colliderect(self.view):
                        note(words, piece, placed, self.view, clip=self.view)
            bottom = max(0, self.page.get_height() - self.view.h)
            if bottom:
                frame = space.rect(*PAGE)
                bar_h = max(space.px(30), frame.h * self.view.h // self.page.get_height())
                bar_y = frame.y + (frame.h - bar_h) * self.scroll // bottom
                pygame.draw.rect(surface, theme.PANEL_EDGE, (frame.right - space.px(10), bar_y, space.px(5), bar_h),
                                 border_radius=space.px(3))
        right = PAGE[0] + PAGE[2]
        buttons = max(x + w for x, _, w, _ in (b.rect for b in self.widgets[len(self.blocks):]))
        blit_text(surface, "wheel, arrows or PageUp/PageDown scroll", space.px(15), theme.INK_DIM,
                  space.point(right, 822), "topright", wrap=space.px(right - buttons - 24))
