"""The backends: the system voice as a process (a stand-in program, and the
real espeak-ng writing a WAV), speech-dispatcher over its socket (a stand-in
server), the Windows libraries (stand-in modules: never tried for real here)
and the automatic choice, which says in words what was missing."""

from __future__ import annotations

import array
import os
import socket
import sys
import threading
import types
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.speech import Silent, open_speech, processes
from game.speech import choose as choose_module
from game.speech.libraries import OutputSpeech, SapiSpeech, TolkSpeech, sapi, screen_reader_windows
from game.speech.processes import ProcessSpeech, espeak
from game.speech.ssip import SsipSpeech, dispatcher, socket_path


def _program(folder: Path, body: str) -> str:
    """A shell script standing in for espeak-ng: ``body`` runs with the line said as its last argument."""
    script = folder / "voice"
    script.write_text(f"#!/bin/sh\nfor last; do :; done\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def test_lines_said_one_after_another_each_by_its_own_process(tmp_path: Path) -> None:
    heard = tmp_path / "heard"
    voice = ProcessSpeech("espeak-ng", _program(tmp_path, f'echo "$last" >> {heard}; sleep 1'))  # a line takes time
    voice.say("Ana plays 6-4 on the Mexican train.")
    voice.say("-Bruno draws a tile.")
    assert voice.speaking()
    voice.wait()
    assert not voice.speaking()
    assert heard.read_text(encoding="utf-8").splitlines() == ["Ana plays 6-4 on the Mexican train.",
                                                            "-Bruno draws a tile."]


def test_stop_ends_the_line_being_said_and_forgets_those_waiting(tmp_path: Path) -> None:
    heard = tmp_path / "heard"
    voice = ProcessSpeech("espeak-ng", _program(tmp_path, f'echo "$last" >> {heard}; exec sleep 600'))
    voice.say("first")
    voice.say("second")
    assert voice.speaking()
    voice.stop()
    assert not voice.speaking()
    voice.say("third", interrupt=True)
    voice.close()
    assert "second" not in (heard.read_text(encoding="utf-8") if heard.exists() else "")


def test_a_program_that_cannot_start_is_said_once_and_speech_goes_quiet(tmp_path: Path) -> None:
    voice = ProcessSpeech("espeak-ng", str(tmp_path / "gone"))
    voice.say("Your turn.")
    assert not voice.speaking() and "could not be started" in voice.failed


def test_espeak_ng_writes_a_wav_of_speech_at_least_half_a_second_long_and_not_silent(tmp_path: Path) -> None:
    wav = tmp_path / "said.wav"
    voice = espeak(wav)
    if voice is None:
        assert os.environ.get("CI") != "true", "CI installs espeak-ng (.ci/run): it is missing"
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    voice.say("Ana plays six four on the Mexican train. Your turn.")
    voice.wait()
    data = wav.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    with wave.open(str(wav), "rb") as sound:
        assert sound.getsampwidth() == 2 and sound.getnchannels() == 1
        seconds = sound.getnframes() / sound.getframerate()
        samples = array.array("h", sound.readframes(sound.getnframes()))
    assert seconds >= 0.5
    rms = (sum(s * s for s in samples) / len(samples)) ** 0.5
    assert rms > 100, f"loudness {rms:.1f} of 32767 is silence"


# ------------------------------------------------------------------ speech-dispatcher


class Dispatcher:
    """A stand-in speech-dispatcher on a Unix socket: answers SSIP as the real one does, keeps what it got."""

    def __init__(self, path: Path) -> None:
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.commands: list[str] = []
        self.spoken: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        """Answer one client until it quits."""
        conn, _ = self.server.accept()
        with conn, conn.makefile("rb") as lines:
            body: list[str] | None = None
            for raw in lines:
                line = raw.decode().rstrip("\r\n")
                if body is not None:
                    if line == ".":
                        self.spoken.append("\n".join(body))
                        body = None
                        conn.sendall(b"225-1\r\n225 OK MESSAGE QUEUED\r\n")
                    else:
                        body.append(line[1:] if line.startswith("..") else line)
                    continue
                self.commands.append(line)
                if line == "SPEAK":
                    body = []
                    conn.sendall(b"230 OK RECEIVING DATA\r\n")
                elif line == "QUIT":
                    return  # the real one says goodbye; the game does not wait to hear it
                elif line.startswith("SET self CLIENT_NAME"):
                    conn.sendall(b"208 OK CLIENT NAME SET\r\n")
                elif line == "CANCEL self":
                    conn.sendall(b"210 OK CANCELED\r\n")
                else:
                    conn.sendall(b"300 ERR UNKNOWN COMMAND\r\n")

    def close(self) -> None:
        """Stop listening once the client has gone."""
        self.thread.join()
        self.server.close()


@pytest.fixture
def dispatcher_socket(tmp_path: Path) -> Iterator[tuple[Path, Dispatcher]]:
    """A stand-in speech-dispatcher at $XDG_RUNTIME_DIR's usual place."""
    folder = tmp_path / "speech-dispatcher"
    folder.mkdir()
    server = Dispatcher(folder / "speechd.sock")
    yield tmp_path, server
    server.close()


def test_speech_dispatcher_is_found_where_it_listens_and_speaks_and_cancels(
        dispatcher_socket: tuple[Path, Dispatcher]) -> None:
    runtime, server = dispatcher_socket
    assert socket_path({"XDG_RUNTIME_DIR": str(runtime)}) == runtime / "speech-dispatcher" / "speechd.sock"
    speech, why = dispatcher({"XDG_RUNTIME_DIR": str(runtime)})
    assert isinstance(speech, SsipSpeech) and why == ""
    speech.say("Ana plays 6-4.")
    speech.say(".5 is not a tile", interrupt=True)
    assert speech.speaking() is None
    speech.close()
    server.close()
    assert server.spoken == ["Ana plays 6-4.", ".5 is not a tile"]
    assert server.commands[0].startswith("SET self CLIENT_NAME") and "CANCEL self" in server.commands


def test_no_speech_dispatcher_is_said_in_words(tmp_path: Path) -> None:
    speech, why = dispatcher({"XDG_RUNTIME_DIR": str(tmp_path)})
    assert speech is None and "speech-dispatcher is not running" in why
    assert socket_path({"SPEECHD_ADDRESS": "unix_socket:/x/s.sock"}) == Path("/x/s.sock")


# ------------------------------------------------------------------ Windows (stand-ins: untried for real)


def test_tolk_speaks_through_the_screen_reader_it_detects(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, object]] = []
    tolk = types.SimpleNamespace(
        load=lambda: calls.append(("load", None)), detect_screen_reader=lambda: "NVDA",
        output=lambda text, interrupt: calls.append(("output", (text, interrupt))),
        silence=lambda: calls.append(("silence", None)), is_speaking=lambda: True,
        unload=lambda: calls.append(("unload", None)))
    monkeypatch.setitem(sys.modules, "cytolk", types.ModuleType("cytolk"))
    monkeypatch.setitem(sys.modules, "cytolk.tolk", tolk)  # type: ignore[arg-type]
    speech, why = screen_reader_windows()
    assert isinstance(speech, TolkSpeech) and "NVDA" in speech.name and why == ""
    speech.say("Your turn.", True)
    assert speech.speaking() is True
    speech.close()
    assert [c[0] for c in calls] == ["load", "output", "silence", "unload"]
    assert calls[1][1] == ("Your turn.", True)


