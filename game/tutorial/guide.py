"""Following a lesson: the step in force, what the computers may do meanwhile,
and the verdict on each of the person's actions.

``Guide`` knows only the lesson and how far it has gone; the table asks it
what to say and point at, how many of the round's actions may be made before
the step in force shows (``hold``), and, before applying an action, whether
it is the one the step waits for (``judge``). No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action
from .lesson import Lesson, Step, describe_action


@dataclass(frozen=True, slots=True)
class Verdict:
    """What becomes of an action: ``expected`` (apply it: it completes the step;
    earlier Next steps are passed over), else ``legal`` tells whether the rules
    allow it (then ``explain`` says why the lesson wants another move) or not
    (the engine's refusal is said first)."""

    expected: bool
    legal: bool
    explain: str


class Guide:
    """The progress through ``lesson``: the step in force (``index``; past the
    last: the lesson is over)."""

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        self.lesson = lesson
        self.index = max(0, min(index, len(lesson.steps)))

    @property
    def step(self) -> Step | None:
        """The step in force (None once every step is done)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        """Whether every step is done."""
        return self.index >= len(self.lesson.steps)

    def hold(self) -> int:
        """How many of the round's actions may be made now: up to the step in force
        (all of them once the lesson is done)."""
        step = self.step
        return len(self.lesson.actions) if step is None else step.at

    def due(self, made: int) -> bool:
        """Whether the step in force shows, ``made`` of the round's actions being made."""
        step = self.step
        return step is not None and made >= step.at

    def next_do(self) -> tuple[int, Step] | None:
        """The first step from the one in force that waits for an action, with its index."""
        for index in range(self.index, len(self.lesson.steps)):
            step = self.lesson.steps[index]
            if step.action is not None:
                return index, step
        return None

    def judge(self, action: Action, legal: tuple[Action, ...]) -> Verdict:
        """The verdict on the person's ``action`` (``legal``: what the rules allow now)."""
        found = self.next_do()
        if found is not None and found[1].action == action:
            return Verdict(True, True, "")
        is_legal = action in legal
        if found is None:
            return Verdict(False, is_legal, "The lesson is over: the round is about to end.")
        step = found[1]
        assert step.action is not None
        wanted = describe_action(step.action, self.lesson.names, self.lesson.person)
        if is_legal:
            explain = step.other or f"The rules allow that too, but this lesson shows something else: {wanted}."
        else:
            explain = f"For this step, {wanted}."
        return Verdict(False, is_legal, explain)

    def acted(self, action: Action) -> None:
        """The person's expected ``action`` was applied: its step (and any Next
        steps before it) are done."""
        found = self.next_do()
        if found is not None and found[1].action == action:
            self.index = found[0] + 1

    def next(self) -> bool:
        """Next (Enter) on a step that waits for it: the step is done; whether it was such a step."""
        step = self.step
        if step is None or step.action is not None:
            return False
        self.index += 1
        return True

    def progress(self) -> str:
        """'Step 3 of 24' (or that the lesson is done)."""
        total = len(self.lesson.steps)
        return "Every step done" if self.done else f"Step {self.index + 1} of {total}"
