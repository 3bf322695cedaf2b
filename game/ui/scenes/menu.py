"""A base for scenes made of widgets in the design space."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme
from ..draw import background, dim, panel
from ..fonts import blit_text
from ..intents import Intent
from ..scene import IDLE_RATE, Scene, Space
from ..spoken_rows import TextRow, position
from ..widgets import Button, Picker, TextField

VEIL = 190
"""How dark the veil over the scene beneath a modal menu or dialog is (alpha of black, 0..255):
the whole window, top bar and hand included, reads as out of play."""


class MenuScene(Scene):
    """Widgets laid out on 1600x900, a title, and a keyboard focus (a gold ring)
    that reaches every button, picker and text field."""

    title = ""
    modal = False
    text_room = 1.0
    """Menus lay text out in boxes of fixed size: at the designed size unless a scene has room."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Any] = []
        self.focus = -1
        self.clock = 0.0
        self._noted = ""
        """The scene's note and error as last said (a new one is said once, when it appears)."""

    @property
    def opaque(self) -> bool:
        """Full scenes hide the scenes beneath; modal ones show them dimmed."""
        return not self.modal

    def space(self) -> Space:
        """The design space at the current window size."""
        assert self.app is not None
        return Space(self.app.size)

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
        """Mark the focused widget (hover look, or the typing cursor for a text field)."""
        items = self.focusables()
        for i, item in enumerate(items):
            if isinstance(item, TextField):
                if (i == self.focus) != item.focused:
                    item.focus(i == self.focus)
            else:
                item.hover = i == self.focus

    def handle(self, intent: Intent) -> None:
        """Widgets first; Up/Down and Tab (Shift+Tab back) move the focus over
        buttons, pickers and text fields; Left/Right change a focused picker;
        Enter presses a button or steps a picker; Esc goes back."""
        space = self.space()
        for widget in self.widgets:
            if widget.handle(intent, space):
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
        """Backdrop, title, widgets, then ``draw_body``."""
        self.draw_backdrop(surface)
        space = self.space()
        self.draw_body(surface, space)
        for widget in self.widgets:
            widget.draw(surface, space)
        current = self.focused()
        if current is not None and not isinstance(current, TextField) and current.rect is not None:
            ring = space.rect(*current.rect).inflate(space.px(10), space.px(10))
            pygame.draw.rect(surface, theme.GOLD, ring, max(2, space.px(3)), border_radius=space.px(12))

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Scene-specific painting under the widgets."""
        if self.title:
            blit_text(surface, self.title, space.px(44), theme.GOLD, space.point(800, 60), "midtop", "title")


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


def card(surface: pygame.Surface, space: Space, x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A large opaque panel in design coordinates (nothing beneath it shows through)."""
    rect = space.rect(x, y, w, h)
    panel(surface, rect, theme.PANEL, 255, radius=space.px(18))
    return rect
