"""Reviewing a finished round of a match: every decision of the chosen seats.

The round is dealt again from the match's record and its logged actions are
applied one at a time (``engine.history.round_steps``); before each action
of a reviewed seat, that seat's view (``seat_view``, with the match totals
before the round) and the action it took go to ``value_decision``, which
sees nothing else. Decisions with one legal action are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Action, Match, SeatView, parse_action, seat_view
from ..engine.history import round_steps
from .results import DEFAULT_BUDGET, REVIEW_SEED, Decision, ReviewBudget, RoundReview
from .value import value_decision

Progress = Callable[[int, int], None]
"""Called with (decisions valued, decisions to value) as the review goes."""


@dataclass(frozen=True, slots=True)
class Task:
    """A decision waiting to be valued: the seat's view then and its action."""

    index: int
    turn: int
    view: SeatView
    made: Action


def finished_rounds(match: Match) -> int:
    """How many rounds of ``match`` are over (and so can be reviewed)."""
    return len(match.round_scores)


def check_request(match: Match, round_number: int, seats: Sequence[int]) -> None:
    """ValueError unless ``round_number`` is a finished round and every seat sits at the table."""
    if not 1 <= round_number <= finished_rounds(match):
        raise ValueError(f"round {round_number} is not a finished round of this match")
    bad = [s for s in seats if not 0 <= s < match.players]
    if bad:
        raise ValueError(f"there is no seat {bad[0]} at this table (seats 0..{match.players - 1})")


def round_tasks(match: Match, round_number: int, seats: Sequence[int]) -> tuple[list[Task], dict[int, int]]:
    """The decisions of ``seats`` in the round that had a choice, and per seat
    how many had none."""
    check_request(match, round_number, seats)
    index = round_number - 1
    steps = round_steps(match, index)
    totals = [sum(r[s] for r in match.round_scores[:index]) for s in range(match.players)]
    forced = {s: 0 for s in seats}
    tasks = []
    for k, step in enumerate(steps[1:]):
        before = steps[k].state
        if step.seat not in forced or step.action is None:
            continue
        if len(before.legal_actions()) == 1:
            forced[step.seat] += 1
            continue
        made = parse_action(step.action, match.players, match.setup.set_max)
        tasks.append(Task(k, before.turn_number + 1, seat_view(before, step.seat, totals), made))
    return tasks, forced


def review_round(
    match: Match,
    round_number: int,
    seats: Sequence[int],
    seed: str = REVIEW_SEED,
    budget: ReviewBudget = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> RoundReview:
    """Review every decision of ``seats`` in finished round ``round_number``
    (1-based) of ``match``. Raises ValueError for a round that is not over or
    a seat that is not at the table."""
    tasks, forced = round_tasks(match, round_number, seats)
    decisions = []
    for done, task in enumerate(tasks):
        if progress is not None:
            progress(done, len(tasks))
        valuation = value_decision(task.view, task.made, seed, budget)
        decisions.append(Decision(round_number, task.index, task.turn, task.view.seat, valuation))
    if progress is not None:
        progress(len(tasks), len(tasks))
    order = tuple(sorted(forced))
    return RoundReview(round_number, order, seed, budget.key(), tuple(decisions), tuple(forced[s] for s in order))
