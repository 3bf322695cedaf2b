"""Where things are on the table at the current window size: the map's anchors,
each round's train layout, and the places in the hand tray."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import MEXICAN, RoundState
from ...engine.tiles import HI, LO, Tile
from .. import ui_scale
from ..layout import Scaled, TableLayout
from ..settings import Settings
from ..tile_art import numerals_for
from .board import BoardPlan, plan_board
from .draw import use_numerals
from .tray import HandTray, Point


class TableGeometry:
    """The table's places in window pixels; ``resize`` when the window changes.
    Train layouts are remembered per table shape (they take a while to work out)."""

    def __init__(self, layout: TableLayout, tray: HandTray, settings: Settings, size: tuple[int, int]) -> None:
        self.layout = layout
        self.tray = tray
        self.settings = settings
        self.size = (0, 0)
        self._text = 0.0
        self.scaled = Scaled(layout, size)
        self._plan_key: tuple[object, ...] | None = None
        self._plan: BoardPlan | None = None
        self._plan_for: RoundState | None = None
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out for a window of ``size`` pixels at the text size in force."""
        if size == self.size and self._text == ui_scale.current():
            return
        self.size = size
        self._text = ui_scale.current()
        self.scaled = Scaled(self.layout, size)
        self.tray.place(self.scaled.anchor("hand_tray"), self.scaled.kc, self.scaled.c)

    def plan(self, state: RoundState) -> BoardPlan:
        """Where every train tile of ``state`` lies (remembered while the table's shape stays)."""
        if state is self._plan_for and self._plan is not None and self._plan_key is not None \
                and self._plan_key[:2] == (self.size, ui_scale.current()):
            return self._plan  # the picture's states are never changed once shown
        self._plan_for = state
        shape = tuple((t, tuple(HI[x] == LO[x] for x in state.trains[t])) for t in [*range(state.players), MEXICAN])
        key = (self.size, ui_scale.current(), state.players, shape)
        if key != self._plan_key or self._plan is None:
            doubles: dict[int, Sequence[bool]] = dict(shape)
            self._plan_key = key
            self._plan = plan_board(self.scaled, state.players, doubles)
        return self._plan

    def seat_center(self, players: int, seat: int) -> Point:
        """The middle of ``seat``'s panel at a table of ``players``."""
        return self.scaled.seat_panel(players, seat).center

    def boneyard_center(self) -> Point:
        """The middle of the boneyard's anchor."""
        return self.scaled.anchor("boneyard").center

    def tray_center(self, state: RoundState, tile: Tile) -> Point:
        """Where ``tile`` lies (or would lie) in the tray of ``state``."""
        return self.tray.center_in(state, self.settings.hand_sort, tile)

    @property
    def tray_unit(self) -> int:
        """The short side of a tray tile, in pixels."""
        return self.tray.unit

    def numerals(self, state: RoundState, in_tray: bool) -> bool:
        """Whether the tiles of ``state`` show numerals on the table (all of them
        alike, the hub's double too) or, ``in_tray``, in the hand tray."""
        set_max = state.setup.set_max
        if in_tray:
            seat = self.tray.seat_of(state)
            unit = self.tray.unit_for(len(state.hands[seat]) if seat is not None else 0)
            return numerals_for(unit, set_max, self.settings.numerals)
        return self.settings.numerals or use_numerals(self.plan(state).unit, set_max)
