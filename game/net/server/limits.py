"""What one network may do: wrong codes and tokens, tables set up per hour, unfinished tables.

Limits count per network, not per address: an IPv4 address is its own
network, an IPv6 address counts under its /64 (the least one home or
server is given, so one machine cannot change addresses to try again).
A try of a code or a token is counted before any work is done for it
(``reserve``), so a hundred connections at once get no more answers than
one would: while the try's table is looked up it counts as pending, and
only when an address has tries left may it start one. The counts live in
the database (``address_events`` and the tables' creator), so a restart
forgets nothing: the server reads them at start (``Store.address_counts``)
and keeps them here, noting each new event as a write that goes into the
next commit. At most ``MOST_NETWORKS`` networks are remembered; a network
whose events have all expired is forgotten first, and when every one is
still counting, a new network's tries are refused until one expires
(nothing counted is ever forgotten early, whatever the flood).
"""

from __future__ import annotations

import ipaddress
from collections import OrderedDict
from dataclasses import dataclass

from ..store.base import CREATED_WINDOW, WRONG_WINDOW
from ..store.records import AddressCounts, AddressEvent

MOST_NETWORKS = 100_000
"""Networks remembered at most per kind of event (a flood from many addresses must not fill the memory)."""
IPV6_PREFIX = 64
"""The bits of an IPv6 address that name its network."""
BUSY = "the server hears from too many addresses at once right now: try again in a minute"


def network(address: str) -> str:
    """The network ``address`` counts under: an IPv4 address itself, an IPv6 address's /64
    (``2001:db8:1:2::/64``); anything else (an unknown address, a network already) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip)


@dataclass(frozen=True)
class LimitSettings:
    """How much one network may do."""

    wrong_codes: int = 10
    """Wrong table codes or tokens per minute."""
    tables_per_hour: int = 30
    """Tables set up per hour."""
    open_tables: int = 20
    """Tables whose match is not over, at once."""


class Recent:
    """Per network, when each of its events of the last ``window`` seconds came; at most ``most``
    networks, the one that counted least recently first in line to be forgotten once it has expired."""

    def __init__(self, window: float, most: int) -> None:
        self.window = window
        self.most = most
        self._times: OrderedDict[str, list[float]] = OrderedDict()

    def __len__(self) -> int:
        """Networks remembered."""
        return len(self._times)

    def times(self, key: str, now: float) -> list[float]:
        """``key``'s events still within the window (older ones forgotten)."""
        kept = [t for t in self._times.get(key, ()) if now - t < self.window]
        if kept:
            self._times[key] = kept
        else:
            self._times.pop(key, None)
        return kept

    def has_room(self, key: str, now: float) -> bool:
        """Whether ``key`` is remembered or can be (expired networks are forgotten to make room)."""
        if key in self._times or len(self._times) < self.most:
            return True
        while self._times:
            oldest, times = next(iter(self._times.items()))
            if times and now - times[-1] < self.window:
                break
            del self._times[oldest]
        return len(self._times) < self.most

    def add(self, key: str, now: float, count: int = 1) -> bool:
        """Count ``count`` events of ``key`` at ``now``; False (nothing counted) when there is no room."""
        if not self.has_room(key, now):
            return False
        self._times.setdefault(key, []).extend([now] * count)
        self._times.move_to_end(key)
        return True

    def remove(self, key: str, at: float) -> None:
        """Forget one event of ``key`` counted at ``at``."""
        times = self._times.get(key)
        if times is not None and at in times:
            times.remove(at)

    def load(self, counts: dict[str, list[float]]) -> None:
        """Take stored counts (per address or network), oldest event first."""
        merged: dict[str, list[float]] = {}
        for address, times in counts.items():
            merged.setdefault(network(address), []).extend(times)
        self._times = OrderedDict(sorted(((k, sorted(v)) for k, v in merged.items()), key=lambda kv: kv[1][-1]))