def test_accessible_output2_is_the_second_choice_and_sapi_the_system_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[tuple[str, bool]] = []

    class Auto:
        def speak(self, text: str, interrupt: bool = False) -> None:
            said.append((text, interrupt))

    class Voice:
        def __init__(self) -> None:
            self.Status = types.SimpleNamespace(RunningState=2)
            self.calls: list[tuple[str, int]] = []

        def Speak(self, text: str, flags: int) -> None:
            self.calls.append((text, flags))

    monkeypatch.setitem(sys.modules, "cytolk", None)  # type: ignore[arg-type]
    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = Auto  # type: ignore[attr-defined]
    for name in ("accessible_output2", "accessible_output2.outputs"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", auto)
    speech, _ = screen_reader_windows()
    assert isinstance(speech, OutputSpeech)
    speech.say("Ana passes.")
    speech.stop()
    assert said == [("Ana passes.", False)] and speech.speaking() is None
    voice = Voice()
    client = types.ModuleType("win32com.client")
    client.Dispatch = lambda name: voice if name == "SAPI.SpVoice" else None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "win32com", types.ModuleType("win32com"))
    monkeypatch.setitem(sys.modules, "win32com.client", client)
    system, _ = sapi()
    assert isinstance(system, SapiSpeech)
    system.say("Round 2.", interrupt=True)
    assert system.speaking() is True and voice.calls == [("Round 2.", 3)]


def test_without_the_libraries_windows_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("cytolk", "accessible_output2", "win32com"):
        monkeypatch.setitem(sys.modules, name, None)  # type: ignore[arg-type]
    speech, mode, note = open_speech("screen reader", platform="win32", env={})
    assert isinstance(speech, Silent) and mode == "screen reader"
    assert "cytolk" in note and "pywin32" in note


# ------------------------------------------------------------------ the choice


def test_a_missing_screen_reader_falls_back_to_the_system_voice_and_says_so(tmp_path: Path) -> None:
    speech, mode, note = open_speech("screen reader", platform="darwin", env={})
    if isinstance(speech, Silent):  # no `say` here (this is not a Mac)
        assert "VoiceOver" in note and "say command is missing" in note
    program = _program(tmp_path, "exit 0")
    found = {"espeak-ng": program}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(processes, "find_program", lambda name, where=None: found.get(name))
        speech, mode, note = open_speech("screen reader", platform="linux", env={"XDG_RUNTIME_DIR": str(tmp_path)})
        assert isinstance(speech, ProcessSpeech) and mode == "system voice"
        assert note.startswith("No screen reader could be reached (speech-dispatcher is not running")
        assert note.endswith("espeak-ng speaks instead.")
        speech, mode, note = open_speech("automatic", platform="linux", env={})
        assert isinstance(speech, ProcessSpeech) and mode == "system voice"
        assert note == "Speaking with espeak-ng: no screen reader answered."
        speech, mode, note = open_speech("system voice", platform="linux", env={})
        assert isinstance(speech, ProcessSpeech) and note == ""
        found.clear()
        speech, mode, note = open_speech("system voice", platform="linux", env={})
        assert isinstance(speech, Silent) and mode == "system voice" and "espeak-ng is not installed" in note
    assert open_speech("off")[1:] == ("off", "")
    assert choose_module.MODES == ("off", "automatic", "screen reader", "system voice")


def test_with_no_voice_at_all_a_few_plain_sentences_say_why_without_a_variable_name(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(processes, "find_program", lambda name, where=None: None)
        speech, mode, note = open_speech("automatic", platform="linux", env={})
    assert isinstance(speech, Silent) and mode == "system voice"
    assert note == ("Speech is on, but nothing can speak. No screen reader answered: speech-dispatcher is not "
                    "running (this session names no folder for its socket). The system voice cannot speak: "
                    "espeak-ng is not installed (apt-get install espeak-ng).")
