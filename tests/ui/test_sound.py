"""Sound effects: each engine event has its sound, and no audio device means silence, not an error."""

from __future__ import annotations

from game.engine import events as ev
from game.engine.tiles import tile_id
from game.ui.settings import Settings
from game.ui.sound import NAMES, Sounds, sound_for


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
