"""Matches: the preset's rounds, determinism from the seed, and the ranking's tie-breaks."""

from __future__ import annotations

import random

from game.engine import Match, play_match, preset, rank, tie_break


def random_match(seed: int, rules: str = "classic", players: int = 4) -> Match:
    """A whole match of random legal play, the choices drawn from ``seed``."""
    rng = random.Random(seed)
    return play_match(Match(preset(rules), players, seed), lambda m, _seat: rng.choice(m.legal_actions()))


def test_same_seed_and_same_decisions_give_the_same_match() -> None:
    """Scores and action logs repeat exactly."""
    a, b = random_match(11), random_match(11)
    assert a.round_scores == b.round_scores
    assert a.action_log == b.action_log
    assert random_match(12).action_log != a.action_log


def test_a_classic_match_plays_thirteen_rounds_from_double_twelve_down() -> None:
    """One round per double, 12-12 first and 0-0 last."""
    match = random_match(5)
    assert len(match.round_scores) == 13
    assert match.used_doubles == list(range(12, -1, -1))


def test_tournament_rounds_start_one_seat_further_left_each_time() -> None:
    """After the draw-off, each round's first player moves one seat left."""
    match = random_match(5, "tournament", 5)
    first = match.openers[0]
    assert match.openers == [(first + i) % 5 for i in range(10)]


def test_classic_engine_search_starts_left_of_the_previous_opener() -> None:
    """Whoever holds the round's double opens; else drawing starts left of the last opener."""
    from game.engine import events as ev

    searched = 0
    for seed in range(6):
        match = Match(preset("classic"), 4, seed)
        rng = random.Random(seed)
        previous = None
        while not match.is_over:
            state = match.start_next_round()
            start = [e for e in state.events if isinstance(e, (ev.TileDrawn, ev.EnginePlaced))]
            placed = next(e for e in start if isinstance(e, ev.EnginePlaced))
            assert placed.seat == state.opener and placed.engine == state.engine
            draws = [e for e in start if isinstance(e, ev.TileDrawn)]
            if draws:
                searched += 1
                expected_first = 0 if previous is None else (previous + 1) % 4
                assert draws[0].seat == expected_first
                assert [d.seat for d in draws] == [(expected_first + i) % 4 for i in range(len(draws))]
                assert draws[-1].seat == state.opener
            previous = state.opener
            while not state.round_over:
                match.apply(rng.choice(state.legal_actions()))
    assert searched > 0, "some round needed drawing for its double"


def test_ranking_lowest_total_wins() -> None:
    """Totals order the seats."""
    assert rank([[10, 5, 7], [0, 3, 9]], 3) == [[1], [0], [2]]


def test_ties_go_to_more_zero_rounds_then_the_lowest_non_zero_round() -> None:
    """Both classic tie-breaks, then a shared place."""
    # Totals 20 each; seat 1 has two zero rounds.
    assert rank([[10, 0], [10, 0], [0, 20]], 2) == [[1], [0]]
    assert tie_break([[10, 0], [10, 0], [0, 20]], 0, 1) == "zero rounds"
    # Totals 20, one zero round each; lowest non-zero round 5 beats 10.
    assert rank([[0, 5], [10, 0], [10, 15]], 2) == [[1], [0]]
    # Identical records share the place.
    assert rank([[4, 4], [0, 0]], 2) == [[0, 1]]
