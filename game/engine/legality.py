"""What the seat to move may do, each rule written once.

Every rule that makes an action legal is one small function that answers
with its refusal (a short code for a train; for the rest a ``Refusal``: the
rule's name and the reason in words) or None when it allows. ``legal_actions``
lists the actions those rules allow, and ``refusal`` says, for any other
action, the rule that refuses it, in words a player understands (``refused``:
with the rule's name, from ``RULES``, so the player can be shown the rules
behind it); a test over random positions of every preset holds the two
together (an action is listed exactly when it has no refusal, and no refusal
is a vague one).

The list has one fixed order, which every computer level's decisions depend
on (a change of it is a change of every level's version): the plays train
by train as the seat considers them (``considered``: its own, the Mexican,
the others by seat), each train's tiles in the order of the hand; then the
same plays with a knock, when one is offered; then ``end`` or ``open``; or
``draw`` alone. No set is built, so the order owes nothing to hashing.

The rules, by the name a reader looks for:

- where a tile may go: ``train_block`` (the scope of the turn, suspension,
  the cover order of open doubles, own train first, the Mexican train a turn
  later, private trains, unstarted trains);
- matching: ``mismatch``;
- the knock: ``knock_refusal``;
- drawing: ``draw_refusal``; ending a turn: ``end_refusal``; opening your own
  train (star-ranch): ``open_refusal``.
"""

from __future__ import annotations

from typing import Final, NamedTuple, cast

from .actions import DRAW, END, MEXICAN, OPEN, PLAIN_PLAYS, Action, Draw, End, Open, Play, play
from .round_data import RoundData
from .tiles import HI, LO, PIP_BITS, TEXT, Tile
from .turn import COVER, DONE, EXTRA, OPTIONAL, ORDINARY, OWN, REQUIRED


class Refusal(NamedTuple):
    """Why an action is not legal: the ``rule`` that refuses it (one of ``RULES``) and the ``reason`` in words."""

    rule: str
    reason: str


# --------------------------------------------------------------- where a tile may go

FIRST_TURN_OWN = "first-turn-own"
CHAIN_OWN = "chain-own"
COVER_FIRST = "cover-first"
COVER_ORDER = "cover-order"
SUSPENDED = "suspended"
OWN_FIRST = "own-first"
MEXICAN_LATER = "mexican-later"
PRIVATE = "private"
OWNER_STARTS = "owner-starts"


def train_block(state: RoundData, seat: int, scope: int, train: int) -> str | None:
    """Why ``seat`` may not lay a tile on ``train`` at this point of its turn
    (``scope``: ORDINARY, COVER, EXTRA or OWN), as a short code, or None when
    it may. Every rule of where a tile may go is here."""
    if scope == OWN:
        if train == seat:
            return None
        return FIRST_TURN_OWN if not state.opening_done and not state.first_turn_done[seat] else CHAIN_OWN
    if scope == COVER:
        return None if train == state.first_to_cover() else COVER_FIRST
    if state.suspended[seat]:
        return SUSPENDED
    if scope == EXTRA and train in state.open_doubles:
        # the extra tile owed after a double may cover the double first in the preset's order, no other
        return None if train == state.first_to_cover() else COVER_ORDER
    return ordinary_block(state, seat, train)


def ordinary_block(state: RoundData, seat: int, train: int) -> str | None:
    """Why ``seat`` may not use ``train`` on an ordinary play (None: it may)."""
    if train == seat:
        return None
    opts, trains = state.options, state.trains
    if opts.own_train_first and not trains[seat]:
        return OWN_FIRST  # the others wait until your own train is started
    if train == MEXICAN:
        return None if trains[MEXICAN] or mexican_startable(state, seat) else MEXICAN_LATER
    if not state.public[train]:
        return PRIVATE  # another seat's train only while its marker is up
    if not trains[train] and not opts.start_public_unstarted:
        return OWNER_STARTS
    return None


def mexican_startable(state: RoundData, seat: int) -> bool:
    """Whether ``seat`` may start the (empty) Mexican train this turn: always,
    unless the rules want it on a later turn than the seat's own train."""
    if not state.options.mexican_after_own_turn:
        return True
    started = state.own_started_turn[seat]
    return bool(state.trains[seat]) and (started or 0) < state.turn_number


_ORDERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((seat, MEXICAN, *[t for t in range(players) if t != seat]) for seat in range(players))
    for players in range(9)
)
"""Per table size and seat, the trains in the order the seat considers them:
its own, the Mexican, the others by seat."""


