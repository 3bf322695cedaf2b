"""Checking a save document before anything trusts it.

``parse_bytes`` turns file bytes into JSON data (size cap, UTF-8, no duplicate
keys, no NaN, no deep nesting); ``validate`` checks every field's type and
range and that the round is a table that can exist: every tile of the set
exactly once, trains that chain from the hub, doubles and owners that fit.
Each problem raises ``SaveError`` with a message that names the field.
Whether the state is the one the action log gives is checked by ``replay``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..ai.levels import KIND_NAMES, Levels
from ..engine import PRESETS, RuleOptions, SetupError, TableSetup, option_names
from ..engine.fairdeal import RoundMix, fingerprint
from ..engine.option_ranges import options_problem
from ..engine.start import round_tiles
from ..memory.files import FileProblem, parse_json
from ..memory.session import HUMAN, SeatConfig
from .checks import (
    a_list,
    an_object,
    int_in,
    int_or_null,
    max_round_score,
    scores,
    text,
    tile_ends,
    tile_lookup,
    tiles_of,
    true_false,
    type_name,
)
from .codec import FORMAT_MARK, checksum
from .errors import SaveError
from .levels import check_levels
from .mixes import check_mixes
from .validate_round import MAX_ACTIONS, check_round

MAX_BYTES = 4_000_000
"""Largest save file read (bytes); a 13-round 8-seat match needs well under 100 kB."""
MAX_NAME = 40
"""Longest seat or save name (characters)."""

TOP_KEYS = (
    "format",
    "version",
    "name",
    "saved_at",
    "preset",
    "options",
    "seats",
    "seed",
    "match_id",
    "allow_undo",
    "hints",
    "deals",
    "undos",
    "salts",
    "fingerprints",
    "levels",
    "draw_off",
    "match",
    "round",
    "action_log",
    "checksum",
)
OPTIONAL_TOP_KEYS = ("game_version", "mixes", "reviews")
"""Top-level fields a save may leave out (saves written before the game wrote
them; ``reviews`` are checked apart and never refuse a save: see ``saves.reviews``)."""
MATCH_KEYS = ("round_scores", "openers", "used_doubles", "round_winners", "first_starter")

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
    match_id: str
    mixes: list[RoundMix | None] = field(default_factory=list)
    """Per started round, how a network table mixed its deal (empty: none did)."""
    levels: list[Levels | None] = field(default_factory=list)
    """Per started round, the version of every computer kind that played it (None: not recorded)."""


# ------------------------------------------------------------------ bytes

def parse_bytes(data: bytes) -> Any:
    """JSON data from a file's bytes, or SaveError saying why they are not a save
    (the game's one JSON reader, ``game.memory.files.parse_json``, with a save's limits)."""
    if len(data) > MAX_BYTES:
        raise SaveError(f"the file is too large to be a save ({len(data)} bytes; the limit is {MAX_BYTES})")
    try:
        return parse_json(data, "a save", whole_numbers=True)
    except FileProblem as problem:
        raise SaveError(problem.reason) from None


def check_header(doc: Any) -> None:
    """The file is a Mexican Train save at all (before migration looks at its version)."""
    if type(doc) is not dict or doc.get("format") != FORMAT_MARK:
        raise SaveError("this is not a Mexican Train save file")
    if "version" not in doc:
        raise SaveError("the save has no format version")
    if type(doc["version"]) is not int:
        raise SaveError(f"the format version must be a whole number, not {type_name(doc['version'])}")


def check_options(raw: Any, preset_name: str) -> RuleOptions:
    """The rule options, every field present and in its range (``engine.option_ranges``)."""
    values = an_object(raw, "options", option_names())
    if values["preset"] != preset_name:
        raise SaveError(f"options.preset '{values['preset']}' does not match the preset '{preset_name}'")
    problem = options_problem(values, every=True)
    if problem is not None:
        raise SaveError(f"options: {problem}")
    try:
        return PRESETS[preset_name].replace(**{name: v for name, v in values.items() if name != "preset"})
    except SetupError as error:
        raise SaveError(f"options: {error}") from None


def check_seats(raw: Any) -> list[SeatConfig]:
    """Two to eight seats, each a name and who plays it; at most one person."""
    seats = []
    for i, entry in enumerate(a_list(raw, "seats", longest=8)):
        item = an_object(entry, f"seats[{i}]", ("name", "kind"))
        name = text(item["name"], f"seats[{i}].name", MAX_NAME)
        kind = text(item["kind"], f"seats[{i}].kind", MAX_NAME)
        if kind != HUMAN and kind not in KIND_NAMES:
            raise SaveError(
                f"seats[{i}].kind '{kind}' is not a player kind (one of human, {', '.join(KIND_NAMES)})"
            )
        seats.append(SeatConfig(name, kind))
    if len(seats) < 2:
        raise SaveError("a save needs at least two seats")
    return seats


def _match(raw: Any, setup: TableSetup, started: int) -> None:
    """Finished rounds' scores and the bookkeeping later deals depend on."""
    m = an_object(raw, "match", MATCH_KEYS)
    n, top = setup.players, max_round_score(setup)
    finished = a_list(m["round_scores"], "match.round_scores", longest=setup.rounds)
    for r, row in enumerate(finished):
        scores(row, f"match.round_scores[{r}]", n, top)
    for key, lo, hi in (("openers", 0, n - 1), ("used_doubles", 0, setup.set_max)):
        for i, v in enumerate(a_list(m[key], f"match.{key}", started)):
            int_in(v, f"match.{key}[{i}]", lo, hi)
    for i, v in enumerate(a_list(m["round_winners"], "match.round_winners", len(finished))):
        int_in(v, f"match.round_winners[{i}]", 0, n - 1)
    int_or_null(m["first_starter"], "match.first_starter", 0, n - 1)
    if not started - 1 <= len(finished) <= started:
        raise SaveError(
            f"match.round_scores holds {len(finished)} finished rounds but the action log has {started} rounds"
        )


