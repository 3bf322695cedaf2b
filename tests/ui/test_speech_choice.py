"""The voice the person chose, by ear: ``automatic`` is chosen anew at every
start (the first ``--speech`` run keeps the setting, never the voice it found),
an explicit choice is kept, turning speech off or on is always said, Ctrl+Alt+S
brings it back from any screen, and the Settings picker neither turns speech
off by wrapping round nor loops on a voice it cannot reach."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.memory.prefs import Prefs
from game.speech import Recording, Voice
from game.speech import choose as choose_module
from game.speech.base import Silent, Speech
from game.speech.log import read_log
from game.ui.app import App
from game.ui.main import load_settings, open_voice
from game.ui.scenes.settings import SettingsScene

from .conftest import frames, key


class Machine:
    """What the machine can speak with, changed between starts: a screen reader or not, a system voice or not."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, reader: bool, system: bool) -> None:
        self.reader, self.system = reader, system
        self.opened: list[Recording] = []
        monkeypatch.setattr(choose_module, "screen_reader", self._reader)
        monkeypatch.setattr(choose_module, "system_voice", self._system)

    def _reader(self, platform: str, env: object) -> tuple[Speech | None, str]:
        return (self._new("speech-dispatcher"), "") if self.reader else (None, "speech-dispatcher is not running")

    def _system(self, platform: str) -> tuple[Speech | None, str]:
        return (self._new("espeak-ng"), "") if self.system else (None, "espeak-ng is not installed")

    def _new(self, name: str) -> Recording:
        speech = Recording()
        speech.name = name
        self.opened.append(speech)
        return speech


def stored_speech() -> str:
    """The speech setting as the settings file holds it."""
    prefs = Prefs()
    prefs.load()
    return str(prefs["speech"])


def test_the_first_speech_run_keeps_automatic_and_a_screen_reader_set_up_later_is_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    machine = Machine(monkeypatch, reader=False, system=True)
    voice = open_voice(load_settings(), speech=True, log=None)
    assert voice.mode == "system voice" and voice.setting == "automatic"
    assert machine.opened[-1].lines == ["Speaking with espeak-ng: no screen reader answered."]
    voice.close()
    assert stored_speech() == "automatic"
    machine.reader = True  # Orca set up since: the next start speaks through it, without --speech
    voice = open_voice(load_settings(), speech=False, log=None)
    assert voice.mode == "screen reader" and voice.speech.name == "speech-dispatcher"
    assert machine.opened[-1].lines == []  # nothing to tell: the person's own screen reader speaks
    voice.close()
    assert stored_speech() == "automatic"


def test_a_voice_the_person_chose_is_kept_whatever_the_start_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    Machine(monkeypatch, reader=True, system=True)
    settings = load_settings()
    settings.speech = "system voice"
    settings.remember()
    voice = open_voice(load_settings(), speech=True, log=None)
    assert voice.mode == "system voice" and voice.setting == "system voice"
    voice.close()
    assert stored_speech() == "system voice"


def test_with_no_voice_at_all_the_start_says_why_once(monkeypatch: pytest.MonkeyPatch, app: App,
                                                     tmp_path: Path) -> None:
    Machine(monkeypatch, reader=False, system=False)
    log = tmp_path / "speech.log"
    settings = app.settings = load_settings()
    settings.lesson_state = "new"  # a very first start: the title offers the lesson in a dialog
    app.voice = open_voice(settings, speech=True, log=log)
    app.reset(app.routes.title())
    frames(app, 5)
    app.voice.close()
    said = read_log(log)
    why = [line for line in said if "nothing can speak" in line]
    assert len(why) == 1, said
    assert why[0].startswith("Speech is on, but nothing can speak") and "$" not in why[0]
    assert any("New to Mexican Train?" in line for line in said)  # the rest is logged for whoever reads it
    assert "nothing can speak" in app.stack[0].speech_note  # type: ignore[attr-defined]


def test_turning_speech_off_is_said_by_the_voice_that_goes_and_on_again_as_chosen() -> None:
    old = Recording()
    voice = Voice(old, "system voice", setting="automatic")
    voice.switch("off")
    assert old.lines == ["Speech off."] and not old.closed  # it says it whole before it is closed
    assert not voice.on and voice.setting == "off"
    voice.say("Nothing is said now.")
    assert old.lines == ["Speech off."]
    voice.close()
    assert old.closed


def settings_on(app: App, monkeypatch: pytest.MonkeyPatch, machine: Machine) -> tuple[SettingsScene, list[str]]:
    """The Settings screen with speech on as ``automatic`` and the keyboard on the Speech picker; every line said."""
    heard: list[str] = []
    monkeypatch.setattr(Voice, "say", lambda self, text, interrupt=False: heard.append(text) if self.on else None)
    app.voice = Voice(machine._new("espeak-ng"), "system voice", setting="automatic")
    scene = SettingsScene()
    app.push(scene)
    scene.focus = scene.focusables().index(scene.speech)
    return scene, heard


def test_right_at_the_last_speech_choice_stays_there_and_never_turns_speech_off(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    machine = Machine(monkeypatch, reader=False, system=True)
    scene, heard = settings_on(app, monkeypatch, machine)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.speech.value == "system voice" and app.voice.on
    heard.clear()
    key(app, pygame.K_RIGHT)
    assert scene.speech.value == "system voice" and app.voice.on
    assert heard == ["Speech: system voice, choice"]


def test_left_from_an_unreachable_screen_reader_goes_on_to_automatic_then_off_saying_so(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    machine = Machine(monkeypatch, reader=False, system=True)
    scene, heard = settings_on(app, monkeypatch, machine)
    key(app, pygame.K_RIGHT)  # screen reader: none here, the system voice speaks instead
    assert scene.speech.value == "screen reader" and app.voice.mode == "system voice"
    frames(app, 2)
    assert any(line.startswith("No screen reader could be reached") for line in heard)
    key(app, pygame.K_LEFT)
    assert scene.speech.value == "automatic" and app.settings.speech == "automatic"
    heard.clear()
    key(app, pygame.K_LEFT)
    assert scene.speech.value == "off" and not app.voice.on
    assert heard == ["Speech off."]
    assert app.settings.speech == "off"


def test_ctrl_alt_s_brings_speech_back_from_any_screen_and_takes_it_away_saying_so(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    machine = Machine(monkeypatch, reader=False, system=True)
    app.voice = Voice()  # speech off, as the setting says
    app.settings.speech = "off"
    app.reset(app.routes.title())
    frames(app, 2)
    ctrl_alt_s = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, unicode="s",
                                    mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT)
    app.step([ctrl_alt_s])
    assert app.voice.on and app.settings.speech == "automatic"
    said = machine.opened[-1].lines
    assert said[:2] == ["Speech on.", "Speaking with espeak-ng: no screen reader answered."]
    assert said[2].startswith("Mexican Train.")  # where the person is
    app.step([ctrl_alt_s])
    assert not app.voice.on and app.settings.speech == "off"
    assert said[-1] == "Speech off."
    assert isinstance(app.voice.speech, Silent)
