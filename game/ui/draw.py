"""Drawing helpers shared by scenes: backgrounds, panels, shadows (cached)."""

from __future__ import annotations

import random

import pygame

from . import theme
from .fonts import note_panel

_backgrounds: dict[tuple[str, int, int], pygame.Surface] = {}


def _felt(size: tuple[int, int], base: tuple[int, int, int], seed: int) -> pygame.Surface:
    """A felt surface: base colour, fine speckle and a soft vignette."""
    w, h = size
    small = pygame.Surface((max(1, w // 4), max(1, h // 4)))
    small.fill(base)
    rng = random.Random(seed)
    sw, sh = small.get_size()
    for _ in range(sw * sh // 6):
        x, y = rng.randrange(sw), rng.randrange(sh)
        d = rng.randint(-7, 7)
        small.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))
    surf = pygame.transform.smoothscale(small, (w, h))
    shade = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            dx, dy = (x - 15.5) / 16, (y - 8.5) / 9
            shade.set_at((x, y), (0, 0, 0, int(min(1.0, (dx * dx + dy * dy) ** 0.5) ** 2 * 150)))
    surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    return surf


def background(size: tuple[int, int], kind: str = "menu") -> pygame.Surface:
    """A cached full-window background: ``menu`` (dark wood and felt) or ``felt``."""
    key = (kind, size[0], size[1])
    surf = _backgrounds.get(key)
    if surf is None:
        if len(_backgrounds) > 12:
            _backgrounds.clear()
        base = theme.FELT_DARK if kind == "menu" else theme.FELT
        surf = _felt(size, base, 7).convert() if pygame.display.get_surface() else _felt(size, base, 7)
        _backgrounds[key] = surf
    return surf


def panel(
    target: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, int, int] = theme.PANEL,
    alpha: int = 230,
    radius: int = 12,
    edge: tuple[int, int, int] | None = theme.PANEL_EDGE,
    width: int = 1,
) -> None:
    """A rounded, slightly translucent panel with a soft shadow (its shadow and body are
    kept per size and colour: panels are drawn every frame)."""
    note_panel(rect.clip(target.get_clip()))  # only the part that shows (a card scrolled half out of view)
    shadow = _panel_part("shadow", rect.size, (0, 0, 0), 70, radius)
    w, h = shadow.get_size()
    band = max(14, radius + 8)
    if alpha >= 255 and w > 4 * band and h > 4 * band:  # the body hides the middle: only the edges are blended
        for area in (pygame.Rect(0, 0, w, band), pygame.Rect(0, h - band, w, band),
                     pygame.Rect(0, band, band, h - 2 * band), pygame.Rect(w - band, band, band, h - 2 * band)):
            target.blit(shadow, (rect.x - 6 + area.x, rect.y - 6 + area.y), area)
    else:
        target.blit(shadow, (rect.x - 6, rect.y - 6))
    if alpha >= 255:
        pygame.draw.rect(target, color, rect, border_radius=radius)
    else:
        target.blit(_panel_part("body", rect.size, color, alpha, radius), rect.topleft)
    if edge is not None and width > 0:
        pygame.draw.rect(target, edge, rect, width, border_radius=radius)


_parts: dict[tuple[object, ...], pygame.Surface] = {}


def _panel_part(kind: str, size: tuple[int, int], color: tuple[int, int, int], alpha: int,
                radius: int) -> pygame.Surface:
    """A panel's soft shadow (``kind`` "shadow": 6 pixels past the panel all round) or its
    translucent body, made once per size, colour and radius."""
    key = (kind, size, color, alpha, radius)
    found = _parts.get(key)
    if found is None:
        if len(_parts) > 400:
            _parts.clear()
        w, h = size
        if kind == "shadow":
            found = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
            pygame.draw.rect(found, (0, 0, 0, alpha), found.get_rect().inflate(-6, -6).move(3, 4),
                             border_radius=radius)
        else:
            found = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(found, (*color, alpha), found.get_rect(), border_radius=radius)
        _parts[key] = found
    return found


def dim(target: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything already drawn (under a modal scene)."""
    key = ("veil", target.get_size(), (0, 0, 0), alpha, 0)
    veil = _parts.get(key)
    if veil is None:
        veil = _parts[key] = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, alpha))
    target.blit(veil, (0, 0))
