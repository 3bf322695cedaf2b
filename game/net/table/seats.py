"""Who sits where at a network table: people, computer players and stand-ins.

A seat is ``open`` (waiting for a person), a computer level, or a person
with a name and a secret token. A person who drops stays seated: after the
table's pace (``pace``) a computer player of the table's stand-in level may
play for them (``stand_in``) until they rejoin with their token. The server keeps
only a token's SHA-256, so its database alone opens no seat.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..protocol.codes import new_token, same_secret
from ..protocol.messages import OPEN
from ..store.records import SeatRow

PERSON = "person"


@dataclass
class Seat:
    """One seat of a network table."""

    kind: str = OPEN
    """``open``, ``person`` or a computer level."""
    name: str = ""
    token_hash: str = ""
    """SHA-256 (hex) of the person's token ('' for none)."""
    connected: bool = False
    away_since: float | None = None
    """When the person dropped (a clock reading), None while connected."""
    stand_in: bool = False
    """A computer player plays this person's seat while they are away."""
    left: bool = False
    """The person left the table for good (a computer player took the seat)."""
    timeouts: int = 0
    """Turns in a row this person's clock ran out on (a live table)."""

    @property
    def is_person(self) -> bool:
        """Whether a person holds the seat (connected or not)."""
        return self.kind == PERSON

    @property
    def plays_itself(self) -> bool:
        """Whether the server's computer player decides for this seat now."""
        return self.kind not in (PERSON, OPEN) or self.stand_in

    @property
    def awaited(self) -> bool:
        """Whether the deal waits for this seat's person (seated, not stood in
        for; one who dropped only until the deal's deadline)."""
        return self.is_person and not self.stand_in and not self.left

    def take(self, name: str, now: float) -> str:
        """A person sits here; returns their new token."""
        token = new_token()
        self.kind, self.name, self.token_hash = PERSON, name, token_hash(token)
        self.connected, self.away_since, self.stand_in = True, None, False
        return token

    def holds(self, token: str) -> bool:
        """Whether ``token`` is this seat's."""
        return self.is_person and bool(self.token_hash) and same_secret(self.token_hash, token_hash(token))

    def drop(self, now: float) -> None:
        """The person's connection was lost."""
        self.connected, self.away_since = False, now

    def back(self) -> None:
        """The person rejoined (or took their seat back): they play their seat again."""
        self.connected, self.away_since, self.stand_in, self.timeouts = True, None, False, 0

    def public(self, thinking: bool) -> dict[str, Any]:
        """The seat as every person at the table sees it (no token)."""
        return {"name": self.name, "kind": self.kind, "connected": self.connected,
                "stand_in": self.stand_in, "left": self.left, "thinking": thinking}

    def row(self, index: int) -> SeatRow:
        """The seat as the database keeps it (the token only as its hash)."""
        return SeatRow(index, self.kind, self.name, self.token_hash, self.stand_in, self.left, self.timeouts,
                       self.away_since)

    @classmethod
    def from_row(cls, row: SeatRow, now: float) -> Seat:
        """A seat read back from the database: a person is away until they rejoin."""
        seat = cls(row.kind, row.name, row.token_hash, False, None, row.stand_in, row.left, row.timeouts)
        if seat.is_person and not seat.left:
            seat.away_since = now if row.away_since is None else row.away_since
        return seat


def token_hash(token: str) -> str:
    """A seat token's SHA-256 in hex: what the server stores and compares."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
