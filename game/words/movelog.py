"""The move log: the moves of the round being played, in words (``game.words.narrate``).

The log needs no place of its own in a save: ``rebuild`` replays the round
from the match's action log (``engine.history.round_steps``), which every
save holds, and tells each step again. At the table it then grows as the
picture shows each step, so it never tells a move before it is seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Match
from ..engine.history import Step, round_steps
from .narrate import Line, round_opening_lines, tell

LIMIT = 2000
"""Lines kept at most (a round is far shorter)."""


class MoveLog:
    """The lines of one round: its opening, then every move and what followed."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.round = 0
        self.version = 0
        """Counts changes, so a panel knows when to lay itself out again."""

    def begin(self, number: int) -> None:
        """A new round ``number`` begins (its opening line is added like any other)."""
        self.round = number
        self.lines = []
        self.version += 1

    def add(self, lines: Sequence[Line]) -> None:
        """Append what one step said."""
        if lines:
            self.lines.extend(lines)
            del self.lines[:-LIMIT]
            self.version += 1

    def replace(self, number: int, lines: Sequence[Line]) -> None:
        """Take the lines of round ``number`` as rebuilt from the saved actions."""
        self.round = number
        self.lines = list(lines)[-LIMIT:]
        self.version += 1


def rebuild(match: Match, human_seat: int | None) -> list[Line]:
    """The current round's lines, told again from the match's action log (empty before the first deal)."""
    if not match.deals:
        return []
    return [line for said in told_steps(match, len(match.deals) - 1, human_seat) for line in said]


def told_steps(match: Match, index: int, human_seat: int | None) -> list[list[Line]]:
    """What each step of round ``index`` (0-based) said, the deal first (its
    opening and what the round did by itself), as the table told it."""
    return told(match, index, round_steps(match, index), human_seat)


def told(match: Match, index: int, steps: Sequence[Step], human_seat: int | None) -> list[list[Line]]:
    """What each of ``steps`` (round ``index``'s, from ``round_steps``) said."""
    options = match.setup.options
    deal = steps[0].state
    starts = match.start_events if index == 0 else ()
    out = [round_opening_lines(index + 1, match.setup.rounds, deal.engine, deal.opener,
                               [*starts, *steps[0].events], match.names, human_seat, options, len(deal.boneyard))]
    for step in steps[1:]:
        out.append(tell(step.events, match.names, human_seat, options, len(step.state.boneyard)))
    return out
