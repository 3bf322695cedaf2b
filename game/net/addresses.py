"""Addresses of a table service: a table's own path, and a server address from a message, checked."""

from __future__ import annotations

from typing import Any

from .codes import normal_code

OPEN_WAIT = 5.0
"""Seconds a connection may take to open (a process paused or gone lets another be tried)."""
FOLLOW_FOR = 20.0
"""Seconds a request follows the service from process to process (a lease runs out within 10)."""
FOLLOW_PAUSE = 0.25
"""Seconds between two tries while following."""


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
