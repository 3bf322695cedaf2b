"""``ThreadedClient``: a ``Client`` on its own thread for a pygame window:
every call returns at once (a ``concurrent.futures.Future``) and ``poll()``
hands over the messages that came in, never blocking a frame."""

from __future__ import annotations

import asyncio
import queue
import ssl
from collections.abc import Coroutine
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from ...engine import Action
from ...saves import SaveStore
from ..loops import loop_thread
from .client import Client
from .inbound import Incoming
from .replies import Disconnected

T = TypeVar("T")

CLOSE_WAIT = 1.0
"""Seconds ``ThreadedClient.close`` waits for the closing handshake; a peer that
does not answer (a connection half gone) is then closed on the client's own
thread, so the window never waits on it."""


class ThreadedClient:
    """A ``Client`` on its own thread, for a window that must never wait."""

    def __init__(self, url: str, auto_contribute: bool = True, store: SaveStore | None = None,
                 ssl_context: ssl.SSLContext | None = None) -> None:
        self._loop, self._thread = loop_thread("net-client")  # ended cleanly once ``close`` stops it
        self._messages: queue.Queue[Incoming] = queue.Queue()
        made = asyncio.run_coroutine_threadsafe(_make(url, auto_contribute, store, ssl_context), self._loop)
        self.client: Client = made.result(timeout=10)
        self._pump: Future[None] | None = None

    def call(self, work: Coroutine[Any, Any, T]) -> Future[T]:
        """Run ``work`` (e.g. ``client.join(...)``) on the client's thread; returns at once."""
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    def connect(self) -> Future[None]:
        """Connect and say hello; incoming messages then queue for ``poll``."""
        async def connect_and_pump() -> None:
            await self.client.connect()
            self._pump = asyncio.run_coroutine_threadsafe(self._forward(), self._loop)
        return self.call(connect_and_pump())

    async def reconnect(self) -> None:
        """(Run on the client's thread, e.g. through ``call``) connect again after
        a lost connection; incoming messages queue for ``poll`` again."""
        await self.client.connect()
        if self._pump is not None and not self._pump.done():
            self._pump.cancel()  # one pump at a time: two would take messages out of order
        self._pump = asyncio.run_coroutine_threadsafe(self._forward(), self._loop)

    async def _forward(self) -> None:
        """Move incoming messages to the thread-safe queue."""
        while True:
            try:
                self._messages.put(await self.client.next())
            except Disconnected as gone:
                reason = {"reason": "unfair"} if self.client.unfair else {}
                self._messages.put(Incoming("closed", {"message": str(gone), **reason}))
                return

    def poll(self) -> list[Incoming]:
        """Every message that came in since the last poll (never waits)."""
        out = []
        while True:
            try:
                out.append(self._messages.get_nowait())
            except queue.Empty:
                return out

    def act(self, action: Action | str) -> Future[None]:
        """Play an action for this seat."""
        return self.call(self.client.act(action))

    def close(self) -> None:
        """Close the connection and stop the thread once it is closed; waits
        ``CLOSE_WAIT`` at most (a peer that does not answer the close finishes
        it on the client's thread, never the window's)."""
        if self._loop.is_closed() or not self._thread.is_alive():
            return
        closing = asyncio.run_coroutine_threadsafe(self.client.close(), self._loop)
        closing.add_done_callback(lambda _: self._loop.call_soon_threadsafe(self._loop.stop))
        try:
            closing.result(timeout=CLOSE_WAIT)
        except FutureTimeout:
            return
        self._thread.join(timeout=CLOSE_WAIT)


async def _make(url: str, auto_contribute: bool, store: SaveStore | None,
                ssl_context: ssl.SSLContext | None) -> Client:
    """A client made on the loop that will run it."""
    return Client(url, auto_contribute, store, ssl_context)
