"""A network table's settings: the rules as the desktop's New match sets them up,
the table's pace (a turn clock, or any pace), the computer level that stands
in for a person, and the deal's wait.

What each setting may hold is ``messages.SETTING_RANGES`` (the house rules:
``engine.option_ranges``), the table a ``create`` request is checked
against; ``Settings.from_json`` checks settings read back from storage or
sent by a server against the same, so both refuse exactly the same tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from ...engine import RuleOptions, SetupError, preset
from ...engine.length import Length, with_length
from ...memory.session import HUMAN, SeatConfig
from ..protocol.messages import (
    DEFAULT_TURN_CLOCK,
    LIVE,
    REQUIRED_SETTINGS,
    house_rules_problem,
    setting_problem,
)

DEFAULT_DEAL_WAIT = 30.0


class SettingsError(ValueError):
    """Settings that make no table; the message says why."""


@dataclass(frozen=True)
class Settings:
    """How a table plays."""

    preset: str
    players: int
    length: str = "full"
    house_rules: dict[str, Any] = field(default_factory=dict)
    stand_in: str = "easy"
    """The computer level that plays a person's turn when their clock runs out, or their seat when handed over."""
    deal_wait: float = DEFAULT_DEAL_WAIT
    """Seconds the deal of a live table waits for every person's contribution
    (between rounds: their Continue) before it goes on without the missing ones."""
    pace: str = LIVE
    """``live`` (a turn clock) or ``any`` (no clock: the table waits for each person, for days)."""
    turn_clock: float = DEFAULT_TURN_CLOCK
    """Seconds a person's turn may take at a live table."""

    @property
    def live(self) -> bool:
        """Whether turns are timed (a live table)."""
        return self.pace == LIVE

    def options(self) -> RuleOptions:
        """The rule options; SettingsError when the rules cannot seat this table."""
        problem = house_rules_problem(self.house_rules)
        if problem is not None:
            raise SettingsError(problem)
        try:
            options = with_length(preset(self.preset, **self.house_rules), self.players, cast(Length, self.length))
            options.setup(self.players)
        except (SetupError, TypeError, KeyError) as error:
            raise SettingsError(f"these rules cannot seat {self.players} players: {error}") from None
        return options

    def json(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return {"preset": self.preset, "players": self.players, "length": self.length,
                "house_rules": dict(self.house_rules), "stand_in": self.stand_in, "deal_wait": self.deal_wait,
                "pace": self.pace, "turn_clock": self.turn_clock}

    @classmethod
    def from_request(cls, request: dict[str, Any]) -> Settings:
        """The settings a checked ``create`` request asks for."""
        return cls(request["preset"], request["players"], request.get("length", "full"),
                   dict(request.get("house_rules", {})), request.get("stand_in", "easy"),
                   float(request.get("deal_wait", DEFAULT_DEAL_WAIT)), request.get("pace", LIVE),
                   float(request.get("turn_clock", DEFAULT_TURN_CLOCK)))

    @classmethod
    def from_json(cls, raw: Any) -> Settings:
        """Settings from JSON data (``json()`` read back, or a server's ``table``
        message), checked as a ``create`` request's are: SettingsError says what
        is wrong, for exactly the values ``create`` refuses."""
        if type(raw) is not dict:
            raise SettingsError("the settings must be an object")
        missing = [name for name in REQUIRED_SETTINGS if name not in raw]
        if missing:
            raise SettingsError(f"the settings need '{missing[0]}'")
        for name, value in raw.items():
            problem = setting_problem(name, value)
            if problem is not None:
                raise SettingsError(problem)
        settings = cls.from_request(raw)
        settings.options()
        return settings


def seat_config(kind: str, name: str) -> SeatConfig:
    """The desktop's seat for a network seat: a person plays as ``human``."""
    return SeatConfig(name, HUMAN if kind == "person" else kind)
