"""The fair-deal proof: a fingerprint of each deal, shown before the round is
played, that the game cannot match to any other deal.

Before a round the game picks a secret salt and shows the deal's
fingerprint, a SHA-256 hash of the salt and the shuffled tiles. After the
round it reveals the salt and the order; anyone can hash them again and see
the same fingerprint, so the deal was fixed before the first move and never
changed. ``docs/fair-deal.md`` explains the scheme for players.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .tiles import TEXT, Tile

DOMAIN: Final = "mexican-train deal v1"
"""Written into every hash, so a fingerprint cannot be mistaken for any other hash."""


def new_salt() -> str:
    """A fresh secret salt: 32 hexadecimal digits from the system's secure source."""
    return secrets.token_hex(16)


def fingerprint(salt: str, order: Sequence[Tile]) -> str:
    """The fingerprint of a deal: SHA-256 (hex) of the salt and the tiles in order."""
    text = f"{DOMAIN}|{salt}|{' '.join(TEXT[t] for t in order)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def short(print_: str) -> str:
    """The first 16 hex digits in groups of four, as the table shows a fingerprint."""
    head = print_[:16]
    return " ".join(head[i:i + 4] for i in range(0, len(head), 4))


# ------------------------------------------------------------- the mixed deal

COMMIT_DOMAIN: Final = "mexican-train commit v1"
MIX_DOMAIN: Final = "mexican-train mix v1"
CONTRIBUTION_HEX: Final = 64
"""A person's contribution: 64 lowercase hexadecimal digits (256 random bits)."""


def new_contribution() -> str:
    """A person's fresh random contribution to a network deal."""
    return secrets.token_hex(CONTRIBUTION_HEX // 2)


def is_hex(text: str, length: int) -> bool:
    """Whether ``text`` is exactly ``length`` lowercase hexadecimal digits."""
    return len(text) == length and all(c in "0123456789abcdef" for c in text)


def commitment(secret: str) -> str:
    """The server's commitment to its secret for a round, shown before anyone
    contributes: SHA-256 (hex) of the secret alone."""
    return hashlib.sha256(f"{COMMIT_DOMAIN}|{secret}".encode("ascii")).hexdigest()


def mix_seed(secret: str, contributions: Sequence[str]) -> str:
    """The seed a network deal is shuffled from: SHA-256 (hex) of the server's
    secret and every contribution in seat order ('' for a seat that sent none)."""
    return hashlib.sha256(f"{MIX_DOMAIN}|{secret}|{','.join(contributions)}".encode("ascii")).hexdigest()


@dataclass(frozen=True, slots=True)
class RoundMix:
    """How a network round's deal was mixed: the server's commitment, shown
    before anyone contributed, and each seat's contribution ('' for none)."""

    commitment: str
    contributions: tuple[str, ...]
