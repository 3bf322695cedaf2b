"""A round move by move, for the replay: every position from the deal to the end.

``round_steps(match, index)`` deals round ``index`` of a match again from its
record and applies its logged actions one at a time, keeping a copy of the
table after each (all hands visible) with the action and the events it
caused. The last step is the round's final table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from . import events as ev
from .actions import Action, parse_action
from .match import Match
from .round import RoundState


@dataclass(frozen=True)
class Step:
    """One position of a replayed round: the table after ``action`` (None for
    the deal), who took it, and the events it caused."""

    state: RoundState
    action: str | None
    seat: int | None
    events: tuple[ev.Event, ...]


def round_steps(match: Match, index: int) -> list[Step]:
    """Every position of round ``index`` (0-based) of ``match``, the deal first."""
    record = match.record()
    if not 0 <= index < len(record.deals):
        raise IndexError(f"the match has no round {index + 1} yet")
    setup = match.setup

    def parse(text: str) -> Action:
        return parse_action(text, setup.players, setup.set_max)

    earlier = dataclasses.replace(
        record,
        deals=record.deals[:index],
        actions=record.actions[:index],
        salts=record.salts[:index],
        fingerprints=record.fingerprints[:index],
        undos=record.undos[:index],
    )
    replay = Match.replay(earlier, parse)
    replay.record_events = True
    salt = record.salts[index] if record.salts else None
    shown = record.fingerprints[index] if record.fingerprints else None
    state = replay.start_next_round(record.deals[index], salt, shown)
    steps = [Step(state.copy(), None, None, tuple(state.events or ()))]
    for text in record.actions[index]:
        seat = state.to_move
        events = replay.apply(parse(text))
        steps.append(Step(state.copy(), text, seat, events))
    return steps
