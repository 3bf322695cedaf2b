"""The table in words for a player who cannot see it: the hand with where each
tile plays, a train, whose turn it is, the hands' sizes, the boneyard and the
scores. Every sentence is made from one seat's view (``SeatView``), so it can
never name a tile another person holds."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import MEXICAN, Play
from ..engine.tiles import HI, LO, TEXT, Tile
from ..engine.view import SeatView
from .counting import counted


def train_key(train: int) -> str:
    """The key that plays on ``train``: '1'-'8' for a seat's train, 'M' for the Mexican train."""
    return "M" if train == MEXICAN else str(train + 1)


def train_name(train: int, names: Sequence[str], you: int | None) -> str:
    """'the Mexican train', 'your train' or "Ana's train"."""
    if train == MEXICAN:
        return "the Mexican train"
    return "your train" if train == you else f"{names[train]}'s train"


def who(seat: int, names: Sequence[str], you: int | None) -> str:
    """'you' for the person's seat, else the seat's name."""
    return "you" if seat == you else names[seat]


def with_figure(name: str, figure: int) -> str:
    """'Ana 12', or 'Medium 3, 12' for a name that ends in a number (the two would run together)."""
    return f"{name}, {figure}" if name[-1:].isdigit() else f"{name} {figure}"


def trains_for(view: SeatView, tile: Tile) -> list[int]:
    """The trains ``tile`` may go on now (none when it is not the view's seat's move)."""
    return sorted({a.train for a in view.legal if isinstance(a, Play) and a.tile == tile},
                  key=lambda t: (t == MEXICAN, t))


def _on(trains: Sequence[int], names: Sequence[str], you: int | None) -> str:
    """'your train (1) or the Mexican train (M)'."""
    return " or ".join(f"{train_name(t, names, you)} ({train_key(t)})" for t in trains)


def tile_words(view: SeatView, tile: Tile, you: int | None) -> str:
    """One tile of the hand and where it plays now: '12-5 plays on your train (1)', '6-6, no play now'."""
    trains = trains_for(view, tile)
    if not view.legal:
        return TEXT[tile]
    return f"{TEXT[tile]} plays on {_on(trains, view.names, you)}" if trains else f"{TEXT[tile]}, no play now"


def hand_words(view: SeatView, order: Sequence[Tile], you: int | None) -> str:
    """The whole hand in the tray's order: on the seat's move the tiles that play
    first, each with its trains, then the others; else the tiles and whose move it is."""
    whose = "Your hand" if view.seat == you else f"{view.names[view.seat]}'s hand"
    pips = sum(HI[t] + LO[t] for t in order)
    head = f"{whose}, {counted(len(order), 'tile')}, {counted(pips, 'pip')}"
    if not order:
        return f"{whose} is empty."
    if not view.legal:
        return f"{head}: {', '.join(TEXT[t] for t in order)}. {turn_words(view, you)}"
    playing = [t for t in order if trains_for(view, t)]
    idle = [t for t in order if t not in playing]
    said = [head + "."]
    if playing:
        said.append("Plays now: " + "; ".join(f"{TEXT[t]} on {_on(trains_for(view, t), view.names, you)}"
                                             for t in playing) + ".")
    else:
        said.append("No tile plays now.")
    if idle:
        said.append("No play: " + ", ".join(TEXT[t] for t in idle) + ".")
    return " ".join(said)


def train_words(view: SeatView, train: int, you: int | None) -> str:
    """A train: its length, its open end and last tile, its marker, an open double on it."""
    if train != MEXICAN and not 0 <= train < view.players:
        return f"There is no train {train_key(train)}: {counted(view.players, 'seat')} at this table."
    name = train_name(train, view.names, you)
    head = f"{name[0].upper()}{name[1:]} ({train_key(train)})"
    tiles = view.trains[train]
    end = view.ends[train]
    said = [f"{head}: not started, it starts from the engine, {end}" if not tiles
            else f"{head}: {counted(len(tiles), 'tile')}, {', '.join(TEXT[t] for t in tiles)}; open end {end}"]
    if train != MEXICAN:
        said.append("marker up: anyone may play on it" if view.public[train] else "private")
    if train in view.open_doubles:
        said.append(f"its double {end}-{end} is open: it must be covered first")
    return ", ".join(said) + "."


