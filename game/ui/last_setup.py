"""The last table set up, as the settings remember it (``Settings.last_setup``):
the seats with their names and levels, the rules preset and the house rules."""

from __future__ import annotations

from typing import Any

from ..engine import PRESETS, RuleOptions, SetupError, preset
from ..rules_help import changed_options
from ..session import HUMAN, SeatConfig

DEFAULT_PLAYERS = 4


def options_of(last: dict[str, Any] | None) -> tuple[RuleOptions, int]:
    """The rules and the number of seats of ``last`` (classic at 4 seats when
    there is none, or when it no longer makes a table this version can deal)."""
    if not last:
        return preset("classic"), DEFAULT_PLAYERS
    players = len(last.get("seats") or ()) or DEFAULT_PLAYERS
    name = last.get("preset")
    if name not in PRESETS:
        return preset("classic"), players
    house = dict(last.get("house_rules") or {})
    try:
        options = preset(name, **house)
        options.setup(players)
    except (SetupError, TypeError, ValueError):
        return preset(name), players
    return options, players


def seats_of(last: dict[str, Any] | None) -> list[SeatConfig]:
    """The seats of ``last``: the first is the person's, the others keep a
    computer level this version knows (empty when there is none)."""
    if not last:
        return []
    from ..ai import LEVELS  # the computer players load with the setup screen, not the title

    seats = []
    for i, seat in enumerate(last.get("seats") or ()):
        kind = HUMAN if i == 0 else (seat.get("kind") if seat.get("kind") in LEVELS else LEVELS[1])
        seats.append(SeatConfig(str(seat.get("name", "")), kind))
    return seats


def record(seats: list[SeatConfig], options: RuleOptions, previous: dict[str, Any] | None) -> dict[str, Any]:
    """What to remember of a table about to be played: its seats, preset and
    changed options (the match length and the undo setting carried over)."""
    before = previous or {}
    return {
        "seats": [{"name": s.name[:40], "kind": s.kind} for s in seats],
        "preset": options.preset,
        "house_rules": {name: getattr(options, name) for name in changed_options(options)},
        "length": before.get("length", "full"),
        "allow_undo": bool(before.get("allow_undo", False)),
    }
