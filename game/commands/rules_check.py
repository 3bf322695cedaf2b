"""`mexican-train rules-check`: run rules scenario files against the engine.

``load_scenario`` (in ``game.scenarios.files``) checks a file against the format;
``run_scenario`` returns None when the scenario passes, else the step that
failed and why; ``main`` runs files and folders and prints the tally.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from ..engine import Action, IllegalAction, Match, MatchStateError, RoundState, SetupError, rank, start_round
from ..engine.actions import MEXICAN, parse_train
from ..engine.fields import snapshot
from ..engine.tiles import TEXT, parse_tiles
from ..scenarios.files import Scenario, ScenarioFormatError, load_scenario, scenario_files

__all__ = ["load_scenario", "main", "run_scenario"]

# ------------------------------------------------------------------- running


class StepFailed(Exception):
    """A scenario step did not hold."""


def build_round(scenario: Scenario) -> RoundState:
    """The starting position of a table scenario."""
    d = scenario.data
    setup = scenario.setup
    assert setup is not None

    def parse(text: str) -> list[int]:
        return parse_tiles(text, setup.set_max)

    hands = [parse(h) for h in d["hands"]]
    boneyard = parse(d.get("boneyard", ""))
    if "engine" in d:
        table = d.get("table", {})
        trains = {parse_train(str(k), setup.players): parse(v) for k, v in table.get("trains", {}).items()}
        try:
            return RoundState.from_table(
                setup, d["engine"], hands, boneyard, d["to_move"], trains,
                public=table.get("public", []),
                opening_done=table.get("opening_done", True),
                open_doubles=[parse_train(str(t), setup.players) for t in table.get("open_doubles", [])],
                double_owner={parse_train(str(k), setup.players): v for k, v in table.get("double_owner", {}).items()},
                suspended=table.get("suspended", []),
            )
        except ValueError as error:
            raise ScenarioFormatError(scenario.file, None, "table", str(error)) from None
    index = d.get("round", 1) - 1
    engine = setup.engines[index] if setup.engines is not None else None
    used = list(range(setup.set_max, setup.set_max - index, -1)) if engine is None else []
    try:
        return start_round(setup, hands, boneyard, engine, d.get("start_seat", 0), used)
    except SetupError as error:
        raise StepFailed(f"the round cannot start: {error}") from None


def build_position(scenario: Scenario) -> Match:
    """The scenario's starting position as a match to drive through ``Match``'s API."""
    return Match.at_position(build_round(scenario))


def _sorted_text(actions: Iterable[Action]) -> list[str]:
    return sorted(str(a) for a in actions)


def _parse_oriented(text: str) -> list[tuple[int, int]]:
    """Tiles as laid, ``"12-6 6-6"`` -> [(12, 6), (6, 6)] (already checked by the loader)."""
    pairs = [word.split("-") for word in text.split()]
    return [(int(a), int(b)) for a, b in pairs]


def _snapshot(state: RoundState) -> tuple[Any, ...]:
    """Every field of the round (events and caches aside), to show a refusal changed nothing."""
    return snapshot(state)


def _actual(state: RoundState, key: str) -> Any:
    """The game's value for an ``expect`` key, in comparable form."""
    if key == "to_move":
        return state.to_move
    if key == "hands":
        return [sorted(h) for h in state.hands]
    if key == "hand_sizes":
        return [len(h) for h in state.hands]
    if key == "boneyard_size":
        return len(state.boneyard)
    if key == "public":
        return sorted(s for s in range(state.players) if state.public[s])
    if key == "suspended":
        return sorted(s for s in range(state.players) if state.suspended[s])
    if key == "open_doubles":
        return state.covering_order()
    if key == "round_over":
        return state.round_over
    if key == "round_scores":
        return state.scores
    if key == "engine":
        return state.engine
    raise KeyError(key)


def _expected(scenario: Scenario, key: str, value: Any) -> Any:
    """An ``expect`` value in the same comparable form as ``_actual``."""
    setup = scenario.setup
    assert setup is not None
    n = scenario.players
    if key == "hands":
        return [sorted(parse_tiles(h, setup.set_max)) for h in value]
    if key in ("public", "suspended"):
        return sorted(value)
    if key == "open_doubles":
        return [parse_train(str(t), n) for t in value]
    return value


def _show(key: str, value: Any) -> str:
    if key == "hands" and isinstance(value, list):
        return json.dumps([" ".join(TEXT[t] for t in h) for h in value])
    if key == "open_doubles" and isinstance(value, list):
        return json.dumps(["mexican" if t == MEXICAN else str(t) for t in value])
    return json.dumps(value)


def run_scenario(scenario: Scenario) -> str | None:
    """Run every step; None if all hold, else 'step N (kind): why'."""
    match: Match | None = None
    index = 0
    try:
        for index, (kind, value) in enumerate(scenario.steps, start=1):
            if kind == "ranking":
                rounds, expected = value
                got = rank(rounds, scenario.players)
                if got != [sorted(g) for g in expected] and got != expected:
                    raise StepFailed(f"ranking is {json.dumps(got)}, expected {json.dumps(expected)}")
                continue
            if kind == "expect_setup":
                _check_setup(scenario, value)
                continue
            if match is None:
                match = build_position(scenario)
            _run_step(scenario, match, kind, value)
    except StepFailed as failure:
        return f"step {index} ({scenario.steps[index - 1][0] if index else 'setup'}): {failure}"
    return None


