"""Lines as a voice says them: tiles as numbers, doubles by name, and the dots and
dashes drawn between figures as pauses, so names and scores never run together."""

from __future__ import annotations

from game.speech import Recording, Voice
from game.speech.spoken import spoken


def test_tiles_are_said_as_numbers_and_doubles_by_name() -> None:
    assert spoken("Ana plays 12-7 on the Mexican train.") == "Ana plays 12 7 on the Mexican train."
    assert spoken("Round 1 of 13: engine 12-12.") == "Round 1 of 13: engine double 12."
    assert spoken("Its double 6-6 is open.") == "Its double 6 is open."
    assert spoken("No play: 0-0, 1-12.") == "No play: double 0, 1 12."


def test_separators_are_pauses_and_a_span_of_numbers_is_said_as_one() -> None:
    assert spoken("Ana 12  \u00b7  Bruno 30") == "Ana 12, Bruno 30"
    assert spoken("Classic  \u00b7  round 2 of 13  \u2014  Ana 12  \u00b7  You 3") == (
        "Classic, round 2 of 13, Ana 12, You 3")
    assert spoken("1\u20137 of 20") == "1 to 7 of 20"
    assert spoken("1. You 35 pts. 2. Carmen 42 pts.") == "1. You 35 points. 2. Carmen 42 points."
    assert spoken("Hint: play the 4-2 \u2014 it keeps a double.") == "Hint: play the 4 2, it keeps a double."


def test_the_voice_and_its_log_say_the_spoken_form() -> None:
    backend = Recording()
    voice = Voice(backend, "system voice")
    voice.say("Moves  \u00b7  round 2: Ana plays 9-9.")
    assert backend.lines == ["Moves, round 2: Ana plays double 9."] and voice.last == backend.lines[0]
