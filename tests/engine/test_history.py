"""The round replay: every position from the deal, the last one the round's final table."""

from __future__ import annotations

import random

import pytest

from game.engine import Match, play_match, preset
from game.engine import events as ev
from game.engine.fields import snapshot
from game.engine.history import round_steps


@pytest.mark.parametrize("rules", ["classic", "hub", "tournament"])
def test_the_replays_last_step_is_the_rounds_final_table(rules: str) -> None:
    rng = random.Random(3)
    match = Match(preset(rules), 4, 3)
    finals = []

    def decide(m: Match, _seat: int):  # type: ignore[no-untyped-def]
        return rng.choice(m.legal_actions())

    for rounds in (1, 2, 3):
        play_match(match, decide, until=lambda m, r=rounds: len(m.round_scores) >= r)
        assert match.round is not None
        finals.append(snapshot(match.round))
    for index, final in enumerate(finals):
        steps = round_steps(match, index)
        assert steps[0].action is None and len(steps) == len(match.action_log[index]) + 1
        assert [s.action for s in steps[1:]] == match.action_log[index]
        last = steps[-1].state
        assert last.round_over and last.scores == match.round_scores[index]
        if index == len(finals) - 1:
            assert snapshot(last) == final


def test_each_step_carries_the_events_its_action_caused() -> None:
    rng = random.Random(8)
    match = Match(preset("classic"), 3, 8)
    play_match(match, lambda m, _s: rng.choice(m.legal_actions()), until=lambda m: len(m.round_scores) == 1)
    steps = round_steps(match, 0)
    assert any(isinstance(e, ev.EnginePlaced) for e in steps[0].events)
    played = [s for s in steps if s.action and s.action.startswith("play")]
    assert played and all(any(isinstance(e, ev.TilePlayed) for e in s.events) for s in played)
    assert isinstance(steps[-1].events[-1], ev.RoundEnded)
