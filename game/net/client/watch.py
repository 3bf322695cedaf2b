"""What a person's game checks in every message as it comes: no tile it may not see.

A server deals and keeps every hand, so it could show a person a tile of
another hand or the boneyard's order. ``Watch.check`` refuses (``Unfair``)
any message that names, anywhere in it, a tile this seat may not see now:
not in its hand, on the table or the hub, and not one this game named itself
(in a message it sent). The places where an update names tiles (its view's
hand, trains and legal actions, and its events) are left to the round's
end, where the person's copy of the match checks them against the revealed
deal (``match_copy``); even there a drawn tile of another seat shown face
up, or every hand revealed before the round is over, is refused at once. A round's end reveals its deal, its moves and the
draw-off, and names nothing else. Seat names are fixed once the match is
under way (a name may look like a tile: it is never read as one).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from ...engine import SeatView
from ...engine import events as ev
from ...engine.tiles import TEXT, Tile, double, tile_id
from ..protocol.wire import WireError
from .inbound import Incoming, TableInfo

TILE_TEXT: Final = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w.-])")
"""A tile written as text anywhere in a message, like the 12-5."""
CHECKED_AT_ROUND_END: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    "update": (("view", "hand"), ("view", "trains"), ("view", "legal"), ("events",)),
    "round_end": (("reveal", "deal"), ("reveal", "actions"), ("draw_off",)),
}
"""Per message type, the paths whose tiles the copy of the match checks at the round's end."""


class Unfair(WireError):
    """A message that shows this game what the fair deal keeps from it."""


class Watch:
    """The tiles one seat may see, and the check of every message against them."""

    def __init__(self) -> None:
        self.names: tuple[str, ...] | None = None
        """The seats' names once the match is under way (they may not change after)."""
        self.named: set[Tile] = set()
        """Tiles this game named itself, in the messages it sent."""

    def sent(self, text: str) -> None:
        """Note the tiles a message this game sends names (a refusal may name them back)."""
        self.named.update(tile_id(int(a), int(b)) for a, b in TILE_TEXT.findall(text))

    def check(self, message: Incoming, view: SeatView | None, table: TableInfo | None) -> None:
        """Refuse ``message`` (``Unfair``) if it shows a tile this seat may not see;
        ``view`` and ``table``: the latest ones before it."""
        if message.view is not None:
            view = message.view
        if message.type in ("commit", "update") and self.names is None and table is not None:
            self.names = tuple(seat.name for seat in table.seats)
        self._names(message)
        if message.type == "update" and view is not None:
            self._events(message.events, view)
        if view is None or not view.round_over:  # once it is, every hand is revealed: nothing is hidden until the next deal
            self._tiles(message, view, table)

    def _tiles(self, message: Incoming, view: SeatView | None, table: TableInfo | None) -> None:
        """Refuse a tile this seat may not see anywhere in ``message``'s texts (keys too)."""
        names = self._tile_like_names(message.table or table)
        visible = self._visible(view)
        top = view.setup.set_max if view is not None else (table.setup.set_max if table is not None else 18)
        skip = CHECKED_AT_ROUND_END.get(message.type, ())
        for where, text in _texts(message.data, (), skip):
            for name in names:  # a name that looks like a tile is a name
                text = text.replace(name, " ")
            for a, b in TILE_TEXT.findall(text):
                tile = tile_id(int(a), int(b))
                if max(int(a), int(b)) <= top and tile not in visible:
                    raise Unfair(f"the server showed this game the {TEXT[tile]}, a tile it may not see, "
                                 f"in '{'.'.join(where) or message.type}' of a {message.type} message")

    def _tile_like_names(self, known: TableInfo | None) -> tuple[str, ...]:
        """The seats' names that look like a tile (the names kept once the match is under way, else ``known``'s)."""
        names = self.names or (tuple(seat.name for seat in known.seats) if known is not None else ())
        return tuple(name for name in names if TILE_TEXT.search(name))

    def _names(self, message: Incoming) -> None:
        """Seat names stay what they were once the match is under way."""
        if self.names is None:
            return
        now: tuple[object, ...]
        if message.table is not None:
            now = tuple(seat.name for seat in message.table.seats)
        elif message.type == "round_end" and type(message.data.get("seats")) is list:
            now = tuple(s.get("name") if type(s) is dict else None for s in message.data["seats"])
        else:
            return
        if now != self.names:
            raise Unfair("the server changed the seats' names during the match")

    def _events(self, events: tuple[ev.Event, ...], view: SeatView) -> None:
        """Another seat's drawn tile is face down; the hands are revealed only when the round is over."""
        for event in events:
            if isinstance(event, ev.TileDrawn) and event.seat != view.seat and event.tile is not None:
                raise Unfair(f"the server showed this game the tile another seat drew ({TEXT[event.tile]})")
            if isinstance(event, ev.RoundEnded) and not view.round_over:
                raise Unfair("the server revealed every hand while the round is still being played")

    def _visible(self, view: SeatView | None) -> set[Tile]:
        """The tiles this seat may see now: its hand, the trains, the hub double, its own words."""
        seen = set(self.named)
        if view is not None:
            seen.update(view.hand)
            seen.update(t for train in view.trains for t in train)
            seen.add(double(view.engine))
        return seen


def _texts(data: Any, where: tuple[str, ...], skip: tuple[tuple[str, ...], ...]) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every text in ``data`` (keys too) with its path, leaving out the paths in ``skip``."""
    if where in skip:
        return
    if isinstance(data, str):
        yield where, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield (*where, str(key)), str(key)
            yield from _texts(value, (*where, str(key)), skip)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _texts(value, (*where, str(index)), skip)
