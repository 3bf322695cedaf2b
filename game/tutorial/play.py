"""A lesson's round at the table: its match (the lesson's deal), its session,
the computers' moves from the lesson (never decided afresh, so the round is
the same every time), and the check that every step fits the round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

from ..engine import Action, IllegalAction, Match, Play, RoundState, SeatView
from ..engine.tiles import TEXT, Tile
from ..memory.session import GameSession, SeatConfig
from ..words.rules_help import sections
from .lesson import Lesson, LessonError, Step, load_lesson

SEED = "lesson"
"""The lesson match's seed (only its computers' seeds would use it: they are scripted)."""


class LessonMatch(Match):
    """A match that deals the lesson's tiles: its first round is the lesson's round."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(lesson.options, len(lesson.names), SEED, lesson.names)
        self.lesson = lesson

    def start_next_round(
        self, order: Sequence[Tile] | None = None, salt: str | None = None,
        shown: str | None = None,
    ) -> RoundState:
        """Deal the lesson's tiles (or ``order`` when replaying a record)."""
        return super().start_next_round(self.lesson.deal if order is None else order, salt, shown)


def lesson_session(lesson: Lesson, made: int = 0) -> GameSession:
    """A session of the lesson's table; with ``made`` > 0 its round is dealt and
    its first ``made`` actions are made (to go on from a step)."""
    seats = [SeatConfig(name, kind) for name, kind in zip(lesson.names, lesson.kinds)]
    session = GameSession(lesson.options, seats, SEED, match_id="lesson")
    match = LessonMatch(lesson)
    session.match = match
    if made > 0:
        match.start_next_round()
        for index in range(made):
            match.apply(lesson.parsed(index))
    return session


class ScriptedWorker:
    """The computers of a lesson: each decision is the round's next action as the
    lesson holds it, given only once ``allowed()`` (how many actions may be made
    now) lets it through; until then the controller simply waits."""

    def __init__(self, lesson: Lesson, made: Callable[[], int], allowed: Callable[[], int]) -> None:
        self.lesson = lesson
        self.made = made
        self.allowed = allowed
        self._waiting: tuple[int, Future[Action]] | None = None

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        """The decision for the round's next action (answered at once or when let through)."""
        future: Future[Action] = Future()
        self._waiting = (self.made(), future)
        self.release()
        return future

    def release(self) -> None:
        """Answer the waiting decision if the lesson lets it through now."""
        if self._waiting is None:
            return
        index, future = self._waiting
        if index < self.allowed() and index < len(self.lesson.actions):
            self._waiting = None
            future.set_result(self.lesson.parsed(index))

    def warm_up(self) -> None:
        """Nothing to start."""

    def close(self) -> None:
        """Drop the waiting decision."""
        self._waiting = None


def checked_lesson(path: Path) -> Lesson:
    """The lesson at ``path``, read and played through on the engine before it
    is shown; LessonError with the first thing wrong with it."""
    lesson = load_lesson(path)
    problems = check_lesson(lesson)
    if problems:
        raise LessonError(f"it no longer fits its round: {problems[0]}")
    return lesson


def check_lesson(lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson`` (empty: nothing): every action of the round
    is legal on its deal, every action of the person is a step's, each step's
    pointer names a tile in the person's hand, each Why? opens a section of the
    rules, and the round ends with the person gone out."""
    problems: list[str] = []
    session = lesson_session(lesson)
    match = session.match
    state = match.start_next_round()
    do_at = {step.at: step for step in lesson.steps if step.action is not None}
    at_steps: dict[int, list[Step]] = {}
    for step in lesson.steps:
        at_steps.setdefault(step.at, []).append(step)
    for index, text in enumerate(lesson.actions):
        problems += _step_problems(lesson, state, at_steps.get(index, []), index)
        person = state.to_move == lesson.person
        if person and index not in do_at:
            problems.append(f"action {index} ({text}) is the person's, but no step asks for it")
        if not person and index in do_at:
            problems.append(f"action {index} ({text}) is a step's, but it is {lesson.names[state.to_move]}'s turn")
        try:
            match.apply(lesson.parsed(index))
        except IllegalAction as refusal:
            problems.append(f"action {index} ({text}) is not legal: {refusal.reason}")
            return problems
    return problems + _end_problems(lesson, state)


def _end_problems(lesson: Lesson, state: RoundState) -> list[str]:
    """Problems seen once the round is played: it does not end with the person
    out, a step comes after its end, a Why? names no section of the rules."""
    problems = []
    if not state.round_over or state.went_out != lesson.person:
        problems.append("the round does not end with the person gone out")
    problems += [f"step '{s.say[:30]}...' is at {s.at}, after the round's last action"
                 for s in lesson.steps if s.at > len(lesson.actions)]
    keys = {section.key for section in sections(lesson.options, len(lesson.names))}
    problems += [f"step '{s.say[:30]}...' opens the rules at '{s.why}', which is no section of them"
                 for s in lesson.steps if s.why is not None and s.why not in keys]
    return problems


def _step_problems(lesson: Lesson, state: RoundState, steps: list[Step], index: int) -> list[str]:
    """Problems of the steps shown when ``index`` actions are made: a pointed
    tile not in the person's hand, a pointed marker that is not up."""
    problems = []
    hand = state.hands[lesson.person]
    for step in steps:
        marker = step.point.marker
        if marker is not None and not state.public[marker]:
            problems.append(f"a step at action {index} points at {lesson.names[marker]}'s marker, which is not up")
        tile = step.point.tile
        if tile is not None and tile not in hand:
            problems.append(f"a step at action {index} points at the {TEXT[tile]}, which is not in the hand")
        action = step.action
        if isinstance(action, Play) and action.tile not in hand:
            problems.append(f"a step at action {index} plays the {TEXT[action.tile]}, which is not in the hand")
    return problems
