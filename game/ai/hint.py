"""A hint for the human's seat: the choice of Medium's logic with the stronger
``SHEDDER`` weights (the move Expert, and Hard but at tournament and tap, start from)
and a short reason."""

from __future__ import annotations

from ..engine import DRAW, END, Action, Play, SeatView, train_name
from ..engine.tiles import IS_DOUBLE, PIPS, TEXT
from .medium import SHEDDER, Style, medium_choice, view_plan


def _where(train: int, seat: int, names: tuple[str, ...]) -> str:
    """'your train', 'the Mexican train' or "Ana's train"."""
    if train == seat:
        return "your train"
    if train_name(train) == "mexican":
        return "the Mexican train"
    return f"{names[train]}'s train"


def hint(view: SeatView, style: Style = SHEDDER) -> tuple[Action, str]:
    """The action the ``style`` weights pick for ``view.seat`` and why, in a
    few words. Raises ValueError when it is not that seat's turn."""
    if not view.legal:
        raise ValueError("it is not this seat's turn")
    seat = view.seat
    plan = view_plan(view, {})
    low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
    action = medium_choice(seat, view.hand, view.legal, view.public, low, view.options, plan, style)
    if action == DRAW:
        return action, "no tile fits a train you may play on: draw"
    if action == END:
        return action, "nothing left worth playing this turn"
    if type(action) is not Play:
        return action, "the only move"
    where = _where(action.train, seat, view.names)
    tile = TEXT[action.tile]
    if action.train in view.open_doubles:
        return action, f"the {tile} covers the double on {where}"
    if action.knock:
        suffix = " (and knock: one tile left)"
    else:
        suffix = ""
    if action.train == seat and plan and action.tile == plan[0]:
        if view.public[seat]:
            return action, f"the {tile} takes your marker down and goes on with your {len(plan)}-tile chain{suffix}"
        return action, f"the {tile} goes on with your {len(plan)}-tile chain on your own train{suffix}"
    if low <= style.race_tiles:
        return action, f"an opponent is nearly out: shed the {tile} ({PIPS[action.tile]} pips) now{suffix}"
    if IS_DOUBLE[action.tile]:
        return action, f"you can cover the {tile} next, so it sheds two tiles this turn{suffix}"
    if plan and action.tile not in plan:
        return action, (
            f"sheds {PIPS[action.tile]} pips on {where} and keeps your {len(plan)}-tile chain for your own train"
            f"{suffix}"
        )
    return action, f"sheds {PIPS[action.tile]} pips on {where}{suffix}"
