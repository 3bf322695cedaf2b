"""Where the table of each kept seat stands, asked in the background for My
tables and the title.

``TablesLookup(seats)`` asks each server once, on a thread of its own, with
the ``list`` request (``Client.list_tables``: nothing of any hand, no table
loaded), giving each server ``ANSWER_WAIT`` seconds at most (its rows say it
did not answer once that is over, even while its thread still closes the
connection); the tables of
this game's own server are read from its database (``listed_from_file``)
without starting it. Nothing here waits on the caller's thread:
``answers()`` gives what has come so far, so a server that never answers
keeps only its own rows waiting, never a frame. The network modules are
imported on those threads, so the title opens without them.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...saves.store import data_dir
from .kept import KeptSeat

if TYPE_CHECKING:
    from ...net.client.inbound import Listing

ANSWER_WAIT = 6.0
"""Seconds a server has to answer the list before its rows say it did not answer."""
LATE = 1.0
"""Seconds past its wait after which a server's rows say it did not answer, whatever its thread
is still doing (closing a connection the server never closes can take longer)."""
TITLE_EVERY = 60.0
"""Seconds between two looks the title takes (it asks at most once a minute)."""
OWN = ""
"""The group of the tables on this game's own server (read from its database)."""


@dataclass(frozen=True)
class Answer:
    """What became of one seat's question: the table as listed, or why there is no listing."""

    listing: Listing | None = None
    problem: str = ""
    """A sentence for the player when the server could not be asked ('The server at ... did not answer.')."""


def where(url: str) -> str:
    """A server as the player typed it: ``host:port`` for a plain ``ws://`` address, else the address."""
    plain = url.removeprefix("ws://").rstrip("/")
    return plain if url.startswith("ws://") and "/" not in plain else url


class TablesLookup:
    """One look at the tables of ``seats``: a thread per server, answers as they come."""

    def __init__(self, seats: Sequence[KeptSeat], wait: float | None = None) -> None:
        self.seats = list(seats)
        self.wait = ANSWER_WAIT if wait is None else wait
        """Seconds each server has to answer."""
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._answers: dict[str, Answer] = {}
        groups: dict[str, list[KeptSeat]] = {}
        for seat in self.seats:
            groups.setdefault(OWN if seat.own else seat.url, []).append(seat)
        self._waiting = len(groups)
        self._groups = groups
        for url, group in groups.items():
            threading.Thread(target=self._ask, args=(url, group), name="tables-lookup", daemon=True).start()

    def answers(self) -> dict[str, Answer]:
        """The answers so far, by seat token (a copy: never waits on the network); once the wait is
        over, a server that has not answered is said not to have answered in time."""
        with self._lock:
            answers = dict(self._answers)
            waiting = self._waiting
        if waiting and self._overdue():
            for url, group in self._groups.items():
                late = Answer(problem=_too_late(where(url), self.wait) if url != OWN else
                              "The tables this game hosts could not be read in time.")
                answers.update((seat.token, late) for seat in group if seat.token not in answers)
        return answers

    def done(self) -> bool:
        """Whether every server has answered, or had its time."""
        with self._lock:
            return self._waiting == 0 or self._overdue()

    def _overdue(self) -> bool:
        """Whether the servers' time is over (``LATE`` seconds past their wait)."""
        return self.age() > self.wait + LATE

    def age(self) -> float:
        """Seconds since this look began."""
        return time.monotonic() - self.started

    def _ask(self, url: str, seats: list[KeptSeat]) -> None:
        """Ask one server (or read this game's own database) and keep the answers (on a thread)."""
        pairs = [(seat.code, seat.token) for seat in seats]
        answers: list[Answer] = []
        try:
            found = _read_own(pairs) if url == OWN else _ask_server(url, pairs, self.wait)
            answers = [Answer(listing) for listing in found]
        except _NoAnswer as problem:
            answers = [Answer(problem=str(problem))] * len(seats)
        finally:  # whatever happened, this server has had its turn
            with self._lock:
                self._answers.update((seat.token, answer) for seat, answer in zip(seats, answers))
                self._waiting -= 1


def _too_late(at: str, wait: float) -> str:
    """The sentence for a server at ``at`` that did not answer in ``wait`` seconds."""
    return f"The server at {at} did not answer in {wait:g} seconds."


class _NoAnswer(Exception):
    """A server (or the own database) could not be asked; the message says why, for the player."""


def _read_own(pairs: list[tuple[str, str]]) -> list[Listing]:
    """The own server's tables, from its database (read-only, its server not started)."""
    import sqlite3

    from ...net.client.listing import listed_from_file

    try:
        return listed_from_file(data_dir() / "server", pairs)
    except (sqlite3.Error, OSError) as error:
        raise _NoAnswer(f"The tables this game hosts cannot be read now ({error}).") from None


def _ask_server(url: str, pairs: list[tuple[str, str]], wait: float) -> list[Listing]:
    """The server's list of these seats' tables, or _NoAnswer after ``wait`` seconds at most."""
    from ...net.client.client import Client
    from ...net.client.replies import ServerRefused
    from ...net.protocol.wire import WireError

    async def ask() -> list[Listing]:
        client = Client(url)
        try:
            await client.connect()
            return await client.list_tables(pairs)
        finally:
            await client.close()

    at = where(url)
    try:
        return asyncio.run(asyncio.wait_for(ask(), wait))
    except TimeoutError:
        raise _NoAnswer(_too_late(at, wait)) from None
    except ConnectionRefusedError:
        raise _NoAnswer(f"The server at {at} did not answer: nothing listens there (it may be off).") \
            from None
    except ServerRefused as refused:
        raise _NoAnswer(f"The server at {at} said: {refused.message}.") from None
    except WireError as error:
        raise _NoAnswer(f"The server at {at} answered in a way this game does not read ({error}).") from None
    except OSError as error:
        raise _NoAnswer(f"The server at {at} could not be reached ({error.strerror or error}).") from None
    except Exception as error:  # noqa: BLE001 - whatever a server does, its rows say it and the game goes on
        raise _NoAnswer(f"The server at {at} could not be asked ({error}).") from None


_latest: TablesLookup | None = None
"""The latest look (the title's, or My tables')."""
_latest_lock = threading.Lock()


def fresh_lookup(seats: Sequence[KeptSeat]) -> TablesLookup:
    """A new look at ``seats`` (My tables asks once a visit); the title reuses it for a while."""
    global _latest
    lookup = TablesLookup(seats)
    with _latest_lock:
        _latest = lookup
    return lookup


def forget_lookups() -> None:
    """What the last look found is out of date (the person was just at one of the tables)."""
    global _latest
    with _latest_lock:
        _latest = None


def recent_lookup(seats: Sequence[KeptSeat]) -> TablesLookup:
    """The latest look at exactly these seats when it is under ``TITLE_EVERY`` seconds old, else a new one."""
    with _latest_lock:
        latest = _latest
    if latest is not None and latest.seats == list(seats) and latest.age() < TITLE_EVERY:
        return latest
    return fresh_lookup(seats)
