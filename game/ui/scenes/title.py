"""The title screen: New match, Continue, Play online, Learn to play, Rules,
Load, Statistics, Settings, Quit; on the very first start it offers the lesson."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...version import game_version
from .. import theme
from ..boxes import Column, grid
from ..fonts import blit_text, fit_size
from ..last_setup import options_of
from ..saves_bridge import NO_SAVES, SavesBridge
from ..scene import Host
from ..sizing import Sizes
from ..tile_art import face, numerals_for
from ..widgets import Button
from .menu import MenuScene, clipped, sentences

if TYPE_CHECKING:
    from ..online.title_tables import TitleTables

FAN = ((12, 12), (12, 7), (7, 3), (3, 3), (3, 9), (9, 5), (5, 0))
"""The dominoes fanned out behind the title."""
FOOTER = "F11 fullscreen  \u00b7  arrows + Enter work everywhere"
YOUR_MOVE = "Your move at the table you host"
"""As long a line as the look at the kept tables says: its room is kept before the answer comes."""


class TitleScene(MenuScene):
    """The first screen. Continue is offered (focused, and the button in colour)
    only when there is a match in progress to continue, else a lesson left for later;
    Learn to play opens the guided first round (offered by itself on the very
    first start); Esc asks before leaving, Stay chosen unless the person moves to Quit."""

    def __init__(self, saves: SavesBridge) -> None:
        super().__init__()
        self.saves = saves
        self.note = ""
        self.has_saves = saves.available
        self.continue_button = Button("Continue", self.continue_latest)
        self.new_button = Button("New match", self.new_match, primary=True)
        self.online_button = Button("Play online", self.online)
        self.tables_button = Button("My tables", self.my_tables)
        """Shown beside Play online while online seats are kept."""
        self.others = [
            Button("Learn to play", self.learn),
            Button("Rules", self.rules),
            Button("Load", self.load),
            Button("Statistics", self.statistics),
            Button("Settings", self.settings),
            Button("Quit", self.ask_to_quit),
        ]
        """The buttons under Play online, in reading order."""
        self.widgets = [self.new_button, self.online_button, *self.others]
        self.fan: pygame.Surface | None = None
        self.fan_key: tuple[int, ...] | None = None
        """The size, unit and faces the fan was drawn for."""
        self.fan_rects: list[pygame.Rect] = []
        """Where each domino of the fan lies (window pixels)."""
        self.boxes: dict[str, pygame.Rect] = {}
        self.name_size = 0
        """The game's name's size in pixels (as large as the room above the buttons lets it be)."""
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
        (either way it comes first, focused and in colour); with neither it is not shown.
        My tables stands beside Play online while online seats are kept."""
        from ..online.title_tables import title_tables  # here: the title opens without loading the network

        self.tables, note = title_tables()
        self.tables_note = note or self.tables_note  # said once, until the title is left
        match = self.saves.has_autosave()
        lesson = None if match else self.lesson_waiting()
        button = self.continue_button
        button.label = "Continue the lesson" if lesson is not None else "Continue"
        button.hint = f"from step {lesson + 1}" if lesson is not None else ""
        button.enabled = button.primary = match or lesson is not None
        self.new_button.primary = not button.enabled
        first = [button, self.new_button] if button.enabled else [self.new_button]
        online = [self.online_button, self.tables_button] if self.tables is not None else [self.online_button]
        was = self.focused() if self.app is not None and self.app.top is self else None
        self.widgets = [*first, *online, *self.others]
        items = self.focusables()  # back from a screen, the focus stays on the button that opened it
        self.focus = next((i for i, w in enumerate(items) if w is was), 0)
        self._mark_focus()
        self.relayout()

    def layout(self, s: Sizes) -> None:
        """One column in the middle: the fan of dominoes (when there is room), the game's
        name (as large as the room lets it be), the notes, then the buttons (the first
        across, the rest two by two, all as wide as the widest label needs); the footer
        line at the bottom. Short of room, the fan goes, the name shrinks, its line goes,
        the first button joins the others two by two; only then does the column scroll."""
        frame = s.frame
        footer_h = s.line(s.fine)
        self.boxes = {"footer": pygame.Rect(frame.x, frame.bottom - footer_h, frame.w, footer_h)}
        room = pygame.Rect(frame.x, frame.y, frame.w, frame.h - footer_h - s.section)
        note_w = min(frame.w, round(s.unit * 56))
        note, said = self.band()
        said = said or (YOUR_MOVE if self.tables is not None else "")  # kept room: a look's answer moves no button
        note_h = sum(s.wrapped(line, s.small, note_w, "bold") + s.gap for line in (note, said) if line)
        per_pixel = s.width("Mexican Train", 100, "title") / 100
        name = min(s.text("display"), int(frame.w * 0.9 / per_pixel))
        unit = min(round(s.unit * 2.4), frame.w // 28)
        sub_h = s.line(s.body)
        across = True

        def height() -> int:
            """The column's height as chosen so far."""
            return ((unit * 3 + s.section if unit else 0) + s.line(name, "title") + (s.gap + sub_h) * bool(sub_h)
                    + s.section + note_h + self._buttons_height(s, across))

        while unit and height() > room.h:
            unit = unit - 1 if unit > s.unit else 0
        while name > s.title and height() > room.h:
            name -= 1
        sub_h = sub_h if height() <= room.h else 0
        across = height() <= room.h
        self.name_size = name
        total = height()
        self.pane.set(room, total)  # scrolls only when even that does not fit
        self.scrolled = list(self.widgets) if self.pane.scrolls else []
        column = Column(pygame.Rect(room.x, self.pane.top + max(0, room.h - total) * 2 // 5, room.w, room.h), s.gap)
        self.boxes["fan"] = column.take(unit * 3) if unit else pygame.Rect(room.x, room.y, 0, 0)
        column.skip(s.section - s.gap if unit else 0)
        self.boxes["name"] = column.take(s.line(name, "title"))
        self.boxes["sub"] = column.take(sub_h) if sub_h else pygame.Rect(0, 0, 0, 0)
        column.skip(s.section - s.gap)
        self.boxes["note"] = column.take(note_h, note_w, "center") if note_h else pygame.Rect(0, 0, 0, 0)
        self._place_buttons(s, column.rest(), across)
        self._draw_fan(s.window, unit)

    def _grid(self, s: Sizes) -> tuple[int, int]:
        """The buttons' column width and the gap between them (pixels)."""
        gap = s.gap * 3 // 2
        widest = max(s.button_width(b.label) for b in self.widgets)
        return min((s.frame.w - gap) // 2, max(widest, round(s.unit * 11))), gap

    def _buttons_height(self, s: Sizes, across: bool) -> int:
        """The buttons' height: the first across (``across``) over the others two by two, or all two by two."""
        _, gap = self._grid(s)
        first = s.control + (s.line(round(s.label * 0.76)) if self.widgets[0].hint else 0)
        rows = -(-(len(self.widgets) - across) // 2)
        return (first + gap if across else 0) + rows * (s.control + gap) - gap

    def _place_buttons(self, s: Sizes, room: pygame.Rect, across: bool) -> None:
        """The buttons from ``room``'s top, the last one alone in its row in the middle."""
        width, gap = self._grid(s)
        box = pygame.Rect(room.centerx - width - gap // 2, room.y, 2 * width + gap, 0)
        items = self.widgets
        if across:
            first = s.control + (s.line(round(s.label * 0.76)) if self.widgets[0].hint else 0)
            items[0].place(pygame.Rect(box.x, box.y, box.w, first), s.label)
            box.y += first + gap
            items = items[1:]
        boxes = grid(box, len(items), 2, s.control, gap)
        if len(items) % 2:
            boxes[-1].centerx = box.centerx
        for button, place in zip(items, boxes):
            button.place(place, s.label)

    def band(self) -> tuple[str, str]:
        """What the band over the buttons says: the notes, and whether a kept table waits for your move."""
        note = " ".join(n for n in (self.note, self.tables_note, self.speech_note) if n)
        return note, self.tables.said if self.tables is not None else ""

    def layout_key(self) -> tuple[object, ...]:
        """The notes, and whether tables are kept (room is kept for what their look says)."""
        return (self.band()[0], self.tables is not None)

    def _draw_fan(self, size: tuple[int, int], unit: int) -> None:
        """Draw the fan of dominoes of half-tile ``unit`` pixels in its box (once per size, not every frame)."""
        numbers = self.app is not None and self.app.settings.numerals
        key = (size[0], size[1], unit, int(numbers), self.boxes["fan"].y)
        if key == self.fan_key:
            return
        self.fan_key = key
        self.fan_rects = []
        if not unit:
            self.fan = None
            return
        box = self.boxes["fan"]
        numerals = numerals_for(unit, 12, numbers)
        fan = pygame.Surface(size, pygame.SRCALPHA)
        step = unit * 3.2
        for i, (a, b) in enumerate(FAN):
            rot = pygame.transform.rotozoom(face(a, b, unit, numerals=numerals), -30 + i * 10, 1.0)
            centre = (box.centerx + (i - 3) * step, box.y + box.h * 0.38 + abs(i - 3) * unit * 0.3)
            self.fan_rects.append(fan.blit(rot, rot.get_rect(center=(round(centre[0]), round(centre[1])))))
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

    def ask_to_quit(self, stay: bool = False) -> None:
        """Ask before leaving the game (``stay``: Enter then stays, as after Esc)."""
        assert self.app is not None
        body = ("Your match in progress is saved: Continue brings it back." if self.saves.has_autosave()
                else "Your settings are kept for next time.")
        self.app.push(self.app.routes.dialog("Quit Mexican Train?", body,
                                             [("Quit", self.quit), ("Stay", lambda: None)], focus=int(stay)))

    def quit(self) -> None:
        """Leave the game."""
        assert self.app is not None
        self.app.quit(0)

    def back(self) -> None:
        """Esc on the title asks before leaving the game, with Stay chosen: Esc then Enter never quits."""
        self.ask_to_quit(stay=True)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """A fan of dominoes, the game's name and the notes (in the pane, when it scrolls), the footer."""
        with clipped(surface, self.pane.view if self.pane.scrolls else None):
            self._draw_column(surface, s)
        footer = self.boxes["footer"]
        version = blit_text(surface, f"version {game_version()}", s.fine, theme.INK_DIM, footer.bottomleft,
                            "bottomleft")
        hint, size = fit_size(FOOTER, s.fine, "regular", footer.right - version.right - 4 * s.gap, s.fine)
        blit_text(surface, hint, size, theme.INK_DIM, footer.bottomright, "bottomright")

    def _draw_column(self, surface: pygame.Surface, s: Sizes) -> None:
        """The fan, the game's name, the line under it and the notes."""
        if self.fan is not None:
            surface.blit(self.fan, (0, 0))
        box = self.boxes["name"]
        shadow = max(2, self.name_size // 24)
        blit_text(surface, "Mexican Train", self.name_size, (40, 20, 10), (box.centerx + shadow, box.y + shadow),
                  "midtop", "title")
        blit_text(surface, "Mexican Train", self.name_size, theme.GOLD, box.midtop, "midtop", "title")
        if self.boxes["sub"].h:
            blit_text(surface, "dominoes around the roundhouse", s.body, theme.INK, self.boxes["sub"].midtop, "midtop")
        band = self.boxes["note"]
        y = band.y
        for line in self.band():
            if line:  # between the name and the buttons, wrapped
                y = blit_text(surface, line, s.small, theme.GOLD, (band.centerx, y), "midtop", "bold",
                              wrap=band.w, box=band).bottom + s.gap
