"""A reviewed move in a player's words (for the review screen and the replay)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.tiles import TileSyntaxError, parse_tile
from ..memory.files import clean


def played_tile(text: str, set_max: int) -> int | None:
    """The tile an action's text lays ('play 12-3 on 0' -> the 12-3), or None."""
    words = text.split()
    if len(words) < 2 or words[0] != "play":
        return None
    try:
        return parse_tile(words[1], set_max)
    except TileSyntaxError:
        return None


def move_words(text: str, seat: int, names: Sequence[str], you: int | None = None) -> str:
    """'12-3 on your train', '6-4 on the Mexican train', '5-5 on Ana's train', 'draw',
    'end the turn' for an action's text played by ``seat`` (``you``: the seat called
    "you"): trains by whose they are, never by the engine's numbers."""
    words = text.split()
    if not words:
        return text
    if words[0] != "play" or len(words) < 4:
        return {"draw": "draw", "end": "end the turn", "open": "open your train"}.get(words[0], text)
    train = words[3]
    if train == "mexican":
        where = "the Mexican train"
    elif train.isdigit() and int(train) == seat:
        where = "your train" if seat == you else "their own train"
    elif train.isdigit() and int(train) < len(names):
        where = "your train" if int(train) == you else f"{clean(names[int(train)])}'s train"
    else:
        where = f"train {train}"
    knock = " and knock" if words[-1] == "knock" else ""
    return f"{words[1]} on {where}{knock}"


def did_words(text: str, seat: int, names: Sequence[str], you: int | None = None) -> str:
    """The move as done: 'played the 12-3 on their own train', 'drew', 'ended the turn'."""
    if text.split()[:1] == ["play"]:
        return f"played the {move_words(text, seat, names, you)}"
    return {"draw": "drew", "end": "ended the turn", "open": "opened their train" if seat != you
            else "opened your train"}.get(text.split()[0] if text.split() else "", text)


def to_do_words(text: str, seat: int, names: Sequence[str], you: int | None = None) -> str:
    """The move to be done: 'to play the 12-3 on their own train', 'to draw', 'to end the turn'."""
    if text.split()[:1] == ["play"]:
        return f"to play the {move_words(text, seat, names, you)}"
    return f"to {move_words(text, seat, names, you)}"


def cost_words(diff: float, se: float) -> str:
    """'+14.6 ± 6.3 points' (positive: the move made is expected to cost that many points)."""
    return f"{diff:+.1f} \u00b1 {se:.1f} points"
