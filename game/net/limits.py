"""What one address may do: wrong codes, tables set up per hour, unfinished tables.

The counts live in the database (``address_events`` and the tables' creator),
so a restart forgets nothing: the server reads them at start
(``Store.address_counts``) and keeps them here, noting each new event as a
write that goes into the next commit. The checks themselves never wait on
the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from .store.base import CREATED_WINDOW, WRONG_WINDOW
from .store.records import AddressCounts, AddressEvent

MAX_ADDRESSES = 100_000
"""Addresses remembered at most (a flood from many addresses must not fill the memory)."""


@dataclass(frozen=True)
class LimitSettings:
    """How much one address may do."""

    wrong_codes: int = 10
    """Wrong table codes or tokens per minute."""
    tables_per_hour: int = 30
    """Tables set up per hour."""
    open_tables: int = 20
    """Tables whose match is not over, at once."""


class AddressLimits:
    """The per-address limits, from the database's counts and kept up to date."""

    def __init__(self, settings: LimitSettings) -> None:
        self.settings = settings
        self._wrong: dict[str, list[float]] = {}
        self._created: dict[str, list[float]] = {}
        self._open: dict[str, int] = {}
        self._meanwhile: list[tuple[str, str, float]] | None = None
        """The events counted since a read of the database's counts began (None: no read)."""

    def reading(self) -> None:
        """A read of the database's counts begins: what is counted from now on is kept, to be
        counted again on top of what the read brings (``load``), so a request answered during
        the read is never forgotten (one whose write landed before the read may count twice,
        until the next read: the strict side)."""
        self._meanwhile = []

    def read_failed(self) -> None:
        """The read brought nothing: the counts here stay as they are."""
        self._meanwhile = None

    def load(self, counts: AddressCounts) -> None:
        """Take the database's counts (at start, and after a sweep removed tables), with what was
        counted while they were read."""
        meanwhile, self._meanwhile = self._meanwhile or [], None
        self._wrong = {a: list(times) for a, times in counts.wrong.items()}
        self._created = {a: list(times) for a, times in counts.created.items()}
        self._open = dict(counts.open_tables)
        for kind, address, at in meanwhile:
            if kind == "wrong":
                self.wrong(address, at)
            elif kind == "created":
                self.created(address, at)
            else:
                self.closed(address)

    def _note(self, kind: str, address: str, at: float = 0.0) -> None:
        """Keep an event counted during a read of the database's counts."""
        if self._meanwhile is not None:
            self._meanwhile.append((kind, address, at))

    @staticmethod
    def _recent(times: dict[str, list[float]], address: str, now: float, window: float) -> list[float]:
        """``address``'s events still within ``window`` seconds of ``now`` (older ones forgotten)."""
        kept = [t for t in times.get(address, ()) if now - t < window]
        if kept:
            times[address] = kept
        else:
            times.pop(address, None)
        return kept

    def wrong_blocked(self, address: str, now: float) -> bool:
        """Whether ``address`` may not try a code or token now."""
        return len(self._recent(self._wrong, address, now, WRONG_WINDOW)) >= self.settings.wrong_codes

    def wrong(self, address: str, now: float) -> AddressEvent:
        """Count a wrong code or token; the event to store."""
        if len(self._wrong) > MAX_ADDRESSES:
            self._wrong.clear()
        self._recent(self._wrong, address, now, WRONG_WINDOW)
        self._wrong.setdefault(address, []).append(now)
        self._note("wrong", address, now)
        return AddressEvent(address, "wrong", now)

    def refusal(self, address: str, now: float) -> tuple[str, str] | None:
        """Why ``address`` may not set up a table now (an error code and a sentence), or None."""
        open_tables = self._open.get(address, 0)
        if open_tables >= self.settings.open_tables:
            return ("too_many_tables",
                    f"your address has {_tables(open_tables)} whose match is not over: finish or leave one first")
        created = self._recent(self._created, address, now, CREATED_WINDOW)
        if len(created) >= self.settings.tables_per_hour:
            return ("rate_limited", f"your address has set up {_tables(len(created))} in the last hour: wait a while")
        return None

    def created(self, address: str, now: float) -> AddressEvent:
        """Count a table set up by ``address``; the event to store."""
        if len(self._created) > MAX_ADDRESSES:
            self._created.clear()
        self._created.setdefault(address, []).append(now)
        self._open[address] = self._open.get(address, 0) + 1
        self._note("created", address, now)
        return AddressEvent(address, "created", now)

    def closed(self, address: str) -> None:
        """A table of ``address`` finished or was removed: it no longer counts as open."""
        self._note("closed", address)
        left = self._open.get(address, 0) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)

    def open_tables(self, address: str) -> int:
        """``address``'s tables whose match is not over."""
        return self._open.get(address, 0)


def _tables(count: int) -> str:
    """'1 table', '2 tables'."""
    return f"{count} table" if count == 1 else f"{count} tables"
