"""A game as a player knows it: who sits where (you or a computer level) and the match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .engine import Match, RuleOptions

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat: a display name and who plays it (``human`` or a computer level)."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == HUMAN


class GameSession:
    """The seats and the match they play; what a save file holds."""

    def __init__(self, options: RuleOptions, seats: Sequence[SeatConfig], seed: int | str) -> None:
        self.options = options
        self.seats = list(seats)
        self.seed = seed
        self.match = Match(options, len(self.seats), seed, names=[s.name for s in self.seats])

    @property
    def human_seat(self) -> int | None:
        """The seat a person plays, if any."""
        return next((i for i, s in enumerate(self.seats) if s.is_human), None)
