"""Rebuilding a session from a checked save by replaying its action log.

The match is rebuilt from its seed: each round is dealt, every logged action
is parsed and applied with the rules engine (so an illegal action is refused
with the engine's reason), and finished rounds are recorded. The rebuilt
state must equal the saved one field for field, which catches edits that
JSON and the checksum cannot show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import IllegalAction, Match, SetupError, draw_off, parse_action
from ..engine.actions import Action, ActionSyntaxError
from ..session import GameSession
from .codec import encode_state
from .errors import SaveError
from .validate import Checked

_PARSED: dict[tuple[int, int], dict[str, Action]] = {}
"""Parsed action texts per (players, set_max): a table has a few thousand at most."""


def _parser(players: int, set_max: int) -> Callable[[str], Action]:
    """A cached action parser (the same texts recur in every log of that table)."""
    cache = _PARSED.setdefault((players, set_max), {})

    def parse(text: str) -> Action:
        found = cache.get(text)
        if found is None:
            found = parse_action(text, players, set_max)
            if len(cache) < 50_000:
                cache[text] = found
        return found

    return parse


def replay_match(checked: Checked) -> Match:
    """The match its seed and action log give (events off while replaying, on after)."""
    doc = checked.doc
    n = len(checked.seats)
    match = Match(
        checked.options, n, checked.seed, names=[s.name for s in checked.seats], record_events=False
    )
    parse = _parser(n, checked.setup.set_max)
    finished = len(doc["match"]["round_scores"])
    for r, log in enumerate(doc["action_log"]):
        try:
            state = match.start_next_round()
        except SetupError as error:
            raise SaveError(f"round {r + 1} cannot be dealt again from the seed: {error}") from None
        apply = state.apply
        for i, text in enumerate(log):
            try:
                apply(parse(text))
            except ActionSyntaxError as error:
                raise SaveError(f"action_log[{r}][{i}]: {error}") from None
            except IllegalAction as error:
                raise SaveError(
                    f"the action log does not replay: action_log[{r}][{i}] '{text}' is not legal there: "
                    f"{error.reason}"
                ) from None
        match.action_log[-1] = list(log)
        if r < finished:
            if not state.round_over:
                raise SaveError(f"action_log[{r}] stops before round {r + 1} is over")
            match.finish_round()
    match.record_events = True
    if match.round is not None:
        match.round.events = []
    if match.first_starter is not None and len(match.round_scores) == 0:
        setup = checked.setup
        _, match.start_events = draw_off(n, setup.set_max, random.Random(f"{checked.seed}/draw-off"))
    return match


def _first_difference(a: Any, b: Any, where: str) -> str:
    """The path of the first place two JSON values differ."""
    if type(a) is dict and type(b) is dict:
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key, ...) != b.get(key, ...):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if type(a) is list and type(b) is list and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return where


def restore(checked: Checked) -> GameSession:
    """The session of a checked save, after proving its state is what its log gives."""
    match = replay_match(checked)
    saved = {k: checked.doc[k] for k in ("match", "round", "action_log")}
    replayed = encode_state(match)
    if replayed != saved:
        where = _first_difference(saved, replayed, "save").removeprefix("save.")
        raise SaveError(f"{where} is not what the action log gives: the file was edited or damaged")
    session = GameSession(checked.options, checked.seats, checked.seed)
    session.match = match
    return session