def considered(state: RoundData, seat: int, scope: int) -> tuple[int, ...]:
    """The trains ``seat`` considers under ``scope``, in order: its own, the
    Mexican, the others by seat; a chain or a cover considers one train, and
    under EXTRA the open double only that rule lets the seat cover comes last."""
    if scope == OWN:
        return (seat,)
    if scope == COVER:
        return (state.first_to_cover(),)
    order = _ORDERS[state.players][seat]
    if scope == EXTRA and state.open_doubles:
        first = state.first_to_cover()
        if ordinary_block(state, seat, first) is not None:
            return (*[t for t in order if t != first], first)
    return order


def targets(state: RoundData, seat: int, scope: int) -> list[tuple[int, int]]:
    """(train, end pip) pairs ``seat`` may play on under ``scope``."""
    ends = state.ends
    return [(t, ends[t]) for t in considered(state, seat, scope) if train_block(state, seat, scope, t) is None]


def plays(state: RoundData, seat: int, scope: int) -> list[Play]:
    """Plays from ``seat``'s hand under ``scope`` (without knock variants): train by
    train in the order the seat considers them (``considered``), and on each train
    the tiles that fit its end in the order of the hand (as dealt, then as drawn)."""
    hand, ends = state.hands[seat], state.ends
    out: list[Play] = []
    if scope == OWN or scope == COVER:  # one train, which the scope itself allows
        train = seat if scope == OWN else state.first_to_cover()
        _fitting(hand, ends[train], PLAIN_PLAYS[train], out)
        return out
    ordinary = scope == ORDINARY and not state.suspended[seat]  # then train_block is ordinary_block
    order = _ORDERS[state.players][seat] if ordinary else considered(state, seat, scope)
    for train in order:
        block = ordinary_block(state, seat, train) if ordinary else train_block(state, seat, scope, train)
        if block is None:
            _fitting(hand, ends[train], PLAIN_PLAYS[train], out)
    return out


def _fitting(hand: list[Tile], end: int, row: tuple[Play, ...], out: list[Play]) -> None:
    """Add to ``out`` the play in ``row`` of each tile of ``hand`` with an end of ``end`` pips, in the hand's order."""
    bit = 1 << end
    for tile in hand:
        if PIP_BITS[tile] & bit:
            out.append(row[tile])


MISMATCH = "mismatch"


def mismatch(state: RoundData, tile: int, train: int) -> Refusal | None:
    """Why ``tile`` does not fit the end of ``train`` (None: it fits)."""
    end = state.ends[train]
    if HI[tile] == end or LO[tile] == end:
        return None
    return Refusal(MISMATCH, f"the {TEXT[tile]} does not match the {end} at the end of {train_label(state, train)}")


# ------------------------------------------------------------------ the knock


def knock_offered(state: RoundData, seat: int) -> bool:
    """Whether plays of ``seat`` come with a knock variant: the preset makes
    forgetting the knock cost a penalty, and the play leaves one tile."""
    return state.options.knock == "penalty" and len(state.hands[seat]) == 2


KNOCK_COURTESY = "knock-courtesy"
NO_KNOCK = "no-knock"
KNOCK_EARLY = "knock-early"


def knock_refusal(state: RoundData, seat: int, knock: bool) -> Refusal | None:
    """Why a play may not carry (or lack) the knock it does (None: fine)."""
    if not knock:
        return None
    rule = state.options.knock
    if rule == "courtesy":
        return Refusal(KNOCK_COURTESY, "the game announces one tile left for you: play the tile without a knock")
    if rule != "penalty":
        return Refusal(NO_KNOCK, "these rules have no knock")
    if len(state.hands[seat]) != 2:
        return Refusal(KNOCK_EARLY, "you may knock only when the play leaves you one tile")
    return None


# ------------------------------------------------------------ drawing, ending, opening


def may_draw(state: RoundData) -> bool:
    """Whether the rules let the seat to move draw should it have no play.

    A turn may hold several draws: one whenever the preset needs a draw to
    complete the turn. ``turn.drew`` says a draw was already spent on the
    current need (cleared by a play that creates a new need, except after a
    drawn double outside ``extra-tile``)."""
    return _draw_rule(state) is None


DRAWN = "drawn"
SUSPENDED_DRAW = "suspended-draw"
FIRST_TURN_DRAW = "first-turn-draw"
DOUBLE_ENDS_TURN = "double-ends-turn"
HAS_PLAY = "has-play"
BONEYARD_EMPTY = "boneyard-empty"
NO_DRAW_NEEDED = "no-draw-needed"


