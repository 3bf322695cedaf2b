"""Checking a save's current round: a table that can exist under its rules."""

from __future__ import annotations

from typing import Any

from ..engine import MEXICAN, TableSetup
from ..engine.tiles import IS_DOUBLE, TEXT, tile_count, tile_id
from .checks import (
    a_list,
    an_object,
    int_in,
    int_or_null,
    max_round_score,
    scores,
    text,
    tile_ends,
    train_key,
    true_false,
    type_name,
)
from .codec import NEEDS, ROUND_KEYS, TURN_KEYS
from .errors import SaveError

MAX_ACTIONS = 20_000
"""Most logged actions in one round."""

def check_round(raw: Any, setup: TableSetup, finished: int, started: int) -> None:
    """The current round: a table that can exist under these rules."""
    saved = an_object(raw, "round", tuple(ROUND_KEYS.values()))
    r = {field: saved[key] for field, key in ROUND_KEYS.items()}
    n = setup.players
    engine = int_in(r["engine"], "round.engine", 0, setup.set_max)
    int_in(r["opener"], "round.opener", 0, n - 1)
    int_in(r["to_move"], "round.to_move", 0, n - 1)
    int_in(r["turn_number"], "round.turn_number", 0, 10 * MAX_ACTIONS)
    trains = _every_tile_once(r, setup, engine)
    _seat_flags(r, n)
    _open_doubles(r, n, trains)
    _scores(r, setup, finished, started)
    _history(r, n, setup.set_max)
    _turn(r, n, setup.set_max)


def _every_tile_once(r: dict[str, Any], setup: TableSetup, engine: int) -> dict[int, list[int]]:
    """Hands, boneyard and trains hold every tile of the set exactly once, each
    train a chain from the hub; the trains' tiles by train."""
    n, set_max = setup.players, setup.set_max
    seen: dict[int, str] = {tile_id(engine, engine): "the hub"}

    def place(a: int, b: int, where: str) -> None:
        tile = tile_id(a, b)
        if tile in seen:
            raise SaveError(f"{where}: the {TEXT[tile]} appears twice (also in {seen[tile]})")
        seen[tile] = where

    for s, hand in enumerate(a_list(r["hands"], "round.hands", n)):
        for i, written in enumerate(a_list(hand, f"round.hands[{s}]", longest=tile_count(set_max))):
            place(*tile_ends(written, f"round.hands[{s}][{i}]", set_max), f"round.hands[{s}]")
    for i, written in enumerate(a_list(r["boneyard"], "round.boneyard", longest=tile_count(set_max))):
        place(*tile_ends(written, f"round.boneyard[{i}]", set_max), "the boneyard")
    names = [str(s) for s in range(n)] + ["mexican"]
    an_object(r["trains"], "round.trains", names)
    trains: dict[int, list[int]] = {}
    for key in names:
        end = engine
        tiles = []
        for i, written in enumerate(a_list(r["trains"][key], f"round.trains.{key}", longest=tile_count(set_max))):
            near, far = tile_ends(written, f"round.trains.{key}[{i}]", set_max)
            if near != end:
                raise SaveError(f"round.trains.{key}[{i}]: the {written} does not follow the {end} before it")
            place(near, far, f"train {key}")
            tiles.append(tile_id(near, far))
            end = far
        trains[train_key(key, n, "round.trains")] = tiles
    missing = [TEXT[t] for t in range(tile_count(set_max)) if t not in seen]
    if missing:
        raise SaveError(f"round: the {missing[0]} is missing: a double-{set_max} set must be all there")
    return trains


def _seat_flags(r: dict[str, Any], n: int) -> None:
    """Markers, suspensions, first turns, the opening and when each seat started its train."""
    for field in ("public", "suspended", "first_turn_done"):
        key = ROUND_KEYS[field]
        for i, v in enumerate(a_list(r[field], f"round.{key}", n)):
            true_false(v, f"round.{key}[{i}]")
    true_false(r["opening_done"], f"round.{ROUND_KEYS['opening_done']}")
    started_key = ROUND_KEYS["own_started_turn"]
    for i, v in enumerate(a_list(r["own_started_turn"], f"round.{started_key}", n)):
        int_or_null(v, f"round.{started_key}[{i}]", -1, 10 * MAX_ACTIONS)


