"""The hint's line: the count a hint says is the count of moves the next hints
advise, each found afresh at its own position; the same position always gives
the same hint; the hint's budget is its own."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from game.ai.players import ComputerSeats
from game.ai.search import ExpertPlayer, HardPlayer
from game.engine import END, Match, Play, preset
from game.engine.dealcode import decode
from game.engine.length import with_length
from game.play.advice_job import HINT_BUDGET, HINT_SEED, find_advice, find_hints
from game.review import results
from game.review.results import ReviewBudget

SMALL = ReviewBudget(candidates=3, choose_samples=8, measure_samples=8)


def _first_turn(code: str = "JSFG-YMEE") -> Match:
    """The match of deal ``code`` (classic, 4 seats, you and three Medium players)
    at seat 0's first turn, where a whole line may go on its own train."""
    match = Match(with_length(preset("classic"), 4, "full"), 4, decode(code), names=["You", "Ana", "Bruno", "Carmen"])
    match.start_next_round()
    computers = ComputerSeats(["medium"] * 4)
    while match.current_player() != 0:
        seat = match.current_player()
        assert seat is not None
        match.apply(computers(match, seat))
    return match


def _count(text: str) -> int:
    """The tiles a hint says are left to lay this turn (1 for the last tile, 0: no count said)."""
    if "last tile of your line" in text:
        return 1
    found = re.search(r"(\d+) tiles (?:to lay|left to lay)", text)
    return int(found.group(1)) if found else 0


def test_each_hint_counts_the_tiles_the_next_hints_lay_asked_afresh_at_each_position() -> None:
    """Deal JSFG-YMEE, your first turn: H, play it, H, ... (each hint found anew from
    the position the match stands at). The first says a line of N tiles; the next N-1
    hints go on with it, one fewer each time, each the next move of the first's line;
    then the turn ends as the line said (a 12-tile hand line once said 12 and stopped at 8)."""
    match = _first_turn()
    first = find_advice(match.view(0), HINT_SEED, SMALL)
    planned = first.line
    plays = [a for a in planned if isinstance(a, Play)]
    assert len(plays) >= 3 and _count(first.text) == len(plays), first.text
    for step, move in enumerate(planned):
        advice = find_advice(match.view(0), HINT_SEED, SMALL)
        assert advice.line == planned[step:], f"hint {step + 1} leaves the line the first one planned"
        assert advice.action == move
        if isinstance(move, Play):
            assert _count(advice.text) == len(plays) - step, advice.text
        turn = match.view(0).turn_number
        match.apply(move)
    assert match.current_player() != 0 or match.view(0).turn_number != turn, "the line ends the turn"
    if planned[-1] == END:
        assert "then end your turn" in first.text


def test_the_same_position_always_gives_the_same_hint() -> None:
    match = _first_turn()
    view = match.view(0)
    assert find_hints(view, HINT_SEED, SMALL) == find_hints(view, HINT_SEED, SMALL)


def test_the_hint_keeps_its_own_budget_whatever_the_searching_levels_and_the_review_use(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert's and Hard's sample counts, or the review's default budget, may change:
    no hint does."""
    match = _first_turn("K3F9-2QXA")
    computers = ComputerSeats(["medium"] * 4)
    while match.current_player() != 0 or len(match.legal_actions()) < 4:  # a real choice, a short line
        seat = match.current_player()
        assert seat is not None
        match.apply(computers(match, seat))
    view = match.view(0)
    before = find_hints(view)
    more = replace(ExpertPlayer.budget, min_samples=96, max_samples=128, rollouts=768)
    monkeypatch.setattr(ExpertPlayer, "budget", more)
    monkeypatch.setattr(HardPlayer, "budget", more)
    monkeypatch.setattr(results, "DEFAULT_BUDGET", ReviewBudget(candidates=2, choose_samples=4))
    assert find_hints(view) == before
    assert HINT_BUDGET == ReviewBudget(candidates=8, choose_samples=64, measure_samples=192, tries=12)