def _record(deals: Any, draw_off: Any, setup: TableSetup, started: int) -> None:
    """One deal per started round, each exactly the round's tiles in some order,
    and a draw-off of (seat, tile) pairs."""
    for r, deal in enumerate(a_list(deals, "deals", started)):
        where = f"deals[{r}]"
        tiles = tiles_of(a_list(deal, where, longest=200), where, setup.set_max)
        engine = setup.engines[r] if setup.engines is not None else None
        if sorted(tiles) != round_tiles(setup, engine):
            raise SaveError(f"{where} is not the round's tiles, each once: the deal was edited or damaged")
    if draw_off is None:
        return
    held = an_object(draw_off, "draw_off", ("starter", "tiles"))
    int_in(held["starter"], "draw_off.starter", 0, setup.players - 1)
    for i, pair in enumerate(a_list(held["tiles"], "draw_off.tiles", longest=200)):
        seat, tile = a_list(pair, f"draw_off.tiles[{i}]", 2)
        int_in(seat, f"draw_off.tiles[{i}][0]", 0, setup.players - 1)
        tile_ends(tile, f"draw_off.tiles[{i}][1]", setup.set_max)


def _action_log(raw: Any, rounds: int) -> int:
    """A list per started round of action texts; returns how many rounds were started."""
    log = a_list(raw, "action_log", longest=rounds)
    for r, actions in enumerate(log):
        for i, entry in enumerate(a_list(actions, f"action_log[{r}]", longest=MAX_ACTIONS)):
            if type(entry) is not str or len(entry) > 40:
                raise SaveError(f'action_log[{r}][{i}] must be an action\'s text, like "play 12-5 on 0"')
    return len(log)


def saved_date(raw: Any) -> str:
    """``saved_at``: an ISO 8601 date and time with its UTC offset, between 2000 and 9999."""
    written = text(raw, "saved_at", 40)
    try:
        when = datetime.fromisoformat(written)
    except ValueError:
        when = None
    if when is None or when.tzinfo is None or not 2000 <= when.year <= 9999:
        raise SaveError(f"saved_at '{written}' is not a date and time like 2026-01-31T18:30:00+00:00")
    return written


