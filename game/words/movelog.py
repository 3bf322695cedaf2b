"""The move log: the moves of the round being played, in words (``game.words.narrate``).

The log needs no place of its own in a save: ``rebuild`` replays the round
from the match's action log (``engine.history.round_steps``), which every
save holds, and tells each step again. At the table it then grows as the
picture shows each step, so it never tells a move before it is seen.
"""

from __future__ import annotations

import re
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
        self.looked: dict[int, tuple[int, int]] = {}
        """Per seat, the round and the number of lines when its person last had the table (pass and play)."""

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


    def looked_away(self, seat: int) -> None:
        """``seat``'s person leaves the table: what is added from now on is news to them."""
        self.looked[seat] = (self.round, len(self.lines))

    def since(self, seat: int) -> list[Line]:
        """The lines added since ``seat``'s person last had the table (this round's, if
        they last looked in an earlier round or never)."""
        number, count = self.looked.get(seat, (self.round, 0))
        return list(self.lines[count:] if number == self.round else self.lines)


PLAY = re.compile(r"^(?P<who>.+?) (?P<verb>plays?) (?P<tile>\d+-\d+) on (?P<place>.+)\.$")
"""A play as ``narrate`` tells it: 'Bruno plays 12-11 on their own train.'"""


def since_words(lines: Sequence[Line]) -> list[str]:
    """What happened since a person last looked, a sentence each, a run of one seat's
    plays on one train told once ('Bruno plays 12-11, 11-5 and 5-0 on their own train.')."""
    said: list[str] = []
    run: list[str] = []
    head = ("", "")
    for line in lines:
        play = PLAY.match(line.text)
        key = (f"{play['who']} {play['verb']}", play["place"]) if play else ("", "")
        if run and key != head:
            said.append(_run(head, run))
            run = []
        if play:
            head = key
            run.append(play["tile"])
        else:
            said.append(line.text)
    if run:
        said.append(_run(head, run))
    return said


def earlier_words(count: int) -> str:
    """'… 3 earlier lines in the move log (L), then:' before the latest of what happened."""
    return f"\u2026 {count} earlier {'line' if count == 1 else 'lines'} in the move log (L), then:"


def _run(head: tuple[str, str], tiles: Sequence[str]) -> str:
    """'Bruno plays 12-11, 11-5 and 5-0 on their own train.' from a run's (who and verb, train) and tiles."""
    listed = tiles[0] if len(tiles) == 1 else ", ".join(tiles[:-1]) + " and " + tiles[-1]
    return f"{head[0]} {listed} on {head[1]}."


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
