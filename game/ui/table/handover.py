"""Pass and play at one table: whose hand is shown (the one place the table
keeps it), and when the table must go to another person behind an opaque
pass screen."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.fairdeal import short
from ...words.movelog import MoveLog, since_words


class Viewer:
    """The seat whose hand the table shows (None: no hand), read by the tray
    and the picture and changed only by the handover; ``face_down`` while
    people share the screen and it is not that seat's turn."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.face_down = False


class Handover:
    """The hand shown among ``people``'s seats; with two or more people, the
    seat to move gets the table only after a pass screen."""

    def __init__(self, people: Sequence[int]) -> None:
        self.people = list(people)
        self.viewer = Viewer(self.people[0] if len(self.people) == 1 else None)
        self.passing: int | None = None

    @property
    def shown(self) -> int | None:
        """The seat whose hand is shown."""
        return self.viewer.seat

    @property
    def several(self) -> bool:
        """Whether two or more people share the screen."""
        return len(self.people) >= 2

    def due(self, to_move: int | None, picture_ready: bool) -> int | None:
        """The person the table must be passed to now (their turn, another hand
        shown, the picture caught up), or None."""
        if not self.several or self.passing is not None or to_move is None or to_move not in self.people:
            return None
        if to_move == self.viewer.seat or not picture_ready:
            return None
        return to_move

    def follow(self, to_move: int | None) -> None:
        """With people sharing the screen, the shown hand turns face down the
        moment its turn ends (and up again when it is its turn)."""
        self.viewer.face_down = self.several and self.viewer.seat is not None and to_move != self.viewer.seat

    def start(self, seat: int, log: MoveLog | None = None, fingerprints: Sequence[str] = ()) -> tuple[list[str], str]:
        """The pass screen goes up for ``seat``: no hand is shown meanwhile, and the person
        who had the table looks away. Returns what the screen tells ``seat``'s person: what
        happened since they last looked (from the move ``log``) and the deal's fingerprint."""
        if log is not None and self.viewer.seat is not None:
            log.looked_away(self.viewer.seat)
        self.passing = seat
        self.viewer.seat = None
        return (since_words(log.since(seat)) if log is not None else []), short(fingerprints[-1]) if fingerprints else ""

    def done(self) -> int | None:
        """The person passed to is ready: their hand is shown; returns their seat."""
        seat, self.passing = self.passing, None
        self.viewer.seat = seat
        return seat

    def hand_label(self, seat: int, name: str) -> str:
        """The tray's label for ``seat``'s hand."""
        whose = "Your" if name.strip().lower() == "you" else f"{name}'s"
        if seat != self.viewer.seat:
            return f"{whose} hand (watching)"
        return f"{whose} hand" if self.several else "Your hand"

    def turn_title(self, to_move: int | None, names: Sequence[str], totals: Sequence[int]) -> str:
        """The top bar's score line when people share the screen: whose turn, and who leads."""
        if not self.several:
            return ""
        leader = min(range(len(totals)), key=lambda s: totals[s])
        turn = "" if to_move is None else f"{names[to_move]} to play  \u00b7  "
        return f"{turn}leader {names[leader]} ({totals[leader]} pts)"
