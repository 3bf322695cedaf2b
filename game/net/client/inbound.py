"""The client's side of the wire: every message from a server checked and decoded.

``decode`` turns one message's text into an ``Incoming``: its type, its
JSON data, and for an ``update`` the seat's view and events as engine
values. Anything that does not fit the protocol raises ``WireError`` (a
client drops such a server), so no text from the network is drawn or used
unchecked: names are checked for control and direction characters, tiles
against the table's set, actions against the engine's vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import RuleOptions, SeatView, TableSetup
from ...engine import events as ev
from ...engine.fairdeal import is_hex
from ...memory.files import FileProblem, bad_character, parse_json
from ...saves import SaveError
from ...saves.validate import check_options
from ..protocol.messages import MAX_BYTES, MAX_DEPTH, SEAT_KINDS
from ..protocol.wire import WireError, event_from_json, listed, name, small, view_from_json
from ..table.settings import Settings, SettingsError

SERVER_TYPES: Final = ("welcome", "joined", "table", "commit", "update", "round_end", "match_end", "error",
                       "left", "closed", "paused", "list", "contributed", "moved",
                       "servers")


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the table shows it."""

    name: str
    kind: str
    """``open``, ``person`` or a computer level."""
    connected: bool
    stand_in: bool
    """A computer player plays for the person while they are away."""
    left: bool
    thinking: bool


@dataclass(frozen=True)
class ClockInfo:
    """A live table's turn clock: whose turn it times and how long is left (seconds)."""

    seat: int
    left: float
    running: bool
    of: float
    """The whole turn's time."""


@dataclass(frozen=True)
class TableInfo:
    """The table as a ``table`` message describes it."""

    code: str
    state: str
    settings: dict[str, Any]
    options: RuleOptions
    setup: TableSetup
    round: int
    seats: tuple[SeatInfo, ...]
    totals: tuple[int, ...]
    paused: bool = False
    """Play is paused: the server cannot store moves for now."""
    clock: ClockInfo | None = None
    """The turn clock of a live table, while a person's turn is timed."""

    @property
    def pace(self) -> str:
        """``live`` (a turn clock) or ``any`` (the table waits for each person)."""
        return str(self.settings.get("pace", "live"))


@dataclass(frozen=True)
class Incoming:
    """One message from the server, checked."""

    type: str
    data: dict[str, Any]
    view: SeatView | None = None
    events: tuple[ev.Event, ...] = field(default=())
    table: TableInfo | None = None


def decode(text: str | bytes, setup: TableSetup | None) -> Incoming:
    """Check and decode one server message (``setup``: the table's, once known)."""
    if len(text) > 16 * MAX_BYTES:  # at least one byte a character: too large before it is encoded
        raise WireError("the server sent a message too large to read")
    raw = text.encode("utf-8", "replace") if isinstance(text, str) else text
    if len(raw) > 16 * MAX_BYTES:
        raise WireError("the server sent a message too large to read")
    try:
        data: Any = parse_json(raw, "a message", max_depth=MAX_DEPTH)
    except FileProblem as problem:
        raise WireError(f"the server sent a message that is not JSON: {problem.reason}") from None
    if type(data) is not dict or data.get("type") not in SERVER_TYPES:
        raise WireError("the server sent a message of no known type")
    kind = data["type"]
    _clean_texts(data)
    if kind == "table":
        return Incoming(kind, data, table=table_info(data))
    if kind in ("commit", "contributed"):
        small(data.get("round"), 1, 1000)
        if kind == "commit" and (type(data.get("commitment")) is not str or not is_hex(data["commitment"], 64)):
            raise WireError("a commitment must be 64 lowercase hexadecimal digits")
    if kind == "update":
        if setup is None:
            raise WireError("the server sent an update before the table")
        return Incoming(kind, data, view=view_from_json(data.get("view"), setup),
                        events=tuple(event_from_json(e, setup.set_max) for e in listed(data.get("events"))))
    return Incoming(kind, data)


