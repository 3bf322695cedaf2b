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

from ..engine import Match, parse_action, seat_view
from ..engine.history import round_steps
from .value import DEFAULT_BUDGET, ReviewBudget, Valuation, value_decision

Progress = Callable[[int, int], None]
"""Called with (decisions valued, decisions to value) as the review goes."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision of a round."""

    round: int
    """1-based round number."""
    index: int
    """0-based position of the action in the round's action log."""
    turn: int
    """1-based turn of the round the decision was made in."""
    seat: int
    valuation: Valuation


@dataclass(frozen=True, slots=True)
class RoundReview:
    """The review of one round for some seats."""

    round: int
    """1-based round number."""
    seats: tuple[int, ...]
    seed: str
    budget: str
    """The budget's key (``ReviewBudget.key``)."""
    decisions: tuple[Decision, ...]
    forced: int
    """Decisions of the reviewed seats skipped because only one action was legal."""

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` decisions with the largest marked differences, costliest first."""
        marked = [d for d in self.decisions if d.valuation.level]
        return sorted(marked, key=lambda d: (-d.valuation.diff, d.index))[:count]


def finished_rounds(match: Match) -> int:
    """How many rounds of ``match`` are over (and so can be reviewed)."""
    return len(match.round_scores)


def review_round(
    match: Match,
    round_number: int,
    seats: Sequence[int],
    seed: str = "review",
    budget: ReviewBudget = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> RoundReview:
    """Review every decision of ``seats`` in finished round ``round_number``
    (1-based) of ``match``. Raises ValueError for a round that is not over or
    a seat that is not at the table."""
    if not 1 <= round_number <= finished_rounds(match):
        raise ValueError(f"round {round_number} is not a finished round of this match")
    bad = [s for s in seats if not 0 <= s < match.players]
    if bad:
        raise ValueError(f"there is no seat {bad[0]} at this table (seats 0..{match.players - 1})")
    index = round_number - 1
    steps = round_steps(match, index)
    totals = [sum(r[s] for r in match.round_scores[:index]) for s in range(match.players)]
    setup = match.setup
    wanted = set(seats)
    todo = []
    forced = 0
    for k, step in enumerate(steps[1:]):
        before = steps[k].state
        if step.seat not in wanted or step.action is None:
            continue
        if len(before.legal_actions()) == 1:
            forced += 1
            continue
        todo.append((k, step.seat, before))
    decisions = []
    for done, (k, seat, before) in enumerate(todo):
        if progress is not None:
            progress(done, len(todo))
        view = seat_view(before, seat, totals)
        made = parse_action(match.record().actions[index][k], match.players, setup.set_max)
        valuation = value_decision(view, made, seed, budget)
        decisions.append(Decision(round_number, k, before.turn_number + 1, seat, valuation))
    if progress is not None:
        progress(len(todo), len(todo))
    return RoundReview(round_number, tuple(sorted(wanted)), seed, budget.key(), tuple(decisions), forced)