def turn_words(view: SeatView, you: int | None) -> str:
    """Whose move it is: 'Your move.' or "Ana's move." ('The round is over.' once it is)."""
    if view.round_over:
        return "The round is over."
    seat = view.to_move
    return "Your move." if seat == you else f"{view.names[seat]}'s move."


def glance_words(view: SeatView, you: int | None) -> str:
    """The table at a glance, as a sighted player sees it: the engine, every seat's tiles in hand,
    its train's length and open end, its marker (and a suspension, an open double),
    the Mexican train, the boneyard and whose move it is."""
    seats = []
    for seat in range(view.players):
        name = "You" if seat == you else view.names[seat]
        tiles = view.trains[seat]
        train = f"train of {len(tiles)} open at {view.ends[seat]}" if tiles else "no train yet"
        marker = "marker up" if view.public[seat] else "private"
        suspended = ", suspended" if view.suspended[seat] else ""
        held = counted(view.hand_sizes[seat], "tile")
        seats.append(f"{name}{', ' if name[-1:].isdigit() else ' '}{held}, {train}, {marker}{suspended}")
    mexican = view.trains[MEXICAN]
    seats.append(f"Mexican train of {len(mexican)} open at {view.ends[MEXICAN]}" if mexican
                 else "no Mexican train yet")
    doubles = [f"The double {view.ends[t]} on {train_name(t, view.names, you)} must be covered."
               for t in view.open_doubles]
    engine = f"Engine {view.engine}-{view.engine}."
    return " ".join([engine, "; ".join(seats) + ".", *doubles, boneyard_words(view), turn_words(view, you)])


def falling_words(seat: int, left: int, names: Sequence[str], you: int | None) -> str:
    """What a player announces at the table as a hand falls to two tiles, then one:
    'Ana has 2 tiles left.'"""
    return f"{'You have' if seat == you else names[seat] + ' has'} {counted(left, 'tile')} left."


def counts_words(view: SeatView, you: int | None) -> str:
    """Every hand's size and who moves next: 'Hands: you 8, Ana 7. Ana's move.'"""
    sizes = ", ".join(with_figure(who(s, view.names, you), n) for s, n in enumerate(view.hand_sizes))
    return f"Hands: {sizes}. {turn_words(view, you)}"


def boneyard_words(view: SeatView) -> str:
    """How many tiles the boneyard holds."""
    size = view.boneyard_size
    return "The boneyard is empty." if size == 0 else f"The boneyard holds {counted(size, 'tile')}."


def scores_words(names: Sequence[str], totals: Sequence[int], you: int | None, playing: int | None,
                 rounds: int) -> str:
    """The totals so far, lowest first: 'Scores after 2 of 13 rounds: you 12, Ana 30.'"""
    done = ("at the end" if playing is None else "before the first round ends" if playing == 1
            else f"after {playing - 1} of {rounds} rounds")
    order = sorted(range(len(totals)), key=lambda s: totals[s])
    return f"Scores {done}: " + ", ".join(with_figure(who(s, names, you), totals[s]) for s in order) + "."


def score_sheet_words(names: Sequence[str], round_scores: Sequence[Sequence[int]], totals: Sequence[int],
                      hints: Sequence[int] = ()) -> list[str]:
    """The score sheet read row by row: 'Ana: round 1 12, round 2 0; total 12; 1 hint.'"""
    rows = []
    for seat, name in enumerate(names):
        rounds = ", ".join(f"round {r + 1} {scores[seat]}" for r, scores in enumerate(round_scores))
        hinted = f"; {counted(hints[seat], 'hint')}" if seat < len(hints) and hints[seat] else ""
        rows.append(f"{name}: {rounds or 'no round finished'}; total {totals[seat]}{hinted}.")
    return rows


def revealed_words(names: Sequence[str], hands: Sequence[Sequence[Tile]], scores: Sequence[int]) -> list[str]:
    """Every hand as the round's end reveals it, with its score: 'Ana: 2 tiles, 5-4, 6-6: 21 points.'"""
    rows = []
    for seat, name in enumerate(names):
        hand = hands[seat]
        held = "out" if not hand else f"{counted(len(hand), 'tile')}, {', '.join(TEXT[t] for t in hand)}"
        rows.append(f"{name}: {held}: {counted(scores[seat], 'point')}.")
    return rows