def table_info(data: dict[str, Any]) -> TableInfo:
    """The table a ``table`` message describes: its settings checked as the
    server checks a ``create`` (``Settings.from_json``), its rules as a save's,
    and the two must agree."""
    try:
        settings = Settings.from_json(data["settings"])
        options = check_options(data["options"], settings.preset)
        seats = tuple(_seat(s) for s in listed(data["seats"], settings.players))
        if options != settings.options():
            raise WireError("the table's rules are not the ones its settings make")
        setup = options.setup(len(seats))
        if type(data.get("paused", False)) is not bool:
            raise WireError("the table's paused flag must be true or false")
        return TableInfo(_short(data["table"]), _short(data["state"]), settings.json(), options, setup,
                         small(data["round"], 0), seats, tuple(small(t) for t in listed(data["totals"], len(seats))),
                         data.get("paused") is True, clock_info(data.get("clock"), len(seats)))
    except WireError:
        raise
    except SettingsError as error:
        raise WireError(f"the table's settings are not ones a server accepts: {error}") from None
    except SaveError as error:
        raise WireError(f"the table's rules are not readable: {error.reason}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"the table message does not hold what it must ({error})") from None


def _seat(raw: Any) -> SeatInfo:
    """One seat of a table message."""
    if type(raw) is not dict:
        raise WireError("a seat must be an object")
    flags = [raw.get(k) is True for k in ("connected", "stand_in", "left", "thinking")]
    if any(type(raw.get(k)) is not bool for k in ("connected", "stand_in", "left", "thinking")):
        raise WireError("a seat's flags must be true or false")
    if not SEAT_KINDS.fits(raw.get("kind")):
        raise WireError(f"a seat's kind must be {SEAT_KINDS.describe()}")
    return SeatInfo(name(raw.get("name")), raw["kind"], *flags)


def _short(value: Any) -> str:
    """A short word or code."""
    if type(value) is not str or len(value) > 40:
        raise WireError("expected a short text")
    return value


def _clean_texts(data: Any) -> None:
    """Refuse a message holding any text unfit to show (control or direction characters); its
    nesting is bounded already (``MAX_DEPTH``)."""
    if isinstance(data, str):
        if bad_character(data) is not None:
            raise WireError("the server sent text with control or direction characters")
    elif isinstance(data, dict):
        for key, value in data.items():
            _clean_texts(key)
            _clean_texts(value)
    elif isinstance(data, list):
        for value in data:
            _clean_texts(value)


def clock_info(raw: Any, players: int) -> ClockInfo | None:
    """A ``clock`` field (None: nothing is timed)."""
    if raw is None:
        return None
    if type(raw) is not dict or type(raw.get("running")) is not bool:
        raise WireError("the turn clock is not in its form")
    left, whole = _seconds(raw.get("left")), _seconds(raw.get("of"))
    return ClockInfo(small(raw.get("seat"), 0, players - 1), left, raw["running"], whole)


def _seconds(value: Any) -> float:
    """A duration of a turn clock (0 to an hour)."""
    if type(value) not in (int, float) or not 0 <= value <= 3600:
        raise WireError("a clock's time is not in its form")
    return float(value)


@dataclass(frozen=True)
class Listing:
    """One seat's table as the server's list describes it (``found``: ``table``, ``expired``, ``unknown``)."""

    code: str
    found: str
    seat: int = -1
    state: str = ""
    pace: str = ""
    round: int = 0
    rounds: int = 0
    waiting: tuple[int, ...] = ()
    your_move: bool = False
    last_move_at: float = 0.0
    finished_at: float | None = None
    seats: tuple[SeatInfo, ...] = ()


def listings(data: dict[str, Any], asked: int) -> list[Listing]:
    """The entries of a ``list`` reply, checked: one per seat asked about."""
    try:
        return [_listing(raw) for raw in listed(data.get("tables"), asked)]
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"the list of tables does not hold what it must ({error})") from None


def _listing(raw: Any) -> Listing:
    """One entry of a ``list`` reply."""
    if type(raw) is not dict:
        raise WireError("a listed table must be an object")
    code, found = _short(raw["table"]), _short(raw["found"])
    if found != "table":
        if found not in ("expired", "unknown"):
            raise WireError("a listed table is neither there, expired nor unknown")
        return Listing(code, found)
    seats = tuple(SeatInfo(name(s["name"]), _short(s["kind"]), False, s["stand_in"] is True, s["left"] is True, False)
                  for s in listed(raw["seats"]))
    players = len(seats)
    finished = raw.get("finished_at")
    return Listing(code, found, small(raw["seat"], 0, players - 1), _short(raw["state"]), _short(raw["pace"]),
                   small(raw["round"], 0), small(raw["rounds"], 0), tuple(small(s, 0, players - 1) for s in
                                                                      listed(raw["waiting"])),
                   raw["your_move"] is True, _stamp(raw["last_move_at"]), None if finished is None else _stamp(finished),
                   seats)


def _stamp(value: Any) -> float:
    """A wall-clock time (Unix seconds)."""
    if type(value) not in (int, float) or not 0 <= value < 1e11:
        raise WireError("a time is not in its form")
    return float(value)
