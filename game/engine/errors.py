"""The engine's exception types."""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules engine raises."""


class SetupError(RulesError):
    """A table that cannot be set up: bad option, too many players for the set."""


class MatchStateError(RulesError):
    """A call the match cannot answer where it stands: applying an action with
    no round in play, dealing while a round is played or after the last,
    taking back a turn that is not there."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; ``reason`` is written for a player.

    When raised while replaying a record, ``round_index`` and ``action_index``
    (0-based) say which logged action it was."""

    def __init__(self, reason: str, round_index: int | None = None, action_index: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.round_index = round_index
        self.action_index = action_index
