"""Addresses of a table service: a table's own path, a process's own path, and an address from a
message checked against the service's.

Behind one public address (a proxy in front of several processes) every
process has a path of its own, ``/p/NAME/``, that the proxy sends to it
alone; its ``--public-address`` names it (``wss://play.example.org/p/a/``).
A table's connections open at ``.../t/CODE`` under the address they use.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from .codes import normal_code

OPEN_WAIT = 5.0
"""Seconds a connection may take to open (a process paused or gone lets another be tried)."""
FOLLOW_FOR = 20.0
"""Seconds a request follows the service from process to process (a lease runs out within 5)."""
FOLLOW_PAUSE = 0.25
"""Seconds between two tries while following."""
PROCESS_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""A process's name in its path ``/p/NAME/``."""
DEFAULT_PORTS = {"ws": 80, "wss": 443}


def table_url(base: str, code: str) -> str:
    """The address of the table ``code`` at the service ``base``: its path ``.../t/CODE``, which a
    proxy in front of several processes may route by (``base`` itself without a code)."""
    code = normal_code(code) if code else ""
    if not code or "://" not in base:
        return base
    scheme, rest = base.split("://", 1)
    host, _, path = rest.partition("/")
    prefix = "/".join(part for part in path.split("/")[:-1] if part and part != "t")
    return f"{scheme}://{host}/{prefix + '/' if prefix else ''}t/{code}"


def server_address(value: Any) -> str:
    """A server address from a ``moved`` message ('' when it names none or a bad one)."""
    if type(value) is str and value.startswith(("ws://", "wss://")) and len(value) <= 200:
        return value
    return ""


def origin(url: str) -> tuple[str, str, int] | None:
    """The scheme, host and port of a ``ws://`` or ``wss://`` address (None for anything else)."""
    try:
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme, 0)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port


def in_service(to: str, known: Iterable[str]) -> bool:
    """Whether ``to`` is an address of the service: at the origin of one of its ``known`` addresses
    (the one the game was given, the live processes the service listed)."""
    where = origin(to)
    return where is not None and any(where == origin(address) for address in known)


def spread(servers: Iterable[str], code: str) -> list[str]:
    """``servers`` in the order a table tries them when its process is gone: each table its own order
    (by a hash of its code), the same for all its people, so the tables of a process that died
    spread over the others instead of all going to the first."""
    def rank(server: str) -> bytes:
        return hashlib.sha256(f"{code}\n{server}".encode()).digest()
    return sorted(servers, key=rank) if code else sorted(servers)


def process_path(url: str) -> str:
    """The name in an address whose path ends in ``/p/NAME/`` ('' for none)."""
    parts = [part for part in urlsplit(url).path.split("/") if part]
    if len(parts) >= 2 and parts[-2] == "p" and PROCESS_NAME.fullmatch(parts[-1]):
        return parts[-1]
    return ""


def placed_at(address: str, process: str) -> str:
    """The address that names one process: its own when it ends in ``/p/NAME/``, else its path under
    it, ``/p/ID/`` (a new table sent there is taken there, never sent on again)."""
    if process_path(address) or not PROCESS_NAME.fullmatch(process):
        return address
    return f"{address.rstrip('/')}/p/{process}/"


def request_path(path: str) -> tuple[str, str] | None:
    """The process name and table code a connection's path names: ``/``, ``/t/CODE``, ``/p/NAME/``,
    ``/p/NAME/t/CODE`` (under any prefix a proxy leaves on it); None for a path that is none of these."""
    parts = [part for part in path.split("?", 1)[0].split("/") if part]
    code = ""
    if len(parts) >= 2 and parts[-2] == "t":
        code = normal_code(parts[-1])
        if not code:
            return None
        parts = parts[:-2]
    name = ""
    if len(parts) >= 2 and parts[-2] == "p" and PROCESS_NAME.fullmatch(parts[-1]):
        name = parts[-1]
        parts = parts[:-2]
    if parts and not (code or name):
        return None
    return name, code
