"""Taking back the person's last turn restores the match exactly."""

from __future__ import annotations

import random

from game.ai import ComputerSeats
from game.engine import Match, Phase, play_match, preset
from game.engine.fields import snapshot
from game.saves import dumps, session_from_bytes
from game.memory.session import GameSession, SeatConfig


def _at_your_turn(turns: int) -> GameSession:
    """A classic match where you (seat 0, played here by a seeded random choice)
    are about to begin a turn."""
    kinds = ["human", "medium", "hard", "easy"]
    session = GameSession(preset("classic"), [SeatConfig(f"P{i}", k) for i, k in enumerate(kinds)], 17,
                          allow_undo=True)
    rng = random.Random(4)
    computers = ComputerSeats(["medium", *kinds[1:]])
    seen = [0]

    def decide(match: Match, seat: int):  # type: ignore[no-untyped-def]
        return rng.choice(match.legal_actions()) if seat == 0 else computers(match, seat)

    def yours(match: Match) -> bool:
        state = match.round
        at_start = state is not None and state.turn.played == 0 and not state.turn.drew
        if match.current_player() == 0 and match.phase is Phase.PLAYING and at_start:
            seen[0] += 1
            return seen[0] > turns
        return False

    play_match(session.match, decide, until=yours)
    return session


def test_undo_restores_hands_boneyard_order_and_markers_exactly() -> None:
    session = _at_your_turn(6)
    match = session.match
    before = snapshot(match.round)
    log_before = [list(r) for r in match.action_log]
    computers = ComputerSeats(["medium", "medium", "hard", "easy"])
    match.apply(match.legal_actions()[-1])
    while match.current_player() not in (0, None):
        match.apply(computers(match, match.current_player()))
    assert session.may_undo(0)
    taken = match.undo_turn(0)
    assert taken >= 1 and match.current_player() == 0
    assert snapshot(match.round) == before
    assert match.action_log == log_before
    assert match.undos[-1] == 1


def test_after_an_undo_a_resumed_save_decides_the_same() -> None:
    session = _at_your_turn(4)
    match = session.match
    match.apply(match.legal_actions()[0])
    computers = ComputerSeats(["medium", "medium", "hard", "easy"])
    while match.current_player() not in (0, None):
        match.apply(computers(match, match.current_player()))
    match.undo_turn(0)
    resumed = session_from_bytes(dumps(session, "after undo"))
    assert resumed.match.undos == match.undos and resumed.allow_undo
    for m in (match, resumed.match):
        m.apply(m.legal_actions()[0])
        seats = ComputerSeats(["medium", "medium", "hard", "easy"])
        while m.current_player() not in (0, None):
            m.apply(seats(m, m.current_player()))
    assert resumed.match.action_log == match.action_log


def test_undo_is_only_for_a_lone_person_with_the_house_setting_on() -> None:
    session = _at_your_turn(3)
    match = session.match
    match.apply(match.legal_actions()[0])
    assert session.may_undo(0)
    session.allow_undo = False
    assert not session.may_undo(0)
    session.allow_undo = True
    session.seats[1] = SeatConfig("P1", "human")
    assert not session.may_undo(0), "not with two people at the table"
