"""A table server running inside another program (the game's Host, tests).

``EmbeddedServer`` runs a ``Server`` on its own thread with its own event
loop, so a pygame window (or a test) keeps its own loop: ``start()`` returns
once the server listens, with its port; ``stop()`` returns once the server
has stopped (every move was stored as it was played).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from ..loops import close_loop
from ..store import Store
from .config import Config
from .server import Server

T = TypeVar("T")


class EmbeddedServer:
    """A server on a thread of this process."""

    def __init__(self, data: Path, host: str = "127.0.0.1", port: int = 0,
                 clock: Callable[[], float] = time.time, store: Store | None = None, **settings: Any) -> None:
        self.config = Config(host=host, port=port, data=Path(data), **settings)
        self.clock = clock
        self.store = store
        """The database to use (None: the one the config names)."""
        self.server: Server | None = None
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Where clients connect (``ws://`` or ``wss://`` with a certificate)."""
        scheme = "wss" if self.config.certfile else "ws"
        return f"{scheme}://{self.config.host}:{self.port}/"

    def start(self, timeout: float = 20.0) -> int:
        """Start serving; returns the port once the server listens. Raises the
        server's own error (a port in use, a locked data folder) if it cannot start."""
        self.server = Server(self.config, self.clock, self.store)  # raises before any loop or thread is made
        started: Future[int] = Future()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, args=(self._loop, self.server, started),
                                        name="table-server", daemon=True)
        self._thread.start()
        self.port = started.result(timeout)
        return self.port

    def _run(self, loop: asyncio.AbstractEventLoop, server: Server, started: Future[int]) -> None:
        """The server thread: run until stopped."""
        asyncio.set_event_loop(loop)
        self._stop = asyncio.Event()
        ready: asyncio.Future[int] = loop.create_future()
        ready.add_done_callback(lambda done: started.set_result(done.result()))
        try:
            loop.run_until_complete(server.run(self._stop, ready))
        except Exception as error:  # noqa: BLE001 - handed to start(), which is waiting
            if not started.done():
                started.set_exception(error)
        finally:
            close_loop(loop)  # a computer player still thinking is cancelled, not destroyed pending

    def call(self, work: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
        """Run ``work`` on the server's loop and wait for its result (tests, tools)."""
        if self._loop is None:
            raise RuntimeError("the server is not running")
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    def stop(self, timeout: float = 20.0) -> None:
        """Stop the server (nothing is left to save)."""
        if self._thread is None or self._stop is None or self._loop is None:
            return
        stop = self._stop
        self._loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout)
        self._thread = None
