"""The hint's line: the review's pick, then its pick again after that move, to
the end of the seat's turn.

``advised_line(view, seed, budget)`` is every position of the seat's turn
from ``view`` on, each with the move the review values best there
(``value.advised_move``), as long as the turn goes on without new
information: it ends where the turn passes, the round ends or the seat draws
(the drawn tile is not known before). Each position after the first is the
seat's own view after its own move, made from ``view`` alone (playing a tile
reveals nothing hidden), so it is the very view the seat will have there and
``advised_line`` of it is the rest of this line: the line a hint counts is
the line the next hints play, one tile shorter each time, and the same
position always gives the same line. No pygame.
"""

from __future__ import annotations

import random

from ..ai.inference import Sampler
from ..engine import DRAW, Action, SeatView, seat_view
from .results import ReviewBudget
from .value import advised_move

LINE_LIMIT = 64
"""Moves in one line at most (a turn is far shorter; a guard against a rule that never ends a turn)."""


def advised_line(view: SeatView, seed: str, budget: ReviewBudget) -> tuple[tuple[SeatView, Action], ...]:
    """Each position of the seat's planned turn from ``view`` (``view`` first) and the
    move advised there. Raises ValueError when ``view`` has no legal action."""
    seat, turn = view.seat, view.turn_number
    steps = [(view, advised_move(view, seed, budget))]
    if steps[0][1] == DRAW:
        return tuple(steps)
    try:  # whatever the hidden tiles: the seat's own moves look at none of them
        state = Sampler(view, tries=1).state(random.Random(0))
    except ValueError:  # a position set up by hand that leaves tiles out of the round: the move alone
        return tuple(steps)
    while len(steps) < LINE_LIMIT:
        state.apply(steps[-1][1])
        if state.round_over or state.to_move != seat or state.turn_number != turn:
            break
        here = seat_view(state, seat, view.totals)
        steps.append((here, advised_move(here, seed, budget)))
        if steps[-1][1] == DRAW:
            break
    return tuple(steps)
