"""Buttons, text fields and value pickers, placed in window pixels by their scene's layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..memory.files import typable
from . import theme
from .draw import panel
from .fonts import blit_text, fit_size, font, note, text
from .intents import Intent


def _rect() -> pygame.Rect:
    """An empty rectangle: where a widget is before its scene lays it out."""
    return pygame.Rect(0, 0, 0, 0)


@dataclass
class Button:
    """A clickable label; its scene's layout gives it ``rect`` (window pixels) and ``size``
    (the label's pixels). ``lit``: it has the keyboard focus (its scene rings it in gold);
    ``hover``: the pointer is over it. Either lightens its face; only the focus has the ring."""

    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    primary: bool = False
    hint: str = ""
    hover: bool = False
    """The pointer is over it (a release there clicks it)."""
    lit: bool = False
    size: int = 18
    speak_as: str = ""
    """What a screen reader says instead of ``label`` when the label is a glyph ("\u25c0": "Step back")."""
    rect: pygame.Rect = field(default_factory=_rect)

    def spoken(self) -> str:
        """What the button says when the keyboard reaches it: its label (or ``speak_as``), the word
        button, and its hint."""
        said = f"{self.speak_as or self.label}, button"
        return f"{said}, {self.hint}" if self.hint else said

    def place(self, rect: pygame.Rect, size: int) -> None:
        """Put the button at ``rect`` with its label at ``size`` pixels (its scene's layout)."""
        self.rect = pygame.Rect(rect)
        self.size = size

    def handle(self, intent: Intent) -> bool:
        """Track the pointer; click on release inside. Returns True if used."""
        if intent.kind in ("move", "press", "release"):
            self.hover = self.rect.collidepoint(intent.pos)
        if intent.kind == "release" and self.hover and self.enabled and intent.button == 1:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the button: its face, the label and the hint under it."""
        rect = self.rect
        if not self.enabled:
            color = theme.BUTTON_OFF
        elif self.primary:
            color = theme.BUTTON_HOVER if self.lit or self.hover else theme.BUTTON
        else:
            color = theme.PANEL_EDGE if self.lit or self.hover else theme.PANEL_LIGHT
        panel(surface, rect, color, 255, radius=radius_for(self.size), edge=None)
        ink = theme.INK if self.enabled else theme.INK_DIM
        room = rect.w - max(8, self.size)
        hint, hint_size = ("", 0)
        if self.hint:
            hint, hint_size = fit_size(self.hint, round(self.size * 0.76), "regular", room, round(self.size * 0.6))
        below = font(hint_size).get_height() if hint else 0
        smallest = max(6, round(self.size * 0.75))
        label, size = fit_size(self.label, self.size, "bold", room, smallest)
        while size > smallest and font(size, "bold").get_height() + below > rect.h - 4:
            label, size = fit_size(self.label, size - 1, "bold", room, smallest)
        top = rect.centery - (font(size, "bold").get_height() + below) / 2
        drawn = blit_text(surface, label, size, ink, (rect.centerx, top), "midtop", "bold", box=rect)
        if hint:  # under the label, never on it
            blit_text(surface, hint, hint_size, theme.INK_DIM, drawn.midbottom, "midtop", box=rect)


def radius_for(size: int) -> int:
    """Corner radius of a widget whose text is ``size`` pixels."""
    return max(4, round(size * 0.42))


_CURSOR_MOVES: dict[str, Callable[[int, int], int]] = {
    "left": lambda cursor, length: max(0, cursor - 1),
    "right": lambda cursor, length: min(length, cursor + 1),
    "home": lambda cursor, length: 0,
    "end_key": lambda cursor, length: length,
}
"""Where each cursor key moves the cursor, given where it is and the text's length."""


@dataclass
class TextField:
    """A one-line text field that edits as people expect: click to focus, type,
    Backspace/Delete, Left/Right/Home/End, Ctrl+A selects it all (typing then
    replaces it), Tab to the next field."""

    value: str = ""
    max_len: int = 18
    focused: bool = False
    cursor: int = 0
    placeholder: str = ""
    allowed: Callable[[str], bool] = typable
    """Which typed characters the field takes (printable ones without direction marks)."""
    blink: float = 0.0
    selected: bool = False
    """The whole text is selected: typing, Backspace or Delete replace it."""
    name: str = ""
    """The label shown beside the field ("Deal code"), which a screen reader says with its value."""
    size: int = 18
    """The text's size in pixels (its scene's layout sets it)."""
    rect: pygame.Rect = field(default_factory=_rect)

    def place(self, rect: pygame.Rect, size: int) -> None:
        """Put the field at ``rect`` with its text at ``size`` pixels (its scene's layout)."""
        self.rect = pygame.Rect(rect)
        self.size = size

    def spoken(self) -> str:
        """What the field says when the keyboard reaches it: its name and what it holds."""
        held = self.value or (f"empty, {self.placeholder}" if self.placeholder else "empty")
        return f"{self.name}, text field: {held}" if self.name else f"Text field: {held}"

    def focus(self, on: bool = True, select: bool = False) -> None:
        """Take or drop the keyboard focus (cursor at the end; ``select``: the whole text selected)."""
        self.focused = on
        self.cursor = len(self.value)
        self.blink = 0.0
        self.selected = on and select and bool(self.value)

    def handle(self, intent: Intent) -> bool:
        """Apply one intent; True if the field used it."""
        if intent.kind == "press":
            return self._press(intent)
        if not self.focused:
            return False
        kind = intent.kind
        self.blink = 0.0
        if kind == "select_all":
            self.selected = bool(self.value)
            self.cursor = len(self.value)
            return True
        if self.selected and kind in ("text", "backspace", "delete"):
            self.value, self.cursor, self.selected = "", 0, False
            if kind != "text":
                return True
        if kind == "text":
            self._insert(intent.text)
            return True
        if kind in ("backspace", "delete"):
            self._erase(before=kind == "backspace")
            return True
        if kind in _CURSOR_MOVES:
            self.selected = False
            self.cursor = _CURSOR_MOVES[kind](self.cursor, len(self.value))
            return True
        if kind in ("skip", "key"):
            return True  # typed characters arrive as text intents
        if kind == "back":
            self.focused = False
            return True
        return False

    def _press(self, intent: Intent) -> bool:
        """A click: inside takes the focus and puts the cursor there, outside drops it."""
        box = self.rect
        inside = box.collidepoint(intent.pos)
        self.selected = False
        self.focused = inside
        if inside:
            size, offset = self._fit()
            self.cursor = self._index_at(intent.pos[0] - box.x - self._edge() + offset, size)
        return inside

    def _edge(self) -> int:
        """Pixels between the field's frame and its text."""
        return max(6, round(self.size * 0.55))

    def _insert(self, text: str) -> None:
        """Type ``text`` at the cursor, keeping allowed characters up to the length limit."""
        chars = "".join(c for c in text if self.allowed(c))
        chars = chars[: max(0, self.max_len - len(self.value))]
        self.value = self.value[: self.cursor] + chars + self.value[self.cursor :]
        self.cursor += len(chars)

    def _erase(self, before: bool) -> None:
        """Backspace (``before``) or Delete one character at the cursor."""
        if before and self.cursor > 0:
            self.value = self.value[: self.cursor - 1] + self.value[self.cursor :]
            self.cursor -= 1
        elif not before:
            self.value = self.value[: self.cursor] + self.value[self.cursor + 1 :]

    def _fit(self) -> tuple[int, int]:
        """The font size the text is drawn at (a little smaller for a long text, down to a
        floor) and how far it is scrolled left (pixels) to keep the cursor in the field."""
        room = self.rect.w - 2 * self._edge()
        _, size = fit_size(self.value, self.size, "regular", room, round(self.size * 0.8))
        cursor = font(size).size(self.value[: self.cursor])[0]
        return size, max(0, cursor + 2 - room)

    def _index_at(self, x: float, size: int) -> int:
        """The cursor index nearest to ``x`` pixels from the text start (drawn at ``size``)."""
        f = font(size)
        for i in range(len(self.value) + 1):
            if f.size(self.value[:i])[0] >= x:
                return max(0, i - (1 if i and f.size(self.value[:i])[0] - x > f.size(self.value[i - 1])[0] / 2 else 0))
        return len(self.value)

    def update(self, dt: float) -> None:
        """Advance the cursor blink."""
        self.blink += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the field, its text (smaller, then scrolled, when long) and, when focused,
        a blinking cursor."""
        rect = self.rect
        line = max(1, round(self.size * 0.12))
        pygame.draw.rect(surface, (18, 22, 30), rect, border_radius=radius_for(self.size))
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, rect, line,
                         border_radius=radius_for(self.size))
        size, offset = self._fit()
        x = rect.x + self._edge()
        inner = pygame.Rect(x, rect.y, rect.w - 2 * self._edge(), rect.h)
        if self.value:
            image = text(self.value, size, theme.INK)
            if self.selected:
                shade = pygame.Rect(x - offset - 2, rect.centery - image.get_height() // 2 - 2,
                                    image.get_width() + 4, image.get_height() + 4)
                pygame.draw.rect(surface, theme.PANEL_EDGE, shade.clip(inner.inflate(4, 0)))
            placed = image.get_rect(midleft=(x - offset, rect.centery))
            surface.blit(image, inner.clip(placed), inner.clip(placed).move(-placed.x, -placed.y))
            note(self.value, image, placed, rect, clip=inner.clip(surface.get_clip()))
        elif self.placeholder and not self.focused:
            shown, shown_size = fit_size(self.placeholder, self.size, "regular", inner.w, round(self.size * 0.7))
            blit_text(surface, shown, shown_size, theme.INK_DIM, (x, rect.centery), "midleft", box=rect)
        if self.focused and int(self.blink * 2) % 2 == 0:
            cx = x - offset + font(size).size(self.value[: self.cursor])[0]
            ends = round(rect.h * 0.2)
            pygame.draw.line(surface, theme.GOLD, (cx, rect.y + ends), (cx, rect.bottom - ends), max(1, line))


@dataclass
class Picker:
    """A value chosen from a list with < and > (click the arrows or the value)."""

    choices: Sequence[Any]
    index: int = 0
    on_change: Callable[[Any], None] | None = None
    labels: Callable[[Any], str] = str
    size: int = 18
    """The value's size in pixels (its scene's layout sets it)."""
    hover: bool = False
    """The pointer is over it."""
    lit: bool = False
    """It has the keyboard focus."""
    enabled: bool = True
    name: str = ""
    """The label shown beside the picker ("Sound"), which a screen reader says with the value."""
    wheel: bool = True
    """Whether the mouse wheel over it changes the value (not in a pane the wheel scrolls)."""
    wrap: bool = True
    """Whether stepping past the last choice comes back to the first (False: it stays at the end)."""
    rect: pygame.Rect = field(default_factory=_rect)

    def place(self, rect: pygame.Rect, size: int) -> None:
        """Put the picker at ``rect`` with its value at ``size`` pixels (its scene's layout)."""
        self.rect = pygame.Rect(rect)
        self.size = size

    def widest(self) -> str:
        """The longest of its values as shown (what its width is measured for)."""
        return max((self.labels(choice) for choice in self.choices), key=len, default="")

    def spoken(self) -> str:
        """What the picker says when the keyboard reaches it or its value changes: its name and value."""
        shown = self.labels(self.value)
        return f"{self.name}: {shown}, choice" if self.name else f"{shown}, choice"

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.choices[self.index]

    def set(self, value: Any) -> None:
        """Choose ``value`` if it is one of the choices."""
        if value in self.choices:
            self.index = list(self.choices).index(value)

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) choice, wrapping."""
        if not self.enabled:
            return
        if not self.wrap and not 0 <= self.index + delta < len(self.choices):
            return
        self.index = (self.index + delta) % len(self.choices)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, intent: Intent) -> bool:
        """Click the left third to go back, elsewhere to go forward."""
        rect = self.rect
        if intent.kind in ("move", "press", "release"):
            self.hover = rect.collidepoint(intent.pos)
        if intent.kind == "release" and self.hover and intent.button in (1, 3):
            self.step(-1 if intent.pos[0] < rect.x + rect.w / 3 or intent.button == 3 else 1)
            return True
        if intent.kind == "scroll" and self.hover and self.wheel:
            self.step(-1 if intent.amount > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint ``< value >``."""
        rect = self.rect
        color = theme.PANEL_EDGE if (self.lit or self.hover) and self.enabled else theme.PANEL_LIGHT
        pygame.draw.rect(surface, color, rect, border_radius=radius_for(self.size))
        ink = theme.INK if self.enabled else theme.INK_DIM
        arrow = theme.GOLD if self.enabled else theme.INK_DIM
        glyph = round(self.size * 0.8)
        edge = max(6, round(self.size * 0.55))
        left = blit_text(surface, "\u25c0", glyph, arrow, (rect.x + edge, rect.centery), "midleft", box=rect)
        blit_text(surface, "\u25b6", glyph, arrow, (rect.right - edge, rect.centery), "midright", box=rect)
        room = rect.w - 2 * (left.right - rect.x + edge)  # clear of the arrows
        label, size = fit_size(self.labels(self.value), self.size, "bold", room, round(self.size * 0.75))
        blit_text(surface, label, size, ink, rect.center, "center", "bold", box=rect)

    def needs(self, size: int) -> int:
        """The width the picker needs to show its widest value whole at ``size`` pixels, arrows included."""
        glyph = font(round(size * 0.8), scaled=False).size("\u25c0")[0]
        edge = max(6, round(size * 0.55))
        return font(size, "bold", scaled=False).size(self.widest())[0] + 2 * (glyph + 2 * edge) + 4
