"""What a play and the end of a turn do, one named step per rule.

``RoundData._do_play`` and ``RoundData._finish_turn`` are made of these
steps; each rule option's behaviour is in the step named after it:
``multi_tile_start`` in ``starting_turn_chain``, markers in
``own_train_marker`` and ``marker_after_turn`` (``discretionary_markers``),
``knock`` in ``knock``, ``going_out_on_double`` in ``going_out``,
``after_double`` in ``after_double``, ``cover_bonus_play`` in ``cover_bonus``,
``suspension`` in ``suspension``. Legality is elsewhere (``legality``): these
steps only carry out a legal action.
"""

from __future__ import annotations

from . import events as ev
from .ending import score_round
from .round_data import RoundData
from .tiles import HI, IS_DOUBLE, LO, Tile
from .turn import DONE, OPTIONAL, REQUIRED

# --------------------------------------------------------------------- a play


def lay_tile(state: RoundData, seat: int, tile: Tile, train: int) -> None:
    """Move ``tile`` from ``seat``'s hand to the end of ``train``."""
    state.hands[seat].remove(tile)
    near = state.ends[train]
    far = LO[tile] if HI[tile] == near else HI[tile]
    started_own = train == seat and not state.trains[seat]
    state.trains[train].append(tile)
    state.ends[train] = far
    if state.events is not None:
        state.events.append(ev.TilePlayed(seat, tile, train, near, far))
    state.turn.played += 1
    if started_own:
        state.own_started_turn[seat] = state.turn_number
        starting_turn_chain(state)
    if train == seat:
        state.turn.played_own = True
        own_train_marker(state, seat)


def starting_turn_chain(state: RoundData) -> None:
    """``multi_tile_start: starting-turn`` (hub): the turn that starts your own
    train may go on laying tiles on it."""
    if state.options.multi_tile_start == "starting-turn":
        state.turn.chain = True


def own_train_marker(state: RoundData, seat: int) -> None:
    """Playing on your own train takes the marker down (without
    ``discretionary_markers``, whose turn-end rule decides instead); a Suspended
    seat's train stays public for the round."""
    if state.public[seat] and not state.options.discretionary_markers and not state.suspended[seat]:
        state._set_public(seat, False)


def cover(state: RoundData, seat: int, train: int) -> bool:
    """A tile laid on an uncovered double covers it; whether it did."""
    if train not in state.open_doubles:
        return False
    state.open_doubles.remove(train)
    state.double_owner.pop(train, None)
    if state.events is not None:
        state.events.append(ev.DoubleCovered(seat, train))
    return True


def knock(state: RoundData, seat: int, declared: bool) -> None:
    """``knock``: with one tile left, ``courtesy`` announces it for the seat,
    ``penalty`` wants it declared with the play or draws a penalty tile at once
    (nothing when the boneyard is empty), ``none`` does nothing."""
    rule = state.options.knock
    hand = state.hands[seat]
    if rule == "none" or len(hand) != 1:
        return
    if declared or rule == "courtesy":
        if state.events is not None:
            state.events.append(ev.Knocked(seat))
    elif rule == "penalty" and state.boneyard:
        penalty_tile = state.boneyard.pop()
        hand.append(penalty_tile)
        state.history.append(("penalty", seat, frozenset()))
        if state.events is not None:
            state.events += [ev.Penalty(seat), ev.TileDrawn(seat, penalty_tile, penalty=True)]


def open_double(state: RoundData, seat: int, train: int) -> None:
    """A double laid (outside the opening chain) is uncovered until covered."""
    state.open_doubles.append(train)
    state.double_owner[train] = seat
    if state.events is not None:
        state.events.append(ev.DoubleOpened(seat, train))


