"""The table server's one hook into the guest page: a browser's request answered as a websockets ``Response``."""

from __future__ import annotations

from collections.abc import Iterable

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from .answer import GuestPage

REASONS = {200: "OK", 304: "Not Modified", 404: "Not Found", 405: "Method Not Allowed"}
"""The reason phrase of each status the page answers with."""


def from_browser(request: Request) -> bool:
    """Whether ``request`` is a browser's (no WebSocket upgrade asked): the page answers it, not the game."""
    return "websocket" not in request.headers.get("Upgrade", "").lower()


def web_response(page: GuestPage, request: Request, service: Iterable[str]) -> Response:
    """The answer to a browser's request: the guest page at a table's address, one of its files, or not found;
    ``service`` lists the addresses of the service's live processes (the page may connect to them)."""
    headers = request.headers
    answer = page.answer(request.path, headers.get("Host", ""), service, headers.get("If-None-Match", ""))
    return Response(answer.status, REASONS.get(answer.status, "Not Found"),
                    Headers([*answer.headers, ("Content-Length", str(len(answer.body))), ("Connection", "close")]),
                    answer.body)
