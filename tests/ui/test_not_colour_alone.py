"""Every colour cue on the table also carries a shape or a label, so a player
who cannot tell the colours apart loses nothing: glowing trains name the key
that plays there, the glowing boneyard says "Draw (D)", markers are a flag or
an octagon, seats carry their numbers."""

from __future__ import annotations

import pygame

from game.engine import MEXICAN
from game.ui import theme
from game.ui.app import App
from game.ui.table.paint import target_key
from game.ui.tile_art import use_palette

from .conftest import frames, position, select, table_for, train_end


def _count(surface: pygame.Surface, box: pygame.Rect, color: tuple[int, int, int]) -> int:
    """How many pixels of ``box`` are exactly ``color``."""
    box = box.clip(surface.get_rect())
    return sum(
        1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
        if surface.get_at((x, y))[:3] == color
    )


def _around(center: tuple[float, float], half: int) -> pygame.Rect:
    return pygame.Rect(round(center[0]) - half, round(center[1]) - half, 2 * half, 2 * half)


def test_each_glowing_train_names_the_key_that_plays_there_in_both_palettes(app: App) -> None:
    for palette in ("standard", "colour-blind"):
        use_palette(palette)
        try:
            table = table_for(app, position([(4, 2), (12, 3)]))
            state = table.match.round
            assert state is not None
            select(table, state.hands[0][0])  # the 4-2 fits only your own train
            frames(app, 2)
            assert table.frame is not None and list(table.frame.targets) == [0]
            slot = _around(train_end(table, 0), 12)
            assert _count(app.screen, slot, theme.PANEL) > 10, "the free slot shows its key, not a glow alone"
            select(table, None)
            frames(app, 2)
            assert _count(app.screen, slot, theme.PANEL) == 0
            app.pop()
        finally:
            use_palette("standard")
    assert [target_key(0), target_key(3), target_key(MEXICAN)] == ["1", "4", "M"]


def test_the_boneyard_says_draw_when_a_draw_is_due_and_not_otherwise(app: App) -> None:
    table = table_for(app, position([(1, 1), (2, 2)]))  # nothing fits: a draw is due
    frames(app, 2)
    assert table.frame is not None
    pile = table.frame.boneyard
    above = pygame.Rect(pile.left, pile.top - 40, pile.width, 40)
    assert _count(app.screen, above, theme.GLOW) > 50
    app.pop()
    table_for(app, position([(4, 2), (1, 1)]))  # a play is possible: no draw
    frames(app, 2)
    assert _count(app.screen, above, theme.GLOW) == 0
