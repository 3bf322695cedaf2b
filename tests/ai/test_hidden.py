"""No level can reach hidden tiles, and a decision depends only on (seed, view)."""

from __future__ import annotations

import gc
import pickle
from itertools import islice
from typing import Any

import pytest

from game.ai import KINDS, LEVELS, make_player
from game.engine import seat_view

from .positions import choice_positions, random_position, with_other_hidden_tiles


def _reachable(root: Any) -> set[int]:
    """Ids of every object reachable from ``root``."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


def test_the_oracle_is_not_offered_to_players() -> None:
    assert "oracle" not in KINDS
    assert "oracle" not in LEVELS


def test_a_view_holds_no_reference_to_hidden_hands_or_the_boneyard() -> None:
    state = random_position("classic", 4, 3, 20)
    assert state is not None
    seat = state.to_move
    reachable = _reachable(seat_view(state, seat))
    hidden = [state, state.boneyard, state.hands, *(h for s, h in enumerate(state.hands) if s != seat)]
    assert not any(id(obj) in reachable for obj in hidden)


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_decides_the_same_whatever_the_hidden_tiles_are(level: str) -> None:
    """Two rounds that differ only in what the seat cannot see give the same
    view, and every level decides the same in both: nothing hidden leaks in."""
    checked = 0
    for seed, state in choice_positions(range(40), lambda seed: 12 + seed % 30):
        seat = state.to_move
        view = seat_view(state, seat)
        other = with_other_hidden_tiles(state, seat, seed)
        other_view = seat_view(other, seat)
        assert other_view == view
        first = make_player(level, "same").choose(view)
        second = make_player(level, "same").choose(other_view)
        assert first == second
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_decision(level: str) -> None:
    """A resumed game (a fresh player, a view rebuilt from a save) decides the same,
    even after the first player has seen other positions."""
    found = choice_positions(range(30), lambda seed: 10 + seed, "tap")
    views = [seat_view(state, state.to_move) for _, state in islice(found, 3)]
    warm = make_player(level, "seed-a")
    for view in views:
        warm.choose(view)
    for view in views:
        again = pickle.loads(pickle.dumps(view))
        assert make_player(level, "seed-a").choose(again) == warm.choose(view)
