"""What crosses to a computer player's worker process and back pickles, in the
pure and the compiled build alike: views, actions, events, options, records."""

from __future__ import annotations

import pickle
import random

from game.ai.medium import SHEDDER
from game.ai.search import ExpertPlayer
from game.engine import DRAW, END, OPEN, Match, play, preset, seat_view
from game.engine import events as ev
from game.engine.fairdeal import RoundMix


def _played_match() -> Match:
    match = Match(preset("tap"), 4, "pickle")
    match.start_next_round()
    rng = random.Random(1)
    while match.current_player() is not None and len(match.action_log[-1]) < 30:
        match.apply(rng.choice(match.legal_actions()))
    return match


def _round_trip(value: object) -> object:
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def test_a_seat_view_and_the_actions_come_back_equal_and_the_actions_as_the_interned_values() -> None:
    match = _played_match()
    seat = match.current_player()
    assert seat is not None
    view = match.view(seat)
    back = _round_trip(view)
    assert back == view and back.options == view.options and back.turn == view.turn
    for action in (play(5, 1), play(5, -1, True), DRAW, END, OPEN):
        assert _round_trip(action) == action
    assert all(_round_trip(a) in view.legal for a in view.legal)


def test_every_event_kind_the_round_recorded_comes_back_equal() -> None:
    match = _played_match()
    state = match.round
    assert state is not None and state.events is not None
    recorded = [*match.start_events, *state.events, ev.RoundEnded(((1, 2), ()), (3, 0), 1, (0, 0))]
    assert len({type(e) for e in recorded}) >= 5
    assert [_round_trip(e) for e in recorded] == recorded


def test_the_match_record_options_and_search_settings_come_back_equal() -> None:
    match = _played_match()
    record = match.record()
    assert _round_trip(record) == record
    assert _round_trip(preset("hub").setup(5)) == preset("hub").setup(5)
    assert _round_trip(RoundMix("c" * 64, ("a", ""))) == RoundMix("c" * 64, ("a", ""))
    assert _round_trip(SHEDDER) == SHEDDER and _round_trip(ExpertPlayer.budget) == ExpertPlayer.budget


def test_a_pickled_view_decides_the_same_as_the_original() -> None:
    match = _played_match()
    seat = match.current_player()
    assert seat is not None
    view = seat_view(match.round, seat)  # type: ignore[arg-type]
    from game.ai import make_player

    assert make_player("medium", "x").choose(_round_trip(view)) == make_player("medium", "x").choose(view)  # type: ignore[arg-type]
