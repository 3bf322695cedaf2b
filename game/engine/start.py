"""Starting a round: the draw-off, the deal, and finding and placing the engine.

Each preset's procedure runs by itself and is recorded as events. Randomness
comes only from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import events as ev
from .chance import shuffle
from .errors import SetupError
from .options import TableSetup
from .round import RoundState
from .tiles import HI, IS_DOUBLE, PIPS, TEXT, Tile, double, full_set


def draw_off(players: int, set_max: int, rng: random.Random) -> tuple[int, list[ev.Event]]:
    """Everyone draws a tile; the highest pip total starts; ties redraw among the tied.

    Returns the starter and the events. The tiles go back afterwards."""
    events: list[ev.Event] = []
    contenders = list(range(players))
    while True:
        tiles = full_set(set_max)
        shuffle(tiles, rng)
        drawn = {seat: tiles.pop() for seat in contenders}
        for seat, tile in drawn.items():
            events.append(ev.DrawOffTile(seat, tile))
        best = max(PIPS[t] for t in drawn.values())
        contenders = [s for s, t in drawn.items() if PIPS[t] == best]
        if len(contenders) == 1:
            events.append(ev.StarterChosen(contenders[0]))
            return contenders[0], events


def held_out(setup: TableSetup) -> bool:
    """Whether the round's double is taken out before the deal."""
    return setup.options.round_start in ("held-out", "held-out-winner")


def round_tiles(setup: TableSetup, engine: int | None) -> list[Tile]:
    """The tiles a round deals, in set order (a held-out double left out)."""
    tiles = full_set(setup.set_max)
    if engine is not None and held_out(setup):
        tiles.remove(double(engine))
    return tiles


def shuffled_tiles(setup: TableSetup, engine: int | None, rng: random.Random) -> list[Tile]:
    """The round's tiles in the order they are dealt: the chance outcome a
    match records, so a replay never depends on ``random``."""
    tiles = round_tiles(setup, engine)
    shuffle(tiles, rng)
    return tiles


def deal_order(
    setup: TableSetup,
    order: Sequence[Tile],
    engine: int | None,
    start_seat: int,
    used_doubles: Sequence[int] = (),
    names: Sequence[str] | None = None,
    record_events: bool = True,
) -> RoundState:
    """Deal ``order`` (hands first, one hand after another, then the boneyard
    in draw order) and run the preset's round start."""
    n, size = setup.players, setup.hand_size
    hands = [order[i * size:(i + 1) * size] for i in range(n)]
    boneyard = order[n * size:]
    return start_round(setup, hands, boneyard, engine, start_seat, used_doubles, names, record_events)


def deal_round(
    setup: TableSetup,
    engine: int | None,
    start_seat: int,
    rng: random.Random,
    used_doubles: Sequence[int] = (),
    names: Sequence[str] | None = None,
    record_events: bool = True,
) -> RoundState:
    """Shuffle, deal and run the preset's round start. ``engine`` is None where
    the preset does not fix the round's double."""
    order = shuffled_tiles(setup, engine, rng)
    return deal_order(setup, order, engine, start_seat, used_doubles, names, record_events)


def start_round(
    setup: TableSetup,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    engine: int | None,
    start_seat: int,
    used_doubles: Sequence[int] = (),
    names: Sequence[str] | None = None,
    record_events: bool = True,
) -> RoundState:
    """Run the round start on a dealt table (``boneyard`` in draw order) and
    return the round at its first decision. Raises SetupError when the engine
    double cannot be found among the tiles given."""
    n = setup.players
    rule = setup.options.round_start
    state = RoundState._blank(setup, engine if engine is not None else 0, names, record_events)
    state.hands = [list(h) for h in hands]
    state.boneyard = list(reversed(boneyard))
    events = state.events
    if events is not None:
        events.append(ev.Dealt(len(hands[0]) if hands else 0, len(boneyard)))
    if rule in ("held-out", "held-out-winner"):
        if engine is None:
            raise SetupError("this preset needs the round's double")
        double_tile = double(engine)
        for hand in state.hands:
            if double_tile in hand:
                hand.remove(double_tile)
        if double_tile in state.boneyard:
            state.boneyard.remove(double_tile)
        opener, placed = start_seat, engine
        if events is not None:
            events.append(ev.EnginePlaced(-1, engine))
    elif rule == "draw-in-turn":
        opener, placed = _find_by_turns(state, _need(engine), start_seat)
    elif rule == "all-draw":
        opener, placed = _find_all_draw(state, lambda t: t == double(_need(engine)), start_seat)
    elif rule == "designate-largest":
        opener, placed = _designate_largest(state, start_seat)
    else:  # highest-unused
        unused = {double(p) for p in range(setup.set_max + 1)} - {double(p) for p in used_doubles}
        opener, placed = _find_highest_unused(state, unused, start_seat)
    state.engine = placed
    state.ends = [placed] * (n + 1)
    state.to_move = opener
    state.opener = opener
    state._start_turn(announce=True)
    state._settle()
    return state


