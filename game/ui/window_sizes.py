"""The window sizes Settings offers, and a size as the picker shows it."""

from __future__ import annotations

SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
"""The window sizes offered (pixels), where the screen holds them."""
FULLSCREEN = (0, 0)
"""The choice that means fullscreen."""
SMALLEST = SIZES[0]
"""The smallest window the game allows."""


def window_choices(screen: tuple[int, int], now: tuple[int, int]) -> list[tuple[int, int]]:
    """The sizes a screen of ``screen`` pixels holds (the smallest always), the window's
    size ``now`` among them when it is another, then fullscreen."""
    fits = [size for size in SIZES if size == SMALLEST or (size[0] <= screen[0] and size[1] <= screen[1])]
    if now not in fits and now != FULLSCREEN:
        fits = sorted([*fits, now])
    return [*fits, FULLSCREEN]


def clamped(size: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """``size`` made to fit a screen of ``screen`` pixels, never below the smallest window."""
    return (max(SMALLEST[0], min(size[0], screen[0])), max(SMALLEST[1], min(size[1], screen[1])))


def size_label(size: tuple[int, int]) -> str:
    """'1920 x 1080', or 'fullscreen'."""
    return "fullscreen" if size == FULLSCREEN else f"{size[0]} \u00d7 {size[1]}"
