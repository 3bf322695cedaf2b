"""Buttons, text fields and value pickers laid out in the design space."""

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
from .scene import Space


@dataclass
class Button:
    """A clickable label; ``rect`` is in design pixels (1600x900)."""

    label: str
    rect: tuple[float, float, float, float]
    on_click: Callable[[], None]
    enabled: bool = True
    primary: bool = False
    hint: str = ""
    hover: bool = False
    size: int = 26
    speak_as: str = ""
    """What a screen reader says instead of ``label`` when the label is a glyph ("\u25c0": "Step back")."""

    def spoken(self) -> str:
        """What the button says when the keyboard reaches it: its label (or ``speak_as``), the word
        button, and its hint."""
        said = f"{self.speak_as or self.label}, button"
        return f"{said}, {self.hint}" if self.hint else said

    def screen_rect(self, space: Space) -> pygame.Rect:
        """Where the button is in the window."""
        return space.rect(*self.rect)

    def handle(self, intent: Intent, space: Space) -> bool:
        """Track hovering; click on release inside. Returns True if used."""
        if intent.kind in ("move", "press", "release"):
            self.hover = self.screen_rect(space).collidepoint(intent.pos)
        if intent.kind == "release" and self.hover and self.enabled and intent.button == 1:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, space: Space) -> None:
        """Paint the button."""
        rect = self.screen_rect(space)
        if not self.enabled:
            color = theme.BUTTON_OFF
        elif self.primary:
            color = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        else:
            color = theme.PANEL_EDGE if self.hover else theme.PANEL_LIGHT
        panel(surface, rect, color, 255, radius=space.px(10), edge=theme.GOLD if self.hover and self.enabled else None, width=2)
        ink = theme.INK if self.enabled else theme.INK_DIM
        room = rect.w - space.px(24)
        hint, hint_size = ("", 0)
        if self.hint:
            hint, hint_size = fit_size(self.hint, space.px(14), "regular", room, space.px(11))
        below = font(hint_size).get_height() if hint else 0
        smallest = space.px(self.size * 0.6)
        label, size = fit_size(self.label, space.px(self.size), "bold", room, smallest)
        while size > smallest and font(size, "bold").get_height() + below > rect.h - space.px(4):
            label, size = fit_size(self.label, size - 1, "bold", room, smallest)
        top = rect.centery - (font(size, "bold").get_height() + below) / 2
        drawn = blit_text(surface, label, size, ink, (rect.centerx, top), "midtop", "bold", box=rect)
        if hint:  # under the label, never on it
            blit_text(surface, hint, hint_size, theme.INK_DIM, drawn.midbottom, "midtop", box=rect)


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

    rect: tuple[float, float, float, float]
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

    def handle(self, intent: Intent, space: Space) -> bool:
        """Apply one intent; True if the field used it."""
        if intent.kind == "press":
            return self._press(intent, space)
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

    def _press(self, intent: Intent, space: Space) -> bool:
        """A click: inside takes the focus and puts the cursor there, outside drops it."""
        box = space.rect(*self.rect)
        inside = box.collidepoint(intent.pos)
        self.selected = False
        self.focused = inside
        if inside:
            size, offset = self._fit(space)
            self.cursor = self._index_at(intent.pos[0] - box.x - space.px(10) + offset, size)
        return inside

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

    def _fit(self, space: Space) -> tuple[int, int]:
        """The font size the text is drawn at (smaller for a long text, down to a
        floor) and how far it is scrolled left (pixels) to keep the cursor in the field."""
        room = space.rect(*self.rect).w - space.px(20)
        _, size = fit_size(self.value, space.px(22), "regular", room, space.px(16))
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

    def draw(self, surface: pygame.Surface, space: Space) -> None:
        """Paint the field, its text (smaller, then scrolled, when long) and, when focused,
        a blinking cursor."""
        rect = space.rect(*self.rect)
        pygame.draw.rect(surface, (18, 22, 30), rect, border_radius=space.px(6))
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, rect, space.px(2), border_radius=space.px(6))
        size, offset = self._fit(space)
        x = rect.x + space.px(10)
        inner = pygame.Rect(x, rect.y, rect.w - space.px(20), rect.h)
        if self.value:
            image = text(self.value, size, theme.INK)
            if self.selected:
                shade = pygame.Rect(x - offset - 2, rect.centery - image.get_height() // 2 - 2,
                                    image.get_width() + 4, image.get_height() + 4)
                pygame.draw.rect(surface, theme.PANEL_EDGE, shade.clip(inner.inflate(4, 0)))
            placed = image.get_rect(midleft=(x - offset, rect.centery))
            surface.blit(image, inner.clip(placed), inner.clip(placed).move(-placed.x, -placed.y))
            note(self.value, image, placed, rect, clip=inner)
        elif self.placeholder and not self.focused:
            shown, shown_size = fit_size(self.placeholder, space.px(22), "regular", inner.w, space.px(14))
            blit_text(surface, shown, shown_size, theme.INK_DIM, (x, rect.centery), "midleft", box=rect)
        if self.focused and int(self.blink * 2) % 2 == 0:
            cx = x - offset + font(size).size(self.value[: self.cursor])[0]
            pygame.draw.line(surface, theme.GOLD, (cx, rect.y + space.px(7)), (cx, rect.bottom - space.px(7)), max(1, space.px(2)))


