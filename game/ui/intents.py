"""The one input boundary: raw pygame events become intents scenes understand.

Scenes never read raw events: keyboard and mouse reach them as ``Intent``
values, so a test can drive a scene with the same synthetic pygame events a
person makes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

_KEYS = {
    pygame.K_ESCAPE: "back", pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "skip", pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
    pygame.K_DOWN: "down", pygame.K_TAB: "next_field", pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete", pygame.K_HOME: "home", pygame.K_END: "end_key",
    pygame.K_PAGEUP: "page_up", pygame.K_PAGEDOWN: "page_down",
}


@dataclass(frozen=True, slots=True)
class Intent:
    """What the player meant: ``kind`` names it; ``pos`` is in window pixels,
    ``char`` the lower-case character of a plain key, ``text`` typed text."""

    kind: str
    pos: tuple[float, float] = (0.0, 0.0)
    char: str = ""
    text: str = ""
    button: int = 0
    amount: int = 0
    shift: bool = False


def translate(event: pygame.event.Event) -> Intent | None:
    """The intent of one pygame event, or None when it means nothing to a scene."""
    kind = event.type
    if kind == pygame.QUIT:
        return Intent("quit")
    if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return Intent("press", pos=event.pos, button=event.button)
    if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return Intent("release", pos=event.pos, button=event.button)
    if kind == pygame.MOUSEMOTION:
        return Intent("move", pos=event.pos)
    if kind == pygame.MOUSEWHEEL:
        return Intent("scroll", amount=int(event.y) or int(event.x), pos=pygame.mouse.get_pos())
    if kind == pygame.TEXTINPUT:
        return Intent("text", text=event.text)
    if kind == pygame.KEYDOWN:
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key == pygame.K_a and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return Intent("select_all")
        named = _KEYS.get(event.key)
        if named is not None:
            return Intent(named, shift=shift)
        char = getattr(event, "unicode", "") or ""
        if shift and pygame.K_0 <= event.key <= pygame.K_9:
            char = chr(event.key)  # Shift+1 is '!' on many keyboards: the digit is meant
        if not char and 0 <= event.key < 0x110000:
            char = chr(event.key) if chr(event.key).isprintable() else ""
        return Intent("key", char=char.lower(), shift=shift)
    return None