def _check_setup(scenario: Scenario, expected: dict[str, Any]) -> None:
    setup = scenario.setup
    refused = expected.get("refused", False)
    if setup is None:
        if not refused:
            raise StepFailed(f"the setup was refused: {scenario.setup_error}")
        return
    if refused:
        raise StepFailed("the setup was accepted, expected it to be refused")
    actual = {
        "set": setup.set_max, "hand_size": setup.hand_size, "rounds": setup.rounds,
        "engines": list(setup.engines) if setup.engines is not None else None,
    }
    for key, value in expected.items():
        if key != "refused" and actual[key] != value:
            raise StepFailed(f"{key} is {json.dumps(actual[key])}, expected {json.dumps(value)}")


def _run_step(scenario: Scenario, match: Match, kind: str, value: Any) -> None:
    """Run one step of a table scenario (StepFailed says how it failed)."""
    _STEPS[kind](scenario, match, value)


def _table(match: Match) -> RoundState:
    """The round the scenario plays, read as the referee sees it (every hand)."""
    assert match.round is not None
    return match.round


def _legal(scenario: Scenario, match: Match, value: Any) -> None:
    """A ``legal`` step: exactly these actions are legal."""
    actual = set(match.legal_actions())
    wanted = set(value)
    if actual == wanted:
        return
    missing = _sorted_text(wanted - actual)
    extra = _sorted_text(actual - wanted)
    parts = []
    if missing:
        parts.append(f"not legal but expected: {', '.join(missing)}")
    if extra:
        parts.append(f"legal but not expected: {', '.join(extra)}")
    raise StepFailed(f"legal actions differ ({'; '.join(parts)}); to move: seat {_table(match).to_move}")


def _do(scenario: Scenario, match: Match, value: Any) -> None:
    """A ``do`` step: the action is legal and is applied."""
    try:
        match.apply(value)
    except MatchStateError:
        raise StepFailed(f"'{value}' cannot be played: the round is over") from None
    except IllegalAction as error:
        legal = ", ".join(_sorted_text(match.legal_actions())) or "none"
        raise StepFailed(f"'{value}' was refused: {error.reason} (legal: {legal})") from None


def _reject(scenario: Scenario, match: Match, value: Any) -> None:
    """A ``reject`` step: the action is refused and nothing changes."""
    before = _snapshot(_table(match))
    try:
        match.apply(value)
    except (IllegalAction, MatchStateError):
        if _snapshot(_table(match)) != before:
            raise StepFailed(f"'{value}' was refused but the table changed") from None
        return
    raise StepFailed(f"'{value}' was accepted, expected it to be refused")


def _auto(scenario: Scenario, match: Match, value: Any) -> None:
    """An ``auto`` step: the first legal action (sorted as printed), ``value`` times."""
    for done in range(value):
        offered = match.legal_actions()
        if not offered:
            raise StepFailed(f"no legal action after {done} of {value} automatic actions")
        match.apply(min(offered, key=str))


def _expect(scenario: Scenario, match: Match, value: Any) -> None:
    """An ``expect`` step: each given key equals the game's value."""
    state = _table(match)
    for key, expected in value.items():
        if key == "trains":
            _expect_trains(state, expected)
            continue
        got = _actual(state, key)
        want = _expected(scenario, key, expected)
        if got != want:
            raise StepFailed(f"{key} is {_show(key, got)}, expected {_show(key, want)}")


def _expect_trains(state: RoundState, expected: dict[str, str]) -> None:
    """The trains given are laid as written, hub side first."""
    for name, text in expected.items():
        got = state.train_tiles(parse_train(str(name), state.players))
        if got != _parse_oriented(text):
            shown = " ".join(f"{a}-{b}" for a, b in got)
            raise StepFailed(f"train {name} is \"{shown}\", expected \"{text}\"")


_STEPS: dict[str, Callable[[Scenario, Match, Any], None]] = {
    "legal": _legal, "do": _do, "reject": _reject, "auto": _auto, "expect": _expect,
}
"""Each kind of table step and what runs it."""


def main(paths: list[str], out: TextIO, err: TextIO) -> int:
    """Run the scenarios; print failures and 'N passed, N failed'. Returns the exit code."""
    files = scenario_files(paths)
    passed = failed = 0
    malformed = False
    if not files:
        print("no scenario files found", file=err)
        malformed = True
    for path in files:
        try:
            scenario = load_scenario(path)
            result = run_scenario(scenario)
        except ScenarioFormatError as error:
            print(f"error: {error}", file=err)
            malformed = True
            failed += 1
            continue
        except Exception as error:  # noqa: BLE001 - an engine fault must read as a failure, not a traceback
            failed += 1
            print(f"FAIL {path}: the game raised {type(error).__name__}: {error}", file=out)
            continue
        if result is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {path}: {scenario.name}: {result}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    if malformed:
        return 2
    return 0 if failed == 0 else 1
