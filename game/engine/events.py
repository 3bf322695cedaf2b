"""Events the engine emits as it applies actions, for the UI to animate.

Each event is a frozen value. ``TileDrawn.tile`` is the face value, which only
the drawing seat may see: ``for_seat`` hides it from everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .frozen import Frozen
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class DrawOffTile(Frozen):
    """In the draw-off for the first player, ``seat`` turned up ``tile``."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class StarterChosen(Frozen):
    """``seat`` won the draw-off and is the designated starter."""

    seat: int


@dataclass(frozen=True, slots=True)
class Dealt(Frozen):
    """Each seat was dealt ``hand_size`` tiles; ``boneyard`` tiles remain."""

    hand_size: int
    boneyard: int


@dataclass(frozen=True, slots=True)
class TileDrawn(Frozen):
    """``seat`` drew a tile from the boneyard; ``tile`` is None for other seats."""

    seat: int
    tile: Tile | None
    penalty: bool = False


@dataclass(frozen=True, slots=True)
class EnginePlaced(Frozen):
    """``seat`` placed the double ``engine`` in the hub (``seat`` -1: held out)."""

    seat: int
    engine: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Frozen):
    """It is ``seat``'s turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class TilePlayed(Frozen):
    """``seat`` laid ``tile`` on ``train`` as ``near``-``far`` (hub side first)."""

    seat: int
    tile: Tile
    train: int
    near: int
    far: int


@dataclass(frozen=True, slots=True)
class MarkerUp(Frozen):
    """``seat``'s train turned public."""

    seat: int


@dataclass(frozen=True, slots=True)
class MarkerDown(Frozen):
    """``seat``'s train turned private."""

    seat: int


@dataclass(frozen=True, slots=True)
class DoubleOpened(Frozen):
    """``seat`` left the double at the end of ``train`` uncovered."""

    seat: int
    train: int


@dataclass(frozen=True, slots=True)
class DoubleCovered(Frozen):
    """``seat`` covered the double at the end of ``train``."""

    seat: int
    train: int


@dataclass(frozen=True, slots=True)
class Knocked(Frozen):
    """``seat`` knocked: one tile left."""

    seat: int


@dataclass(frozen=True, slots=True)
class Penalty(Frozen):
    """``seat`` forgot to knock and draws a penalty tile (see the TileDrawn after it)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Passed(Frozen):
    """``seat`` ended the turn without playing."""

    seat: int


@dataclass(frozen=True, slots=True)
class SeatSuspended(Frozen):
    """``seat`` had to draw from an empty boneyard and is suspended (hub)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Frozen):
    """The round is over: every hand revealed and the pips charged to each seat."""

    hands: tuple[tuple[Tile, ...], ...]
    scores: tuple[int, ...]
    went_out: int | None
    charges: tuple[int, ...]


Event = (
    DrawOffTile | StarterChosen | Dealt | TileDrawn | EnginePlaced | TurnStarted | TilePlayed
    | MarkerUp | MarkerDown | DoubleOpened | DoubleCovered | Knocked | Penalty | Passed
    | SeatSuspended | RoundEnded
)


def for_seat(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: other seats' drawn tiles face down."""
    if isinstance(event, TileDrawn) and event.seat != seat and event.tile is not None:
        return replace(event, tile=None)
    return event
