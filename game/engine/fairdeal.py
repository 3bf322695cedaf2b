"""The fair-deal proof: a fingerprint of each deal, shown before the round is
played, that the game cannot match to any other deal.

Before a round the game picks a secret salt and shows the deal's
fingerprint, a SHA-256 hash of the salt and the shuffled tiles. After the
round it reveals the salt and the order; anyone can hash them again and see
the same fingerprint, so the deal was fixed before the first move and never
changed. ``docs/fair-deal.md`` explains the scheme for players and gives
the exact bytes of every hash and the shuffle, so that anyone can check a
deal in any language.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from .frozen import Frozen
from .tiles import TEXT, Tile

T = TypeVar("T")

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


# ---------------------------------------------------------------- the shuffle

SHUFFLE: Final = "fisher-yates-sha256"
"""The shuffle of every new network deal: Fisher-Yates driven by SHA-256 of
the mix seed and a counter (``fair_shuffle``), defined in docs/fair-deal.md."""
LEGACY_SHUFFLE: Final = "python-random"
"""The shuffle of network deals made before save format 4: Python's
``random.Random(mix seed).shuffle`` (kept so that those saves still verify)."""
SHUFFLES: Final = (SHUFFLE, LEGACY_SHUFFLE)
WORD: Final = 8
"""Bytes in one random word of the shuffle (an unsigned big-endian number)."""


def random_words(seed: bytes) -> Iterator[int]:
    """The shuffle's random words: SHA-256(seed || counter), the counter an
    8-byte big-endian number from 0 up, each hash cut into four 8-byte
    big-endian words in order."""
    counter = 0
    while True:
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        for start in range(0, len(block), WORD):
            yield int.from_bytes(block[start:start + WORD], "big")
        counter += 1


def below(words: Iterator[int], n: int) -> int:
    """A uniform random whole number from 0 to ``n - 1``: the next word below the
    largest multiple of ``n`` that fits in 64 bits, modulo ``n`` (words at or
    above that multiple are skipped, so no number is more likely than another)."""
    limit = 2**64 - 2**64 % n
    for word in words:
        if word < limit:
            return word % n
    raise AssertionError("the word stream is endless")


def fair_shuffle(items: Sequence[T], seed_hex: str) -> list[T]:
    """``items`` shuffled by ``SHUFFLE`` from a seed written as hexadecimal digits:
    for i from the last position down to 1, swap item i with item ``below(i + 1)``."""
    words = random_words(bytes.fromhex(seed_hex))
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(words, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@dataclass(frozen=True, slots=True)
class RoundMix(Frozen):
    """How a network round's deal was mixed: the server's commitment, shown
    before anyone contributed, each seat's contribution ('' for none), the
    shuffle the mix seed drove, and whether this game saw the commitment
    before the deal (None: not recorded, a save older than format 4)."""

    commitment: str
    contributions: tuple[str, ...]
    shuffle: str = SHUFFLE
    witnessed: bool | None = True
