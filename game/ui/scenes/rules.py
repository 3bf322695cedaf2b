"""Rules help: how a turn goes, and the options of the chosen rules."""

from __future__ import annotations

import dataclasses

import pygame

from ...engine import RuleOptions, option_names, preset
from .. import theme
from ..fonts import blit_text
from ..scene import Space
from ..widgets import Button
from .menu import MenuScene, card

HELP = [
    ("The goal", "Get rid of your tiles. When a round ends, the pips left in your hand are your score for it: the lowest total after the last round wins."),
    ("The hub", "Each round starts from a double in the roundhouse hub. Every player builds a personal train out from the hub, and anyone may build the shared Mexican train."),
    ("Your turn", "Play a tile whose end matches the end of your train, the Mexican train or any train with a green flag. If nothing fits, draw one tile; if it still does not fit, your train gets the flag and play passes."),
    ("Markers", "A green flag (public) means anyone may play on that train; a red octagon means it is private. Playing on your own train takes your flag down again."),
    ("Doubles", "A double lies crosswise and must be covered before anything else is played: by you right away, or by the next players in turn."),
    ("Controls", "Drag a tile to a glowing train, or click a tile then a train. Keys: arrows pick a tile, 1-8 and M pick a train, Enter plays on the only fit, D draws, E ends the turn, K knocks, S sorts, Space skips, Esc pauses, F11 fullscreen."),
]


class RulesScene(MenuScene):
    """How to play, and every option of the chosen rules."""

    title = "How to play"

    def __init__(self, options: RuleOptions | None = None) -> None:
        super().__init__()
        self.options = options or preset("classic")
        self.widgets = [Button("Back", (700, 820, 200, 56), self.back, primary=True)]

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """How a turn goes on the left, the rules' options on the right."""
        super().draw_body(surface, space)
        card(surface, space, 60, 130, 900, 670)
        y = 150.0
        for head, body in HELP:
            blit_text(surface, head, space.px(22), theme.GOLD, space.point(90, y), "topleft", "bold")
            rect = blit_text(surface, body, space.px(17), theme.INK, space.point(90, y + 30), "topleft", wrap=space.px(840))
            y += 40 + rect.h / space.k
        card(surface, space, 990, 130, 550, 670)
        name = self.options.preset.replace("-", " ").title()
        blit_text(surface, f"{name} rules", space.px(22), theme.GOLD, space.point(1020, 150), "topleft", "bold")
        y = 190.0
        for field in option_names():
            if field in ("preset", "set_by_players", "deal_table"):
                continue
            value = getattr(self.options, field)
            shown = "auto" if value is None else ("yes" if value is True else "no" if value is False else str(value))
            blit_text(surface, field.replace("_", " "), space.px(15), theme.INK_DIM, space.point(1020, y), "topleft")
            blit_text(surface, shown, space.px(15), theme.INK, space.point(1510, y), "topright", "bold")
            y += 27
        _ = dataclasses
