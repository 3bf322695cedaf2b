"""Laying out a round mid-play from a description of its table (scenarios,
tests, hand-made positions), refusing a table that cannot exist."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import MEXICAN, train_name
from .round_data import RoundData
from .tiles import HI, IS_DOUBLE, LO, TEXT, Tile, double


def lay_table(
    state: RoundData,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    to_move: int,
    trains: Mapping[int, Sequence[Tile]],
    public: Sequence[int],
    opening_done: bool,
    open_doubles: Sequence[int],
    double_owner: Mapping[int, int],
    suspended: Sequence[int],
) -> None:
    """Put the described table on a blank ``state`` (see ``RoundData.from_table``);
    ValueError for one that cannot exist."""
    n = state.players
    if len(hands) != n:
        raise ValueError(f"{n} players need {n} hands, got {len(hands)}")
    if not 0 <= to_move < n:
        raise ValueError(f"to_move {to_move} is not a seat")
    state.hands = [list(h) for h in hands]
    state.boneyard = list(reversed(boneyard))
    for train, tiles in trains.items():
        _lay_train(state, train, tiles)
    for seat in public:
        state.public[seat] = True
    for seat in suspended:
        state.suspended[seat] = True
    _open_doubles(state, open_doubles, double_owner)
    state.opening_done = opening_done or state.options.multi_tile_start != "first-turn"
    if not state.opening_done:
        state.first_turn_done = [
            s != to_move and (bool(state.trains[s]) or state.public[s]) for s in range(n)
        ]
    _each_tile_once(state)


def _lay_train(state: RoundData, train: int, tiles: Sequence[Tile]) -> None:
    """Lay ``tiles`` as ``train``, each matching the one before it from the hub out."""
    end = state.engine
    for tile in tiles:
        if HI[tile] != end and LO[tile] != end:
            raise ValueError(f"train {train_name(train)}: {TEXT[tile]} does not match the {end} before it")
        end = LO[tile] if HI[tile] == end else HI[tile]
    state.trains[train] = list(tiles)
    state.ends[train] = end
    if train != MEXICAN and tiles:
        state.own_started_turn[train] = -1


def _open_doubles(state: RoundData, open_doubles: Sequence[int], double_owner: Mapping[int, int]) -> None:
    """The uncovered doubles, given in the order they must be covered, kept in laying order."""
    order = list(open_doubles)
    if state.options.double_order == "newest-first":
        order.reverse()
    for train in order:
        tiles = state.trains[train]
        if not tiles or not IS_DOUBLE[tiles[-1]]:
            raise ValueError(f"train {train_name(train)} does not end in a double")
    state.open_doubles = order
    state.double_owner = dict(double_owner)
    for train in order:
        if train != MEXICAN:
            state.double_owner.setdefault(train, train)


def _each_tile_once(state: RoundData) -> None:
    """ValueError when a tile is in two places (the hub's double counts)."""
    seen: set[Tile] = {double(state.engine)}
    for tile in [t for h in state.hands for t in h] + state.boneyard + [t for tr in state.trains for t in tr]:
        if tile in seen:
            raise ValueError(f"the {TEXT[tile]} appears twice")
        seen.add(tile)
