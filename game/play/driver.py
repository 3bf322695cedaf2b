"""What the table scene asks of whatever drives its match: a local
``MatchController`` or a ``RemoteController`` playing at a network table."""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, Phase, RoundState
from .controller import RoundStart, Step


class TableDriver(Protocol):
    """The turn loop the table is fed by: whose turn it is, the person's
    actions, the steps the picture catches up on."""

    @property
    def phase(self) -> Phase:
        """Where the match stands."""
        ...

    @property
    def live(self) -> RoundState | None:
        """The round as the driver knows it now (read only)."""
        ...

    @property
    def thinking_seat(self) -> int | None:
        """The seat being decided for now (a computer, or a person far away), if any."""
        ...

    def waiting_for_person(self) -> bool:
        """Whether the seat deciding now is a person at another screen (nobody here can hurry them)."""
        ...

    def to_move(self) -> int | None:
        """The seat that decides now, or None outside a round in play."""
        ...

    def person_to_move(self) -> bool:
        """Whether a person at this screen decides now."""
        ...

    def computer_to_move(self) -> bool:
        """Whether someone else decides now (a computer, or a person far away): the table keeps moving."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move."""
        ...

    def totals(self, counting_this_round: bool = True) -> list[int]:
        """Each seat's total (without a round that has just ended when told)."""
        ...

    def start_next_round(self) -> RoundStart:
        """The next round's deal, for the picture."""
        ...

    def act(self, action: Action) -> str | None:
        """Play the person's action; the reason when it is refused."""
        ...

    def think(self, wait: float = 0.0) -> bool:
        """Move the match on without the person (computers, the network); whether it moved."""
        ...

    def think_for(self, seconds: float) -> int:
        """Move on for up to ``seconds``; how many actions were applied."""
        ...

    def take_steps(self) -> list[Step]:
        """The steps applied since the last call, oldest first."""
        ...

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last turn where allowed; whether one was."""
        ...

    def save(self) -> None:
        """Save the match where it is kept (nothing where the server keeps it)."""
        ...

    def warm_up(self) -> None:
        """Get ready to think (start the worker)."""
        ...

    def close(self) -> None:
        """Let go of the worker or the connection."""
        ...
