"""The Learn to play lesson at the table: the table scene, guided.

``GuidedTable`` is the table scene playing a lesson's round (``game.tutorial``):
the guide speaks on the message line (a step waiting for Next carries a
"Next (Enter)" link, one waiting for a move its "Why?"), rings and arrows point
at the tile and the train, the computers' moves come from the lesson and wait
while a step is read, and the person's move is checked against the step before
it is applied: another legal move is explained and its tile glides home; an
illegal one is explained with the engine's refusal. Esc offers Continue later
(the step is kept in the settings) and Skip; the round summary ends the lesson.
"""

from __future__ import annotations

import dataclasses

import pygame

from ...engine import Phase, Play
from ...engine.legality import refusal
from ...tutorial import Guide, Lesson, ScriptedWorker, describe_action, keys_for, lesson_session, step_words
from ...words.narrate import sentence
from ...words.rules_help import refusal_why
from .. import theme
from ..intents import Intent
from ..scene import Host
from .frame import FrameFacts
from .guide_marks import GuideMarks, paint_marks, place_marks
from .input import Command
from .message_line import Said
from .scene import TableScene

NEXT = "lesson:next"
"""The pill link's key while a step waits for Next (Enter)."""
NEXT_LABEL = "Next  (Enter)"


def _plays_a_tile(intent: Intent) -> bool:
    """Whether ``intent`` plays the tile picked up: Enter, or a train's key (1-8, M)."""
    if intent.kind == "confirm":
        return True
    return intent.kind == "key" and not intent.shift and (
        intent.char == "m" or (intent.char.isdigit() and intent.char != "0"))


