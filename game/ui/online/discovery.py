"""Finding tables on the local network with zeroconf (mDNS/DNS-SD), the way
printers and music players are found: no address to type.

A host announces its game's server only when the player chose "local
network" (never for "this computer only"); the announcement names the host
and the port, never the table code, so joining still needs the code the host
tells their friends. The Join form lists what ``Finder`` hears. ``interfaces``
narrows both to given addresses (the tests use the loopback alone).
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass

from ...memory.files import bad_character

SERVICE = "_mexican-train._tcp.local."
"""The DNS-SD service type of a Mexican Train table server."""


@dataclass(frozen=True)
class Found:
    """A table server heard on the network: who hosts it and where."""

    host: str
    address: str
    port: int

    @property
    def where(self) -> str:
        """``address:port``, as the Join form's address field takes it."""
        return f"{self.address}:{self.port}"


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses other than the loopback (where friends reach its server)."""
    import ifaddr  # zeroconf's own dependency

    return sorted({str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                   if isinstance(ip.ip, str) and not ip.ip.startswith("127.")})


class Announcer:
    """Tells the network that this game's server holds tables (``host``'s, on ``port``)."""

    def __init__(self, host: str, port: int, addresses: list[str] | None = None,
                 interfaces: list[str] | None = None) -> None:
        from zeroconf import InterfaceChoice, ServiceInfo, Zeroconf

        self.zeroconf = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
        label = "".join(c for c in host if c.isalnum() or c in " -")[:30] or "Mexican Train"
        self.info = ServiceInfo(
            SERVICE, f"{label} on {socket.gethostname()[:20]}.{SERVICE}", port=port,
            addresses=[socket.inet_aton(a) for a in (addresses or network_addresses())],
            properties={"host": host[:24]})
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        """Say the tables are gone, and stop."""
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


class Finder:
    """Listens for table servers on the network; ``found()`` lists them (thread-safe)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        from zeroconf import InterfaceChoice, ServiceBrowser, Zeroconf

        self._lock = threading.Lock()
        self._found: dict[str, Found] = {}
        self.zeroconf = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: object, service_type: str, name: str, state_change: object) -> None:
        """A server appeared, changed or left (on zeroconf's thread)."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = self.zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None or not info.parsed_addresses() or not info.port:
            return
        raw = (info.properties or {}).get(b"host") or b""
        host = raw.decode("utf-8", "replace")[:24] if isinstance(raw, bytes) else ""
        if bad_character(host) is not None or not host.strip():
            host = "a table server"  # nothing unfit from the network is drawn
        with self._lock:
            self._found[name] = Found(host, info.parsed_addresses()[0], info.port)

    def found(self) -> list[Found]:
        """The servers heard so far, by host name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host, f.where))

    def close(self) -> None:
        """Stop listening."""
        self.browser.cancel()
        self.zeroconf.close()
