"""Pass and play at one table: which person's hand is shown, and when the
table must be handed to another person behind an opaque pass screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scene import TableScene


class Handover:
    """The hand shown at ``table`` (``shown``) among its people's seats; with
    two or more people, the seat to move gets the table only after a pass screen."""

    def __init__(self, table: TableScene, people: list[int]) -> None:
        self.table = table
        self.people = people
        self.shown: int | None = people[0] if len(people) == 1 else None
        self.passing: int | None = None

    @property
    def several(self) -> bool:
        """Whether two or more people share the screen."""
        return len(self.people) >= 2

    def due(self) -> int | None:
        """The person the table must be passed to now (their turn, another hand shown), or None."""
        table = self.table
        seat = table.controller.to_move()
        if not self.several or self.passing is not None or seat is None or seat not in self.people:
            return None
        if seat == self.shown or not table.picture.ready():
            return None
        return seat

    def check(self) -> bool:
        """Put the pass screen up when it is due; whether it went up."""
        seat = self.due()
        table = self.table
        if seat is None or table.app is None:
            return False
        self.passing = seat
        self.show(None)
        table.app.push(table.app.routes.pass_to(table.match.names[seat], self.done, table.open_menu))
        return True

    def done(self) -> None:
        """The person passed to is ready: show their hand."""
        seat, self.passing = self.passing, None
        self.show(seat)

    def show(self, seat: int | None) -> None:
        """Show ``seat``'s hand in the tray (None: no hand) and let that seat act."""
        table = self.table
        self.shown = seat
        table.human = seat
        table.controller.human = seat
        table.tray.seat = seat
        table.tray.selected = None
        table.picture.human = seat
        table.input.drag = None
        table.input.knock_armed = False
        table.message_line.forget()

    def hand_label(self, seat: int, name: str) -> str:
        """The tray's label for ``seat``'s hand."""
        whose = "Your" if name.strip().lower() == "you" else f"{name}'s"
        if seat != self.shown:
            return f"{whose} hand (watching)"
        return f"{whose} hand" if self.several else "Your hand"

    def turn_title(self) -> str:
        """The top bar's score line when people share the screen: whose turn, and who leads."""
        seat = self.table.controller.to_move()
        if not self.several:
            return ""
        names, totals = self.table.match.names, self.table.shown_totals()
        leader = min(range(len(totals)), key=lambda s: totals[s])
        turn = "" if seat is None else f"{names[seat]} to play  \u00b7  "
        return f"{turn}leader {names[leader]} ({totals[leader]} pts)"
