"""A cheating table server for the tests: the real server, with what it sends
to one seat altered on its way out (and, for some cheats, its deal rigged).

``install(monkeypatch, cheat)`` wraps the server's one sending point
(``Conn.send``): every message to a connection passes through ``cheat`` (a
copy of it, with the connection, whose table holds every hidden tile), which
returns the message to send or None to send nothing. ``play_one_round``
plays the first round of a small table (Ana, the host; Ben, the person
cheated; an Easy computer) through the game's own client library and says
what Ben's game made of it.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.engine.tiles import TEXT
from game.net.client.client import Client
from game.net.client.replies import Disconnected
from game.net.server.conn import Conn
from game.saves import SaveStore

from .conftest import Person, connected

BEN = 1
"""The seat of the person the server cheats."""

Cheat = Callable[[Any, dict[str, Any]], dict[str, Any] | None]
"""(the connection, a copy of the message) -> the message to send, or None."""


def install(monkeypatch: pytest.MonkeyPatch, cheat: Cheat) -> None:
    """Make the running server send every message through ``cheat``."""
    send = Conn.send

    def altered(conn: Any, message: dict[str, Any]) -> None:
        changed = cheat(conn, copy.deepcopy(message))
        if changed is not None:
            send(conn, changed)

    monkeypatch.setattr(Conn, "send", altered)


def to_ben(change: Callable[[Any, dict[str, Any]], dict[str, Any] | None]) -> Cheat:
    """A cheat on Ben's messages only (the host's game sees an honest server)."""
    return lambda conn, message: change(conn, message) if conn.seat == BEN else message


def hidden(conn: Any, seat: int = BEN) -> list[str]:
    """The tiles ``seat`` may not see now: the boneyard in draw order, then the other hands."""
    state = conn.table.session.match.round if conn.table is not None and conn.table.session else None
    if state is None or state.round_over:
        return []
    others = [t for s, hand in enumerate(state.hands) if s != seat for t in hand]
    return [TEXT[t] for t in [*reversed(state.boneyard), *others]]


@dataclass
class Outcome:
    """What Ben's game made of the round."""

    client: Client
    refused: str
    """Why Ben's game closed the connection ('' when it played the round to its end)."""

    @property
    def problems(self) -> list[str]:
        """What Ben's copy of the match found wrong."""
        return self.client.copy.problems if self.client.copy is not None else []

    def verdict(self) -> str:
        """What Ben is told of round 1's check."""
        assert self.client.copy is not None
        return self.client.copy.verdict(1)


async def play_one_round(url: str, folder: Path, deal_wait: float = 30.0) -> Outcome:
    """Ana, Ben and an Easy computer play round 1; Ben's game keeps its copy in ``folder``."""
    host = await connected(url)
    table = await host.create("Ana", "classic", 3, length="blitz", seats=["person", "open", "easy"],
                              deal_wait=deal_wait)
    ben = await connected(url, store=SaveStore(folder))
    await ben.join(table.table, "Ben")
    await host.start()
    hosting = asyncio.create_task(Person(host, seed="ana").play_until("round_end"))
    refused = ""
    try:
        await Person(ben, seed="ben").play_until("round_end")
    except Disconnected as gone:
        refused = str(gone)
    hosting.cancel()
    await host.close()
    await ben.close()
    # its end (cancelled, or Disconnected when a message won the race with the cancel: then the
    # host's person read on, and waited out its 60 s bound while the host's connection stayed open)
    await asyncio.gather(hosting, return_exceptions=True)
    return Outcome(ben, refused)
