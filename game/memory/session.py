"""A game as a player knows it: who sits where (you or a computer level) and the match."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.levels import Levels, running_levels
from ..engine import Match, RuleOptions
from ..engine.fairdeal import RoundMix
from ..review.cache import ReviewCache

HUMAN = "human"


def is_you(name: str) -> bool:
    """Whether a seat's name is 'You' (the default for the first seat), which
    sentences about that seat must treat as the second person."""
    return name.strip().lower() == "you"


def people_named(seats: Sequence[SeatConfig]) -> list[SeatConfig]:
    """``seats`` ready to play: with two or more people at one screen, a person
    named 'You' becomes 'Player N' (N: the seat's number), since 'You' no longer
    says who is meant."""
    people = sum(seat.is_human for seat in seats)
    if people < 2:
        return list(seats)
    return [SeatConfig(f"Player {i + 1}", seat.kind) if seat.is_human and is_you(seat.name) else seat
            for i, seat in enumerate(seats)]


def new_match_id() -> str:
    """A fresh, random name for a new match (12 lowercase hex digits)."""
    return secrets.token_hex(6)


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

    def __init__(
        self,
        options: RuleOptions,
        seats: Sequence[SeatConfig],
        seed: int | str,
        match_id: str | None = None,
        allow_undo: bool = False,
    ) -> None:
        self.match_id = match_id or new_match_id()
        """Names this match's own autosave slot; the same in every save of the match."""
        self.allow_undo = allow_undo
        """House setting: the person may take back their last turn (only with every other seat a computer)."""
        self.hints = [0] * len(seats)
        """Positions hinted, per seat (shown on the score sheet and counted in statistics): a
        hint asked again at the same position is not counted again (``count_hint``)."""
        self._hinted: set[tuple[int, int, tuple[str, ...]]] = set()
        self.options = options
        self.seats = list(seats)
        self.seed = seed
        self.match = Match(options, len(self.seats), seed, names=[s.name for s in self.seats])
        self.mixes: list[RoundMix | None] = []
        """Per dealt round, how a network table mixed its deal (None: dealt
        by this game alone); empty for a match that never was at a network table."""
        self.reviews = ReviewCache()
        """Round reviews made so far (kept in the save, so a second look is instant)."""
        self.levels: list[Levels | None] = []
        """Per dealt round as a save or a network table recorded it, the version of
        each computer kind that played it (None: not recorded, an older save);
        rounds past its end were dealt here, under this game's versions."""

    def count_hint(self, seat: int) -> bool:
        """Count a hint said to ``seat`` where the match stands now, once for each position
        (the round and every action in it so far); whether this position was new."""
        log = self.match.action_log
        position = (seat, len(log), tuple(log[-1]) if log else ())
        if position in self._hinted:
            return False
        self._hinted.add(position)
        self.hints[seat] += 1
        return True

    def round_levels(self, index: int) -> Levels | None:
        """The versions of the computer kinds that played round ``index`` (0-based)."""
        if index < len(self.levels):
            return self.levels[index]
        return running_levels(s.kind for s in self.seats if not s.is_human)

    @property
    def human_seat(self) -> int | None:
        """The seat a person plays (the first, with several people at the table), if any."""
        return next((i for i, s in enumerate(self.seats) if s.is_human), None)

    @property
    def human_seats(self) -> list[int]:
        """Every seat a person plays (pass-and-play: two or more)."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def may_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last turn now: the house setting is
        on, it is the only person at the table, and it has a turn to take back."""
        return self.allow_undo and self.human_seats == [seat] and self.match.can_undo(seat)
