"""The lesson by ear: every step is said with the keys that do what it waits for
(Enter to go on, the arrows and a train's key, D, E), so the whole lesson is
played by keys from the spoken words alone; T says what the lesson waits for,
never the held computer's move."""

from __future__ import annotations

import re

import pygame

from game.speech import Recording, Voice
from game.tutorial import keys_for, load_lesson, step_words
from game.ui.app import App
from game.ui.paths import lesson_file
from game.ui.table.guide import GuidedTable

from .conftest import frames, frames_until, key

PICK = re.compile(r"Keys: press (\w) to play the (.+?)\.$")


def test_every_step_says_the_keys_that_do_what_it_waits_for() -> None:
    lesson = load_lesson(lesson_file())
    for step in lesson.steps:
        said = step_words(step)
        assert said.endswith(keys_for(step.action)) and keys_for(step.action).split()[-1].endswith(".")
        assert "drag" not in said.lower() and "click" not in said.lower() and "glowing" not in said.lower(), said
        if step.action is None:
            assert said.endswith("Press Enter to go on.")


def test_the_whole_lesson_is_played_by_keys_from_what_is_said(app: App) -> None:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    app.reset(app.routes.lesson(0))
    table = app.top
    assert isinstance(table, GuidedTable)
    read = 0
    steps = len(table.lesson.steps)
    for _ in range(steps + 5):
        if table.guide.done:
            break
        index = table.guide.index
        assert frames_until(app, lambda: table.showing, 60)
        heard = recording.lines[read:]
        read = len(recording.lines)  # what the key pressed next makes the game say is heard with the next step
        said = next((line for line in reversed(heard) if line.endswith(("go on.", "to draw.", "your turn."))
                     or PICK.search(line)), None)
        assert said is not None, f"step {index + 1} said no keys: {heard}"
        pick = PICK.search(said)
        if said.endswith("Press Enter to go on."):
            key(app, pygame.K_RETURN)
        elif said.endswith("press D to draw."):
            key(app, pygame.K_d, "d")
        elif said.endswith("press E to end your turn."):
            key(app, pygame.K_e, "e")
        else:
            assert pick is not None
            train, tile = pick.group(1), pick.group(2)
            if index % 2:  # every other step picks the tile with the arrows first, as a player may
                for _ in range(20):  # Right until the tile asked for is said
                    key(app, pygame.K_RIGHT)
                    if recording.lines[-1].startswith(f"{tile} plays on"):
                        break
            key(app, pygame.key.key_code(train.lower()), train.lower())
        assert frames_until(app, lambda: table.guide.index > index, 30), f"step {index + 1} was not done by ear"
    assert table.guide.done
    assert frames_until(app, lambda: type(app.top).__name__ == "RoundSummaryScene", 60)
    assert any(line.startswith("Learn to play. Your move.") for line in recording.lines[:3])
    generic = [line for line in recording.lines if line.startswith(("Your turn", "Play another tile"))]
    assert not generic, "the table's own turn line talks over the lesson's steps"
    assert "N: finish the lesson; Up and Down read each row again." in recording.lines[-1]


def test_t_says_what_the_lesson_waits_for_not_the_held_computers_move(app: App) -> None:
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action is None and s.at == 9)
    app.reset(app.routes.lesson(index))
    table = app.top
    assert isinstance(table, GuidedTable)
    assert frames_until(app, lambda: table.showing, 60)
    frames(app, 5)
    assert table.match.current_player() == 3  # Carmen's turn, held while the step is read
    key(app, pygame.K_t, "t")
    said = recording.lines[-1]
    assert "Carmen's move" not in said
    assert said.startswith(f"The lesson waits for you, step {index + 1} of {len(lesson.steps)}:")
    assert said.endswith("Press Enter to go on.")
    key(app, pygame.K_p, "p")
    assert recording.lines[-1].endswith("The lesson waits for you (T says for what).")
