"""The end of a round: whether it is blocked, and its scores."""

from __future__ import annotations

from . import events as ev
from .legality import plays
from .round_data import RoundData
from .tiles import PIP_BITS, Tile, tile_value
from .turn import DONE, ORDINARY


def is_blocked(state: RoundData) -> bool:
    """With the boneyard empty: whether no seat can ever play again."""
    if state.options.suspension:
        return False not in state.suspended
    # Every seat without a play would raise its marker in turn, so look
    # for a play with every train public.
    opts = state.options
    hands = state.hands
    if state.open_doubles:
        return not _any_tile_fits(hands, 1 << state.ends[state.first_to_cover()])
    if (
        state.opening_done
        and not opts.own_train_first
        and opts.start_public_unstarted
        and not opts.mexican_after_own_turn
    ):
        # Then every seat may play on every train: one test of every tile against every end.
        ends = 0
        for end in state.ends:
            ends |= 1 << end
        return not _any_tile_fits(hands, ends)
    # In the classic opening a seat whose first turn is still to come plays
    # ordinarily from its second turn on, so every seat counts with ordinary plays.
    saved, state.public = state.public, [True] * state.players
    try:
        return not any(plays(state, seat, ORDINARY) for seat in range(state.players))
    finally:
        state.public = saved


def _any_tile_fits(hands: list[list[Tile]], ends: int) -> bool:
    """Whether a tile of ``hands`` shows a number of pips that is a set bit of ``ends``."""
    for hand in hands:
        for tile in hand:
            if PIP_BITS[tile] & ends:
                return True
    return False


def score_round(state: RoundData, went_out: int | None) -> None:
    """End the round: every seat scores the pips left in hand, plus (hub) the
    charge for an uncovered double it laid, however the round ends (blocked,
    or by going out where going out on a double ends the round)."""
    state.round_over = True
    state.went_out = went_out
    state.turn.need = DONE
    state._legal = []
    n = state.players
    zz = state.options.zero_zero_value
    charges = [0] * n
    if state.options.uncovered_double_charge:
        for train in state.open_doubles:
            owner = state.double_owner.get(train)
            if owner is not None:
                charges[owner] += tile_value(state.trains[train][-1], zz)
    state.charges = charges
    state.scores = [state.hand_value(s) + charges[s] for s in range(n)]
    if state.events is not None:
        state.events.append(
            ev.RoundEnded(
                tuple(tuple(h) for h in state.hands), tuple(state.scores), went_out, tuple(charges)
            )
        )