def _need(engine: int | None) -> int:
    """The fixed engine for presets that need one."""
    if engine is None:
        raise SetupError("this preset needs the round's double")
    return engine


def _draw(state: RoundState, seat: int, missing: str) -> Tile:
    """Draw for ``seat`` during the round start, recording the event."""
    if not state.boneyard:
        raise SetupError(f"the boneyard ran out before {missing} was found")
    tile = state.boneyard.pop()
    state.hands[seat].append(tile)
    if state.events is not None:
        state.events.append(ev.TileDrawn(seat, tile))
    return tile


def _place(state: RoundState, seat: int, tile: Tile) -> tuple[int, int]:
    """``seat`` places ``tile`` from hand in the hub and opens."""
    state.hands[seat].remove(tile)
    if state.events is not None:
        state.events.append(ev.EnginePlaced(seat, HI[tile]))
    return seat, HI[tile]


def _find_by_turns(state: RoundState, engine: int, start: int) -> tuple[int, int]:
    """Classic: the holder opens; else seats draw one each in turn until it shows."""
    tile = double(engine)
    holder = next((seat for seat, hand in enumerate(state.hands) if tile in hand), None)
    if holder is not None:
        return _place(state, holder, tile)
    seat = start
    while True:
        if _draw(state, seat, TEXT[tile]) == tile:
            return _place(state, seat, tile)
        seat = (seat + 1) % state.players


def _find_all_draw(state: RoundState, match: Callable[[Tile], bool], start: int) -> tuple[int, int]:
    """Star Ranch / Tap: the holder opens; else everyone draws one at once until found."""
    for seat in _seats_from(state, start):
        found = [t for t in state.hands[seat] if match(t)]
        if found:
            return _place(state, seat, max(found))
    while True:
        if not state.boneyard:
            raise SetupError("the boneyard ran out before the round's double was found")
        finders: list[tuple[int, Tile]] = []
        for seat in _seats_from(state, start):
            if state.boneyard:
                tile = _draw(state, seat, "the round's double")
                if match(tile):
                    finders.append((seat, tile))
        if finders:
            seat, tile = max(finders, key=lambda f: f[1])
            return _place(state, seat, tile)


def _designate_largest(state: RoundState, start: int) -> tuple[int, int]:
    """Hub: the designated seat places its largest double, or draws one and
    places it if it is a double; otherwise the designation moves left."""
    seat = start
    while True:
        doubles = [t for t in state.hands[seat] if IS_DOUBLE[t]]
        if doubles:
            return _place(state, seat, max(doubles))
        if not state.boneyard and not any(IS_DOUBLE[t] for h in state.hands for t in h):
            raise SetupError("no double is left to open the hub")
        if state.boneyard:
            tile = _draw(state, seat, "a double")
            if IS_DOUBLE[tile]:
                return _place(state, seat, tile)
        seat = (seat + 1) % state.players


def _find_highest_unused(state: RoundState, unused: set[Tile], start: int) -> tuple[int, int]:
    """Star Ranch variation 1: the highest double not used in an earlier round."""
    in_hands = [t for h in state.hands for t in h if t in unused]
    if in_hands:
        best = max(in_hands)
        seat = next(s for s, h in enumerate(state.hands) if best in h)
        return _place(state, seat, best)
    return _find_all_draw(state, lambda t: t in unused, start)


def _seats_from(state: RoundState, start: int) -> list[int]:
    """Every seat, starting at ``start`` and going left."""
    return [(start + i) % state.players for i in range(state.players)]
