"""The table's message line: one object decides what it says, from the present.

Three kinds of words reach the line, each living only as long as it is true:

- a **notice** about the step the picture shows last (what a seat did and what
  followed, with the rules section behind it; a step with nothing to say
  aloud is told by its own move, "Ana plays 6-4 on the Mexican train."): it
  goes as soon as the picture shows a newer step, and on the person's own
  turn (or a person's far away) after a few seconds, so the line can say what
  the person may do now (or whom the table waits for). A computer's next
  step waits until the notice has been up long enough to read
  (``reading_seconds``);
- a **hint** for the person's turn: it goes with the next step (the move made,
  or any other) and at a handover;
- **feedback** to what the person just did (a refusal, "Knock armed"): a short
  time, and it too goes with the next step;
- the **guide** of a lesson (Learn to play): what to do now, until the lesson
  says something else.

When none is on show the line says what is true of the present (``Present``):
the person's options on their turn, who is thinking, or (once the person has
skipped ahead) that a click skips.
Nothing else writes to the line; the move log keeps everything.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...words.narrate import Line, Tone, most_telling
from .. import theme

HISTORY = 50
"""How many lines said the message line remembers (for tests and the log's sake)."""

NOTICE_SECONDS = 4.0
"""How long a notice stays on the person's own turn before the turn's own line takes over."""

REASON_SECONDS = 6.0
"""The same for a notice with a rule behind it (a Why? to read)."""

READ_SECONDS = 1.5
"""Seconds any line needs to be read at the normal pace ..."""

READ_SECONDS_A_WORD = 0.05
"""... and the seconds each of its words adds."""


def reading_seconds(text: str, scale: float = 1.0) -> float:
    """How long ``text`` must stay up to be read, at the pace whose animation scale is ``scale``."""
    return (READ_SECONDS + READ_SECONDS_A_WORD * len(text.split())) * scale


TONE_COLORS: dict[Tone, theme.Color] = {"plain": theme.INK, "news": theme.GOLD, "alert": theme.RED}
"""The colour of each narration tone on the line."""


@dataclass(frozen=True, slots=True)
class Said:
    """What the line shows: its ``text``, colour and the rules section a Why? opens
    (None: none); ``link`` labels that link when it is not a Why? (a lesson's Next)."""

    text: str
    color: theme.Color
    why: str | None = None
    link: str | None = None


@dataclass(frozen=True, slots=True)
class Present:
    """What is true now, for the line to fall back on: the person's ``turn_line``
    (None: not their turn), who is ``thinking`` (a name, or None; ``far_person``:
    a person at another screen, whom nobody here can hurry) and whether the
    picture is still ``catching_up``."""

    turn_line: str | None = None
    thinking: str | None = None
    far_person: bool = False
    catching_up: bool = False
    round_over: bool = False
    waiting: str | None = None
    """Whom the table waits for, in the table's own words (a network table's), said instead of who thinks."""


@dataclass(slots=True)
class _Timed:
    """A line on show with the seconds it still has (``None``: until the next step)."""

    said: Said
    seconds: float | None
    age: float = 0.0
    """Seconds it has been on show."""
    wait: bool = True
    """Whether what follows waits until it has been read."""


class MessageLine:
    """What the table's message line says now (see the module's docstring)."""

    def __init__(self) -> None:
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._notice: _Timed | None = None
        self._hint: Said | None = None
        self._feedback: _Timed | None = None
        self._guide: Said | None = None
        self._skipped = False
        self.listener: Callable[[str, bool], None] | None = None
        """Hears every hint, feedback and guide's line as it is put up (speech: said after what is being said)."""

    def _heard(self, text: str) -> None:
        """Tell the listener of a line put up."""
        self.history.append(text)
        if self.listener is not None:
            self.listener(text, False)

    # ----------------------------------------------------------- what is said
    def step(self, lines: Sequence[Line], wait: bool = True) -> None:
        """The picture shows a new step (or deal) that said ``lines``: what was
        said of earlier steps, the hint and any feedback are no longer true
        (``wait``: what follows waits until the line has been read; not for the
        person's own move)."""
        self._hint = None
        self._feedback = None
        line = most_telling(lines) or (lines[0] if lines else None)
        if line is None:
            self._notice = None
            return
        said = Said(line.text, TONE_COLORS[line.tone], line.why)
        seconds = max(REASON_SECONDS if line.why else NOTICE_SECONDS, reading_seconds(line.text))
        self._notice = _Timed(said, seconds, wait=wait)
        self.history.append(line.text)

    def advise(self, text: str, color: theme.Color = theme.GLOW) -> None:
        """A hint for the person's turn (it lives until the next step)."""
        self._hint = Said(text, color)
        self._feedback = None
        self._heard(text)

    def unadvise(self) -> None:
        """The hint is dropped (one being found was cancelled)."""
        self._hint = None

    def answer(self, text: str, color: theme.Color = theme.INK, seconds: float = 3.0, why: str | None = None) -> None:
        """Feedback to what the person just did, for ``seconds`` (or until the next step)."""
        self._feedback = _Timed(Said(text, color, why), seconds)
        self._heard(text)

    def guide(self, said: Said | None, aloud: str = "") -> None:
        """What a lesson's guide says now (None: nothing; the line goes back to the table's words);
        ``aloud``: its words for the ear, when they differ from the line's."""
        if said is not None and said != self._guide:
            self._heard(aloud or said.text)
        self._guide = said

    def reading(self, scale: float, lead: float = 0.0) -> bool:
        """Whether the notice on show will not yet have been up long enough to be
        read at the pace whose animation scale is ``scale`` in ``lead`` seconds
        (a computer's next step waits; ``lead``: how long it takes to say anything)."""
        notice = self._notice
        return notice is not None and notice.wait and notice.age + lead < reading_seconds(notice.said.text, scale)

    def skipped(self) -> None:
        """The person skipped ahead: what the line said of the steps passed over is
        no longer the latest, and from now on the line may say that a click skips."""
        self._notice = None
        self._skipped = True

    def forget(self) -> None:
        """Another person takes the table: nothing said to the last one stays."""
        self._notice = None
        self._hint = None
        self._feedback = None

    def tick(self, dt: float, persons_turn: bool) -> None:
        """Let ``dt`` seconds pass; a notice only runs out on a person's turn (this
        one's, or a person's far away, so the line can say whom the table waits
        for); while computers play it stays until the next step replaces it."""
        if self._notice is not None:
            self._notice.age += dt
        if self._feedback is not None and self._feedback.seconds is not None:
            self._feedback.seconds -= dt
            if self._feedback.seconds <= 0:
                self._feedback = None
        if persons_turn and self._notice is not None and self._notice.seconds is not None:
            self._notice.seconds -= dt
            if self._notice.seconds <= 0:
                self._notice = None

    # -------------------------------------------------------------- on show
    def on_show(self, present: Present) -> Said | None:
        """The line to show now: feedback, else a lesson's guide, else the hint, else
        the latest notice, else what the present says (the person's options, who
        thinks, a skip)."""
        if self._feedback is not None:
            return self._feedback.said
        if self._guide is not None:
            return self._guide
        if self._hint is not None and present.turn_line is not None:
            return self._hint
        if self._notice is not None:
            return self._notice.said
        if present.turn_line is not None:
            return Said(present.turn_line, theme.INK)
        if present.waiting is not None and not present.round_over:
            return Said(present.waiting, theme.INK_DIM)
        if present.thinking is not None and not present.round_over and present.far_person:
            return Said(f"Waiting for {present.thinking} to move\u2026", theme.INK_DIM)
        if present.thinking is not None and not present.round_over:
            return Said(f"{present.thinking} is thinking\u2026  (Space skips ahead)", theme.INK_DIM)
        if present.catching_up and self._skipped:
            return Said("Space or a click skips ahead", theme.INK_DIM)
        return None

    @property
    def hint(self) -> str | None:
        """The hint in force (None: none)."""
        return None if self._hint is None else self._hint.text
