"""Checking a save document before anything trusts it.

``parse_bytes`` turns file bytes into JSON data (size cap, UTF-8, no duplicate
keys, no NaN, no deep nesting); ``validate`` checks every field's type and
range and that the round is a table that can exist: every tile of the set
exactly once, trains that chain from the hub, doubles and owners that fit.
Each problem raises ``SaveError`` with a message that names the field.
Whether the state is the one the action log gives is checked by ``replay``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai import KINDS
from ..engine import MEXICAN, PRESETS, RuleOptions, SetupError, TableSetup, option_names
from ..engine.tiles import IS_DOUBLE, SET_SIZES, TEXT, tile_count, tile_id, tile_value
from ..session import HUMAN, SeatConfig
from .codec import FORMAT_MARK, NEEDS, TURN_FIELDS, checksum
from .errors import SaveError

MAX_BYTES = 4_000_000
"""Largest save file read (bytes); a 13-round 8-seat match needs well under 100 kB."""
MAX_NAME = 40
"""Longest seat or save name (characters)."""
MAX_ACTIONS = 20_000
"""Most logged actions in one round."""

TOP_KEYS = (
    "format",
    "version",
    "name",
    "saved_at",
    "preset",
    "options",
    "seats",
    "seed",
    "match",
    "round",
    "action_log",
    "checksum",
)
OPTIONAL_TOP_KEYS = ("game_version",)
"""Top-level fields a save may leave out (saves written before the game wrote them)."""
MATCH_KEYS = ("round_scores", "openers", "used_doubles", "round_winners", "first_starter")
ROUND_KEYS = (
    "engine",
    "opener",
    "to_move",
    "turn_number",
    "hands",
    "boneyard",
    "trains",
    "public",
    "open_doubles",
    "double_owner",
    "suspended",
    "opening_done",
    "first_turn_done",
    "own_started_turn",
    "round_over",
    "went_out",
    "scores",
    "charges",
    "history",
    "turn",
)
OPTION_LIMITS = {
    "min_players": (2, 8),
    "max_players": (2, 8),
    "first_engine": (0, 18),
    "rounds": (1, 200),
    "hand_size": (1, 200),
    "zero_zero_value": (0, 1000),
}
"""Bounds for integer rule options (a hostile file must not ask for a billion rounds)."""


@dataclass
class Checked:
    """A document that passed ``validate``: the typed parts replay needs."""

    options: RuleOptions
    setup: TableSetup
    seats: list[SeatConfig]
    seed: int | str
    name: str
    saved_at: str
    doc: dict[str, Any]


# ------------------------------------------------------------------ bytes

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """object_pairs_hook refusing a key written twice."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveError(f"the field '{key}' is written twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    """parse_constant refusing NaN and Infinity."""
    raise SaveError(f"'{name}' is not a number a save can hold")