class AddressLimits:
    """The per-network limits, from the database's counts and kept up to date."""

    def __init__(self, settings: LimitSettings, most: int = MOST_NETWORKS) -> None:
        self.settings = settings
        self._wrong = Recent(WRONG_WINDOW, most)
        self._created = Recent(CREATED_WINDOW, most)
        self._pending: dict[str, int] = {}
        """Per network, its tries whose answer is being worked out."""
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
        self._wrong.load(counts.wrong)
        self._created.load(counts.created)
        self._open = {}
        for address, tables in counts.open_tables.items():
            key = network(address)
            self._open[key] = self._open.get(key, 0) + tables
        for kind, key, at in meanwhile:
            if kind == "wrong":
                self._wrong.add(key, at)
            elif kind == "created":
                self._created.add(key, at)
                self._open[key] = self._open.get(key, 0) + 1
            elif kind == "uncreated":
                self._uncount(key, at)
            else:
                self._close(key)

    def _note(self, kind: str, key: str, at: float = 0.0) -> None:
        """Keep an event counted during a read of the database's counts."""
        if self._meanwhile is not None:
            self._meanwhile.append((kind, key, at))

    # ------------------------------------------------------------ wrong codes and tokens

    def wrong_blocked(self, address: str, now: float) -> bool:
        """Whether ``address`` may not try a code or token now (its wrong and pending tries are at the limit)."""
        key = network(address)
        return len(self._wrong.times(key, now)) + self._pending.get(key, 0) >= self.settings.wrong_codes

    def reserve(self, address: str, now: float) -> str | None:
        """Before any work for a try of a code or token: why it is refused (a sentence), or None,
        and then it counts as pending until ``settle``."""
        key = network(address)
        if self.wrong_blocked(address, now):
            return "too many wrong codes or tokens from your address: wait a minute"
        if not self._wrong.has_room(key, now):
            return BUSY
        self._pending[key] = self._pending.get(key, 0) + 1
        return None

    def settle(self, address: str, now: float, wrong: int) -> tuple[bool, list[AddressEvent]]:
        """A reserved try's answer is known: it held ``wrong`` wrong codes or tokens (a list may hold
        several). Whether they may be answered (within the limit; else the request is refused and
        the network is at its limit) and the events to store."""
        key = network(address)
        left = self._pending.get(key, 0) - 1
        if left > 0:
            self._pending[key] = left
        else:
            self._pending.pop(key, None)
        if not wrong:
            return True, []
        room = self.settings.wrong_codes - len(self._wrong.times(key, now)) - left
        counted = min(wrong, max(room, 0))
        if not counted or not self._wrong.add(key, now, counted):
            return False, []
        for _ in range(counted):
            self._note("wrong", key, now)
        return counted == wrong, [AddressEvent(key, "wrong", now)] * counted

    # ------------------------------------------------------------ tables set up

    def refusal(self, address: str, now: float) -> tuple[str, str] | None:
        """Why ``address`` may not set up a table now (an error code and a sentence), or None."""
        key = network(address)
        open_tables = self._open.get(key, 0)
        if open_tables >= self.settings.open_tables:
            return ("too_many_tables",
                    f"your address has {_tables(open_tables)} whose match is not over: finish or leave one first")
        created = self._created.times(key, now)
        if len(created) >= self.settings.tables_per_hour:
            return ("rate_limited", f"your address has set up {_tables(len(created))} in the last hour: wait a while")
        if not self._created.has_room(key, now):
            return ("rate_limited", BUSY)
        return None

    def created(self, address: str, now: float) -> AddressEvent:
        """Count a table set up by ``address`` (before the work of setting it up: ``refusal`` said
        None just before); the event to store once it is set up."""
        key = network(address)
        self._created.add(key, now)
        self._open[key] = self._open.get(key, 0) + 1
        self._note("created", key, now)
        return AddressEvent(key, "created", now)

    def uncreated(self, address: str, at: float) -> None:
        """The table counted at ``at`` was not set up after all: it counts no more."""
        key = network(address)
        self._note("uncreated", key, at)
        self._uncount(key, at)

    def _uncount(self, key: str, at: float) -> None:
        """Forget one creation of ``key``."""
        self._created.remove(key, at)
        self._close(key)

    def closed(self, address: str) -> None:
        """A table of ``address`` finished or was removed: it no longer counts as open."""
        key = network(address)
        self._note("closed", key)
        self._close(key)

    def _close(self, key: str) -> None:
        """One open table of ``key`` fewer."""
        left = self._open.get(key, 0) - 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)

    def open_tables(self, address: str) -> int:
        """``address``'s network's tables whose match is not over."""
        return self._open.get(network(address), 0)


def _tables(count: int) -> str:
    """'1 table', '2 tables'."""
    return f"{count} table" if count == 1 else f"{count} tables"
