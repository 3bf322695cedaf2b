"""The ``SHEDDER`` weights' move for a seat (the move Expert, and Hard but at
tournament and tap, start from) and the words for why a move is good.

The table's hint is the review's pick (``game.review.value.advised_move``);
``reason`` says why in a few words, whichever move it is."""

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
    plan = view_plan(view, {})
    low = min(size for s, size in enumerate(view.hand_sizes) if s != view.seat)
    action = medium_choice(view.seat, view.hand, view.legal, view.public, low, view.options, plan, style)
    return action, reason(view, action, style)


def reason(view: SeatView, action: Action, style: Style = SHEDDER) -> str:
    """Why ``action`` is a good move for ``view.seat``, in a few words (what it
    covers, sheds or keeps for the seat's own train)."""
    seat = view.seat
    plan = view_plan(view, {})
    low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
    if action == DRAW:
        return "no tile fits a train you may play on: draw"
    if action == END:
        return "nothing left worth playing this turn"
    if type(action) is not Play:
        return "the only move"
    where = _where(action.train, seat, view.names)
    tile = TEXT[action.tile]
    if action.train in view.open_doubles:
        return f"the {tile} covers the double on {where}"
    suffix = " (and knock: one tile left)" if action.knock else ""
    if action.train == seat and plan and action.tile == plan[0]:
        line = _line_of(len(plan))
        if view.public[seat]:
            return f"the {tile} takes your marker down and starts {line}{suffix}"
        return f"the {tile} starts {line}{suffix}"
    if low <= style.race_tiles:
        return f"an opponent is nearly out: shed the {tile} ({PIPS[action.tile]} pips) now{suffix}"
    if IS_DOUBLE[action.tile]:
        return f"you can cover the {tile} next, so it sheds two tiles this turn{suffix}"
    if plan and action.tile not in plan:
        kept = "the tile" if len(plan) == 1 else f"the {len(plan)} tiles"
        return (f"sheds {PIPS[action.tile]} pips on {where} and keeps {kept} you can lay in a line on your own "
                f"train{suffix}")
    return f"sheds {PIPS[action.tile]} pips on {where}{suffix}"


def _line_of(tiles: int) -> str:
    """'the line of 10 tiles you can lay on your own train' (``tiles`` counts the one that starts it)."""
    if tiles == 1:
        return "your own train"
    return f"the line of {tiles} tiles you can lay on your own train"
