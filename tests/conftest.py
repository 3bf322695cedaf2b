"""Test configuration: headless pygame and a private data folder for saves."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pytest  # noqa: E402

from game.ai import ComputerSeats  # noqa: E402
from game.engine import play_match, preset  # noqa: E402
from game.engine.length import with_length  # noqa: E402
from game.memory.session import GameSession, SeatConfig  # noqa: E402


def finished_match(seed: int, people: tuple[str, ...] = ("Ana",), rules: str = "classic",
                   levels: tuple[str, ...] = ("easy", "expert")) -> GameSession:
    """A finished Blitz match, fast: the people (played at random) against
    computer seats of ``levels``. The seats are recorded at those levels, but
    every computer decision is an Easy player's, so a test that needs a finished
    match (statistics, the match end) gets one in well under a second whatever
    the levels; which level decided the moves is not what such a test checks."""
    names = ("Cy", "Di", "Ed", "Flo")
    seats = [SeatConfig(name, "human") for name in people] + [SeatConfig(names[i], level)
                                                               for i, level in enumerate(levels)]
    session = GameSession(with_length(preset(rules), len(seats), "blitz"), seats, seed)
    session.hints[0] = 2
    rng = random.Random(seed)
    computers = ComputerSeats(["easy"] * len(seats))

    def decide(match, seat):  # type: ignore[no-untyped-def]
        return rng.choice(match.legal_actions()) if seat < len(people) else computers(match, seat)

    play_match(session.match, decide)
    return session


@pytest.fixture(autouse=True)
def zeroconf_on_loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test opens (a join form listens for tables, a host announces
    one), zeroconf speaks on the loopback interface alone, never to a network."""
    monkeypatch.setattr("game.ui.online.connection.DISCOVERY_INTERFACES", ["127.0.0.1"])
