"""The engine's one driver, as a server or a table drives it: immutable legal
actions, apply returning the events it caused, one outcome, the engine's own
errors, and undo that restores the round in place."""

from __future__ import annotations

import pytest

from game.engine import Match, Phase, RulesError, play_match, preset
from game.engine.errors import MatchStateError
from game.engine.length import with_length


def _blitz(seed: int = 3) -> Match:
    return Match(with_length(preset("classic"), 3, "blitz"), 3, seed, ["A", "B", "C"])


def test_legal_actions_are_an_immutable_tuple_and_apply_returns_the_events_it_caused() -> None:
    match = _blitz()
    match.start_next_round()
    legal = match.legal_actions()
    assert isinstance(legal, tuple) and legal
    state = match.round
    assert state is not None
    before = len(state.events or [])
    events = match.apply(legal[0])
    assert isinstance(events, tuple) and events and events == tuple((state.events or [])[before:])


def test_the_outcome_is_none_until_the_match_ends_then_totals_ranking_and_winners() -> None:
    match = _blitz(5)
    assert match.outcome() is None
    play_match(match, lambda m, s: m.legal_actions()[0])
    outcome = match.outcome()
    assert outcome is not None and match.phase is Phase.MATCH_OVER
    assert outcome.totals == tuple(match.totals())
    assert outcome.ranking == tuple(tuple(g) for g in match.ranking())
    assert outcome.winners == outcome.ranking[0] and min(outcome.totals) == outcome.totals[outcome.winners[0]]


def test_misuse_raises_the_engines_own_errors() -> None:
    match = _blitz()
    with pytest.raises(MatchStateError):
        match.apply(object())  # type: ignore[arg-type]
    with pytest.raises(MatchStateError):
        match.view(0)
    match.start_next_round()
    with pytest.raises(MatchStateError):
        match.start_next_round()
    with pytest.raises(RulesError):
        match.undo_turn(2 if match.current_player() != 2 else 1)


def test_undo_restores_the_round_in_place_without_replacing_the_match() -> None:
    match = _blitz(7)
    match.start_next_round()
    seat = match.current_player()
    assert seat is not None
    while match.current_player() == seat:
        match.apply(match.legal_actions()[0])
    for _ in range(4):
        if match.current_player() is None:
            break
        match.apply(match.legal_actions()[0])
    scores, log = match.round_scores, match.action_log
    hands = [list(h) for h in match.round.hands]  # type: ignore[union-attr]
    taken = match.undo_turn(seat)
    assert taken >= 1 and match.round_scores is scores and match.action_log is log, "the same match object"
    assert match.current_player() == seat and match.undos[-1] == 1
    fresh = _blitz(7)
    fresh.start_next_round()
    assert match.round.hands == fresh.round.hands  # type: ignore[union-attr]
    assert hands != match.round.hands  # type: ignore[union-attr]
