"""The last table set up, as the settings remember it (``Settings.last_setup``):
the seats with their names and levels, the rules preset, the house rules, the
match length and the undo setting."""

from __future__ import annotations

from typing import Any

from ..engine import PRESETS, RuleOptions, SetupError, preset
from ..engine.length import LENGTHS, Length
from ..memory.session import HUMAN, SeatConfig
from ..words.rules_help import changed_options

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
    """The seats of ``last``: each a person's or a computer level this version
    knows (the first a person's unless it was a computer's); empty when there is none."""
    if not last:
        return []
    from ..ai import LEVELS  # the computer players load with the setup screen, not the title

    seats = []
    for i, seat in enumerate(last.get("seats") or ()):
        known = seat.get("kind") in (HUMAN, *LEVELS)
        kind = str(seat.get("kind")) if known else HUMAN if i == 0 else LEVELS[1]
        seats.append(SeatConfig(str(seat.get("name", "")), kind))
    return seats


def length_of_setup(last: dict[str, Any] | None) -> Length:
    """The match length of ``last`` (Full when there is none)."""
    length = (last or {}).get("length")
    return next((known for known in LENGTHS if known == length), "full")


def undo_of_setup(last: dict[str, Any] | None) -> bool:
    """Whether ``last`` had the undo house setting on."""
    return bool((last or {}).get("allow_undo", False))


def record(
    seats: list[SeatConfig], options: RuleOptions, previous: dict[str, Any] | None,
    length: str | None = None, allow_undo: bool | None = None,
) -> dict[str, Any]:
    """What to remember of a table about to be played: its seats, preset,
    changed options, match ``length`` and undo setting (each carried over from
    ``previous`` when not given)."""
    before = dict(previous or {})
    if length is not None:
        before["length"] = length
    if allow_undo is not None:
        before["allow_undo"] = allow_undo
    return {
        "seats": [{"name": s.name[:40], "kind": s.kind} for s in seats],
        "preset": options.preset,
        "house_rules": {name: getattr(options, name) for name in changed_options(options)},
        "length": before.get("length", "full"),
        "allow_undo": bool(before.get("allow_undo", False)),
    }
