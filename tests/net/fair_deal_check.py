"""A fair-deal checker written from docs/fair-deal.md alone ("Checking a deal
yourself"): it imports nothing of the game, only hashlib and json, as a
client in another language would be written."""

from __future__ import annotations

import hashlib
import json
from typing import Any

TWO_64 = 2**64


def sha256_hex(text: str) -> str:
    """Lowercase hexadecimal SHA-256 of ASCII text."""
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def commitment(secret: str) -> str:
    """Step 1: the commitment to a secret."""
    return sha256_hex("mexican-train commit v1|" + secret)


def mix_seed(secret: str, contributions: list[str]) -> str:
    """Step 2: the mix seed of a secret and the contributions in seat order."""
    return sha256_hex("mexican-train mix v1|" + secret + "|" + ",".join(contributions))


def round_tiles(set_max: int, held_out: int | None) -> list[str]:
    """Step 3: the round's tiles in set order, the held-out double left out."""
    tiles = [f"{high}-{low}" for high in range(set_max + 1) for low in range(high + 1)]
    return [t for t in tiles if held_out is None or t != f"{held_out}-{held_out}"]


class Words:
    """Step 3: the shuffle's random words from the seed."""

    def __init__(self, seed_hex: str) -> None:
        self.seed = bytes.fromhex(seed_hex)
        self.counter = 0
        self.ready: list[int] = []

    def next(self) -> int:
        """The next 8-byte big-endian word."""
        if not self.ready:
            block = hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.ready = [int.from_bytes(block[k:k + 8], "big") for k in (24, 16, 8, 0)]
            self.counter += 1
        return self.ready.pop()

    def below(self, n: int) -> int:
        """A uniform number from 0 to n - 1, by rejection."""
        limit = TWO_64 - TWO_64 % n
        while True:
            word = self.next()
            if word < limit:
                return word % n


def shuffle(items: list[str], seed_hex: str) -> list[str]:
    """Step 3: Fisher-Yates from the last position down to 1."""
    words = Words(seed_hex)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = words.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def hands(order: list[str], hand_sizes: list[int]) -> tuple[list[list[str]], list[str]]:
    """Step 4: each seat's hand, one after another, and the boneyard (first drawn first)."""
    dealt, start = [], 0
    for size in hand_sizes:
        dealt.append(order[start:start + size])
        start += size
    return dealt, order[start:]


def fingerprint(salt: str, order: list[str]) -> str:
    """Step 5: the deal's fingerprint."""
    return sha256_hex("mexican-train deal v1|" + salt + "|" + " ".join(order))


def check_round(message: dict[str, Any], seen: str, mine: str, seat: int, hand: list[str]) -> list[str]:
    """What does not hold in a round_end message (its JSON as received), for a
    person who saw the commitment ``seen`` before the deal, sent ``mine``
    (accepted) and was dealt ``hand`` in ``seat``: empty when the round is fair."""
    reveal = message["reveal"]
    problems = []
    if commitment(reveal["secret"]) != seen:
        problems.append("the secret is not the one committed to")
    if reveal["contributions"][seat] != mine:
        problems.append("my contribution is not in the mix")
    if reveal["shuffle"] != "fisher-yates-sha256":
        problems.append("not the documented shuffle")
    held = reveal["engine"] if reveal["held_out"] else None
    order = shuffle(round_tiles(reveal["set"], held), mix_seed(reveal["secret"], reveal["contributions"]))
    if order != reveal["deal"]:
        problems.append("the deal is not the shuffle of the mix")
    if fingerprint(reveal["secret"], order) != reveal["fingerprint"]:
        problems.append("the fingerprint is not the deal's")
    if sorted(hands(order, reveal["hand_sizes"])[0][seat]) != sorted(hand):
        problems.append("my hand is not the one the deal gives my seat")
    return problems


def as_json(message: dict[str, Any]) -> str:
    """The message as it travels (the checker reads JSON, nothing else)."""
    return json.dumps(message)
