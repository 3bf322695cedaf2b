"""Nothing is told before it is stored: messages wait for the writes they follow.

Every message the server sends passes here with the table it concerns.
Once a turn of the event loop has staged its changes, ``run`` commits every
table's writes (and the addresses' counted events) in one transaction and
only then hands the messages to their connections, in the order they were
staged. If the commit fails, the messages of the tables in it are dropped
and those tables are handed to ``on_failed`` (the server pauses them and
reads them back once the database takes writes again); a table this process
no longer holds (``fenced``) goes to the same callback.

Each connection's messages then wait in its ``Mailbox`` until its socket
takes them, counted in bytes: a client that stops reading gets no more of
its requests handled once a little waits for it (``PAUSE_BYTES``), and is
dropped once too much waits (``MAILBOX_BYTES``) or its socket has taken
nothing for ``STALL`` seconds, so it never holds anyone else up.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..store import crashpoints
from ..store.base import Store, StoreError
from ..store.records import AddressEvent, Batch, TableWrite

log = logging.getLogger("mexican_train.server")


MAILBOX_BYTES = 1024 * 1024
"""Bytes waiting for one connection past which it is dropped at once (its client does not read)."""
PAUSE_BYTES = 32 * 1024
"""Bytes waiting for one connection past which its next request waits until they are taken."""
STALL = 10.0
"""Seconds a connection's socket may take nothing while messages wait before the connection is dropped."""


class Mailbox:
    """One connection's messages on their way to its socket, in order, counted in bytes."""

    def __init__(self, limit: int = MAILBOX_BYTES, pause: int = PAUSE_BYTES) -> None:
        self.limit = limit
        self.pause = pause
        self.waiting = 0
        """Bytes queued and not yet taken by the socket."""
        self.overflowed = False
        self._items: deque[str | None] = deque()
        self._ready = asyncio.Event()
        self._taken = asyncio.Event()

    def put(self, text: str) -> bool:
        """Queue ``text``; False (nothing queued) once more than ``limit`` bytes would wait: drop the connection."""
        if self.overflowed or self.waiting + len(text) > self.limit:
            self.overflowed = True
            return False
        self.waiting += len(text)
        self._items.append(text)
        self._ready.set()
        return True

    def end(self) -> None:
        """Close the connection once what is queued is sent."""
        self._items.append(None)
        self._ready.set()

    async def get(self) -> str | None:
        """The next message to send (None: close)."""
        while not self._items:
            self._ready.clear()
            await self._ready.wait()
        return self._items.popleft()

    def sent(self, text: str) -> None:
        """The socket took ``text``."""
        self.waiting -= len(text)
        if self.waiting <= self.pause:
            self._taken.set()

    async def room(self, timeout: float) -> bool:
        """Wait until at most ``pause`` bytes wait; False when they do not within ``timeout`` seconds."""
        if self.waiting <= self.pause:
            return True
        self._taken.clear()
        try:
            await asyncio.wait_for(self._taken.wait(), timeout)
        except TimeoutError:
            return False
        return True


SEND_BUFFER = 64 * 1024
"""Bytes the system may hold for one connection's socket (it would grow to megabytes by itself, all of
them answers a client that does not read has had worked out for it)."""


def small_send_buffer(ws: Any) -> None:
    """Keep the system's buffer of a connection's socket to ``SEND_BUFFER``: a client that stops reading
    is noticed (``Mailbox.room``) after a few answers, not after megabytes."""
    sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        except OSError:
            pass


class Receiver(Protocol):
    """A connection: ``send`` queues one message."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending."""
        ...


@dataclass(frozen=True, slots=True)
class Staged:
    """A message waiting for its table's writes."""

    to: Receiver
    message: dict[str, Any]
    table_id: str
    """The table it concerns ('' for none)."""


Failed = Callable[[set[str], str], None]
"""Told the ids of tables whose writes were not stored, and why."""
Fenced = Callable[[set[str]], None]
"""Told the ids of tables another process holds now (their writes were refused)."""


class Outbox:
    """The server's writes and messages, committed and sent in order."""

    def __init__(self, store: Store, clock: Callable[[], float], on_failed: Failed, on_fenced: Fenced) -> None:
        self.store = store
        self.clock = clock
        self.on_failed = on_failed
        self.on_fenced = on_fenced
        self._batch = Batch()
        self._staged: list[Staged] = []
        self._committing: set[str] = set()
        self._wake = asyncio.Event()
        self._begun = 0
        """Flushes begun (each takes everything staged when it begins)."""
        self._ended = 0
        self._flushed = asyncio.Event()
        """Set when a flush ends (then replaced by a fresh one)."""

    def stage(self, table_id: str, epoch: int, writes: Sequence[TableWrite],
              sends: Sequence[tuple[Receiver, dict[str, Any]]]) -> None:
        """Stage ``writes`` of table ``table_id`` ('' for none) and the messages that follow them."""
        if writes:
            self._batch.add(table_id, epoch, list(writes))
        self._staged.extend(Staged(to, message, table_id) for to, message in sends)
        if writes or sends:
            self._wake.set()

    def count(self, event: AddressEvent) -> None:
        """Stage an address's counted event."""
        self._batch.addresses.append(event)
        self._wake.set()

    def discard(self, table_ids: set[str]) -> None:
        """Drop what is staged for these tables (they are read back from the database)."""
        for table_id in table_ids:
            self._batch.tables.pop(table_id, None)
        self._staged = [s for s in self._staged if s.table_id not in table_ids]

    def busy(self, table_id: str) -> bool:
        """Whether writes of the table wait or are being committed (it must stay in memory)."""
        return table_id in self._batch.tables or table_id in self._committing

    async def run(self) -> None:
        """Commit and send, batch after batch, until cancelled."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.flush()

    async def caught_up(self) -> None:
        """Wait until what is staged now is committed and handed to its connections (a connection's
        next request is taken only then: one sending many at once gets one into each commit, as
        anyone else does, and its requests never make everyone's commit long)."""
        if not self._batch and not self._staged:
            return
        target = self._begun + 1  # the next flush to begin takes what is staged now
        while self._ended < target:
            await self._flushed.wait()

    async def flush(self) -> None:
        """Commit what is staged, then send its messages."""
        self._begun += 1
        try:
            await self._flush()
        finally:
            self._ended += 1
            flushed, self._flushed = self._flushed, asyncio.Event()
            flushed.set()

    async def _flush(self) -> None:
        """``flush`` itself."""
        batch, staged = self._batch, self._staged
        self._batch, self._staged = Batch(), []
        failed: set[str] = set()
        if batch:
            batch.now = self.clock()
            self._committing = set(batch.tables)
            crashpoints.reached("before-commit")
            fenced = False
            try:
                failed = await self.store.commit(batch)
                fenced = True
            except StoreError as error:
                failed, reason = set(batch.tables), error.reason
            finally:
                self._committing = set()
            crashpoints.reached("after-commit")
            if failed:
                self.discard(failed)
                if fenced:
                    self.on_fenced(failed)
                else:
                    self.on_failed(failed, reason)
        middle = len(staged) // 2
        for index, item in enumerate(staged):
            if index == middle and batch:
                crashpoints.reached("mid-send")
            if item.table_id not in failed:
                item.to.send(item.message)
        if batch:
            crashpoints.reached("after-send")
