"""The voice the game speaks through: lines said and logged with their time,
the "still speaking" flag of the backend or, where it cannot tell, an
estimate that a clock the test drives runs out; off says and logs nothing."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from game.speech import Recording, Silent, Voice
from game.speech.base import Speech
from game.speech.log import SpeechLog, read_log
from game.speech.voice import SECONDS_AT_MOST, estimate


class Clock:
    """Seconds the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Untold(Recording):
    """A recording backend that cannot tell whether it still speaks."""

    def speaking(self) -> bool | None:
        return None


def test_every_line_said_goes_to_the_backend_and_the_log_with_its_time(tmp_path: Path) -> None:
    path = tmp_path / "speech.log"
    backend = Recording()
    voice = Voice(backend, "system voice", SpeechLog(path))
    voice.say("Round 1 of 13: engine 12-12.")
    voice.say("  Ana   plays\n6-4 on the Mexican train. ", interrupt=True)
    voice.say("")
    voice.close()
    assert backend.lines == ["Round 1 of 13: engine double 12.", "Ana plays 6 4 on the Mexican train."]
    assert backend.interrupts == [False, True]
    raw = path.read_text(encoding="utf-8").splitlines()
    assert all(re.fullmatch(r"\d\d:\d\d:\d\d\.\d{3}  .+", line) for line in raw)
    assert read_log(path) == backend.lines
    assert backend.closed


def test_a_control_character_never_reaches_the_voice_or_the_log(tmp_path: Path) -> None:
    backend = Recording()
    voice = Voice(backend, "system voice", SpeechLog(tmp_path / "log"))
    voice.say("Ana\u202e plays\x07")
    voice.close()
    assert "\u202e" not in backend.lines[0] and "\x07" not in backend.lines[0]
    assert "\u202e" not in (tmp_path / "log").read_text(encoding="utf-8")


def test_speech_off_says_nothing_and_is_never_busy(tmp_path: Path) -> None:
    voice = Voice(log=SpeechLog(tmp_path / "log"))
    voice.say("Your turn.")
    assert not voice.on and not voice.busy()
    voice.close()
    assert (tmp_path / "log").read_text(encoding="utf-8") == ""


def test_busy_follows_the_backends_flag_and_a_stop_ends_it() -> None:
    backend = Recording()
    voice = Voice(backend, "screen reader")
    voice.say("Ana plays 6-4 on the Mexican train.")
    assert not voice.busy()
    backend.held = True
    assert voice.busy()
    voice.stop()
    assert not voice.busy() and backend.stops == 1


def test_where_the_backend_cannot_tell_busy_lasts_the_estimate_of_what_waits() -> None:
    clock = Clock()
    voice = Voice(Untold(), "screen reader", clock=clock)
    first, second = "Ana plays 6-4 on the Mexican train.", "Bruno draws a tile."
    voice.say(first)
    voice.say(second)
    clock.now += estimate(first) + estimate(second) - 0.01
    assert voice.busy()
    clock.now += 0.02
    assert not voice.busy()
    voice.say(first)
    voice.stop()
    assert not voice.busy()


def test_the_estimate_grows_with_the_text_up_to_its_cap() -> None:
    assert estimate("Ana passes.") < estimate("Ana drew a tile that does not fit and passes; their train is public.")
    assert estimate("word " * 500) == SECONDS_AT_MOST


def test_a_fifo_is_refused_as_the_speech_log_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    log = SpeechLog(fifo)
    assert log.file is None and "pipe" in log.problem and "not a regular file" in log.problem
    log.write("said")  # nothing happens, nothing blocks


def test_a_log_that_cannot_be_opened_is_said_in_words_and_logged_nowhere(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import game.speech.voice as voice_module

    monkeypatch.setattr(voice_module, "open_speech", lambda mode: (Recording(), "system voice", ""))
    voice, note = Voice.opened("system voice", tmp_path / "no-such-folder" / "speech.log")
    assert "The speech log cannot be written" in note
    assert isinstance(voice.speech, Recording) and voice.speech.lines == [note]
    voice.close()


def test_switching_closes_the_old_backend_and_says_what_was_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.speech.voice as voice_module

    old = Recording()
    voice = Voice(old, "system voice")
    monkeypatch.setattr(voice_module, "open_speech",
                        lambda mode: (Silent(), "screen reader", "No screen reader could be reached: none."))
    note = voice.switch("screen reader")
    assert old.closed and note.startswith("No screen reader") and voice.on
    monkeypatch.setattr(voice_module, "open_speech", lambda mode: (Speech(), "off", ""))
    voice.switch("off")
    assert not voice.on
