"""Table codes and seat tokens.

A table code is 50 random bits from the ``secrets`` module written as ten
letters and digits in two groups (``K3F9Q-2XAMB``, Crockford's base32: no
I, L, O or U), easy to read out loud; typed codes are read leniently (any
case, dashes and spaces ignored, O as 0, I and L as 1). A seat token is 128
random bits, kept by the person's game to rejoin their seat.
"""

from __future__ import annotations

import secrets
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
