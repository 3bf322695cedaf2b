"""Why a request is not done: refused with a reason, or served by another process."""

from __future__ import annotations


class Moved(Exception):
    """The table (``table``; '' for a new one) is served by another process: the client goes to
    ``to`` ('' when not known)."""

    def __init__(self, to: str, message: str = "this table is served elsewhere", table: str = "") -> None:
        super().__init__(message)
        self.to = to
        self.message = message
        self.table = table


class Refused(Exception):
    """A request the table refuses; ``code`` and ``message`` go back to the sender."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
