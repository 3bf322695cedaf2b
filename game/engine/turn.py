"""The progress of the turn being played: what the seat to move has done and
still needs, as one named record (``TurnProgress``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final, final

REQUIRED: Final = 0
"""The seat must still act: play (or draw when it has no play)."""
OPTIONAL: Final = 1
"""The seat may play on or ``end`` the turn."""
DONE: Final = 2
"""The turn is complete; it passes by itself."""
NEED_NAMES: Final = ("required", "optional", "done")
"""A reader's word for each need, by value."""

ORDINARY: Final = 0
"""Scope of plays: any train the seat may use."""
COVER: Final = 1
"""Scope of plays: only the uncovered double that must be covered first."""
EXTRA: Final = 2
"""Scope of plays: the extra tile owed after a double (anywhere legal, uncovered doubles included)."""
OWN: Final = 3
"""Scope of plays: only the seat's own train (a chain turn)."""


@final
@dataclass(slots=True)
class TurnProgress:
    """How far the seat to move has got in its turn. Every field is a plain
    value, so a shallow copy is independent."""

    played: int = 0
    """Tiles laid this turn."""
    drew: bool = False
    """A draw was spent on the current need (cleared by a play that creates a
    new one, except after a drawn double outside ``extra-tile``)."""
    owes: int = 0
    """Extra tiles still owed for doubles laid this turn (``extra-tile``)."""
    need: int = REQUIRED
    """REQUIRED, OPTIONAL or DONE."""
    chain: bool = False
    """The seat may go on laying tiles on its own train (the starting-turn chain)."""
    played_own: bool = False
    """A tile went on the seat's own train this turn."""
    discretionary: bool = True
    """No uncovered double was on the table when the turn began (hub markers)."""
    start_doubles: tuple[int, ...] = ()
    """Trains whose double was uncovered when the turn began."""
    bonus_used: bool = False
    """The extra play after covering someone's double was taken (star-ranch)."""
    opened: bool = False
    """The seat opened its own train this turn (star-ranch)."""

    def copy(self) -> TurnProgress:
        """An independent copy."""
        return dataclasses.replace(self)

    def begin(self, start_doubles: tuple[int, ...]) -> None:
        """Start a new turn in place (cheaper than a new record on the engine's
        hot path); ``start_doubles`` are the doubles uncovered as it begins."""
        self.played = 0
        self.drew = False
        self.owes = 0
        self.need = REQUIRED
        self.chain = False
        self.played_own = False
        self.discretionary = not start_doubles
        self.start_doubles = start_doubles
        self.bonus_used = False
        self.opened = False


TURN_FIELDS: Final = tuple(f.name for f in dataclasses.fields(TurnProgress))
"""The names of the turn's fields, in order."""
