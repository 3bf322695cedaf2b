"""The engine's one driver, as a server or a table drives it: immutable legal
actions, apply returning the events it caused, one outcome, the engine's own
errors, and undo that restores the round in place."""

from __future__ import annotations

import pytest

from game.engine import DRAW, Match, Phase, RulesError, play_match, preset
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


def test_a_position_set_up_by_hand_is_driven_through_the_same_match_api_to_its_scored_end() -> None:
    from game.engine import start_round
    from game.engine.tiles import parse_tiles

    setup = preset("classic").setup(2)
    hands = [parse_tiles("12-12 12-3 3-4", 12), parse_tiles("12-1 1-1 5-5", 12)]
    state = start_round(setup, hands, parse_tiles("6-6", 12), 12, 0)
    match = Match.at_position(state)
    assert match.phase is Phase.PLAYING and match.current_player() == 0
    assert match.legal_actions() == tuple(state.legal_actions())
    while match.phase is Phase.PLAYING:
        events = match.apply(min(match.legal_actions(), key=str))
        assert isinstance(events, tuple)
    assert match.phase is Phase.ROUND_OVER and match.round_scores == [list(state.scores or [])]
    assert 0 in match.round_scores[0] and match.legal_actions() == ()
    with pytest.raises(MatchStateError):
        match.apply(DRAW)