def going_out(state: RoundData, seat: int, covered: bool) -> bool:
    """``going_out_on_double``: an empty hand ends the round (``ends-round``, or
    with no double uncovered); under ``must-cover`` covering the last uncovered
    double ends it for a seat already out. Whether the round ended."""
    must_cover = state.options.going_out_on_double == "must-cover"
    if not state.hands[seat]:
        if not must_cover or not state.open_doubles:
            score_round(state, seat)
            return True
        return False
    if covered and must_cover and not state.open_doubles:
        out = next((other for other in range(state.players) if not state.hands[other]), None)
        if out is not None:
            score_round(state, out)
            return True
    return False


def next_need(state: RoundData, train: int, double: bool, covered: bool, drawn_just_now: bool) -> int:
    """What the turn needs after a play outside the opening chain: a double's
    duty (``after_double``), a tile still owed, more of a chain, the cover
    bonus, or nothing."""
    turn = state.turn
    if turn.owes:
        turn.owes -= 1
    if double:
        return after_double(state, drawn_just_now)
    if turn.owes:
        return REQUIRED
    if turn.chain and train == state.to_move:
        return OPTIONAL
    return OPTIONAL if cover_bonus(state, train, covered) else DONE


def after_double(state: RoundData, drawn_just_now: bool) -> int:
    """``after_double``: ``extra-tile`` owes one more tile for every double;
    ``cover-or-draw`` and ``cover-or-end`` want it covered, and a drawn double
    is not drawn for again (hub rule 31)."""
    if state.options.after_double == "extra-tile":
        state.turn.owes += 1
    else:
        state.turn.drew = drawn_just_now
    return REQUIRED


def cover_bonus(state: RoundData, train: int, covered: bool) -> bool:
    """``cover_bonus_play`` (star-ranch): covering a double that was uncovered
    when the turn began allows one more ordinary play (once a turn)."""
    turn = state.turn
    if covered and train in turn.start_doubles and state.options.cover_bonus_play and not turn.bonus_used:
        turn.bonus_used = True
        return True
    return False


# --------------------------------------------------------------- the turn's end


def suspension(state: RoundData, seat: int, needed_draw: bool) -> None:
    """``suspension`` (hub): a seat that must draw from an empty boneyard is
    Suspended for the rest of the round."""
    if needed_draw and state.options.suspension and not state.suspended[seat]:
        state.suspended[seat] = True
        if state.events is not None:
            state.events.append(ev.SeatSuspended(seat))


def marker_after_turn(state: RoundData, seat: int, failed: bool) -> None:
    """The marker as the turn ends: the hub's discretionary rule
    (``discretionary_markers``), else up after a turn that failed."""
    if state.options.discretionary_markers:
        state._set_public(seat, discretionary_marker(state, seat))
    elif failed and (state.turn.played == 0 or state.options.after_double != "cover-or-end"):
        state._set_public(seat, True)


def discretionary_marker(state: RoundData, seat: int) -> bool:
    """Hub: public when Suspended; after playing on your own train, public only
    when that left an uncovered double there; public after a discretionary turn
    that did not; otherwise as it was."""
    turn = state.turn
    if state.suspended[seat]:
        return True
    if turn.played_own:
        own = state.trains[seat]
        return bool(own) and IS_DOUBLE[own[-1]] and seat in state.open_doubles
    return True if turn.discretionary else state.public[seat]


def record_chain_stop(state: RoundData, seat: int, failed: bool) -> None:
    """Remember where a chain turn ended (read by Expert's inference)."""
    turn = state.turn
    chain_turn = turn.chain or (not state.opening_done and not state.first_turn_done[seat])
    if chain_turn and turn.played and not failed:
        state.stops = (*state.stops, (seat, state.ends[seat], len(state.history)))


def close_opening(state: RoundData, seat: int) -> bool:
    """The classic opening: a seat's first turn is over; once every seat has had
    one, a seat that went out on it ends the round. Whether it ended."""
    if state.opening_done:
        return False
    state.first_turn_done[seat] = True
    if False in state.first_turn_done:
        return False
    state.opening_done = True
    out = next((other for other in range(state.players) if not state.hands[other]), None)
    if out is not None:
        score_round(state, out)
        return True
    return False
