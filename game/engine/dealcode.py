"""Deal codes: a match seed as a short code a player can read out and type in.

A code is eight characters of Crockford's base 32 (digits and capitals
without I, L, O and U), shown as two groups of four: ``K3F9-2QXA``. It
carries a 40-bit seed; the same code and the same table setup deal the same
tiles. Reading a code forgives case, spaces, dashes and the look-alikes
I/L (read as 1) and O (read as 0).
"""

from __future__ import annotations

import secrets
from typing import Final

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH: Final = 8
BITS: Final = 5 * LENGTH
LOOK_ALIKES: Final = {"I": "1", "L": "1", "O": "0"}


class DealCodeError(ValueError):
    """Text that is not a deal code; the message says why, for a player."""


def new_seed() -> int:
    """A fresh random seed that a deal code can carry."""
    return secrets.randbits(BITS)


def encode(seed: int) -> str:
    """The deal code of ``seed`` (0 <= seed < 2**40), as ``XXXX-XXXX``."""
    if not 0 <= seed < 1 << BITS:
        raise DealCodeError(f"a deal code carries a seed from 0 to {(1 << BITS) - 1}, not {seed}")
    chars = []
    for _ in range(LENGTH):
        chars.append(ALPHABET[seed & 31])
        seed >>= 5
    text = "".join(reversed(chars))
    return f"{text[:4]}-{text[4:]}"


def decode(code: str) -> int:
    """The seed a deal code carries; DealCodeError saying what is wrong with it."""
    cleaned = "".join(ch for ch in code.upper() if ch not in " -_")
    cleaned = "".join(LOOK_ALIKES.get(ch, ch) for ch in cleaned)
    if len(cleaned) != LENGTH:
        raise DealCodeError(f"a deal code has {LENGTH} letters and digits, like K3F9-2QXA")
    seed = 0
    for ch in cleaned:
        value = ALPHABET.find(ch)
        if value < 0:
            raise DealCodeError(f"'{ch}' is not in a deal code (letters and digits, no U)")
        seed = seed << 5 | value
    return seed
