"""A match: the preset's sequence of rounds, cumulative scores and the ranking.

A match is fully determined by its seed and the actions taken: every deal
and draw-off uses a ``random.Random`` seeded from the match seed and the
round number.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from . import events as ev
from .actions import Action
from .options import RuleOptions, TableSetup
from .round import RoundState
from .start import deal_round, draw_off
from .view import SeatView, seat_view


def rank_key(scores: Sequence[int]) -> tuple[int, int, float]:
    """Sort key of one seat's round scores: lowest total, then most rounds at
    0, then the lowest non-zero round score."""
    non_zero = [s for s in scores if s]
    return (sum(scores), -(len(scores) - len(non_zero)), min(non_zero) if non_zero else math.inf)


def rank(round_scores: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Final order, best first; seats still tied after the tie-breaks share a place."""
    keys = {seat: rank_key([r[seat] for r in round_scores]) for seat in range(players)}
    ordered = sorted(range(players), key=lambda s: (keys[s], s))
    groups: list[list[int]] = []
    for seat in ordered:
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def tie_break(round_scores: Sequence[Sequence[int]], a: int, b: int) -> str:
    """Which rule orders seats ``a`` and ``b``: 'total', 'zero rounds',
    'lowest round' or 'shared'."""
    ka = rank_key([r[a] for r in round_scores])
    kb = rank_key([r[b] for r in round_scores])
    for name, x, y in zip(("total", "zero rounds", "lowest round"), ka, kb):
        if x != y:
            return name
    return "shared"


class Match:
    """A whole match between ``players`` seats under one rule set."""

    def __init__(
        self,
        options: RuleOptions,
        players: int,
        seed: int | str,
        names: Sequence[str] | None = None,
        record_events: bool = True,
    ) -> None:
        self.setup: TableSetup = options.setup(players)
        self.seed = seed
        self.names = tuple(names) if names else tuple(f"Seat {i}" for i in range(players))
        self.record_events = record_events
        self.round_scores: list[list[int]] = []
        self.openers: list[int] = []
        self.used_doubles: list[int] = []
        self.round_winners: list[int] = []
        self.first_starter: int | None = None
        self.start_events: list[ev.Event] = []
        self.round: RoundState | None = None
        self.action_log: list[list[str]] = []

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.setup.players

    @property
    def round_number(self) -> int:
        """1-based number of the current (or next) round."""
        return len(self.round_scores) + (0 if self.round is None or self.round.round_over else 1)

    @property
    def is_over(self) -> bool:
        """Whether every round has been played and scored."""
        return len(self.round_scores) >= self.setup.rounds

    def totals(self) -> list[int]:
        """Each seat's cumulative score."""
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def ranking(self) -> list[list[int]]:
        """The order of seats by the match rules, best first, ties grouped."""
        return rank(self.round_scores, self.players)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: the current round's view plus the match totals."""
        if self.round is None:
            raise RuntimeError("no round is being played")
        return seat_view(self.round, seat, self.totals())

    def round_rng(self, index: int) -> random.Random:
        """The random source of round ``index`` (0-based)."""
        return random.Random(f"{self.seed}/round/{index}")

    def _start_seat(self, index: int) -> int:
        """Who the round-start procedure of round ``index`` begins with."""
        rule = self.setup.options.round_start
        n = self.players
        needs_draw_off = rule in ("designate-largest", "held-out", "held-out-winner")
        if index == 0:
            if needs_draw_off:
                starter, events = draw_off(n, self.setup.set_max, random.Random(f"{self.seed}/draw-off"))
                self.first_starter = starter
                self.start_events = events if self.record_events else []
                return starter
            return 0
        if rule == "held-out":
            return ((self.first_starter or 0) + index) % n
        if rule == "held-out-winner":
            return self.round_winners[-1]
        return (self.openers[-1] + 1) % n

    def start_next_round(self) -> RoundState:
        """Deal and open the next round; returns it at its first decision."""
        if self.is_over:
            raise RuntimeError("the match is over")
        if self.round is not None and not self.round.round_over:
            raise RuntimeError("the current round is still being played")
        index = len(self.round_scores)
        engines = self.setup.engines
        engine = engines[index] if engines is not None else None
        start = self._start_seat(index)
        self.round = deal_round(
            self.setup, engine, start, self.round_rng(index), self.used_doubles, self.names,
            self.record_events,
        )
        self.action_log.append([])
        self.openers.append(self.round.opener)
        self.used_doubles.append(self.round.engine)
        return self.round

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the current round and record it in the action log."""
        if self.round is None:
            raise RuntimeError("no round is being played")
        self.round.apply(action)
        self.action_log[-1].append(str(action))

    def player_seed(self, seat: int) -> str:
        """Seed material for the computer player in ``seat`` during the current round."""
        return f"{self.seed}/{len(self.openers) - 1}/ai/{seat}"

    def finish_round(self) -> list[int]:
        """Record the finished round's scores and return them."""
        state = self.round
        if state is None or not state.round_over or state.scores is None:
            raise RuntimeError("no finished round to record")
        if len(self.round_scores) < len(self.openers):
            self.round_scores.append(list(state.scores))
            winner = state.went_out
            if winner is None:
                low = min(state.scores)
                order = [(state.opener + i) % self.players for i in range(self.players)]
                winner = next(s for s in order if state.scores[s] == low)
            self.round_winners.append(winner)
        return self.round_scores[-1]
