"""Ending an event loop that runs on a thread of its own, leaving nothing behind.

``asyncio.run`` ends its loop this way by itself; a loop run by hand on a
thread (the table server inside the game, the game's network client) ends
with ``close_loop`` once it has stopped: every task still pending is
cancelled and allowed to finish, the asynchronous generators and the default
executor are shut down, and the loop is closed with its sockets. Without it a
pending task is destroyed while pending and the loop's own sockets are left
for the garbage collector.
"""

from __future__ import annotations

import asyncio
import threading


def loop_thread(name: str) -> tuple[asyncio.AbstractEventLoop, threading.Thread]:
    """A new event loop running on a daemon thread of its own until it is stopped, then ended by ``close_loop``."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=_run_then_close, args=(loop,), name=name, daemon=True)
    thread.start()
    return loop, thread


def _run_then_close(loop: asyncio.AbstractEventLoop) -> None:
    """The thread of ``loop_thread``: run the loop until it is stopped, then end it."""
    try:
        loop.run_forever()
    finally:
        close_loop(loop)


def close_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel the tasks left on the stopped ``loop``, let each finish, and close it."""
    if loop.is_closed():
        return
    try:
        pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()
