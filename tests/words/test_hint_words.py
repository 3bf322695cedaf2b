"""The hint's sentence: the tiles it counts are the tiles of its line, a double's cover
and the end of the turn said, no count promised that the line does not lay."""

from __future__ import annotations

import dataclasses

from game.engine import DRAW, END, Play, RoundState, parse_tiles, preset, seat_view
from game.engine.tiles import double, full_set, tile_id
from game.words.hint_words import hint_text, why

NAMES = ("You", "Ana", "Bruno", "Carmen")


def _view(mine: str, own_end_tiles: str = "12-4", played: int = 0):  # type: ignore[no-untyped-def]
    """Seat 0 to move in classic with ``mine``, its train ``own_end_tiles``; ``played`` tiles laid this turn."""
    setup = preset("classic").setup(4)
    trains = {0: parse_tiles(own_end_tiles), 1: parse_tiles("12-6"), 2: parse_tiles("12-7"), 3: parse_tiles("12-8")}
    hand = parse_tiles(mine)
    used = set(hand) | {t for tiles in trains.values() for t in tiles} | {double(12)}
    rest = [t for t in full_set(setup.set_max) if t not in used]
    hands = [hand, rest[:5], rest[5:10], rest[10:15]]
    state = RoundState.from_table(setup, 12, hands, rest[15:], 0, trains, record_events=False)
    view = seat_view(state, 0)
    return dataclasses.replace(view, turn=dataclasses.replace(view.turn, played=played))


def test_a_line_on_your_own_train_is_counted_tile_by_tile_to_its_end() -> None:
    line = (Play(tile_id(4, 1), 0), Play(tile_id(1, 0), 0), Play(tile_id(5, 0), 0), END)
    start = why(_view("4-1 1-0 5-0 9-9"), line, NAMES)
    assert start == "it starts a line of 3 tiles to lay on your train this turn, then end your turn"
    assert why(_view("1-0 5-0 9-9", played=1), line[1:], NAMES) == \
        "next in your line: 2 tiles left to lay this turn, then end your turn"
    assert why(_view("5-0 9-9", played=2), line[2:], NAMES) == "the last tile of your line this turn, then end your turn"
    assert why(_view("9-4", played=3), line[3:], NAMES).startswith("your line for this turn is laid")


def test_a_double_and_its_cover_are_one_line_of_two_tiles() -> None:
    line = (Play(tile_id(6, 6), 1), Play(tile_id(6, 3), 1))
    said = hint_text(_view("6-6 6-3 9-9"), line, NAMES)
    assert said == "Hint: play the 6-6 on Ana's train \u2014 it sheds 12 pips; then cover it with the 6-3: 2 tiles this turn."


def test_one_tile_on_your_own_train_promises_no_count() -> None:
    said = why(_view("4-1 1-0 5-0"), (Play(tile_id(4, 1), 0),), NAMES)
    assert said == "it starts the longest line your hand can lay on your own train"
    assert not any(ch.isdigit() for ch in said)


def test_a_draw_says_why() -> None:
    assert why(_view("9-9"), (DRAW,), NAMES) == "no tile you hold fits a train you may play on"
