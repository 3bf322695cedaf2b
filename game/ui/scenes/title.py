"""The title screen: New match, Continue, Load, Rules, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from ...version import game_version
from .. import theme
from ..fonts import blit_text
from ..saves_bridge import NO_SAVES, SavesBridge
from ..scene import Space
from ..tile_art import face
from ..widgets import Button
from .menu import MenuScene


class TitleScene(MenuScene):
    """The first screen."""

    def __init__(self, saves: SavesBridge) -> None:
        super().__init__()
        self.saves = saves
        self.note = ""
        self.has_saves = saves.available
        x, w, h = 640, 320, 62
        self.widgets = [
            Button("New match", (x, 400, w, h), self.new_match, primary=True),
            Button("Continue", (x, 476, w, h), self.continue_latest, enabled=True),
            Button("Load", (x, 552, w, h), self.load),
            Button("Rules", (x, 628, w, h), self.rules),
            Button("Settings", (x, 704, w, h), self.settings),
            Button("Quit", (x, 780, w, h), self.quit),
        ]
        self.focus = 0
        self.widgets[0].hover = True

    def new_match(self) -> None:
        """Open the new match screen."""
        assert self.app is not None
        self.app.push(self.app.routes.setup())

    def continue_latest(self) -> None:
        """Resume the latest saved game, or say there is none."""
        assert self.app is not None
        session, note = self.saves.continue_latest()
        if session is None:
            self.note = note
            return
        self.app.reset(self.app.routes.table(session, note))

    def load(self) -> None:
        """Open the list of saved games."""
        assert self.app is not None
        if not self.has_saves:
            self.note = NO_SAVES
            return
        self.app.push(self.app.routes.load())

    def rules(self) -> None:
        """Open how to play."""
        assert self.app is not None
        self.app.push(self.app.routes.rules())

    def settings(self) -> None:
        """Open the settings."""
        assert self.app is not None
        self.app.push(self.app.routes.settings())

    def quit(self) -> None:
        """Leave the game."""
        assert self.app is not None
        self.app.quit(0)

    def back(self) -> None:
        """Esc on the title leaves the game."""
        self.quit()

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """A fan of dominoes, the title, the last note and the version."""
        # a fan of dominoes behind the title
        tiles = [(12, 12), (12, 7), (7, 3), (3, 3), (3, 9), (9, 5), (5, 0)]
        for i, (a, b) in enumerate(tiles):
            img = face(a, b, space.px(46))
            angle = -30 + i * 10 + math.sin(self.clock * 0.8 + i) * 1.5
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            cx, cy = space.point(800 + (i - 3) * 150, 250 + abs(i - 3) * 18)
            surface.blit(rot, rot.get_rect(center=(cx, cy)))
        blit_text(surface, "Mexican Train", space.px(96), (40, 20, 10), space.point(804, 66), "midtop", "title")
        blit_text(surface, "Mexican Train", space.px(96), theme.GOLD, space.point(800, 60), "midtop", "title")
        blit_text(surface, "dominoes around the roundhouse", space.px(24), theme.INK, space.point(800, 172), "midtop")
        if self.note:
            blit_text(surface, self.note, space.px(20), theme.GOLD, space.point(800, 858), "midtop", "bold")
        version = f"version {game_version()}"
        blit_text(surface, version, space.px(15), theme.INK_DIM, space.point(20, 880), "bottomleft")
        blit_text(surface, "F11 fullscreen  \u00b7  arrows + Enter work everywhere", space.px(15), theme.INK_DIM, space.point(1580, 880), "bottomright")
