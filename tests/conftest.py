"""Test configuration: headless pygame, a private data folder for saves, and no
asyncio error left unseen (an unhandled task error, or a task destroyed while
pending, is logged by asyncio rather than raised: a test during which one is
logged fails, and so does the run when one comes out at its end)."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Iterator

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


class AsyncioErrors(logging.Handler):
    """Keeps every error the ``asyncio`` logger reports (its exception handler logs there)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record."""
        self.records.append(record)

    def said(self, since: int = 0) -> list[str]:
        """The errors kept from ``since`` on, each as asyncio worded it (with its exception, if any)."""
        out = []
        for record in self.records[since:]:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
            out.append(text)
        return out


ASYNCIO_ERRORS = AsyncioErrors()


def pytest_configure(config: pytest.Config) -> None:
    """Listen to the asyncio logger for the whole run."""
    logging.getLogger("asyncio").addHandler(ASYNCIO_ERRORS)


@pytest.fixture(autouse=True)
def no_asyncio_error() -> Iterator[None]:
    """Fail the test if asyncio reported an error while it ran ("Task was destroyed but
    it is pending!", "Task exception was never retrieved", an exception in a callback)."""
    since = len(ASYNCIO_ERRORS.records)
    yield
    said = ASYNCIO_ERRORS.said(since)
    if said:
        pytest.fail("asyncio reported: " + "; ".join(said), pytrace=False)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A task destroyed while pending is only reported when it is collected: collect, then fail the run."""
    before = len(ASYNCIO_ERRORS.records)
    gc.collect()
    said = ASYNCIO_ERRORS.said(before)
    if said:
        print("\nasyncio reported after the last test: " + "; ".join(said))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
