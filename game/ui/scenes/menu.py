"""A base for scenes made of widgets, laid out from the window's size and the text setting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme
from ..boxes import Column, row
from ..draw import background, dim, panel
from ..fonts import PIXELS, blit_text, room
from ..intents import Intent
from ..pane import Pane
from ..scene import IDLE_RATE, Scene
from ..sizing import SMALLEST, Sizes, sizes_for
from ..spoken_rows import TextRow, position
from ..widgets import Button, Picker, TextField

VEIL = 190
"""How dark the veil over the scene beneath a modal menu or dialog is (alpha of black, 0..255):
the whole window, top bar and hand included, reads as out of play."""


class MenuScene(Scene):
    """Widgets laid out from the window and the text setting (``layout``, run again only
    when either changed or the pane scrolled), a title, a pane that scrolls what does not
    fit, and a keyboard focus (a gold ring) that reaches the rows read aloud (``spoken_rows``)
    and every button, picker and text field. The pointer over a widget lightens it; only the
    focus has a ring."""

    title = ""
    modal = False
    text_room = PIXELS
    """Menus ask for text in pixels, the text setting already in them (``game.ui.sizing``)."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Any] = []
        self.focus = -1
        self.clock = 0.0
        self._noted = ""
        """The scene's note and error as last said (a new one is said once, when it appears)."""
        self.pane = Pane()
        """What scrolls: the layout sets its view and height, and lists the widgets in it (``scrolled``)."""
        self.panes = [self.pane]
        """Every pane of the scene (a second one scrolls on its own, as the rules' index does)."""
        self.sizes: Sizes = sizes_for(SMALLEST, 1.0)
        """The sizes the scene was last laid out with."""
        self._laid: tuple[Any, ...] | None = None

    @property
    def scrolled(self) -> list[Any]:
        """The widgets inside the main pane."""
        return self.pane.members

    @scrolled.setter
    def scrolled(self, widgets: list[Any]) -> None:
        self.pane.members = widgets

    def pane_of(self, widget: Any) -> Pane | None:
        """The pane ``widget`` is in (None: it does not scroll)."""
        return next((pane for pane in self.panes if pane.holds(widget)), None)

    def _panes_now(self) -> tuple[tuple[int, int, int, int, int], ...]:
        """Where every pane is and how far it is scrolled (a layout placing content in a pane
        that has moved is run again)."""
        return tuple((*pane.view, pane.offset) for pane in self.panes)

    def _offsets(self) -> tuple[int, ...]:
        """Where every pane is scrolled to."""
        return tuple(pane.offset for pane in self.panes)

    # ---------------------------------------------------------------- layout
    def laid_out(self) -> Sizes:
        """Lay the scene out for the window and text setting of now, unless it already is
        (a layout is kept per window size, text setting and scroll); the sizes used."""
        assert self.app is not None
        s = sizes_for(self.app.size)
        if self._laid != (s.window, s.scale, self._offsets(), self.layout_key()):
            with room(PIXELS):
                for _ in range(3):  # again when the pane moved or its content's height moved the scroll
                    panes = self._panes_now()
                    self.sizes = s
                    self.layout(s)
                    if self._panes_now() == panes:
                        break
            self._laid = (s.window, s.scale, self._offsets(), self.layout_key())
            self._mark_focus()
        return s

    def layout_key(self) -> tuple[Any, ...]:
        """What else the layout depends on (a note that may wrap to more lines): a change lays it out again."""
        return (getattr(self, "note", ""), getattr(self, "error", ""))

    def relayout(self) -> None:
        """The scene's content changed: lay it out again before it is next drawn or used."""
        self._laid = None

    def layout(self, s: Sizes) -> None:
        """Place the title and the widgets for sizes ``s`` (the default: the buttons in a
        column in the middle, under the title)."""
        frame = s.frame
        column = Column(frame, s.gap)
        if self.title:
            column.take(s.line(s.title, "title"))
            column.skip(s.section)
        width = max((s.button_width(w.label) for w in self.widgets if isinstance(w, Button)), default=0)
        for widget in self.widgets:
            widget.place(column.take(s.control, max(width, frame.w // 3), "center"), s.label)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed: laid out again when next drawn."""
        self.relayout()

    @property
    def opaque(self) -> bool:
        """Full scenes hide the scenes beneath; modal ones show them dimmed."""
        return not self.modal

    def buttons(self) -> list[Button]:
        """The enabled buttons, in order."""
        return [w for w in self.widgets if isinstance(w, Button) and w.enabled]

    def spoken_rows(self) -> Sequence[TextRow]:
        """The rows of what the scene shows that the keyboard reaches before its widgets,
        each read as it is reached (none: a menu of widgets only)."""
        return ()

    def focusables(self) -> list[Any]:
        """What the keyboard can reach, in order: the rows read aloud, then enabled buttons and
        pickers, and text fields."""
        return [*self.spoken_rows(), *(w for w in self.widgets
                                       if (isinstance(w, (Button, Picker)) and w.enabled) or isinstance(w, TextField))]

    def focused(self) -> Any | None:
        """The widget the keyboard is on (None before the first arrow or Tab)."""
        items = self.focusables()
        return items[self.focus] if 0 <= self.focus < len(items) else None

    def move_focus(self, delta: int) -> None:
        """Move the keyboard focus ``delta`` widgets on (wrapping); a text field
        reached takes the typing, one left gives it up."""
        items = self.focusables()
        if not items:
            return
        self.focus = (self.focus + delta) % len(items) if self.focus >= 0 or delta > 0 else len(items) - 1
        self.show_focus()
        self.speak(position(spoken_label(items[self.focus]), self.focus, len(items)))

    def focus_at(self, index: int) -> None:
        """Put the keyboard focus on element ``index`` (-1: the last), as Home and End do, and say it."""
        items = self.focusables()
        if items:
            self.focus = index % len(items)
            self.move_focus(0)

    def show_focus(self) -> None:
        """Mark the focused widget (lit, or the typing cursor for a text field) and scroll
        the pane to show it."""
        self._mark_focus()
        current = self.focused()
        pane = self.pane_of(current)
        if current is not None and current.rect is not None and pane is not None \
                and pane.show(current.rect, self.sizes.gap):
            self.relayout()

    def _mark_focus(self) -> None:
        """Light the focused widget and no other (a text field focused takes the typing)."""
        items = self.focusables()
        for i, item in enumerate(items):
            if isinstance(item, TextField):
                if (i == self.focus) != item.focused:
                    item.focus(i == self.focus)
            else:
                item.lit = i == self.focus

    def handle(self, intent: Intent) -> None:
        """Widgets first; Up/Down and Tab (Shift+Tab back) move the focus over the rows
        read aloud, buttons, pickers and text fields, Home/End to the first and the last;
        Left/Right change a focused picker; Enter presses a button, steps a picker or does
        what a row does (else reads it again); Esc goes back; the wheel and PageUp/PageDown
        scroll the pane when it has more than it shows."""
        if self.app is not None:
            self.laid_out()
        if self._scrolls(intent):
            return
        pointer = intent.kind in ("move", "press", "release")
        for widget in self.widgets:
            pane = self.pane_of(widget)
            if pointer and pane is not None and not pane.view.collidepoint(intent.pos):
                widget.hover = False
                continue
            if widget.handle(intent):
                if intent.kind == "text" and isinstance(widget, TextField) and widget.focused:
                    self.speak(echoed(intent.text))  # typed characters are echoed, as a screen reader does
                return
        current = self.focused()
        kind = intent.kind
        if kind in ("up", "down", "next_field"):
            self.move_focus(-1 if kind == "up" or (kind == "next_field" and intent.shift) else 1)
        elif kind in ("home", "end_key"):
            self.focus_at(0 if kind == "home" else -1)
        elif kind == "confirm" and isinstance(current, TextRow):
            if current.on_click is not None:
                current.on_click()
            else:
                self.speak(current.spoken())
        elif kind in ("left", "right") and isinstance(current, Picker):
            current.step(-1 if kind == "left" else 1)
            self.speak(self.spoken_change(current))
        elif kind == "confirm" and isinstance(current, Button):
            current.on_click()
        elif kind == "confirm" and isinstance(current, Picker):
            current.step(1)
            self.speak(self.spoken_change(current))
        elif kind == "back":
            self.back()

    def _scrolls(self, intent: Intent) -> bool:
        """The wheel or PageUp/PageDown scroll the pane when it has more than it shows (the
        wheel then never changes a picker under the pointer); whether the intent was used so."""
        pane = self.pane
        if intent.kind == "scroll":  # the pane under the pointer, else the main one
            pane = next((p for p in self.panes if p.scrolls and p.view.collidepoint(intent.pos)), pane)
        if not pane.scrolls:
            return False
        step = self.sizes.line(self.sizes.body) * 3
        if intent.kind == "scroll":
            moved = pane.scroll_by(-intent.amount * step)
        elif intent.kind in ("page_up", "page_down"):
            page = max(step, pane.view.h - step)
            moved = pane.scroll_by(page if intent.kind == "page_down" else -page)
        else:
            return False
        if moved:
            self.relayout()
        return True

    def said_notes(self) -> str:
        """What the scene says of what just happened: its ``note`` and its ``error``, where it has them."""
        return sentences(*(str(getattr(self, name, "") or "") for name in ("note", "error")))

    def spoken_change(self, picker: Picker) -> str:
        """What is said when ``picker``'s value changed: the picker and its new value."""
        return spoken_label(picker)

    def spoken_title(self) -> str:
        """The scene's name as it is said when it opens."""
        return self.title

    def spoken_body(self) -> str:
        """What the scene shows besides its widgets, in words (said when it opens)."""
        return ""

    def spoken_intro(self) -> str:
        """The scene's name, what it shows and the widget with the focus (or how to reach one)."""
        current = self.focused()
        items = self.focusables()
        reach = position(spoken_label(current), self.focus, len(items)) if current is not None else (
            "Tab or the arrow keys move between the choices." if items else "")
        self._noted = self.said_notes()  # said here, in the body, not again
        return sentences(self.spoken_title(), self.spoken_body(), reach)

    def spoken_return(self) -> str:
        """Back from a scene above: the scene's name and the widget with the focus."""
        current = self.focused()
        return sentences(self.spoken_title(), spoken_label(current) if current is not None else self.spoken_body())

    def back(self) -> None:
        """Esc: leave this scene."""
        assert self.app is not None
        self.app.pop()

    def frame_rate(self) -> int:
        """Menus only move when the player does (a text cursor blinks slowly)."""
        return IDLE_RATE

    def update(self, dt: float) -> None:
        """Advance widget timers; say a new note or error."""
        self.clock += dt
        noted = self.said_notes()
        if noted != self._noted:
            self._noted = noted
            self.speak(noted, interrupt=False)
        for widget in self.widgets:
            if hasattr(widget, "update"):
                widget.update(dt)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The background: felt for full scenes, a veil for modal ones."""
        assert self.app is not None
        if self.modal:
            dim(surface, VEIL)
        else:
            surface.blit(background(self.app.size), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, ``draw_body``, the widgets (those in the pane clipped to it), the focus ring."""
        self.draw_backdrop(surface)
        s = self.laid_out()
        with room(PIXELS):
            self.draw_body(surface, s)
            for widget in self.widgets:
                held = self.pane_of(widget)
                if held is not None and not held.shows(widget.rect):
                    continue
                with clipped(surface, held.view if held else None):
                    widget.draw(surface)
            self._draw_ring(surface, s)
            for pane in self.panes:
                pane.draw_bar(surface, max(3, s.gap // 2))

    def _draw_ring(self, surface: pygame.Surface, s: Sizes) -> None:
        """The gold ring round the focused widget or row (a text field shows its cursor
        instead), clipped to its pane and not drawn while scrolled out of view."""
        current = self.focused()
        if current is None or isinstance(current, TextField) or current.rect is None:
            return
        held = self.pane_of(current)
        if held is not None and not held.shows(current.rect):
            return
        with clipped(surface, held.view.inflate(4 * s.line_width, 4 * s.line_width) if held else None):
            ring(surface, s, current.rect)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """Scene-specific painting under the widgets (the default: the title, as laid out)."""
        if self.title:
            blit_text(surface, self.title, s.title, theme.GOLD, (s.window[0] // 2, s.frame.top), "midtop", "title")


def spoken_label(widget: Any) -> str:
    """What a widget says when the keyboard reaches it (its visible label and value, and what it is)."""
    spoken = getattr(widget, "spoken", None)
    return str(spoken()) if callable(spoken) else ""


def echoed(typed: str) -> str:
    """Typed text as a screen reader echoes it: a space (which a voice would drop) said as 'space'."""
    return "space" if typed.isspace() else typed


def sentences(*parts: str) -> str:
    """The non-empty ``parts`` as one text, each ending as a sentence does."""
    said = [part.strip() for part in parts if part and part.strip()]
    return " ".join(part if part[-1] in ".!?:\u2026" else part + "." for part in said)


def card(surface: pygame.Surface, rect: pygame.Rect, s: Sizes) -> pygame.Rect:
    """A large opaque panel at ``rect`` (nothing beneath it shows through)."""
    panel(surface, rect, theme.PANEL, 255, radius=2 * s.radius)
    return rect


def ring(surface: pygame.Surface, s: Sizes, box: pygame.Rect) -> None:
    """The keyboard focus's gold ring around ``box``."""
    width = s.line_width
    pygame.draw.rect(surface, theme.GOLD, box.inflate(2 * width + 2, 2 * width + 2), width,
                     border_radius=s.radius + width)


class clipped:
    """Inside the block, drawing on ``surface`` keeps within ``box`` (None: no limit)."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect | None) -> None:
        self.surface = surface
        self.box = box
        self.before: pygame.Rect | None = None

    def __enter__(self) -> None:
        if self.box is not None:
            self.before = self.surface.get_clip()
            self.surface.set_clip(self.box.clip(self.before))

    def __exit__(self, *_: object) -> None:
        if self.box is not None:
            self.surface.set_clip(self.before)


def buttons_row(box: pygame.Rect, buttons: Sequence[Button], s: Sizes, align: str = "center",
                same: bool = True) -> None:
    """Place ``buttons`` side by side in ``box`` (as tall as it), each wide enough for its
    label (``same``: all as wide as the widest), ``align`` left, center or right."""
    widths = [s.button_width(b.label) for b in buttons]
    if same and widths:
        widths = [max(widths)] * len(widths)
    for button, place in zip(buttons, row(box, widths, s.gap * 2, align)):
        button.place(place, s.label)