class GuidedTable(TableScene):
    """The table playing ``lesson`` from step ``index`` (its round's actions up
    to that step are made at once; past the last step: from the start)."""

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        self.lesson = lesson
        self.guide = Guide(lesson, index if 0 <= index < len(lesson.steps) else 0)
        step = self.guide.step
        session = lesson_session(lesson, step.at if step is not None else 0)
        self.scripted = ScriptedWorker(lesson, self.made, self.guide.hold)
        super().__init__(session, worker=self.scripted)
        self.marks = GuideMarks()
        self.showing = False
        """Whether the step in force is on show (its words said, its marks drawn)."""

    # ------------------------------------------------------------- progress
    def attach(self, app: Host) -> None:
        """Open the table and remember that the lesson is under way."""
        super().attach(app)
        self.settings.lesson_at("started", self.guide.index)
        self.speech.holding = self.awaited
        self.speech.heading = "Learn to play"

    def made(self) -> int:
        """How many of the round's actions are made."""
        return len(self.match.action_log[-1]) if self.match.deals else 0

    def _remember(self) -> None:
        """Keep the step reached (Continue later goes on from it)."""
        self.settings.lesson_at("started", self.guide.index)

    def next_step(self) -> None:
        """Next (Enter, or a click on the link): the step read is done."""
        if self.guide.next():
            self.showing = False
            self._remember()

    def continue_later(self) -> None:
        """Leave for the title; the lesson goes on from this step next time (every
        step done: the round summary's menu, the lesson counts as done)."""
        assert self.app is not None
        if self.guide.done:
            self.finish_lesson()
            return
        self._remember()
        self.app.reset(self.app.routes.title())

    def skip_lesson(self) -> None:
        """Leave the lesson for good (the title still offers it)."""
        assert self.app is not None
        self.settings.lesson_at("skipped")
        self.app.reset(self.app.routes.title())

    def finish_lesson(self) -> None:
        """The round summary's button: the lesson is done; back to the title."""
        assert self.app is not None
        self.settings.lesson_at("done")
        self.app.reset(self.app.routes.title())

    # ----------------------------------------------------------- the table
    def update(self, dt: float) -> None:
        """Let the computers make the moves the lesson allows; the table does the rest (see ``_layout``)."""
        self.scripted.release()
        super().update(dt)

    def _layout(self) -> None:
        """The step in force goes on the line in the very frame it is due (never the
        table's generic turn line), and its marks on what it points at."""
        self._say_step()
        super()._layout()
        step = self.guide.step
        if self.showing and step is not None and self.frame is not None:
            self.marks = place_marks(self.frame, self.tray, step.point, drop=step.action is not None)
        else:
            self.marks = GuideMarks()

    def _say_step(self) -> None:
        """Put the step in force on the message line once its moment has come,
        the picture has caught up and what the computers did last has been up
        long enough to read (meanwhile the line says the table's own words);
        once on show it stays while a refused tile glides home."""
        step = self.guide.step
        caught_up = self.picture.ready() and not self.message_line.reading(self.settings.anim_scale)
        due = (step is not None and self.guide.due(self.made()) and (self.showing or caught_up)
               and self.controller.phase is Phase.PLAYING and self.picture.shown is not None)
        if due and not self.showing and step is not None and step.point.tile is not None:
            self._into_view(step.point.tile)
        self.showing = due
        if not due or step is None:
            self.message_line.guide(None)
        elif step.action is None:
            self.message_line.guide(Said(step.say, theme.GOLD, NEXT, NEXT_LABEL), step_words(step))
        else:
            self.message_line.guide(Said(step.say, theme.GOLD, step.why), step_words(step))

    def awaited(self) -> str | None:
        """What the table waits for while a step is on show (T says it instead of whose move it
        is: the computers wait too): the step's words and keys, with how far the lesson is."""
        step = self.guide.step
        if step is None or not (self.showing or self.guide.due(self.made())):
            return None
        return f"The lesson waits for you, {self.guide.progress().lower()}: {step_words(step)}"

    def _into_view(self, tile: int) -> None:
        """Scroll the hand so the step's tile is in view (a hand wider than the tray, large tiles)."""
        order = self.tray.order
        if tile not in order:
            return
        index, room = order.index(tile), self.tray.capacity()
        if not self.tray.scroll <= index < self.tray.scroll + room:
            self.tray.scroll = max(0, index - room // 2)

    def _facts(self) -> FrameFacts:
        """The top bar names the lesson and how far it went; a computer waiting
        while a step is read is not shown thinking."""
        facts = super()._facts()
        return dataclasses.replace(facts, title="Learn to play",
                                   detail=f"Classic rules  \u00b7  {self.guide.progress()}",
                                   thinking=None if self.showing and self._reading() else facts.thinking)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the guide's rings and arrows."""
        super().draw(surface)
        paint_marks(surface, self.marks, self.clock)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The whole window while the guide's arrows bob."""
        return None if self.marks.marks else super().dirty_rects()

    def _offer_tip(self) -> None:
        """No first-match tips: the guide says it all."""

    # --------------------------------------------------------------- input
    def handle(self, intent: Intent) -> None:
        """Enter or a click on Next finishes a step being read; on a step that points at a
        tile in the hand, Enter or a train's key (1-8, M) plays that tile when none is picked
        up (the pointer shows which); the rest is the table's."""
        if self.showing and self._reading():
            link = self.frame.pill.why if self.frame is not None and self.frame.pill is not None else None
            if intent.kind == "confirm" or (intent.kind == "press" and link is not None
                                            and link.collidepoint(intent.pos)):
                self.next_step()
                return
        step = self.guide.step
        if self.showing and step is not None and step.point.tile is not None and self.tray.selected is None \
                and _plays_a_tile(intent) and step.point.tile in self.tray.order:
            self.tray.selected = step.point.tile
        super().handle(intent)

    def _reading(self) -> bool:
        """Whether the step in force waits for Next."""
        step = self.guide.step
        return step is not None and step.action is None

    def open_why(self) -> None:
        """W: the rules at the step's section (a step being read has its Next link instead of a Why?)."""
        step = self.guide.step
        if self.showing and self._reading() and step is not None:
            if step.why is not None:
                self.open_rules(step.why)
            return
        super().open_why()

    def open_menu(self) -> None:
        """Esc: the lesson's pause menu (Continue later, Skip)."""
        assert self.app is not None
        self.input.drag = None
        self.app.push(self.app.routes.lesson_pause(self.match.setup.options, self.match.players, self.guide.progress(),
                                                   self.continue_later, self.skip_lesson))

    def hint(self) -> None:
        """H: the step's move, in words (the guide's hint is the lesson's)."""
        found = self.guide.next_do()
        if found is None or not self.human_turn():
            self.say("Hints are for your turn.", theme.INK_DIM, 1.5)
            return
        assert found[1].action is not None
        self.say(f"The lesson's move: {describe_action(found[1].action, self.lesson.names)}.", theme.GLOW, 4)
        self.speak(keys_for(found[1].action), interrupt=False)

    def _act(self, command: Command) -> None:
        """The person's move: the step's is applied; another is explained (the
        engine's refusal first when the rules forbid it) and its tile glides home."""
        action = command.action
        assert action is not None
        verdict = self.guide.judge(action, self.controller.legal_actions())
        if verdict.expected:
            made = self.made()
            super()._act(command)
            if self.made() > made:
                self.guide.acted(action)
                self.showing = False
                self._remember()
            return
        text, state = verdict.explain, self.match.round
        why = self.guide.step.why if self.guide.step is not None else None
        if not verdict.legal and state is not None:
            reason = refusal(state, action) or ""
            text, why = f"{sentence(reason)} {text}", refusal_why(state, action, reason) or why
        self.say(text, theme.WARN, 6.0, why)
        found = self.guide.next_do()
        if found is not None:
            self.speak(keys_for(found[1].action), interrupt=False)
        if command.pos is not None and isinstance(action, Play):
            self.picture.glide_home(action.tile, command.pos, self.settings.anim_scale)

    # --------------------------------------------------------------- the end
    def _open_summary(self) -> None:
        """The round summary, with what the lesson taught and how scoring works."""
        assert self.app is not None
        self.summary_shown = True
        self.summary_timer = None
        self.app.push(self.app.routes.round_summary(
            self.match, False, False, self.finish_lesson, hints=self.session.hints, on_menu=self.open_menu,
            you=self.human, lesson=(self.lesson.learned, self.lesson.scoring)))

    def next_round(self) -> None:
        """The lesson is one round: its end is the lesson's end."""
        self.finish_lesson()