def _open_doubles(r: dict[str, Any], n: int, trains: dict[int, list[int]]) -> list[int]:
    """The uncovered doubles: trains that end in a double, each named once, with their owners."""
    doubles = [
        train_key(text(t, f"round.open_doubles[{i}]", 10), n, "round.open_doubles")
        for i, t in enumerate(a_list(r["open_doubles"], "round.open_doubles", longest=n + 1))
    ]
    if len(set(doubles)) != len(doubles):
        raise SaveError("round.open_doubles names a train twice")
    for train in doubles:
        tiles = trains[train]
        if not tiles or not IS_DOUBLE[tiles[-1]]:
            raise SaveError(f"round.open_doubles: train {_name(train)} does not end in a double")
    owner = r["double_owner"]
    if type(owner) is not dict:
        raise SaveError(f"round.double_owner must be an object, not {type_name(owner)}")
    for key, seat in owner.items():
        train = train_key(key, n, "round.double_owner")
        if train not in doubles:
            raise SaveError(f"round.double_owner names train {key}, which has no uncovered double")
        int_in(seat, f"round.double_owner.{key}", 0, n - 1)
    return doubles


def _scores(r: dict[str, Any], setup: TableSetup, finished: int, started: int) -> None:
    """The round's end: who went out, its scores and charges, consistent with the match."""
    n = setup.players
    over = true_false(r["round_over"], f"round.{ROUND_KEYS['round_over']}")
    int_or_null(r["went_out"], "round.went_out", 0, n - 1)
    top = max_round_score(setup)
    if r["scores"] is not None:
        scores(r["scores"], "round.scores", n, top)
    elif over:
        raise SaveError("round.scores is missing for a round that is over")
    scores(r["charges"], "round.charges", n, top)
    if not over and finished != started - 1:
        raise SaveError("match.round_scores records the current round as finished but it is not over")


def _history(r: dict[str, Any], n: int, set_max: int) -> None:
    """The public history: draws, passes and penalty draws, each with the pips open then."""
    for i, entry in enumerate(a_list(r["history"], "round.history", longest=10 * MAX_ACTIONS)):
        row = a_list(entry, f"round.history[{i}]", 3)
        if row[0] not in ("draw", "pass", "penalty"):
            raise SaveError(f"round.history[{i}] must start with draw, pass or penalty")
        int_in(row[1], f"round.history[{i}][1]", 0, n - 1)
        for j, pip in enumerate(a_list(row[2], f"round.history[{i}][2]", longest=n + 1)):
            int_in(pip, f"round.history[{i}][2][{j}]", 0, set_max)


def _turn(r: dict[str, Any], n: int, set_max: int) -> None:
    """The turn in progress: counts, flags, its need and the doubles it began with."""
    turn = an_object(r["turn"], "round.turn", tuple(TURN_KEYS.values()))
    for field in ("played", "owes"):
        int_in(turn[TURN_KEYS[field]], f"round.turn.{TURN_KEYS[field]}", 0, tile_count(set_max))
    for field in ("drew", "chain", "played_own", "discretionary", "bonus_used", "opened"):
        true_false(turn[TURN_KEYS[field]], f"round.turn.{TURN_KEYS[field]}")
    needs_key = TURN_KEYS["need"]
    if turn[needs_key] not in NEEDS:
        raise SaveError(f"round.turn.{needs_key} must be one of {', '.join(NEEDS)}")
    doubles_key = TURN_KEYS["start_doubles"]
    for i, t in enumerate(a_list(turn[doubles_key], f"round.turn.{doubles_key}", longest=n + 1)):
        train_key(text(t, f"round.turn.{doubles_key}[{i}]", 10), n, f"round.turn.{doubles_key}")


def _name(train: int) -> str:
    """A train's name in a message."""
    return "mexican" if train == MEXICAN else str(train)

