"""Every level returns a legal action in every preset, whatever the position."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import LEVELS, make_oracle, make_player
from game.engine import seat_view

from .positions import PRESET_NAMES, random_position

positions = st.tuples(
    st.sampled_from(PRESET_NAMES), st.integers(2, 6), st.integers(0, 10**6), st.integers(0, 90)
)


def _check(level: str, rules: str, players: int, seed: int, steps: int) -> None:
    state = random_position(rules, players, seed, steps)
    if state is None:
        return
    view = seat_view(state, state.to_move)
    action = make_player(level, f"test/{seed}").choose(view)
    assert action in state.legal_actions(), f"{level} chose illegal {action} in {rules}"
    state.apply(action)


@settings(max_examples=80, deadline=None)
@given(positions)
def test_easy_and_medium_only_choose_legal_actions(position: tuple[str, int, int, int]) -> None:
    for level in ("easy", "medium"):
        _check(level, *position)


@settings(max_examples=12, deadline=None)
@given(positions)
def test_hard_and_expert_only_choose_legal_actions(position: tuple[str, int, int, int]) -> None:
    for level in ("hard", "expert"):
        _check(level, *position)


@settings(max_examples=15, deadline=None)
@given(positions)
def test_oracle_only_chooses_legal_actions(position: tuple[str, int, int, int]) -> None:
    state = random_position(*position)
    if state is None:
        return
    action = make_oracle("test").choose_full(state.copy())
    assert action in state.legal_actions()


def test_every_level_plays_whole_rounds_in_every_preset() -> None:
    for i, rules in enumerate(PRESET_NAMES):
        state = random_position(rules, 4, i, 0)
        assert state is not None
        players = [make_player(LEVELS[(s + i) % 2], f"round/{s}") for s in range(4)]
        while not state.round_over:
            state.apply(players[state.to_move].choose(seat_view(state, state.to_move)))
        assert state.scores is not None