def _draw_rule(state: RoundData) -> str | None:
    """The rule that forbids a draw to the seat to move whatever its hand, or None."""
    seat, turn = state.to_move, state.turn
    if turn.drew:
        return DRAWN
    if state.suspended[seat]:
        return SUSPENDED_DRAW
    if not state.opening_done and not state.first_turn_done[seat]:
        return FIRST_TURN_DRAW
    if turn.played and state.options.after_double == "cover-or-end":
        return DOUBLE_ENDS_TURN
    return None


def draw_rule(state: RoundData, has_play: bool) -> str | None:
    """The rule that forbids the seat to move to draw now (None: it may)."""
    if has_play:
        return HAS_PLAY
    rule = _draw_rule(state)
    if rule is not None:
        return rule
    if not state.boneyard:
        return BONEYARD_EMPTY
    if state.turn.need != REQUIRED:
        return NO_DRAW_NEEDED
    return None


MUST_PLAY = "must-play"
MUST_DRAW = "must-draw"
TURN_OVER = "turn-over"


def end_rule(state: RoundData, has_play: bool) -> str | None:
    """The rule that forbids the seat to move to end its turn now (None: it may)."""
    need = state.turn.need
    if need == REQUIRED:
        return MUST_PLAY if has_play else MUST_DRAW
    if need == OPTIONAL and has_play:
        return None
    return TURN_OVER


NO_OPENING = "no-opening"
OPEN_ALREADY = "open-already"
OPENED_TWICE = "opened-twice"
OPEN_LATE = "open-late"
OPEN_NO_PLAY = "open-no-play"


def open_rule(state: RoundData, has_play: bool) -> str | None:
    """The rule that forbids the seat to move to open its own train now (star-ranch; None: it may)."""
    seat, turn = state.to_move, state.turn
    if not state.options.may_open_own:
        return NO_OPENING
    if state.public[seat]:
        return OPEN_ALREADY
    if turn.opened:
        return OPENED_TWICE
    if turn.played or turn.drew or turn.need != REQUIRED:
        return OPEN_LATE
    if not has_play:
        return OPEN_NO_PLAY
    return None


_SAID: Final = {
    DRAWN: "you have already drawn for this",
    SUSPENDED_DRAW: "you are suspended: you may not draw, only cover a double",
    HAS_PLAY: "you have a tile you can play, so you cannot draw",
    BONEYARD_EMPTY: "the boneyard is empty",
    NO_DRAW_NEEDED: "your turn needs no draw",
    MUST_PLAY: "you must play a tile first",
    MUST_DRAW: "you must draw first",
    TURN_OVER: "your turn is already over",
    NO_OPENING: "these rules do not let you open your own train",
    OPEN_ALREADY: "your train is already public",
    OPENED_TWICE: "you have opened your train this turn already",
    OPEN_LATE: "you may open your train only at the start of your turn, before you play",
    OPEN_NO_PLAY: "you may open your train only on a turn you could play",
}
"""The reason in words for each rule of drawing, ending and opening that needs nothing from the table."""


def _refusal(state: RoundData, rule: str | None) -> Refusal | None:
    """The refusal of a rule of drawing, ending or opening, with its reason in words (None: no rule)."""
    if rule is None:
        return None
    if rule == FIRST_TURN_DRAW:
        return Refusal(rule, f"there is no draw on your first turn in {state.options.preset}")
    if rule == DOUBLE_ENDS_TURN:
        return Refusal(rule, f"in {state.options.preset} a double you could not cover is not drawn for: the turn ends")
    return Refusal(rule, _SAID[rule])


def draw_refusal(state: RoundData, has_play: bool) -> Refusal | None:
    """Why the seat to move may not draw now (None: it may)."""
    return _refusal(state, draw_rule(state, has_play))


def end_refusal(state: RoundData, has_play: bool) -> Refusal | None:
    """Why the seat to move may not end its turn now (None: it may)."""
    return _refusal(state, end_rule(state, has_play))


def open_refusal(state: RoundData, has_play: bool) -> Refusal | None:
    """Why the seat to move may not open its own train now (star-ranch; None: it may)."""
    return _refusal(state, open_rule(state, has_play))


# ------------------------------------------------------------------ the whole list


