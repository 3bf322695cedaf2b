"""Table codes, seat tokens and the limit on wrong codes from one address.

A table code is 50 random bits from the ``secrets`` module written as ten
letters and digits in two groups (``K3F9Q-2XAMB``, Crockford's base32: no
I, L, O or U), easy to read out loud; typed codes are read leniently (any
case, dashes and spaces ignored, O as 0, I and L as 1). A seat token is 128
random bits, kept by the person's game to rejoin their seat.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Final

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_CHARS: Final = 10
"""Characters of a table code: 10 x 5 = 50 bits."""
TYPOS: Final = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def new_code() -> str:
    """A fresh table code, e.g. ``K3F9Q-2XAMB``."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(CODE_CHARS))
    return f"{chars[:5]}-{chars[5:]}"


def normal_code(typed: str) -> str:
    """A typed code in its printed form ('' when it cannot be a code)."""
    chars = typed.upper().translate(TYPOS)
    if len(chars) != CODE_CHARS or any(c not in ALPHABET for c in chars):
        return ""
    return f"{chars[:5]}-{chars[5:]}"


def new_token() -> str:
    """A fresh secret seat token (32 hexadecimal digits)."""
    return secrets.token_hex(16)


def same_secret(a: str, b: str) -> bool:
    """Whether two secrets are equal, compared in constant time."""
    return secrets.compare_digest(a.encode(), b.encode())


class WrongCodeLimit:
    """Refuses an address after ``allowed`` wrong codes or tokens within
    ``window`` seconds, until the oldest of them is ``window`` seconds old."""

    def __init__(self, allowed: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.allowed = allowed
        self.window = window
        self.clock = clock
        self._misses: dict[str, list[float]] = {}

    def _recent(self, address: str) -> list[float]:
        """The address's wrong tries still within the window."""
        now = self.clock()
        kept = [t for t in self._misses.get(address, ()) if now - t < self.window]
        if kept:
            self._misses[address] = kept
        else:
            self._misses.pop(address, None)
        return kept

    def blocked(self, address: str) -> bool:
        """Whether ``address`` may not try a code now."""
        return len(self._recent(address)) >= self.allowed

    def wrong(self, address: str) -> None:
        """Count one wrong try from ``address``."""
        if len(self._misses) > 100_000:
            self._misses.clear()  # a flood from many addresses must not fill the memory
        self._recent(address)
        self._misses.setdefault(address, []).append(self.clock())
