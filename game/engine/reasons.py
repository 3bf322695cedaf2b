"""Why an action is refused: one sentence a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MEXICAN, Action, Draw, End, Open, Play, play
from .tiles import HI, LO, TEXT
from .turn import COVER, DONE, EXTRA, OWN, REQUIRED

if TYPE_CHECKING:
    from .round import RoundState


def why_illegal(state: RoundState, action: Action) -> str:
    """A player-readable reason why ``action`` is not legal now (or '' if it is)."""
    if action in state.legal_actions():
        return ""
    if state.round_over:
        return "the round is over"
    seat = state.to_move
    legal = state.legal_actions()
    has_play = any(type(a) is Play for a in legal)
    if type(action) is Draw:
        if has_play:
            return "you have a tile you can play, so you cannot draw"
        if state.turn.drew:
            return "you have already drawn this turn"
        if not state.boneyard:
            return "the boneyard is empty"
        return "you cannot draw now"
    if type(action) is End:
        if state.turn.need == REQUIRED:
            return "you must play a tile first" if has_play else "you must draw first"
        return "your turn is already over"
    if type(action) is Open:
        if not state.options.may_open_own:
            return "these rules do not let you open your own train"
        if state.public[seat]:
            return "your train is already public"
        return "you may open your train only at the start of your turn, before you play"
    assert type(action) is Play
    tile, train = action.tile, action.train
    if tile not in state.hands[seat]:
        return f"you do not hold the {TEXT[tile]}"
    if train != MEXICAN and not 0 <= train < state.players:
        return "there is no such train"
    if action.knock and state.options.knock != "penalty":
        if state.options.knock == "courtesy":
            return "the game announces one tile left for you: play the tile without a knock"
        return "these rules have no knock"
    if action.knock and play(tile, train) in legal:
        return "you may knock only when the play leaves you one tile"
    where = _train_label(state, train)
    scope = state.scope()
    if scope == OWN and train != seat:
        if not state.opening_done and not state.first_turn_done[seat]:
            return "on your first turn you may only start your own train"
        return "this turn you may only go on building your own train"
    if scope == COVER:
        target = state.targets(seat, COVER)[0][0]
        if train != target:
            return f"the {TEXT[state.trains[target][-1]]} on {_train_label(state, target)} must be covered first"
    if scope == EXTRA and train in state.open_doubles and train != state.covering_order()[0]:
        first = state.covering_order()[0]
        return (f"the {TEXT[state.trains[first][-1]]} on {_train_label(state, first)} must be covered before "
                f"the {TEXT[state.trains[train][-1]]}")
    end = state.ends[train]
    if HI[tile] != end and LO[tile] != end:
        return f"the {TEXT[tile]} does not match the {end} at the end of {where}"
    if state.suspended[seat]:
        return "you are suspended: you may only cover a double"
    opts = state.options
    if train != seat and opts.own_train_first and not state.trains[seat]:
        return f"start your own train before playing on {where}"
    if train == MEXICAN and not state.trains[MEXICAN] and opts.mexican_after_own_turn:
        return "the Mexican train may be started only on a later turn than your own"
    if train not in (seat, MEXICAN):
        if not state.public[train]:
            return f"{state.names[train]}'s train is private"
        if not state.trains[train] and not opts.start_public_unstarted:
            return f"only {state.names[train]} may start their own train"
    if state.turn.need == DONE:
        return "your turn is over"
    return "that play is not allowed now"

def _train_label(state: RoundState, train: int) -> str:
    """'the Mexican train', 'your train' or "Ana's train"."""
    if train == MEXICAN:
        return "the Mexican train"
    if train == state.to_move:
        return "your train"
    return f"{state.names[train]}'s train"


