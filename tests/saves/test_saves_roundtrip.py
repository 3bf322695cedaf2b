"""Save at random points of simulated matches, load, and find the same game that plays on the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Phase, Play
from game.saves import dumps, session_from_bytes
from game.memory.session import GameSession, SeatConfig

from .sessions import new_session, play_steps, play_to_end, whole_state

TABLES = [
    ("classic", ["human", "easy", "random", "random"]),
    ("hub", ["random", "human", "random"]),
    ("tournament", ["random", "random", "human", "easy", "random"]),
    ("star-ranch", ["human", "random"]),
    ("tap", ["random", "random", "random", "random", "random", "human"]),
]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000), steps=st.integers(0, 900))
def test_a_resumed_match_is_the_same_and_ends_like_the_uninterrupted_one(
    table: tuple[str, list[str]], seed: int, steps: int
) -> None:
    rules, kinds = table
    original = new_session(rules, kinds, seed)
    play_steps(original, steps)
    resumed = session_from_bytes(dumps(original, "test"))
    assert whole_state(resumed) == whole_state(original)
    dealt = len(original.match.deals)
    play_to_end(original)
    play_to_end(resumed)
    assert whole_state(resumed, dealt) == whole_state(original, dealt)
    assert resumed.match.totals() == original.match.totals()


@pytest.mark.parametrize("steps", [0, 1, 2, 5, 30])
def test_saves_at_the_very_start_and_early_turns_round_trip(steps: int) -> None:
    original = new_session("classic", ["human", "random", "random"], "start")
    play_steps(original, steps)
    resumed = session_from_bytes(dumps(original, "test"))
    assert whole_state(resumed) == whole_state(original)


def test_a_save_between_rounds_and_at_the_end_of_the_match_round_trip() -> None:
    session = new_session("classic", ["random", "random"], 5, rounds=2)
    while session.match.round is None or not session.match.round.round_over:
        play_steps(session, 1)
    assert session.match.phase is Phase.ROUND_OVER and len(session.match.round_scores) == 1
    assert whole_state(session_from_bytes(dumps(session, "t"))) == whole_state(session)
    play_to_end(session)
    assert session.match.is_over
    resumed = session_from_bytes(dumps(session, "t"))
    assert whole_state(resumed) == whole_state(session)
    assert resumed.match.ranking() == session.match.ranking()


def test_a_resumed_round_records_events_for_the_table_to_animate() -> None:
    session = new_session("classic", ["human", "random", "random"], 9)
    play_steps(session, 12)
    resumed = session_from_bytes(dumps(session, "t"))
    assert resumed.match.round is not None and resumed.match.round.events == []
    play_steps(resumed, 1)
    assert resumed.match.round.events, "the next action after a resume produces events"


def _forgetful_tap_session(seed: int) -> GameSession | None:
    """A tap match played by first legal actions until a seat forgets to knock, or None."""
    from game.engine import preset

    session = GameSession(preset("tap"), [SeatConfig("You", "human"), SeatConfig("Ana", "easy")], seed)
    state = session.match.start_next_round()
    while not state.round_over:
        legal = state.legal_actions()
        plain = [a for a in legal if isinstance(a, Play) and not a.knock]
        if len(state.hands[state.to_move]) == 2 and plain:
            session.match.apply(plain[0])
            return session
        session.match.apply(legal[0])
    return None


def test_a_tap_round_with_a_forgotten_knock_saves_and_loads(tmp_path: Path) -> None:
    """The penalty draw is in the public history, and a save holding it loads exactly."""
    from game.saves import SaveStore

    sessions = [s for s in map(_forgetful_tap_session, range(10)) if s is not None]
    with_penalty = [s for s in sessions if s.match.round and s.match.round.boneyard is not None
                    and any(kind == "penalty" for kind, _, _ in s.match.round.history)]
    assert with_penalty, "a forgotten knock with tiles left in the boneyard draws a penalty tile"
    session = with_penalty[0]
    state = session.match.round
    assert state is not None
    store = SaveStore(tmp_path)
    loaded = store.load(store.autosave(session))
    assert loaded.match.round is not None and loaded.match.round.history == state.history


def test_a_pass_and_play_match_of_two_people_saves_and_loads_with_both_names() -> None:
    from game.engine import preset

    seats = [SeatConfig("Ana", "human"), SeatConfig("Random 1", "random"), SeatConfig("Ben", "human")]
    session = GameSession(preset("classic"), seats, 21)
    play_steps(session, 25)
    resumed = session_from_bytes(dumps(session, "family"))
    assert resumed.human_seats == [0, 2]
    assert [resumed.seats[s].name for s in resumed.human_seats] == ["Ana", "Ben"]
    assert whole_state(resumed) == whole_state(session)


def test_the_comparison_walks_every_attribute_of_the_session_and_its_match() -> None:
    """whole_state names none of them: one a save would not restore is noticed,
    whether it is the session's, the match's or a field of the round."""
    for where in ("session", "match", "round"):
        original = new_session("classic", ["human", "random", "random"], "walk")
        play_steps(original, 20)
        resumed = session_from_bytes(dumps(original, "test"))
        assert whole_state(resumed) == whole_state(original)
        if where == "round":
            assert resumed.match.round is not None
            resumed.match.round.turn_number += 1
        elif where == "session" or hasattr(original.match, "__dict__"):
            vars(original if where == "session" else original.match)["added_later"] = 1
        else:  # a compiled match takes no new attribute: change one the walk was not told of
            original.match.undos.append(1)
        assert whole_state(resumed) != whole_state(original), where
