"""The replay's Show me: the move made and the best move found are marked in the
hand, never in one place; when they are the same move, one mark says both and the
sentence says the best move was made."""

from __future__ import annotations

import itertools

import pygame

from game.ai import ComputerSeats
from game.engine import play_match, preset
from game.engine.length import with_length
from game.engine.tiles import TEXT
from game.memory.session import GameSession, SeatConfig
from game.review.results import Decision, Valuation
from game.review.words import played_tile
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.replay_marks import SAME, SAME_TILE, Mark, marks, place, sentence

from .conftest import NAMES, TextSeen, frames


def _played_round() -> tuple[GameSession, int, str]:
    """A finished round and a step where seat 0 played a tile (its index and its text)."""
    seats = [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)]
    session = GameSession(with_length(preset("classic"), 4, "blitz"), seats, 9)
    play_match(session.match, ComputerSeats(["easy"] * 4), until=lambda m: len(m.round_scores) == 1)
    log, turns = session.match.action_log[0], session.match.turns[0]
    index = next(i for i, text in enumerate(log) if turns[i][0] == 0 and text.startswith("play") and i > 4)
    return session, index, log[index]


def _shown(app: App, session: GameSession, decision: Decision, text_seen: TextSeen) -> list[str]:
    replay = app.routes.replay(session.match, 0, 0, decision.index, decision)
    assert isinstance(replay, ReplayScene)
    app.push(replay)
    frames(app, 1)
    return text_seen.frame(app)


def test_the_best_move_made_is_one_mark_that_says_both_and_a_sentence_that_says_so(
        app: App, text_seen: TextSeen) -> None:
    session, index, made = _played_round()
    decision = Decision(1, index, 5, 0, Valuation(made, made, 0.0, 0.0, "", 3))
    shown = _shown(app, session, decision, text_seen)
    assert shown.count(SAME) == 1 and "made" not in shown and "best" not in shown
    said = next(line for line in shown if line.startswith("The next move"))
    assert "you made the best move" in said and "orange" not in said and f'green, "{SAME}"' in said


def test_a_different_best_move_gets_a_mark_of_its_own_beside_the_move_made(app: App, text_seen: TextSeen) -> None:
    session, index, made = _played_round()
    tile = played_tile(made, 12)
    assert tile is not None
    hand = sorted(ReplayScene(session.match, 0, 0, index).steps[index].state.hands[0], reverse=True)
    other = hand[hand.index(tile) + 1] if hand.index(tile) + 1 < len(hand) else hand[hand.index(tile) - 1]
    best = f"play {TEXT[other]} on mexican"
    decision = Decision(1, index, 5, 0, Valuation(made, best, 8.0, 2.0, "costly", 3, 0.7, 0.1))
    shown = _shown(app, session, decision, text_seen)
    assert shown.count("made") == 1 and shown.count("best") == 1 and SAME not in shown
    said = next(line for line in shown if line.startswith("Next move made"))
    assert '(orange, "made")' in said and '(green, "best")' in said


def test_marks_of_neighbouring_tiles_never_share_a_place() -> None:
    """Two tiles side by side, 4 pixels apart: the rings keep to their own side of the
    gap and the words move apart instead of printing over each other."""
    spots = {1: pygame.Rect(100, 50, 40, 20), 2: pygame.Rect(144, 50, 40, 20)}
    found = [Mark(1, "made", (255, 0, 0)), Mark(2, "best", (0, 255, 0))]
    placed = place(found, spots, 4, lambda word: (len(word) * 11, 16))
    assert len(placed) == 2
    a, b = placed
    for one, two in itertools.product((a.ring, a.label), (b.ring, b.label)):
        assert not one.colliderect(two), (one, two)
    assert a.label.top >= a.ring.bottom and b.label.top >= b.ring.bottom


def test_the_same_tile_on_two_trains_is_one_mark_and_the_sentence_names_both_trains() -> None:
    v = Valuation("play 12-3 on 0", "play 12-3 on mexican", 5.0, 1.0, "costly", 3, 0.6, 0.2)
    assert [m.word for m in marks(v, 12)] == [SAME_TILE]
    said = sentence(v, 0, NAMES, 0, 12)
    assert "12-3 on your train" in said and "12-3 on the Mexican train" in said and "orange" not in said
    assert [m.word for m in marks(Valuation("draw", "draw", 0, 0, "", 2), 12)] == []
    assert "Ana made the best move" in sentence(Valuation("end", "end", 0, 0, "", 2), 1, NAMES, 0, 12)
