"""The sound effects are made by tools/make_sounds.py and shipped inside the package."""

from __future__ import annotations

import sys
import wave
from importlib.resources import files
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import make_sounds  # noqa: E402


def test_the_shipped_sounds_are_what_the_script_makes() -> None:
    assert make_sounds.main(["--check"]) == 0


def test_every_effect_is_a_short_mono_wav_in_the_package() -> None:
    folder = files("game.assets") / "sounds"
    for name in make_sounds.SOUNDS:
        with wave.open(str(folder / f"{name}.wav"), "rb") as sound:
            assert sound.getnchannels() == 1 and sound.getframerate() == make_sounds.RATE
            assert 0.05 < sound.getnframes() / sound.getframerate() < 1.5
