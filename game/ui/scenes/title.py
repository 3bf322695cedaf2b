"""The title screen: New match, Continue, Learn to play, Load, Rules,
Statistics, Settings, Quit; on the very first start it offers the lesson."""

from __future__ import annotations

import pygame

from ...version import game_version
from .. import theme
from ..fonts import blit_text
from ..last_setup import options_of
from ..saves_bridge import NO_SAVES, SavesBridge
from ..scene import Host, Space
from ..tile_art import face, numerals_for
from ..widgets import Button
from .menu import MenuScene

FAN = ((12, 12), (12, 7), (7, 3), (3, 3), (3, 9), (9, 5), (5, 0))
"""The dominoes fanned out behind the title."""


class TitleScene(MenuScene):
    """The first screen. Continue is offered (and focused) only when there is a
    match in progress to continue; Learn to play opens the guided first round
    (offered by itself on the very first start); Esc asks before leaving."""

    def __init__(self, saves: SavesBridge) -> None:
        super().__init__()
        self.saves = saves
        self.note = ""
        self.has_saves = saves.available
        x, w, h = 640, 320, 62
        self.continue_button = Button("Continue", (x, 476, w, h), self.continue_latest)
        half = w // 2 - 5
        self.widgets = [
            Button("New match", (x, 400, w, h), self.new_match, primary=True),
            self.continue_button,
            Button("Learn to play", (x, 552, w, h), self.learn),
            Button("Load", (x, 628, half, h), self.load),
            Button("Rules", (x + w // 2 + 5, 628, half, h), self.rules),
            Button("Statistics", (x, 704, half, h), self.statistics, size=24),
            Button("Settings", (x + w // 2 + 5, 704, half, h), self.settings, size=24),
            Button("Quit", (x, 780, w, h), self.ask_to_quit),
        ]
        self.fan: pygame.Surface | None = None
        self.offer_lesson = False
        """Whether the lesson is to be offered (the very first start), once the title is up."""
        self._refresh()

    def attach(self, app: Host) -> None:
        """Show once what reading the settings file had to say, and draw the fan."""
        super().attach(app)
        notes = [app.settings.note] if app.settings.note else []
        app.settings.note = ""
        notes += self.saves.notes()  # the saves folder's index set aside, its lock taken again
        self.note = " ".join(notes)
        self.resize(app.size)
        self.offer_lesson = app.settings.lesson_state == "new"

    def update(self, dt: float) -> None:
        """On the very first start, offer the lesson once the title is up."""
        super().update(dt)
        if not self.offer_lesson or self.app is None:
            return
        self.offer_lesson = False
        self.app.settings.lesson_at("offered")
        self.app.push(self.app.routes.dialog(
            "New to Mexican Train?",
            "Learn to play in one guided round against three computer players: the game shows you each "
            "move and why, and you play it with your own hand. About five minutes; Esc leaves it at any time.",
            [("Learn to play", self.learn), ("Not now", lambda: None)]))

    def resume(self) -> None:
        """Back from a scene above: a match may have appeared or gone."""
        self._refresh()

    def _refresh(self) -> None:
        """Offer Continue only with a match in progress, and focus it then."""
        can_continue = self.saves.has_autosave()
        self.continue_button.enabled = can_continue
        self.continue_button.hint = "" if can_continue else "no match in progress"
        self.focus = 1 if can_continue else 0
        for i, button in enumerate(self.buttons()):
            button.hover = i == self.focus

    def resize(self, size: tuple[int, int]) -> None:
        """Draw the fan of dominoes for this window size (once, not every frame)."""
        space = Space(size)
        unit = space.px(46)
        numbers = self.app is not None and self.app.settings.numerals
        numerals = numerals_for(unit, 12, numbers)
        fan = pygame.Surface(size, pygame.SRCALPHA)
        for i, (a, b) in enumerate(FAN):
            rot = pygame.transform.rotozoom(face(a, b, unit, numerals=numerals), -30 + i * 10, 1.0)
            fan.blit(rot, rot.get_rect(center=space.point(800 + (i - 3) * 150, 250 + abs(i - 3) * 18)))
        self.fan = fan.convert_alpha() if pygame.display.get_surface() is not None else fan


    def new_match(self) -> None:
        """Open the new match screen."""
        assert self.app is not None
        self.app.push(self.app.routes.setup())

    def learn(self) -> None:
        """Open the Learn to play lesson; one left unfinished asks whether to go on or start again."""
        assert self.app is not None
        step = self.app.settings.lesson_step
        if self.app.settings.lesson_state != "started" or step <= 0:
            self.open_lesson(0)
            return
        self.app.push(self.app.routes.dialog(
            "Learn to play", f"You left the lesson at step {step + 1}. Go on from there, or start it again?",
            [("Go on", lambda: self.open_lesson(step)), ("Start again", lambda: self.open_lesson(0)),
             ("Cancel", lambda: None)]))

    def open_lesson(self, step: int) -> None:
        """The lesson's table from ``step`` (a lesson file that cannot be used is named on the title)."""
        from ...tutorial import LessonError  # here: the title opens without loading the lesson

        assert self.app is not None
        try:
            lesson = self.app.routes.lesson(step)
        except LessonError as problem:
            self.note = f"The lesson cannot be opened: {problem}."
            return
        self.app.reset(lesson)

    def continue_latest(self) -> None:
        """Resume the latest match in progress, or say there is none."""
        assert self.app is not None
        session, note = self.saves.continue_latest()
        if session is None:
            self.note = note
            self._refresh()
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
        """Open the rules of the last table set up (classic on a first run)."""
        assert self.app is not None
        options, players = options_of(self.app.settings.last_setup)
        self.app.push(self.app.routes.rules(options, players=players, lesson=True))

    def statistics(self) -> None:
        """Open the statistics of finished matches."""
        assert self.app is not None
        self.app.push(self.app.routes.statistics())

    def settings(self) -> None:
        """Open the settings."""
        assert self.app is not None
        self.app.push(self.app.routes.settings())

    def ask_to_quit(self) -> None:
        """Ask before leaving the game."""
        assert self.app is not None
        body = ("Your match in progress is saved: Continue brings it back." if self.continue_button.enabled
                else "Your settings are kept for next time.")
        self.app.push(self.app.routes.dialog("Quit Mexican Train?", body,
                                             [("Quit", self.quit), ("Stay", lambda: None)]))

    def quit(self) -> None:
        """Leave the game."""
        assert self.app is not None
        self.app.quit(0)

    def back(self) -> None:
        """Esc on the title asks before leaving the game."""
        self.ask_to_quit()

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """A fan of dominoes, the title, the last note and the version."""
        if self.fan is not None:
            surface.blit(self.fan, (0, 0))
        blit_text(surface, "Mexican Train", space.px(96), (40, 20, 10), space.point(804, 66), "midtop", "title")
        blit_text(surface, "Mexican Train", space.px(96), theme.GOLD, space.point(800, 60), "midtop", "title")
        blit_text(surface, "dominoes around the roundhouse", space.px(24), theme.INK, space.point(800, 172), "midtop")
        if self.note:
            blit_text(surface, self.note, space.px(18), theme.GOLD, space.point(800, 318), "midtop", "bold",
                      wrap=space.px(900))
        version = f"version {game_version()}"
        blit_text(surface, version, space.px(15), theme.INK_DIM, space.point(20, 880), "bottomleft")
        blit_text(surface, "F11 fullscreen  \u00b7  arrows + Enter work everywhere", space.px(15), theme.INK_DIM, space.point(1580, 880), "bottomright")
