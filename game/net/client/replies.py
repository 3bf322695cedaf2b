"""What a request of the client library gets back: its reply, the server's refusal, a move to another
process, a pause, or no answer at all."""

from __future__ import annotations

from dataclasses import dataclass

from .inbound import Incoming

REPLIES = ("welcome", "joined", "left", "error", "list", "moved", "paused")
"""The messages a request may be waiting for (its answer, or what ends its wait)."""
SEATING = ("create", "join", "rejoin")
"""Requests whose answer a table's pause ends: the seat they ask for was not stored."""


class ServerRefused(Exception):
    """The server answered a request with an error; ``code`` as in docs/protocol.md."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Disconnected(Exception):
    """The connection is gone (``reason`` says why, when the server said)."""


class NoAnswer(Disconnected):
    """A request got no answer within ``Client.reply_wait`` seconds: the connection is closed (connect again)."""


class Moved(Exception):
    """The server sent this request on to another process (``to``; '' when it does not know which)."""

    def __init__(self, to: str) -> None:
        super().__init__(f"served at {to or 'another server'}")
        self.to = to


@dataclass(frozen=True)
class Joined:
    """This person's seat at a table: keep ``token`` to rejoin."""

    table: str
    seat: int
    token: str
    host: bool


def refusal(request: str, answer: Incoming) -> None:
    """Raise what ``answer`` means for a ``request`` waiting for its reply, if it ends the wait: the
    server's error about it (ServerRefused), a pause of the table it would seat (ServerRefused
    ``paused``: the seat was not stored), the connection closed (Disconnected)."""
    data = answer.data
    if answer.type == "error" and data.get("about") in (request, ""):
        raise ServerRefused(str(data.get("code")), str(data.get("message")))
    if answer.type == "paused" and request in SEATING:
        raise ServerRefused("paused", "the server cannot store moves right now, so the seat was not kept: "
                                      "try again in a moment")
    if answer.type == "closed":
        raise Disconnected(str(data.get("message", "closed")))
