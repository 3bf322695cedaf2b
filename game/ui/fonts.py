"""Text with pygame.font (SDL_ttf): fonts and rendered lines are cached."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from ..memory.files import clean
from . import ui_scale
from .paths import font_file

_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}
_fonts: dict[tuple[str, int], pygame.font.Font] = {}
PIXELS = 0.0
"""A scene's text room meaning: the sizes it asks for are pixels already (laid out from
``game.ui.sizing``, the text setting included), so nothing scales them again."""
_cap = [float("inf")]
"""The largest UI scale text may take now (see ``capped``; ``PIXELS``: none, sizes are pixels)."""
_texts: dict[tuple[str, str, int, tuple[int, int, int], int, float], pygame.Surface] = {}


def forget_fonts() -> None:
    """Drop cached fonts and text: call after (re)initialising pygame.font, whose
    old Font objects stop working once the module has been quit."""
    _fonts.clear()
    _texts.clear()
    _fits.clear()


def ready() -> None:
    """Make sure pygame.font works and no font is kept from a time it was quit: text
    can be measured before any window opens (a layout planned on its own) and after
    ``pygame.quit`` (a second window), whatever was measured before."""
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()


def font(size: int, style: str = "regular", scaled: bool = True) -> pygame.font.Font:
    """The font of ``style`` at ``size`` pixels times the player's UI scale
    (``scaled`` False: exactly ``size``, for text that must fit a shape such as
    a tile's numeral); falls back to pygame's default font."""
    size = max(6, round(size * text_scale()) if scaled else int(size))
    key = (style, size)
    ready()
    found = _fonts.get(key)
    if found is None:
        path = font_file(_FILES.get(style, _FILES["regular"]))
        try:
            found = pygame.font.Font(path, size)
        except (OSError, FileNotFoundError):
            found = pygame.font.Font(None, int(size * 1.3))
        _fonts[key] = found
    return found


def text_scale() -> float:
    """How much larger than designed text is drawn now: the UI scale, within any ``capped`` limit
    (1.0 where the sizes asked for are pixels already, see ``PIXELS``)."""
    cap = _cap[-1]
    return 1.0 if cap <= PIXELS else min(ui_scale.current(), cap)


@contextmanager
def capped(limit: float) -> Iterator[None]:
    """Inside the block, text grows with the UI scale only up to ``limit``
    (for text laid out in a box of fixed size, such as a seat panel; sizes that are pixels stay so)."""
    _cap.append(PIXELS if _cap[-1] <= PIXELS else min(limit, _cap[-1]))
    try:
        yield
    finally:
        _cap.pop()


@contextmanager
def room(limit: float) -> Iterator[None]:
    """Inside the block, text grows with the UI scale up to ``limit``, whatever
    limit holds outside it (a scene laid out while another scene acts)."""
    _cap.append(limit)
    try:
        yield
    finally:
        _cap.pop()


def text(
    line: str, size: int, color: tuple[int, int, int], style: str = "regular", wrap: int = 0
) -> pygame.Surface:
    """A rendered, cached text surface (at the UI scale); ``wrap`` > 0 wraps at that width in pixels."""
    size = max(6, int(size))
    key = (line, style, size, (color[0], color[1], color[2]), int(wrap), text_scale())
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > 4000:
            _texts.clear()
        # the last guard: a control or direction mark that got this far is shown as \ufffd, never rendered
        surf = font(size, style).render(clean(line), True, color, None, int(wrap))
        _texts[key] = surf
    return surf


def blit_text(
    target: pygame.Surface,
    line: str,
    size: int,
    color: tuple[int, int, int],
    pos: tuple[float, float],
    anchor: str = "topleft",
    style: str = "regular",
    wrap: int = 0,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw cached text with its ``anchor`` (a Rect attribute name) at ``pos``
    (``box``: the panel or button it must keep inside, for ``TextLog``)."""
    surf = text(line, size, color, style, wrap)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    target.blit(surf, rect)
    if _log[-1] is not None:
        clip = target.get_clip()
        shown = None if clip == target.get_rect() else clip  # a pane shows only part of what it holds
        note(line, surf, rect, box if box is None or shown is None else box.clip(shown), clip=shown,
             line_ink=one_line_ink(line, size, style) if wrap else None)
    return rect


# ---------------------------------------------------------------- where text went (tests)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text as drawn: its words, where its ink lies, the box it must keep
    inside and the scene (by its place on the stack) that drew it (window pixels)."""

    line: str
    ink: pygame.Rect
    box: pygame.Rect | None
    """None: the window."""
    layer: int
    line_ink: float = 0.0
    """The height of its words' ink on one line (all of it, shown or not; a paragraph as if unwrapped), pixels."""
    cut: bool = False
    """Its pane cut it at a side (a pane scrolls up and down: what it cuts across is never seen)."""


@dataclass(frozen=True, slots=True)
class Panel:
    """A panel or button drawn (window pixels): a text drawn on it afterwards must keep inside it."""

    rect: pygame.Rect
    layer: int
    after: int
    """How many texts were drawn before it."""


@dataclass
class TextLog:
    """Every text and panel drawn while it is ``recording`` (the text-fit test reads it)."""

    drawn: list[Drawn] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    layer: int = 0
    """The place on the stack of the scene drawing now."""


_log: list[TextLog | None] = [None]


def logging_text() -> TextLog | None:
    """The log being written now (None almost always: drawing then notes nothing)."""
    return _log[-1]


@contextmanager
def recording(log: TextLog) -> Iterator[TextLog]:
    """Inside the block, every text drawn is noted in ``log``."""
    _log.append(log)
    try:
        yield log
    finally:
        _log.pop()


def note_panel(rect: pygame.Rect) -> None:
    """Note that a panel was drawn at ``rect``, when a log is being written."""
    log = _log[-1]
    if log is not None:
        log.panels.append(Panel(pygame.Rect(rect), log.layer, len(log.drawn)))


def one_line_ink(line: str, size: int, style: str = "regular") -> int:
    """The height of ``line``'s ink at ``size`` as one line (a paragraph's text height, whatever its wrapping)."""
    return font(size, style).render(clean(line), True, (255, 255, 255)).get_bounding_rect().h


def note(line: str, image: pygame.Surface, rect: pygame.Rect, box: pygame.Rect | None = None,
         clip: pygame.Rect | None = None, line_ink: float | None = None) -> None:
    """Note that ``image`` (the text ``line``) was put at ``rect`` in window pixels (``clip``: only
    that part of it shows; ``line_ink``: its words' ink height on one line, for a paragraph),
    when a log is being written."""
    log = _log[-1]
    if log is None:
        return
    ink = image.get_bounding_rect().move(rect.topleft)
    height = float(ink.h if line_ink is None else line_ink)
    cut = False
    if clip is not None:
        cut = ink.left < clip.left or ink.right > clip.right
        ink = ink.clip(clip)
    if ink.w and ink.h:
        log.drawn.append(Drawn(line, ink, None if box is None else pygame.Rect(box), log.layer, height, cut))


def fit_text(line: str, size: int, style: str, width: int) -> str:
    """``line``, shortened with an ellipsis if needed to fit ``width`` pixels."""
    face = font(size, style)
    if face.size(line)[0] <= width:
        return line
    while len(line) > 1 and face.size(line + "\u2026")[0] > width:
        line = line[:-1]
    return line.rstrip() + "\u2026"


_fits: dict[tuple[str, int, str, int, int, float], tuple[str, int]] = {}


def fit_size(line: str, size: int, style: str, width: int, smallest: int) -> tuple[str, int]:
    """``line`` and the largest font size from ``size`` down to ``smallest`` at
    which it fits ``width`` pixels; at ``smallest`` it is shortened with an
    ellipsis if it still does not fit (cached)."""
    key = (line, size, style, width, smallest, text_scale())
    found = _fits.get(key)
    if found is None:
        smallest = max(6, min(smallest, size))
        found = (fit_text(line, smallest, style, width), smallest)
        for candidate in range(max(6, size), smallest, -1):
            if font(candidate, style).size(line)[0] <= width:
                found = (line, candidate)
                break
        if len(_fits) > 2000:
            _fits.clear()
        _fits[key] = found
    return found
