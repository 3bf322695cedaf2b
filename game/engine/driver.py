"""Playing a match to its end (or until a condition) with a set of deciders.

The one loop that drives a match: the table, ``simulate``, the sample saves,
the benchmarks and the screenshots all call ``play_match``. Nothing outside
the engine works out the phase itself; ``Match.phase`` says it.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .match import Match, Phase

Decide = Callable[[Match, int], Action]
"""Chooses the action of ``seat`` in ``match`` (it may read ``match.view(seat)``)."""


def play_match(
    match: Match,
    decide: Decide,
    until: Callable[[Match], bool] | None = None,
    on_action: Callable[[Match], None] | None = None,
) -> Match:
    """Deal and play rounds until the match is over or ``until(match)`` holds
    (checked before every deal and every decision); ``on_action`` is called
    after every action. Returns ``match``."""
    while True:
        if until is not None and until(match):
            return match
        phase = match.phase
        if phase is Phase.MATCH_OVER:
            return match
        if phase is not Phase.PLAYING:
            match.start_next_round()
            continue
        seat = match.current_player()
        assert seat is not None
        match.apply(decide(match, seat))
        if on_action is not None:
            on_action(match)