def _hex(value: Any, where: str, length: int) -> str:
    """Lowercase hexadecimal text of exactly ``length`` digits, or '' (none recorded)."""
    written = text(value, where, length)
    if written and (len(written) != length or any(c not in "0123456789abcdef" for c in written)):
        raise SaveError(f"{where} must be {length} lowercase hexadecimal digits")
    return written


def _commitments(salts: Any, prints: Any, deals: list[Any] | None, started: int) -> None:
    """One salt and one fingerprint per started round; where both are there
    (and ``deals`` are given), the fingerprint must be the one of that salt and deal."""
    for r, (salt_text, print_text) in enumerate(
        zip(a_list(salts, "salts", started), a_list(prints, "fingerprints", started), strict=True)
    ):
        salt = _hex(salt_text, f"salts[{r}]", 32)
        shown = _hex(print_text, f"fingerprints[{r}]", 64)
        if bool(salt) != bool(shown):
            raise SaveError(f"round {r + 1} has a salt without a fingerprint, or a fingerprint without a salt")
        if deals is not None and salt and fingerprint(salt, [tile_lookup(18)[t] for t in deals[r]]) != shown:
            raise SaveError(
                f"deals[{r}] is not the deal whose fingerprint was shown before round {r + 1}: "
                "the deal was edited"
            )


def check_table(d: dict[str, Any]) -> tuple[RuleOptions, list[SeatConfig], TableSetup, int | str]:
    """The rules, seats, resolved setup and seed of a document (any version from 1 on)."""
    preset_name = text(d.get("preset"), "preset", MAX_NAME)
    if preset_name not in PRESETS:
        raise SaveError(f"the preset '{preset_name}' is unknown (one of {', '.join(PRESETS)})")
    options = check_options(d.get("options"), preset_name)
    seats = check_seats(d.get("seats"))
    try:
        setup = options.setup(len(seats))
    except SetupError as error:
        raise SaveError(f"these rules cannot seat {len(seats)} players: {error}") from None
    seed = d.get("seed")
    if type(seed) is int:
        int_in(seed, "seed", -(2**63), 2**63)
    else:
        text(seed, "seed", 200)
    assert isinstance(seed, (int, str))
    return options, seats, setup, seed


def validate(doc: Any, commitments: bool = True) -> Checked:
    """Check a current-version document field by field; SaveError names the
    first problem. ``commitments=False`` leaves the fingerprints unchecked
    (``verify-deal`` checks them itself, round by round)."""
    check_header(doc)
    d = an_object(doc, "the save", TOP_KEYS, OPTIONAL_TOP_KEYS)
    name = text(d["name"], "name", MAX_NAME)
    saved_at = saved_date(d["saved_at"])
    if "game_version" in d:
        text(d["game_version"], "game_version", 40)
    options, seats, setup, seed = check_table(d)
    match_id = text(d["match_id"], "match_id", 40)
    if not match_id or not match_id.isascii() or not all(c.isalnum() or c == "-" for c in match_id):
        raise SaveError("match_id must be letters, digits and dashes")
    started = _action_log(d["action_log"], setup.rounds)
    _record(d["deals"], d["draw_off"], setup, started)
    _commitments(d["salts"], d["fingerprints"], d["deals"] if commitments else None, started)
    mixes = check_mixes(d, setup, started, commitments)
    levels = check_levels(d["levels"], started, [seat.kind for seat in seats])
    true_false(d["allow_undo"], "allow_undo")
    for i, count in enumerate(a_list(d["hints"], "hints", len(seats))):
        int_in(count, f"hints[{i}]", 0, 10 * MAX_ACTIONS)
    for r, count in enumerate(a_list(d["undos"], "undos", started)):
        int_in(count, f"undos[{r}]", 0, MAX_ACTIONS)
    _match(d["match"], setup, started)
    finished = len(d["match"]["round_scores"])
    if d["round"] is None:
        if started:
            raise SaveError("the save has an action log but no current round")
    elif not started:
        raise SaveError("the save has a current round but its action log is empty")
    else:
        check_round(d["round"], setup, finished, started)
    if type(d["checksum"]) is not str or d["checksum"] != checksum(d):
        raise SaveError("the checksum does not match: the file was changed or damaged after it was saved")
    return Checked(options, setup, seats, seed, name, saved_at, d, match_id, mixes, levels)
