"""Named points of the table server's write path where a crash test kills it.

Only for tests and ``tools/crashtest.py``: when ``MEXICAN_TRAIN_KILL_AT`` is
set to ``NAME`` or ``NAME:N``, the server kills itself with SIGKILL the
first (or the Nth) time it passes the point ``NAME``. Unset, ``reached``
costs one dictionary look-up and does nothing.
"""

from __future__ import annotations

import os
import signal
from typing import Final

POINTS: Final = (
    "before-commit",      # a batch is ready; nothing of it is in the database
    "in-transaction",     # its statements ran; the transaction is not committed
    "after-commit",       # committed; nobody has been told
    "mid-send",           # some of the batch's messages are queued, not all
    "after-send",         # every message of the batch is queued to its connection
)
"""Where a crash test may stop the server, in the order a batch passes them."""
_ARMED: dict[str, int] = {}


def arm(setting: str | None) -> None:
    """Arm the point ``NAME[:N]`` (None or '': none)."""
    _ARMED.clear()
    if not setting:
        return
    name, _, count = setting.partition(":")
    if name not in POINTS:
        raise ValueError(f"no crash point is called {name!r}")
    _ARMED[name] = int(count or "1")


def reached(name: str) -> None:
    """Die here if this point is armed and its count has come."""
    if name not in _ARMED:
        return
    _ARMED[name] -= 1
    if _ARMED[name] <= 0:
        os.kill(os.getpid(), signal.SIGKILL)


arm(os.environ.get("MEXICAN_TRAIN_KILL_AT"))
