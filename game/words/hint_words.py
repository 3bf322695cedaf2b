"""The hint in words, made from the line the hint plans (``game.review.line``).

``hint_text(view, line, names)`` is the one sentence the message line shows
and speech says: 'Hint: play the 12-0 on your train — it starts a line of 9
tiles to lay on your train this turn.' A count in it is the count of
``line``, the moves the next hints will advise one by one (one tile fewer
each time), never the longest line the hand could make; a line that goes on
after the turn is not promised.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.chain import longest_chain
from ..engine import DRAW, END, OPEN, Action, Play, SeatView
from ..engine.tiles import HI, IS_DOUBLE, LO, PIPS, TEXT
from .counting import counted
from .narrate import where

NEARLY_OUT = 2
"""An opponent with this many tiles or fewer is said to be nearly out."""


def hint_text(view: SeatView, line: Sequence[Action], names: Sequence[str]) -> str:
    """'Hint: play the 4-2 on your train — <why>.' for ``view.seat``, whose planned
    ``line`` starts with the move advised now."""
    return f"Hint: {what_to_do(line[0], view.seat, names)} \u2014 {why(view, line, names)}."


def what_to_do(action: Action, seat: int, names: Sequence[str]) -> str:
    """'play the 4-2 on your train', 'draw from the boneyard (D)', 'end your turn (E)'."""
    if isinstance(action, Play):
        knock = " and knock (K)" if action.knock else ""
        return f"play the {TEXT[action.tile]} on {where(action.train, seat, names, seat)}{knock}"
    return {DRAW: "draw from the boneyard (D)", END: "end your turn (E)", OPEN: "open your train (O)"}.get(
        action, str(action))


def why(view: SeatView, line: Sequence[Action], names: Sequence[str]) -> str:
    """Why the first move of ``line`` is advised, in a few words, with the count of
    tiles the line lays this turn."""
    action = line[0]
    can_play = any(isinstance(a, Play) for a in view.legal)
    if action == DRAW:
        return "drawing is better than any tile you could play now" if can_play else \
            "no tile you hold fits a train you may play on"
    if action == END:
        if not can_play:
            return "nothing left to play this turn"
        if view.turn.played:
            return "your line for this turn is laid: keep the tiles left for later turns"
        return "none of the tiles that fit is worth playing now: keep them for later turns"
    if action == OPEN:
        return "opening your train first is worth more than it costs"
    if not isinstance(action, Play):
        return "the only move"
    plays = [a for a in line if isinstance(a, Play)]
    then = {END: ", then end your turn", DRAW: ", then draw"}.get(line[-1], "") if len(line) > 1 else ""
    knock = " (and knock: one tile left)" if action.knock else ""
    if all(p.train == view.seat for p in plays) and (len(plays) > 1 or view.turn.played):
        return _own_line(view, len(plays)) + knock + then
    said = _one_tile(view, action, plays[1] if len(plays) > 1 else None, bool(then))
    if len(plays) > 1:
        said += f"; then {_next(action, plays[1], view.seat, names)}: {counted(len(plays), 'tile')} this turn"
    return said + knock + then


def _own_line(view: SeatView, count: int) -> str:
    """A line of ``count`` tiles on the seat's own train this turn, from the tile advised now."""
    if not view.turn.played:
        return f"it starts a line of {count} tiles to lay on your train this turn"
    if count == 1:
        return "the last tile of your line this turn"
    return f"next in your line: {count} tiles left to lay this turn"


def _one_tile(view: SeatView, action: Play, second: Play | None, goes_on: bool) -> str:
    """Why this one tile (named already, with its train): it covers a double, takes the
    marker down, starts the hand's line on the seat's own train, sheds its pips (a
    double: and who covers it)."""
    seat = view.seat
    if action.train in view.open_doubles:
        return "it covers the double there"
    if action.train == seat and view.public[seat]:
        said = "it takes your marker down"
    elif action.train == seat and longest_chain(view.ends[seat], sorted(view.hand))[:1] == (action.tile,):
        said = "it starts the longest line your hand can lay on your own train"
    elif action.train == seat:
        said = "it fits your own train"
    else:
        said = f"it sheds {PIPS[action.tile]} pips"
        low = min(size for s, size in enumerate(view.hand_sizes) if s != seat)
        if low <= NEARLY_OUT:
            said = f"an opponent holds only {counted(low, 'tile')}: {said} now"
    if IS_DOUBLE[action.tile] and second is None and not goes_on and view.options.after_double != "extra-tile":
        said += ", and the next players must cover the double"
    return said


def _next(first: Play, second: Play, seat: int, names: Sequence[str]) -> str:
    """The line's second tile: 'cover it with the 5-3' after a double, else where it goes."""
    tile = TEXT[second.tile]
    if IS_DOUBLE[first.tile] and second.train == first.train and HI[first.tile] in (HI[second.tile], LO[second.tile]):
        return f"cover it with the {tile}"
    return f"the {tile} on {where(second.train, seat, names, seat)}"
