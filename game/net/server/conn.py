"""One client connection to the table server: its socket, its seat, its mailbox (``Conn``)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection

from ..table.table import Table
from .outbox import Mailbox

log = logging.getLogger("mexican_train.server")


@dataclass(eq=False)
class Conn:
    """One client connection."""

    ws: ServerConnection
    address: str
    table: Table | None = None
    seat: int = -1
    mailbox: Mailbox = field(default_factory=Mailbox)
    welcomed: bool = False
    """Whether its hello was answered (news of the service is sent only after the welcome)."""
    placed: bool = False
    """Whether it came in at this process's own path (``/p/NAME/``): a new table it asks for was
    sent here and is set up here, never sent on again."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a connection whose client does not read them is dropped)."""
        if not self.mailbox.put(json.dumps(message, separators=(",", ":"))):
            self.drop()

    def end(self) -> None:
        """Close the connection once what is queued is sent."""
        self.mailbox.end()

    def drop(self) -> None:
        """Drop the connection at once: its client does not read what is sent to it."""
        if not self.ws.transport.is_closing():
            log.info("dropped %s: it did not read what was sent to it (%d KB waiting)", self.address,
                     self.mailbox.waiting // 1024)
            self.ws.transport.abort()
