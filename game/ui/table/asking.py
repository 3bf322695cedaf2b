"""The answers to the keys that ask the table without looking: the hand, the tile
picked and where it stands, a train, the table at a glance, whose move, the
scores, the boneyard, a line of the move log. Every answer is made from what
one seat may see (``Seen``), so none names a tile another person holds."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import DRAW, Play
from ...engine.tiles import Tile
from ...engine.view import SeatView
from ...words.controls import asking_line
from ...words.counting import counted
from ...words.movelog import MoveLog
from ...words.table_words import (
    boneyard_words,
    glance_words,
    hand_words,
    scores_words,
    tile_words,
    train_words,
    turn_words,
)


@dataclass(frozen=True, slots=True)
class Seen:
    """What the table may say now: ``view`` of the seat whose hand is shown face
    up (None: no hand is, as behind a pass screen or in a demo), ``table`` any
    seat's view of what every seat sees, the hand in the tray's ``order``, the
    ``selected`` tile, the seat called "You" and the match's totals."""

    view: SeatView | None
    table: SeatView
    """Read for what every seat sees only (its hand is another seat's when no hand is shown)."""
    order: tuple[Tile, ...]
    selected: Tile | None
    you: int | None
    totals: tuple[int, ...]
    playing: int | None
    """The round in play (1-based), None once the match is over."""
    rounds: int


NO_HAND = "No hand is shown: it is said once its person has the table."


def playable(view: SeatView) -> frozenset[Tile]:
    """The tiles of ``view``'s hand that play now."""
    return frozenset(a.tile for a in view.legal if isinstance(a, Play))


def picked_words(seen: Seen, among_playable: bool = False) -> str:
    """The tile picked, where it plays and where it stands in the hand ('12-5 plays on your
    train (1), 3 of 15'); ``among_playable``: Up or Down asked for a tile that plays."""
    view = seen.view
    if view is None:
        return NO_HAND
    if among_playable and not playable(view):
        if not view.legal:
            return "No tile plays now: it is not your move."
        return "No tile plays now: D draws." if DRAW in view.legal else "No tile plays now."
    if seen.selected is None or seen.selected not in seen.order:
        return "No tile is picked: Left and Right pick one."
    where = f"{seen.order.index(seen.selected) + 1} of {len(seen.order)}"
    return f"{tile_words(view, seen.selected, seen.you)}, {where}"


def log_words(log: MoveLog, at: int | None) -> str:
    """Line ``at`` of the move log with where it stands (None: the log is empty)."""
    if at is None or not 0 <= at < len(log.lines):
        return "The move log is empty."
    return f"{log.lines[at].text} {at + 1} of {len(log.lines)}."


def log_opened(log: MoveLog, open_: bool) -> str:
    """What L says as it opens or closes the move log."""
    if not open_:
        return "Move log closed."
    return (f"Move log, round {log.round}, {counted(len(log.lines), 'line')}: Up and Down read it, "
            "Home and End the first and the newest; L closes it.")


def answer(what: str, seen: Seen | None) -> str:
    """The answer to a key that asks ``what`` (``hand``, ``selected``, ``playable``,
    ``train:N``, ``glance``, ``turn``, ``scores``, ``boneyard``, ``keys``) of ``seen``."""
    if what == "keys":
        return asking_line()
    if seen is None:
        return "The table is not dealt yet."
    view = seen.view
    if what == "hand":
        return NO_HAND if view is None else hand_words(view, seen.order, seen.you)
    if what in ("selected", "playable"):
        return picked_words(seen, what == "playable")
    if what.startswith("train:"):
        return train_words(seen.table, int(what.split(":", 1)[1]), seen.you)
    if what == "glance":
        return glance_words(seen.table, seen.you)
    if what == "turn":
        return turn_words(seen.table, seen.you)
    if what == "scores":
        return scores_words(seen.table.names, seen.totals, seen.you, seen.playing, seen.rounds)
    return boneyard_words(seen.table)

