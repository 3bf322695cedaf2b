"""The turn loop of one match at a table: whose turn it is, the person's
actions, the computer players' decisions from a worker, and the steps the
picture catches up on.

Every call into ``game.engine.Match`` that drives the match is made here;
the table only reads the round it is shown.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, wait
from dataclasses import dataclass

from ..engine import Action, IllegalAction, Match, Phase, RoundState
from ..engine import events as ev
from ..memory.session import HUMAN, GameSession
from .worker import Worker

WATCHED_HUMAN_KIND = "medium"
"""The level that plays a person's seat while its table is only watched."""


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action, for the picture: the round after it (a copy), the
    events it produced, the seat that acted and whether a computer player did."""

    state: RoundState
    events: tuple[ev.Event, ...]
    seat: int
    computer: bool


@dataclass(frozen=True, slots=True)
class RoundStart:
    """A round just dealt: its state (a copy), the deal's events (after the
    draw-off's before round 1), and its ``number`` of ``rounds``."""

    state: RoundState
    events: tuple[ev.Event, ...]
    number: int
    rounds: int


def wait_for(future: Future[Action], seconds: float) -> bool:
    """Wait up to ``seconds`` for ``future``; whether it is done."""
    done, _ = wait([future], timeout=seconds)
    return bool(done)


class MatchController:
    """Drives the match of ``session``: the person's seat acts through ``act``,
    computer seats through ``think``, which asks ``worker`` and never waits
    longer than it is told. ``autosave`` is called after every change;
    ``watching`` makes every seat a computer's (a demo)."""

    def __init__(
        self,
        session: GameSession,
        worker: Worker,
        autosave: Callable[[GameSession], None] | None = None,
        watching: bool = False,
    ) -> None:
        self.session = session
        self.match: Match = session.match
        self.worker = worker
        self.autosave = autosave
        self.watching = watching
        self._pending: Future[Action] | None = None
        self._pending_seat: int | None = None
        self._steps: deque[Step] = deque()

    # ------------------------------------------------------------ where we are
    @property
    def phase(self) -> Phase:
        """Where the match stands."""
        return self.match.phase

    def to_move(self) -> int | None:
        """The seat that decides now, or None outside a round in play."""
        return self.match.current_player()

    def is_computer(self, seat: int) -> bool:
        """Whether a computer player decides for ``seat`` at this table."""
        return self.watching or not self.session.seats[seat].is_human

    def person_to_move(self) -> bool:
        """Whether a person's seat decides now (any of them, in pass and play)."""
        seat = self.to_move()
        return seat is not None and not self.is_computer(seat)

    def computer_to_move(self) -> bool:
        """Whether a computer player decides now."""
        seat = self.to_move()
        return seat is not None and self.is_computer(seat)

    def has_computers(self) -> bool:
        """Whether any seat is played by a computer."""
        return any(self.is_computer(seat) for seat in range(self.match.players))

    @property
    def thinking_seat(self) -> int | None:
        """The seat whose decision the worker is making, if any."""
        return self._pending_seat

    def waiting_for_person(self) -> bool:
        """Never: every person of a local match plays at this screen."""
        return False

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move (empty outside a round in play)."""
        return self.match.legal_actions()

    @property
    def live(self) -> RoundState | None:
        """The engine's current round (read it; change it only through this controller)."""
        return self.match.round

    def totals(self, counting_this_round: bool = True) -> list[int]:
        """Each seat's total; without ``counting_this_round``, a round that has
        just ended is left out (the picture has not shown its end yet)."""
        totals = self.match.totals()
        state = self.match.round
        if not counting_this_round and self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and state is not None:
            scores = state.scores or [0] * len(totals)
            totals = [t - s for t, s in zip(totals, scores)]
        return totals

    # ---------------------------------------------------------------- moving
    def start_next_round(self) -> RoundStart:
        """Deal the next round; returns what the picture needs to show the deal."""
        state = self.match.start_next_round()
        events = list(state.events or [])
        if self.match.round_number == 1 and self.match.start_events:
            events = list(self.match.start_events) + events
        self.save()
        return RoundStart(state.copy(), tuple(events), self.match.round_number, self.match.setup.rounds)

    def act(self, action: Action) -> str | None:
        """Apply the person's ``action``; returns the engine's reason when it is refused."""
        seat = self.to_move()
        if seat is None or not self.person_to_move():
            return "it is not your turn"
        try:
            events = self.match.apply(action)
        except IllegalAction as refusal:
            return refusal.reason
        self._applied(events, seat, computer=False)
        return None

    def think(self, wait: float = 0.0) -> bool:
        """Ask the worker for the computer player's decision, or apply it once it
        has come (waiting at most ``wait`` seconds); True when an action was applied.

        A decision the worker fails to make, or an illegal one, becomes the first
        legal action, so a broken worker never stops the game."""
        seat = self.to_move()
        if seat is None or not self.is_computer(seat):
            return False
        if self._pending is None or self._pending_seat != seat:
            kind = self.session.seats[seat].kind
            self._pending = self.worker.submit(
                WATCHED_HUMAN_KIND if kind == HUMAN else kind, self.match.player_seed(seat), self.match.view(seat)
            )
            self._pending_seat = seat
        pending = self._pending
        if not pending.done() and (wait <= 0 or not wait_for(pending, wait)):
            return False
        self._pending, self._pending_seat = None, None
        legal = self.match.legal_actions()
        try:
            action = pending.result()
        except Exception:  # noqa: BLE001 - a failing worker must not stop the game
            action = legal[0]
        if action not in legal:
            action = legal[0]
        self._applied(self.match.apply(action), seat, computer=True)
        return True

    def think_for(self, seconds: float) -> int:
        """Apply computer decisions one after another for up to ``seconds`` (the
        instant pace); returns how many were applied."""
        deadline = time.perf_counter() + seconds
        applied = 0
        while self.computer_to_move() and self.think(max(0.0, deadline - time.perf_counter())):
            applied += 1
        return applied

    def _applied(self, events: tuple[ev.Event, ...], seat: int, computer: bool) -> None:
        """Queue the step an action made (the round as it now stands, and the
        events the action caused) and autosave."""
        state = self.match.round
        assert state is not None
        self._steps.append(Step(state.copy(), events, seat, computer))
        self.save()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last turn (and every action after it) when the
        session allows it; whether a turn was taken back (then autosaved)."""
        if self.watching or not self.session.may_undo(seat):
            return False
        self._pending, self._pending_seat = None, None
        self._steps.clear()
        self.match.undo_turn(seat)
        self.save()
        return True

    def take_steps(self) -> list[Step]:
        """The steps applied since the last call, oldest first."""
        steps = list(self._steps)
        self._steps.clear()
        return steps

    def save(self) -> None:
        """Call the autosave hook (after every change, and when leaving the table)."""
        if self.autosave is not None:
            self.autosave(self.session)

    def warm_up(self) -> None:
        """Start the worker now if computers play here."""
        if self.has_computers():
            self.worker.warm_up()

    def close(self) -> None:
        """Stop the worker."""
        self._pending, self._pending_seat = None, None
        self.worker.close()
