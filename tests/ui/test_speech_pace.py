"""Timing for listeners: while the voice is still speaking (the recording
backend's flag, held by the test, and held again by every line said) no
computer's turn is shown or said; one is once the flag is released, or once a
key is pressed, which stops the speech. A turn is said once it has passed, a
long line of tiles in one sentence."""

from __future__ import annotations

import pygame

from game.engine import preset
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.speech import Recording, Voice
from game.speech.spoken import spoken
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.words.turns import turns

from .conftest import frames, frames_until, key


def _watched(app: App) -> tuple[TableScene, Recording]:
    """Three computers at a table, speech on through a recording held from the start."""
    recording = Recording(holding=True)
    app.voice = Voice(recording, "system voice")
    seats = [SeatConfig(name, "easy") for name in ("Ana", "Bruno", "Carmen")]
    table = TableScene(GameSession(preset("classic"), seats, 3), watching=True, worker=InlineWorker())
    app.push(table)
    return table, recording


def _moves(table: TableScene) -> int:
    """Moves shown (and told in the move log) so far this round: its lines after the round's opening."""
    return len(table.log.lines) - 1


def test_no_computer_moves_while_the_voice_speaks_and_one_does_once_it_stops(app: App) -> None:
    table, recording = _watched(app)
    frames(app, 90)
    assert _moves(table) == 0 and recording.lines, "the deal is said, and nothing moves while it is"
    said = len(recording.lines)
    recording.held = False
    assert frames_until(app, lambda: len(recording.lines) > said), "a turn is played, then said"
    moved = _moves(table)
    assert moved > 0
    frames(app, 90)
    assert _moves(table) == moved, "the next waits while that is said"
    recording.held = False
    assert frames_until(app, lambda: _moves(table) > moved)


def test_a_computers_long_first_line_is_said_in_one_sentence_once_its_turn_has_passed(app: App) -> None:
    table, recording = _watched(app)
    recording.holding = recording.held = False
    frames(app, 2)
    said = len(recording.lines)
    assert frames_until(app, lambda: len(recording.lines) > said)
    first = recording.lines[said]
    laid = [line for line in turns(table.log.lines)[1] if line.play is not None]
    if len(laid) > 1:
        assert first == spoken(f"{table.match.names[laid[0].seat]} laid {len(laid)} tiles on their own train, "
                               f"ending at {laid[-1].play[2]}.")  # type: ignore[index]
    # this round's lines only: at the instant pace a whole round may have been played and said
    # before, and a tile laid alone in it may open this round's long line
    opening = f"Round {table.match.round_number} of"
    start = min(i for i, line in enumerate(recording.lines) if line.startswith(opening))
    this_round = set(recording.lines[start:])
    assert not {spoken(line.text) for line in laid} & this_round, "no tile of it said one at a time"


def test_a_key_interrupts_the_speech_and_the_next_move_comes(app: App) -> None:
    table, recording = _watched(app)
    frames(app, 30)
    assert _moves(table) == 0
    key(app, pygame.K_b, "b")  # the boneyard, asked without looking: the answer is said at once
    assert recording.stops == 1 and recording.lines[-1].startswith("The boneyard holds")
    frames(app, 30)
    assert _moves(table) == 0, "the next move waits while the answer is said"
    key(app, pygame.K_g, "g")  # no tip to close: a key that says nothing
    assert recording.stops == 2, "the key stopped the speech"
    assert frames_until(app, lambda: _moves(table) > 0)
