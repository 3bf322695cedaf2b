"""The title screen: New match, Continue, Play online, Learn to play, Rules,
Load, Statistics, Settings, Quit; on the very first start it offers the lesson."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...version import game_version
from .. import theme
from ..fonts import blit_text, fit_size, text
from ..last_setup import options_of
from ..saves_bridge import NO_SAVES, SavesBridge
from ..scene import Host, Space
from ..tile_art import face, numerals_for
from ..widgets import Button
from .menu import MenuScene, sentences

if TYPE_CHECKING:
    from ..online.title_tables import TitleTables

FAN = ((12, 12), (12, 7), (7, 3), (3, 3), (3, 9), (9, 5), (5, 0))
"""The dominoes fanned out behind the title."""
NOTE_TOP, NOTE_BOTTOM = 334, 394
"""The band (design y) a note is written in: under the fan, above the buttons."""


class TitleScene(MenuScene):
    """The first screen. Continue is offered (focused, and the button in colour)
    when there is a match in progress to continue, else a lesson left for later;
    Learn to play opens the guided first round (offered by itself on the very
    first start); Esc asks before leaving."""

    def __init__(self, saves: SavesBridge) -> None:
        super().__init__()
        self.saves = saves
        self.note = ""
        self.has_saves = saves.available
        x, w, h = 640, 320, 62
        self.continue_button = Button("Continue", (x, 476, w, h), self.continue_latest)
        self.new_button = Button("New match", (x, 400, w, h), self.new_match, primary=True)
        half = w // 2 - 5
        self.online_button = Button("Play online", (x, 552, w, h), self.online)
        self.tables_button = Button("My tables", (x + w // 2 + 5, 552, half, h), self.my_tables, size=22)
        """Shown beside Play online while online seats are kept."""
        self.widgets = [
            self.new_button,
            self.continue_button,
            self.online_button,
            Button("Learn to play", (x, 628, half, h), self.learn, size=22),
            Button("Rules", (x + w // 2 + 5, 628, half, h), self.rules, size=24),
            Button("Load", (x, 704, half, h), self.load, size=24),
            Button("Statistics", (x + w // 2 + 5, 704, half, h), self.statistics, size=22),
            Button("Settings", (x, 780, half, h), self.settings, size=24),
            Button("Quit", (x + w // 2 + 5, 780, half, h), self.ask_to_quit, size=24),
        ]
        self.fan: pygame.Surface | None = None
        self.fan_rects: list[pygame.Rect] = []
        """Where each domino of the fan lies (window pixels)."""
        self.offer_lesson = False
        """Whether the lesson is to be offered (the very first start), once the title is up."""
        self.tables: TitleTables | None = None
        """The kept online seats and the look at their tables (None: none kept)."""
        self.tables_note = ""
        """What reading the kept online seats had to say (a damaged list set aside)."""
        self.speech_note = ""
        """What the voice had to tell at the start: shown, not said again (it was said as the game opened)."""
        self._refresh()

    def attach(self, app: Host) -> None:
        """Show once what reading the settings file had to say, and draw the fan."""
        super().attach(app)
        notes = [app.settings.note] if app.settings.note else []
        app.settings.note = ""
        self.speech_note, app.settings.speech_note = app.settings.speech_note, ""
        notes += self.saves.notes()  # the saves folder's index set aside, its lock taken again
        self.note = " ".join(notes)
        self._refresh()
        self.resize(app.size)
        self.offer_lesson = app.settings.lesson_state == "new"

    def update(self, dt: float) -> None:
        """Say when a kept table waits for the person's move; on the very first start, offer the lesson."""
        super().update(dt)
        if self.tables is not None:
            self.tables.update()
        if not self.offer_lesson or self.app is None:
            return
        self.offer_lesson = False
        self.app.settings.lesson_at("offered")
        told, self.note = self.note, ""  # said in the dialog, not hidden behind it
        self.app.push(self.app.routes.dialog(
            "New to Mexican Train?",
            (f"{told} " if told else "")
            + "Learn to play in one guided round against three computer players: the game shows you each "
            "move and why, and you play it with your own hand. About five minutes; Esc leaves it at any time.",
            [("Learn to play", self.learn), ("Not now", lambda: None)]))

    def resume(self) -> None:
        """Back from a scene above: a match may have appeared or gone."""
        self._refresh()

    def lesson_waiting(self) -> int | None:
        """The step (0-based) the lesson was left at for later, or None."""
        settings = self.app.settings if self.app is not None else None
        if settings is None or settings.lesson_state != "started" or settings.lesson_step <= 0:
            return None
        return settings.lesson_step

    def _refresh(self) -> None:
        """Continue takes up the match in progress, else the lesson left for later
        (either way it is focused and in colour); with neither it is greyed. My tables
        stands beside Play online while online seats are kept."""
        from ..online.title_tables import title_tables  # here: the title opens without loading the network

        self.tables, note = title_tables()
        self.tables_note = note or self.tables_note  # said once, until the title is left
        x, w, h = self.online_button.rect[0], 320, self.online_button.rect[3]
        self.online_button.rect = (x, 552, w // 2 - 5 if self.tables else w, h)
        self.widgets = [b for b in self.widgets if b is not self.tables_button]
        if self.tables is not None:
            self.widgets.insert(self.widgets.index(self.online_button) + 1, self.tables_button)
        match = self.saves.has_autosave()
        lesson = None if match else self.lesson_waiting()
        button = self.continue_button
        button.label = "Continue the lesson" if lesson is not None else "Continue"
        button.hint = (f"from step {lesson + 1}" if lesson is not None
                       else "" if match else "no match in progress")
        button.enabled = match or lesson is not None
        button.primary = button.enabled
        self.new_button.primary = not button.enabled
        self.focus = 1 if button.enabled else 0
        for i, shown in enumerate(self.buttons()):
            shown.hover = i == self.focus

    def resize(self, size: tuple[int, int]) -> None:
        """Draw the fan of dominoes for this window size (once, not every frame)."""
        space = Space(size)
        unit = space.px(46)
        numbers = self.app is not None and self.app.settings.numerals
        numerals = numerals_for(unit, 12, numbers)
        fan = pygame.Surface(size, pygame.SRCALPHA)
        self.fan_rects = []
        for i, (a, b) in enumerate(FAN):
            rot = pygame.transform.rotozoom(face(a, b, unit, numerals=numerals), -30 + i * 10, 1.0)
            self.fan_rects.append(fan.blit(rot, rot.get_rect(center=space.point(800 + (i - 3) * 150,
                                                                               236 + abs(i - 3) * 14))))
        self.fan = fan.convert_alpha() if pygame.display.get_surface() is not None else fan


    def spoken_title(self) -> str:
        """The game's name."""
        return "Mexican Train"

    def spoken_body(self) -> str:
        """The title's notes (a damaged settings file, a kept table waiting for your move)."""
        said = self.tables.said if self.tables is not None else ""
        return sentences(self.note, self.tables_note, said)

    def said_notes(self) -> str:
        """A new note is said once it appears."""
        return sentences(self.note, self.tables_note)

    def online(self) -> None:
        """Play online: host a table, join one, or go back to one of My tables."""
        assert self.app is not None
        self.app.push(self.app.routes.online())

    def my_tables(self) -> None:
        """My tables: every online seat kept and where its table stands."""
        assert self.app is not None
        self.app.push(self.app.routes.my_tables())

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
        """Resume the latest match in progress (else the lesson left for later), or say there is none."""
        assert self.app is not None
        lesson = None if self.saves.has_autosave() else self.lesson_waiting()
        if lesson is not None:
            self.open_lesson(lesson)
            return
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
        body = ("Your match in progress is saved: Continue brings it back." if self.saves.has_autosave()
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
        note = " ".join(n for n in (self.note, self.tables_note, self.speech_note) if n)
        if note:  # in its band between the fan and the buttons, smaller if it needs the room
            band = space.rect(160, NOTE_TOP, 1280, NOTE_BOTTOM - NOTE_TOP)
            size = next((s for s in (18, 16, 14, 12) if text(note, space.px(s), theme.GOLD, "bold",
                                                                wrap=band.w).get_height() <= band.h), 12)
            blit_text(surface, note, space.px(size), theme.GOLD, band.midtop, "midtop", "bold",
                      wrap=band.w, box=band)
        said = self.tables.said if self.tables is not None else ""
        if said:  # beside My tables: "Your move at 2 tables"
            said_box = space.rect(975, 552, 600, 62)
            line, size = fit_size(said, space.px(22), "bold", said_box.w, space.px(16))
            blit_text(surface, line, size, theme.GOLD, said_box.midleft, "midleft", "bold", box=said_box)
        version = f"version {game_version()}"
        blit_text(surface, version, space.px(15), theme.INK_DIM, space.point(20, 880), "bottomleft")
        blit_text(surface, "F11 fullscreen  \u00b7  arrows + Enter work everywhere", space.px(15), theme.INK_DIM, space.point(1580, 880), "bottomright")
