"""Keeping the garbage collector's pauses short in a long-running server.

A server holding hundreds of tables has millions of objects that live as
long as their table; a full collection scans them all and stops the event
loop for a tenth of a second or more, which every move then waits for. So
the server moves what has lived a few seconds out of the collector's sight
(``gc.freeze``) and only now and then (every ``full_every`` seconds) lets
it look at everything once, to free the cycles that died meanwhile.
"""

from __future__ import annotations

import asyncio
import gc
import time


async def keep_pauses_short(stop: asyncio.Event, freeze_every: float = 10.0, full_every: float = 900.0) -> None:
    """Freeze the surviving objects every ``freeze_every`` seconds; a full
    collection every ``full_every`` seconds (until ``stop``)."""
    last_full = time.monotonic()
    while not stop.is_set():
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()
