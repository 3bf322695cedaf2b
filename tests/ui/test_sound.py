"""Sound effects: each engine event has its sound, and no audio device means silence, not an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import events as ev
from game.engine.tiles import tile_id
from game.ui.settings import Settings
from game.ui.sound import NAMES, Sounds, sound_for

ROOT = Path(__file__).resolve().parents[2]


def test_every_effect_the_table_plays_exists() -> None:
    played = {
        sound_for(ev.TilePlayed(0, tile_id(6, 4), 0, 6, 4)),
        sound_for(ev.TilePlayed(0, tile_id(6, 6), 0, 6, 6)),
        sound_for(ev.TileDrawn(1, tile_id(3, 2))),
        sound_for(ev.Knocked(2)),
        sound_for(ev.MarkerUp(0)),
        sound_for(ev.MarkerDown(0)),
        sound_for(ev.RoundEnded(((),), (0,), 0, (0,))),
    }
    assert played <= set(NAMES) and len(played) == 7
    assert sound_for(ev.TurnStarted(0)) is None


def test_sound_off_or_no_device_plays_nothing_and_raises_nothing() -> None:
    settings = Settings()
    sounds = Sounds(settings)
    sounds.play("tile-placed")
    sounds.hear(ev.Knocked(0))
    settings.sound = False  # type: ignore[attr-defined]
    assert not sounds.enabled
    sounds.play("knock")


@pytest.mark.skipif(sys.platform != "linux", reason="ALSA is Linux's sound system")
def test_a_start_with_no_sound_card_prints_at_most_one_line() -> None:
    """What ALSA prints while the mixer looks for a card (eight lines on a machine with none) stays off the
    terminal; a failed start is one line of the log, and the game goes on silently."""
    script = "from game.ui.sound import Sounds; print('silent' if not Sounds(object()).available else 'heard')"
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() in ("silent", "heard"), done.stderr
    assert "ALSA lib" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines == [] if done.stdout.strip() == "heard" else len(lines) == 1 and "sound is off" in lines[0]