def legal_actions(state: RoundData) -> list[Action]:
    """Every action the seat to move may take now, in the module's documented order (plays
    train by train, knock variants, then ``end`` or ``open``; or ``draw`` alone): the rules
    are asked by their short codes, so no reason is worded for an action not listed."""
    if state.round_over or state.turn.need == DONE:
        return []
    seat = state.to_move
    found = plays(state, seat, state.scope())
    if found:
        legal: list[Action] = found  # type: ignore[assignment]  # a list of plays is a list of actions
        if knock_offered(state, seat):
            legal = legal + [play(p.tile, p.train, True) for p in found]
        if end_rule(state, True) is None:
            legal.append(END)
        elif open_rule(state, True) is None:
            legal.append(OPEN)
        return legal
    return [DRAW] if draw_rule(state, False) is None else []


ROUND_OVER = "round-over"
NOT_HELD = "not-held"
NO_TRAIN = "no-train"


def refusal(state: RoundData, action: Action) -> str | None:
    """Why ``action`` is not legal now, in words for the player (None: it is)."""
    found = refused(state, action)
    return None if found is None else found.reason


def refused(state: RoundData, action: Action) -> Refusal | None:
    """The rule that refuses ``action`` now and why, in words for the player (None: it is legal)."""
    if state.round_over:
        return Refusal(ROUND_OVER, "the round is over")
    if state.turn.need == DONE:
        return Refusal(TURN_OVER, "your turn is over")
    has_play = bool(plays(state, state.to_move, state.scope()))
    if type(action) is Draw:
        return draw_refusal(state, has_play)
    if type(action) is End:
        return end_refusal(state, has_play)
    if type(action) is Open:
        return open_refusal(state, has_play)
    return play_refusal(state, cast(Play, action))


def play_refusal(state: RoundData, action: Play) -> Refusal | None:
    """Why the play ``action`` is not legal now (None: it is)."""
    seat, tile, train = state.to_move, action.tile, action.train
    if tile not in state.hands[seat]:
        return Refusal(NOT_HELD, f"you do not hold the {TEXT[tile]}")
    if train != MEXICAN and not 0 <= train < state.players:
        return Refusal(NO_TRAIN, "there is no such train")
    knock = knock_refusal(state, seat, action.knock)
    if knock is not None:
        return knock
    block = train_block(state, seat, state.scope(), train)
    if block is not None:
        return Refusal(block, explain(state, seat, train, block))
    return mismatch(state, tile, train)


RULES: Final = (
    FIRST_TURN_OWN, CHAIN_OWN, COVER_FIRST, COVER_ORDER, SUSPENDED, OWN_FIRST, MEXICAN_LATER, PRIVATE,
    OWNER_STARTS, MISMATCH, KNOCK_COURTESY, NO_KNOCK, KNOCK_EARLY, DRAWN, SUSPENDED_DRAW, FIRST_TURN_DRAW,
    DOUBLE_ENDS_TURN, HAS_PLAY, BONEYARD_EMPTY, NO_DRAW_NEEDED, MUST_PLAY, MUST_DRAW, TURN_OVER, NO_OPENING,
    OPEN_ALREADY, OPENED_TWICE, OPEN_LATE, OPEN_NO_PLAY, ROUND_OVER, NOT_HELD, NO_TRAIN,
)
"""The name of every rule that refuses an action (``Refusal.rule``)."""


def explain(state: RoundData, seat: int, train: int, block: str) -> str:
    """The sentence for a train ``block`` code of ``train_block``."""
    where = train_label(state, train)
    if block in (COVER_FIRST, COVER_ORDER):
        first = state.first_to_cover()
        double = f"the {TEXT[state.trains[first][-1]]} on {train_label(state, first)}"
        if block == COVER_FIRST:
            return f"{double} must be covered first"
        return f"{double} must be covered before the {TEXT[state.trains[train][-1]]}"
    sentences = {
        FIRST_TURN_OWN: "on your first turn you may only start your own train",
        CHAIN_OWN: "this turn you may only go on building your own train",
        SUSPENDED: "you are suspended: you may only cover a double",
        OWN_FIRST: f"start your own train before playing on {where}",
        MEXICAN_LATER: "the Mexican train may be started only on a later turn than your own",
        PRIVATE: f"{state.names[train]}'s train is private" if train != MEXICAN else "",
        OWNER_STARTS: f"only {state.names[train]} may start their own train" if train != MEXICAN else "",
    }
    return sentences[block]


def train_label(state: RoundData, train: int) -> str:
    """'the Mexican train', 'your train' or "Ana's train"."""
    if train == MEXICAN:
        return "the Mexican train"
    if train == state.to_move:
        return "your train"
    return f"{state.names[train]}'s train"
