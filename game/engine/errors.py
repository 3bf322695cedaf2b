"""The engine's exception types."""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules engine raises."""


class SetupError(RulesError):
    """A table that cannot be set up: bad option, too many players for the set."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; ``reason`` is written for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
