"""Synthesise the game's sound effects into assets/sounds/ (no downloaded files).

    python tools/make_sounds.py          # write the .wav files
    python tools/make_sounds.py --check  # exit 1 if a file differs from what this script makes

Every effect is built from sine tones and seeded noise with short envelopes,
16-bit mono at 22,050 Hz, so the files are small and the same on every run.
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Wave = list[float]


def silence(seconds: float) -> Wave:
    """Quiet for ``seconds``."""
    return [0.0] * int(RATE * seconds)


def tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 8.0) -> Wave:
    """A sine tone with a fast attack and an exponential decay."""
    n = int(RATE * seconds)
    attack = max(1, int(RATE * 0.004))
    return [
        volume * min(1.0, i / attack) * math.exp(-decay * i / RATE) * math.sin(2 * math.pi * freq * i / RATE)
        for i in range(n)
    ]


def click(seconds: float, seed: int, volume: float = 0.8, decay: float = 60.0, body: float = 900.0) -> Wave:
    """A tile's click: a burst of noise shaped by a fast decay, with a woody resonance."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        env = math.exp(-decay * i / RATE)
        noise = rng.uniform(-1.0, 1.0)
        last = 0.6 * last + 0.4 * noise  # a gentle low-pass
        ring = math.sin(2 * math.pi * body * i / RATE) * math.exp(-decay * 0.5 * i / RATE)
        out.append(volume * env * (0.7 * last + 0.5 * ring))
    return out


def slide(seconds: float, seed: int, volume: float = 0.35) -> Wave:
    """A tile sliding off the pile: soft noise that swells and fades."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        env = math.sin(math.pi * i / n) ** 2
        last = 0.85 * last + 0.15 * rng.uniform(-1.0, 1.0)
        out.append(volume * env * last * 3.0)
    return out


def mix(*parts: tuple[float, Wave]) -> Wave:
    """Waves laid over each other, each starting at its offset (seconds)."""
    length = max(int(RATE * start) + len(w) for start, w in parts)
    out = [0.0] * length
    for start, w in parts:
        offset = int(RATE * start)
        for i, value in enumerate(w):
            out[offset + i] += value
    return out


def chord(freqs: list[float], step: float, seconds: float, volume: float) -> Wave:
    """Notes played one after another (an arpeggio), each ringing on."""
    return mix(*[(i * step, tone(f, seconds, volume, decay=4.0)) for i, f in enumerate(freqs)])


SOUNDS: dict[str, Callable[[], Wave]] = {
    "tile-placed": lambda: click(0.12, 1),
    "tile-drawn": lambda: slide(0.22, 2),
    "double": lambda: mix((0.0, click(0.1, 3)), (0.09, click(0.12, 4, body=1100.0))),
    "knock": lambda: mix((0.0, click(0.08, 5, body=300.0, decay=45.0)), (0.16, click(0.08, 6, body=300.0, decay=45.0))),
    "marker-up": lambda: mix((0.0, tone(660.0, 0.12, 0.3)), (0.08, tone(880.0, 0.18, 0.3))),
    "marker-down": lambda: mix((0.0, tone(880.0, 0.12, 0.3)), (0.08, tone(587.0, 0.18, 0.3))),
    "round-end": lambda: chord([523.3, 659.3, 784.0], 0.09, 0.6, 0.25),
    "match-end": lambda: chord([523.3, 659.3, 784.0, 1046.5], 0.12, 1.0, 0.25),
    "clock-warning": lambda: mix((0.0, tone(988.0, 0.08, 0.35, decay=24.0)),
                                 (0.15, tone(988.0, 0.08, 0.35, decay=24.0)),
                                 (0.3, tone(1319.0, 0.12, 0.35, decay=18.0))),
}
"""Every effect by name (the file is NAME.wav)."""


def wav_bytes(samples: Wave) -> bytes:
    """16-bit mono PCM WAV bytes, normalised to leave headroom."""
    peak = max((abs(s) for s in samples), default=1.0) or 1.0
    scale = 0.85 * 32767 / peak
    frames = b"".join(struct.pack("<h", round(s * scale)) for s in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    """Write (or with --check compare) every sound."""
    check = "--check" in argv
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, make in SOUNDS.items():
        data = wav_bytes(make())
        path = OUT / f"{name}.wav"
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python tools/make_sounds.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
