"""The rules of the chosen preset and house rules, in the game's own words.

The text comes from ``game.words.rules_help``: the goal, then the deal, the first
turn, where a tile may go, markers, doubles, drawing, the end of a round,
scoring and the knock, then every option in one sentence (the changed ones
marked) and the controls. The page is drawn once per window size and
scrolled; it can open at a section (the table's "Why?").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from ...engine import RuleOptions, preset
from ...words.controls import controls
from ...words.readings import plain, readings_for
from ...words.rules_help import describe, house_rules, sections
from .. import theme
from ..boxes import inset
from ..fonts import blit_text, logging_text, note, one_line_ink, text
from ..intents import Intent
from ..pane import Pane
from ..scene import Host
from ..sizing import Sizes
from ..widgets import Button, Picker
from .menu import MenuScene, card, clipped, sentences

GOAL = ("Get rid of your tiles. When a round ends, the pips left in your hand are your score for it: "
        "the lowest total after the last round wins. Every player builds a train out from the roundhouse "
        "in the middle; anyone may build the shared Mexican train.")
HIDDEN = ("set_by_players", "deal_table", "min_players", "max_players")
"""Options too technical to list for a player (the deal section says what they amount to)."""

Piece = tuple[int, pygame.Surface, str]
"""A piece of the page's text: where it starts on the page (pixels), its picture and its words."""


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
    and Home/End scroll; the index beside the page (where there is room; else a
    picker of sections over it) jumps to a section. With ``lesson`` (opened away from a table) it
    offers Learn to play."""

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
        self._page_key: tuple[int, int, int] | None = None
        self._laid_page: tuple[int, int, int] | None = None
        self.headings: set[str] = set()
        self.index = [Button(b.heading if len(b.heading) < 24 else b.heading.split(":")[0], partial(self.jump, b.key))
                      for b in self.blocks]
        self.index_pane = Pane()
        """The index beside the page, scrolled on its own when it is taller than the window."""
        self.panes.append(self.index_pane)
        self.jumper = Picker([b.key for b in self.blocks], labels=self._section_label, name="Section",
                             on_change=self.jump)
        """The index in a narrow window: one section at a time, over the page."""
        self.footer = [Button("Back", self.back, primary=True)]
        if lesson:
            self.footer.append(Button("Learn to play", self.learn))
        self.widgets = [*self.index, *self.footer]
        self.focus = len(self.index)
        self.boxes: dict[str, pygame.Rect] = {}

    def _section_label(self, key: str) -> str:
        """A section's heading as the picker shows it."""
        return next(b.label for b, block in zip(self.index, self.blocks) if block.key == key)

    @property
    def scroll(self) -> int:
        """How far down the page is read (pixels of the page)."""
        return self.pane.offset

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
        self.laid_out()
        if self.section is not None:
            self.jump(self.section, say=False)  # the screen's opening words read it

    def layout(self, s: Sizes) -> None:
        """The heading; the index beside the page when both fit across (else the index in
        columns at the page's top, scrolling with it); Back, Learn to play and how to scroll
        at the bottom. The page is drawn once per width and text size."""
        frame = s.frame
        read = self.at_section() if self.page is not None else ""
        self.boxes["heading"] = pygame.Rect(frame.x, frame.y, frame.w, s.wrapped(self.heading, s.title, frame.w, "title"))
        footer = pygame.Rect(frame.x, frame.bottom - s.control, frame.w, s.control)
        widths = [s.button_width(b.label) for b in self.footer]
        x = footer.x
        for button, width in zip(self.footer, widths):
            button.place(pygame.Rect(x, footer.y, width, footer.h), s.label)
            x += width + 2 * s.gap
        self.boxes["hint"] = pygame.Rect(x + s.gap, footer.y, footer.right - x - s.gap, footer.h)
        body = pygame.Rect(frame.x, self.boxes["heading"].bottom + s.section, frame.w,
                           footer.y - s.section - self.boxes["heading"].bottom - s.section)
        index_w = max(s.button_width(b.label, s.small) for b in self.index)
        beside = body.w - index_w - s.section >= round(s.unit * 30)
        page_card = pygame.Rect(body.right - (body.w - index_w - s.section if beside else body.w), body.y,
                                body.w - index_w - s.section if beside else body.w, body.h)
        self.boxes["card"] = page_card
        view = inset(page_card, s.inside)
        self._render(s, view.w - s.gap, view.h)
        assert self.page is not None
        control = s.line(s.small, "bold") + 2 * s.gap
        focused = self.focused()
        if beside:
            self.widgets = [*self.index, *self.footer]
            self.index_pane.set(pygame.Rect(body.x, body.y, index_w, body.h),
                                len(self.index) * (control + s.gap) - s.gap)
            self.index_pane.members = list(self.index)
            for i, button in enumerate(self.index):
                button.place(pygame.Rect(body.x, self.index_pane.top + i * (control + s.gap), index_w, control),
                             s.small)
        else:
            self.widgets = [self.jumper, *self.footer]
            self.index_pane.set(pygame.Rect(0, 0, 0, 0), 0)
            self.index_pane.members = []
            self.jumper.place(pygame.Rect(view.x, view.y, view.w, s.control), s.label)
            self.jumper.set(self.at_section() if self.page is not None else self.blocks[0].key)
            view = pygame.Rect(view.x, view.y + s.control + s.section, view.w, view.h - s.control - s.section)
        items = self.focusables()
        self.focus = next((i for i, w in enumerate(items) if w is focused), len(items) - len(self.footer))
        self.pane.set(view, self.page.get_height())
        if read and self._page_key != self._laid_page:
            self.jump(read, say=False)  # the place read is kept when the page is drawn again

    def _render(self, s: Sizes, width: int, tail: int) -> None:
        """The whole page as one surface (``tail`` pixels of room under the last block, so
        that it can scroll to the top), where each block starts on it (pixels), and its
        pieces of text (drawn again only for another width, height or text size)."""
        key = (width, s.body, tail)
        self._laid_page = self._page_key
        if key == self._page_key:
            return
        self._page_key = key
        pieces: list[Piece] = []
        anchors: dict[str, int] = {}
        y = 0
        for block in self.blocks:
            anchors[block.key] = y
            head = text(block.heading, s.heading, theme.GOLD, "bold")
            pieces.append((y, head, block.heading))
            y += head.get_height() + s.gap
            for paragraph, changed in block.paragraphs:
                color = theme.GOLD if changed else theme.INK
                body = text(paragraph, s.body, color, "bold" if changed else "regular", wrap=width)
                pieces.append((y, body, paragraph))
                y += body.get_height() + s.gap // 2
            y += s.section
        page = pygame.Surface((width, max(1, y + tail)), pygame.SRCALPHA)  # room to scroll the last block up
        for top, piece, _ in pieces:
            page.blit(piece, (0, top))
        self.page, self.anchors, self.pieces = page, anchors, pieces
        self.headings = {block.heading for block in self.blocks}

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
            self.pane.offset = self.anchors[key]
            self.pane.set(self.pane.view, self.pane.height)
            self.relayout()

    def scroll_by(self, pixels: int) -> None:
        """Scroll down (up when negative) by ``pixels``."""
        if self.pane.scroll_by(pixels):
            self.relayout()

    def at_section(self) -> str:
        """The key of the section at the top of the view."""
        passed = [key for key, top in self.anchors.items() if top <= self.scroll + 2]
        return passed[-1] if passed else self.blocks[0].key

    def handle(self, intent: Intent) -> None:
        """Wheel, arrows, PageUp/PageDown and Home/End scroll; the rest as in any menu."""
        step = self.sizes.line(self.sizes.body) * 2
        moves = {"up": -step, "down": step, "page_up": -self.pane.view.h + step,
                 "page_down": self.pane.view.h - step, "home": -10**9, "end_key": 10**9}
        if intent.kind == "scroll" and not self.index_pane.view.collidepoint(intent.pos):
            self.scroll_by(-intent.amount * step * 2)
        elif intent.kind in moves:
            self.scroll_by(moves[intent.kind])
        else:
            super().handle(intent)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The heading, the index with the section in view marked, and the page."""
        box = self.boxes["heading"]
        blit_text(surface, self.heading, s.title, theme.GOLD, box.midtop, "midtop", "title", wrap=box.w)
        card(surface, self.boxes["card"], s)
        current = self.at_section()
        if self.index_pane.members:
            with clipped(surface, self.index_pane.view.inflate(s.gap * 2, 0)):
                for block, button in zip(self.blocks, self.index):
                    if block.key == current:
                        mark = pygame.Rect(button.rect.x - s.gap, button.rect.y + s.gap, max(3, s.gap // 2),
                                           button.rect.h - 2 * s.gap)
                        pygame.draw.rect(surface, theme.GOLD, mark, border_radius=2)
        view = self.pane.view
        if self.page is not None:
            top = self.pane.top
            area = pygame.Rect(0, max(0, view.y - top), view.w, view.h)
            with clipped(surface, view):
                surface.blit(self.page, (view.x, max(view.y, top)), area)
            if logging_text() is not None:
                for y, piece, words in self.pieces:
                    placed = piece.get_rect(topleft=(view.x, top + y))
                    if placed.colliderect(view):
                        heading = words in self.headings
                        note(words, piece, placed, view, clip=view,
                             line_ink=one_line_ink(words, s.heading if heading else s.body, "bold" if heading else "regular"))
        hint = self.boxes["hint"]
        if hint.w > s.width("wheel, arrows", s.fine):
            blit_text(surface, "wheel, arrows or PageUp/PageDown scroll", s.fine, theme.INK_DIM, hint.midright,
                      "midright", wrap=hint.w)