@dataclass
class Picker:
    """A value chosen from a list with < and > (click the arrows or the value)."""

    rect: tuple[float, float, float, float]
    choices: Sequence[Any]
    index: int = 0
    on_change: Callable[[Any], None] | None = None
    labels: Callable[[Any], str] = str
    size: int = 20
    hover: bool = False
    enabled: bool = True
    name: str = ""
    """The label shown beside the picker ("Sound"), which a screen reader says with the value."""
    wrap: bool = True
    """Whether stepping past the last choice comes back to the first (False: it stays at the end)."""
    _zones: list[pygame.Rect] = field(default_factory=list)

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

    def handle(self, intent: Intent, space: Space) -> bool:
        """Click the left third to go back, elsewhere to go forward."""
        rect = space.rect(*self.rect)
        if intent.kind in ("move", "press", "release"):
            self.hover = rect.collidepoint(intent.pos)
        if intent.kind == "release" and self.hover and intent.button in (1, 3):
            self.step(-1 if intent.pos[0] < rect.x + rect.w / 3 or intent.button == 3 else 1)
            return True
        if intent.kind == "scroll" and self.hover:
            self.step(-1 if intent.amount > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, space: Space) -> None:
        """Paint ``< value >``."""
        rect = space.rect(*self.rect)
        color = theme.PANEL_EDGE if self.hover and self.enabled else theme.PANEL_LIGHT
        pygame.draw.rect(surface, color, rect, border_radius=space.px(6))
        ink = theme.INK if self.enabled else theme.INK_DIM
        arrow = theme.GOLD if self.enabled else theme.INK_DIM
        glyph = space.px(self.size - 4)
        edge = space.px(10)
        left = blit_text(surface, "\u25c0", glyph, arrow, (rect.x + edge, rect.centery), "midleft", box=rect)
        blit_text(surface, "\u25b6", glyph, arrow, (rect.right - edge, rect.centery), "midright", box=rect)
        room = rect.w - 2 * (left.right - rect.x + space.px(10))  # clear of the arrows
        label, size = fit_size(self.labels(self.value), space.px(self.size), "bold", room, space.px(self.size - 5))
        blit_text(surface, label, size, ink, rect.center, "center", "bold", box=rect)


def text_width(line: str, size: int, style: str = "regular") -> int:
    """Width of ``line`` in pixels."""
    return text(line, size, theme.INK, style).get_width()