def _unclosed(text: str) -> bool:
    """Whether JSON text ends inside a string or with brackets still open (a cut-off file)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return in_string or depth > 0


def parse_bytes(data: bytes) -> Any:
    """JSON data from a file's bytes, or SaveError saying why they are not a save."""
    if len(data) > MAX_BYTES:
        raise SaveError(f"the file is too large to be a save ({len(data)} bytes; the limit is {MAX_BYTES})")
    if not data.strip():
        raise SaveError("the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(f"the file is not text: byte {error.start} is not UTF-8") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()) or _unclosed(text):
            raise SaveError(
                f"the file is cut off (truncated) at line {error.lineno}: it ends before the save does"
            ) from None
        raise SaveError(
            f"the file is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise SaveError("the file nests too deeply to be a save") from None


# ------------------------------------------------------------------ types


def _type_name(value: Any) -> str:
    """A reader's word for a JSON value's type."""
    if value is None:
        return "null"
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    """An integer in ``lo..hi`` (true/false are not integers)."""
    if type(value) is not int:
        raise SaveError(f"{where} must be a whole number, not {_type_name(value)}")
    if not lo <= value <= hi:
        raise SaveError(f"{where} is {value}, outside {lo}..{hi}")
    return value


def _opt_int(value: Any, where: str, lo: int, hi: int) -> int | None:
    """An integer in range, or null."""
    return None if value is None else _int(value, where, lo, hi)


def _bool(value: Any, where: str) -> bool:
    """true or false."""
    if type(value) is not bool:
        raise SaveError(f"{where} must be true or false, not {_type_name(value)}")
    return value


def _str(value: Any, where: str, longest: int) -> str:
    """Text of at most ``longest`` characters without control characters."""
    if type(value) is not str:
        raise SaveError(f"{where} must be text, not {_type_name(value)}")
    if len(value) > longest:
        raise SaveError(f"{where} is longer than {longest} characters")
    if _CONTROL.search(value):
        raise SaveError(f"{where} holds a control character")
    return value


def _list(value: Any, where: str, length: int | None = None, longest: int = 100_000) -> list[Any]:
    """A list, of exactly ``length`` items if given, else at most ``longest``."""
    if type(value) is not list:
        raise SaveError(f"{where} must be a list, not {_type_name(value)}")
    if length is not None and len(value) != length:
        raise SaveError(f"{where} must hold {length} entries, not {len(value)}")
    if len(value) > longest:
        raise SaveError(f"{where} holds {len(value)} entries; at most {longest} make sense")
    return value


def _object(value: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    """An object with exactly ``keys``, plus any of ``optional``."""
    if type(value) is not dict:
        raise SaveError(f"{where} must be an object, not {_type_name(value)}")
    unknown = [k for k in value if k not in keys and k not in optional]
    if unknown:
        raise SaveError(f"{where} has an unknown field '{unknown[0]}'")
    missing = [k for k in keys if k not in value]
    if missing:
        raise SaveError(f"{where} is missing the field '{missing[0]}'")
    return value


# ------------------------------------------------------------------ parts


def check_header(doc: Any) -> None:
    """The file is a Mexican Train save at all (before migration looks at its version)."""
    if type(doc) is not dict or doc.get("format") != FORMAT_MARK:
        raise SaveError("this is not a Mexican Train save file")
    if "version" not in doc:
        raise SaveError("the save has no format version")
    if type(doc["version"]) is not int:
        raise SaveError(f"the format version must be a whole number, not {_type_name(doc['version'])}")


def _options(raw: Any, preset_name: str) -> RuleOptions:
    """The rule options, every field present, typed and in range."""
    names = option_names()
    values = _object(raw, "options", names)
    if values["preset"] != preset_name:
        raise SaveError(f"options.preset '{values['preset']}' does not match the preset '{preset_name}'")
    changes: dict[str, Any] = {}
    for name in names:
        if name == "preset":
            continue
        value = values[name]
        where = f"options.{name}"
        if name in OPTION_LIMITS and value is not None:
            _int(value, where, *OPTION_LIMITS[name])
        if name == "set_by_players":
            value = tuple(_int(v, f"{where}[{i}]", 0, 18) for i, v in enumerate(_list(value, where, 7)))
            bad = [v for v in value if v not in SET_SIZES]
            if bad:
                raise SaveError(
                    f"{where} names a double-{bad[0]} set; sets are {', '.join(map(str, SET_SIZES))}"
                )
        elif name == "deal_table":
            rows = []
            for i, row in enumerate(_list(value, where, longest=len(SET_SIZES))):
                pair = _list(row, f"{where}[{i}]", 2)
                sizes = _list(pair[1], f"{where}[{i}][1]", 7)
                rows.append(
                    (
                        _int(pair[0], f"{where}[{i}][0]", 0, 18),
                        tuple(_int(s, f"{where}[{i}][1][{j}]", 1, 200) for j, s in enumerate(sizes)),
                    )
                )
            value = tuple(rows)
        changes[name] = value
    try:
        return PRESETS[preset_name].replace(**changes)
    except SetupError as error:
        raise SaveError(f"options: {error}") from None


def _seats(raw: Any) -> list[SeatConfig]:
    """Two to eight seats, each a name and who plays it; at most one person."""
    seats = []
    for i, entry in enumerate(_list(raw, "seats", longest=8)):
        item = _object(entry, f"seats[{i}]", ("name", "kind"))
        name = _str(item["name"], f"seats[{i}].name", MAX_NAME)
        kind = _str(item["kind"], f"seats[{i}].kind", MAX_NAME)
        if kind != HUMAN and kind not in KINDS:
            raise SaveError(
                f"seats[{i}].kind '{kind}' is not a player kind (one of human, {', '.join(KINDS)})"
            )
        seats.append(SeatConfig(name, kind))
    if len(seats) < 2:
        raise SaveError("a save needs at least two seats")
    if sum(s.is_human for s in seats) > 1:
        raise SaveError("more than one seat is played by a person")
    return seats


def _tile(text: Any, where: str, set_max: int) -> tuple[int, int]:
    """The two ends of a tile written ``"a-b"``, each 0..set_max."""
    if type(text) is not str:
        raise SaveError(f'{where} must be a tile like "12-5", not {_type_name(text)}')
    parts = text.split("-")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise SaveError(f"{where} '{text[:20]}' is not a tile: write it as A-B, e.g. 12-5")
    a, b = int(parts[0]), int(parts[1])
    if a > set_max or b > set_max:
        raise SaveError(f"{where}: the {text} is not in a double-{set_max} set")
    return a, b


def _train_key(key: str, players: int, where: str) -> int:
    """A train named by seat number or ``mexican``."""
    if key == "mexican":
        return MEXICAN
    if key.isdigit() and len(key) == 1 and int(key) < players:
        return int(key)
    raise SaveError(f"{where}: '{key[:20]}' is not a train (a seat number 0..{players - 1} or mexican)")


def max_round_score(setup: TableSetup) -> int:
    """The most a seat can score in one round: every tile in hand plus every double charged."""
    zz = setup.options.zero_zero_value
    tiles = range(tile_count(setup.set_max))
    return sum(tile_value(t, zz) for t in tiles) + sum(tile_value(t, zz) for t in tiles if IS_DOUBLE[t])


def _scores(raw: Any, where: str, players: int, top: int) -> list[int]:
    """One score per seat, each 0..top."""
    return [_int(s, f"{where}[{i}]", 0, top) for i, s in enumerate(_list(raw, where, players))]


def _match(raw: Any, setup: TableSetup, started: int) -> None:
    """Finished rounds' scores and the bookkeeping later deals depend on."""
    m = _object(raw, "match", MATCH_KEYS)
    n, top = setup.players, max_round_score(setup)
    scores = _list(m["round_scores"], "match.round_scores", longest=setup.rounds)
    for r, row in enumerate(scores):
        _scores(row, f"match.round_scores[{r}]", n, top)
    for key, lo, hi in (("openers", 0, n - 1), ("used_doubles", 0, setup.set_max)):
        for i, v in enumerate(_list(m[key], f"match.{key}", started)):
            _int(v, f"match.{key}[{i}]", lo, hi)
    for i, v in enumerate(_list(m["round_winners"], "match.round_winners", len(scores))):
        _int(v, f"match.round_winners[{i}]", 0, n - 1)
    _opt_int(m["first_starter"], "match.first_starter", 0, n - 1)
    if not started - 1 <= len(scores) <= started:
        raise SaveError(
            f"match.round_scores holds {len(scores)} finished rounds but the action log has {started} rounds"
        )


def _round(raw: Any, setup: TableSetup, finished: int, started: int) -> None:
    """The current round: a table that can exist under these rules."""
    r = _object(raw, "round", ROUND_KEYS)
    n, set_max = setup.players, setup.set_max
    engine = _int(r["engine"], "round.engine", 0, set_max)
    _int(r["opener"], "round.opener", 0, n - 1)
    _int(r["to_move"], "round.to_move", 0, n - 1)
    _int(r["turn_number"], "round.turn_number", 0, 10 * MAX_ACTIONS)
    seen: dict[int, str] = {tile_id(engine, engine): "the hub"}

    def place(a: int, b: int, where: str) -> None:
        tile = tile_id(a, b)
        if tile in seen:
            raise SaveError(f"{where}: the {TEXT[tile]} appears twice (also in {seen[tile]})")
        seen[tile] = where

    for s, hand in enumerate(_list(r["hands"], "round.hands", n)):
        for i, text in enumerate(_list(hand, f"round.hands[{s}]", longest=tile_count(set_max))):
            place(*_tile(text, f"round.hands[{s}][{i}]", set_max), f"round.hands[{s}]")
    for i, text in enumerate(_list(r["boneyard"], "round.boneyard", longest=tile_count(set_max))):
        place(*_tile(text, f"round.boneyard[{i}]", set_max), "the boneyard")
    trains = r["trains"]
    names = [str(s) for s in range(n)] + ["mexican"]
    _object(trains, "round.trains", names)
    ends: dict[int, list[int]] = {}
    for key in names:
        train = _train_key(key, n, "round.trains")
        end = engine
        tiles = []
        for i, text in enumerate(_list(trains[key], f"round.trains.{key}", longest=tile_count(set_max))):
            near, far = _tile(text, f"round.trains.{key}[{i}]", set_max)
            if near != end:
                raise SaveError(f"round.trains.{key}[{i}]: the {text} does not follow the {end} before it")
            place(near, far, f"train {key}")
            tiles.append(tile_id(near, far))
            end = far
        ends[train] = tiles
    missing = [TEXT[t] for t in range(tile_count(set_max)) if t not in seen]
    if missing:
        raise SaveError(f"round: the {missing[0]} is missing: a double-{set_max} set must be all there")
    for key in ("public", "suspended", "first_turn_done"):
        for i, v in enumerate(_list(r[key], f"round.{key}", n)):
            _bool(v, f"round.{key}[{i}]")
    _bool(r["opening_done"], "round.opening_done")
    for i, v in enumerate(_list(r["own_started_turn"], "round.own_started_turn", n)):
        _opt_int(v, f"round.own_started_turn[{i}]", -1, 10 * MAX_ACTIONS)
    doubles = [
        _train_key(_str(t, f"round.open_doubles[{i}]", 10), n, "round.open_doubles")
        for i, t in enumerate(_list(r["open_doubles"], "round.open_doubles", longest=n + 1))
    ]
    if len(set(doubles)) != len(doubles):
        raise SaveError("round.open_doubles names a train twice")
    for train in doubles:
        tiles = ends[train]
        if not tiles or not IS_DOUBLE[tiles[-1]]:
            raise SaveError(f"round.open_doubles: train {_name(train)} does not end in a double")
    owner = r["double_owner"]
    if type(owner) is not dict:
        raise SaveError(f"round.double_owner must be an object, not {_type_name(owner)}")
    for key, seat in owner.items():
        train = _train_key(key, n, "round.double_owner")
        if train not in doubles:
            raise SaveError(f"round.double_owner names train {key}, which has no uncovered double")
        _int(seat, f"round.double_owner.{key}", 0, n - 1)
    over = _bool(r["round_over"], "round.round_over")
    _opt_int(r["went_out"], "round.went_out", 0, n - 1)
    top = max_round_score(setup)
    if r["scores"] is not None:
        _scores(r["scores"], "round.scores", n, top)
    elif over:
        raise SaveError("round.scores is missing for a round that is over")
    _scores(r["charges"], "round.charges", n, top)
    if not over and finished != started - 1:
        raise SaveError("match.round_scores records the current round as finished but it is not over")
    for i, entry in enumerate(_list(r["history"], "round.history", longest=10 * MAX_ACTIONS)):
        row = _list(entry, f"round.history[{i}]", 3)
        if row[0] not in ("draw", "pass", "penalty"):
            raise SaveError(f"round.history[{i}] must start with draw, pass or penalty")
        _int(row[1], f"round.history[{i}][1]", 0, n - 1)
        for j, pip in enumerate(_list(row[2], f"round.history[{i}][2]", longest=n + 1)):
            _int(pip, f"round.history[{i}][2][{j}]", 0, set_max)
    turn = _object(r["turn"], "round.turn", TURN_FIELDS)
    for key in ("played", "owes"):
        _int(turn[key], f"round.turn.{key}", 0, tile_count(set_max))
    for key in ("drew", "chain", "played_own", "discretionary", "bonus_used", "opened"):
        _bool(turn[key], f"round.turn.{key}")
    if turn["need"] not in NEEDS:
        raise SaveError(f"round.turn.need must be one of {', '.join(NEEDS)}")
    for i, t in enumerate(_list(turn["start_doubles"], "round.turn.start_doubles", longest=n + 1)):
        _train_key(_str(t, f"round.turn.start_doubles[{i}]", 10), n, "round.turn.start_doubles")


def _name(train: int) -> str:
    """A train's name in a message."""
    return "mexican" if train == MEXICAN else str(train)


def _action_log(raw: Any, rounds: int) -> int:
    """A list per started round of action texts; returns how many rounds were started."""
    log = _list(raw, "action_log", longest=rounds)
    for r, actions in enumerate(log):
        for i, text in enumerate(_list(actions, f"action_log[{r}]", longest=MAX_ACTIONS)):
            if type(text) is not str or len(text) > 40:
                raise SaveError(f'action_log[{r}][{i}] must be an action\'s text, like "play 12-5 on 0"')
    return len(log)


def validate(doc: Any) -> Checked:
    """Check a current-version document field by field; SaveError names the first problem."""
    check_header(doc)
    d = _object(doc, "the save", TOP_KEYS, OPTIONAL_TOP_KEYS)
    name = _str(d["name"], "name", MAX_NAME)
    saved_at = _str(d["saved_at"], "saved_at", 40)
    if "game_version" in d:
        _str(d["game_version"], "game_version", 40)
    preset_name = _str(d["preset"], "preset", MAX_NAME)
    if preset_name not in PRESETS:
        raise SaveError(f"the preset '{preset_name}' is unknown (one of {', '.join(PRESETS)})")
    options = _options(d["options"], preset_name)
    seats = _seats(d["seats"])
    try:
        setup = options.setup(len(seats))
    except SetupError as error:
        raise SaveError(f"these rules cannot seat {len(seats)} players: {error}") from None
    seed = d["seed"]
    if type(seed) is int:
        _int(seed, "seed", -(2**63), 2**63)
    else:
        _str(seed, "seed", 200)
    started = _action_log(d["action_log"], setup.rounds)
    _match(d["match"], setup, started)
    finished = len(d["match"]["round_scores"])
    if d["round"] is None:
        if started:
            raise SaveError("the save has an action log but no current round")
    elif not started:
        raise SaveError("the save has a current round but its action log is empty")
    else:
        _round(d["round"], setup, finished, started)
    if type(d["checksum"]) is not str or d["checksum"] != checksum(d):
        raise SaveError("the checksum does not match: the file was changed or damaged after it was saved")
    return Checked(options, setup, seats, seed, name, saved_at, d)
