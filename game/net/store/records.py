"""What the table server stores: rows read back and writes to make, as plain values.

A table is its settings and seats and, per round, the server's secret, the
contributions, the deal and the ordered actions: the in-memory match is
always rebuilt from these (``game.net.server.rebuild``). Writes are small frozen
values that ``Table`` notes as it changes and the server commits, in one
transaction per turn of its event loop, before anyone hears of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table's own row: who it is, how it plays, where it stands."""

    table_id: str
    code: str
    settings: str
    """The settings as JSON text (``Settings.json``)."""
    state: str
    """``lobby``, ``dealing``, ``playing`` or ``over``."""
    seed: str
    """The match's seed once started ('' in the lobby)."""
    creator: str
    """The address that set the table up."""
    created_at: float
    """Wall-clock seconds (Unix time)."""
    finished_at: float | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as stored: a person's token only as its SHA-256."""

    seat: int
    kind: str
    name: str
    token_hash: str
    stand_in: bool
    left: bool
    timeouts: int = 0
    """Turns in a row the turn clock ran out on (a live table)."""
    away_since: float | None = None
    """Wall-clock seconds since the person has been away (None: connected when last stored)."""


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One round: committed (secret), contributed to, dealt (``deal``), played (``actions``) and scored."""

    number: int
    secret: str
    commitment: str
    contributions: tuple[str, ...]
    deal: tuple[str, ...] | None = None
    """The tiles in dealt order, as text (None until dealt)."""
    actions: tuple[str, ...] = ()
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """Everything stored of one table, read back to rebuild it."""

    row: TableRow
    epoch: int
    """This holder's claim on the table: every later write names it."""
    last_move_at: float
    seats: tuple[SeatRow, ...]
    rounds: tuple[RoundRow, ...]
    clock_left: float | None = None
    """Seconds left on the turn clock when it last stopped or its turn began (a live table)."""


# ---------------------------------------------------------------- writes


@dataclass(frozen=True, slots=True)
class CreateTable:
    """A new table's row, held by this process from the start."""

    row: TableRow


@dataclass(frozen=True, slots=True)
class SaveTable:
    """Update the table's row (its state, seed, end)."""

    row: TableRow


@dataclass(frozen=True, slots=True)
class SaveSeats:
    """Replace every seat of the table."""

    seats: tuple[SeatRow, ...]


@dataclass(frozen=True, slots=True)
class SaveRound:
    """Insert or update a round's secret, contributions and deal (not its actions)."""

    number: int
    secret: str
    commitment: str
    contributions: tuple[str, ...]
    deal: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class SaveAction:
    """Append one action to a round's log (``index`` counts from 0)."""

    number: int
    index: int
    action: str


@dataclass(frozen=True, slots=True)
class SaveScores:
    """A finished round's scores."""

    number: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SaveProgress:
    """Where the match stands, for a list of tables that loads none of them."""

    round: int
    waiting: tuple[int, ...]
    """The seats whose move it is (a person's pending contribution counts)."""
    plays_on: bool
    """A computer seat is to move at a table that plays on with nobody there (any pace)."""
    clock_left: float | None = None


@dataclass(frozen=True, slots=True)
class DeleteTable:
    """Remove the table and everything of it (a lobby its host closed)."""


TableWrite = CreateTable | SaveTable | SaveSeats | SaveRound | SaveAction | SaveScores | SaveProgress | DeleteTable
"""One change to one table."""


@dataclass(slots=True)
class TableBatch:
    """The writes of one table in a commit, with the claim they are made under."""

    table_id: str
    epoch: int
    writes: list[TableWrite] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class AddressEvent:
    """Something one address did that its limits count (``kind``: ``wrong``, ``created``)."""

    address: str
    kind: str
    at: float


@dataclass(frozen=True, slots=True)
class Departure:
    """At a stop, one held table whose people all left at once: its seats as they stand now
    (the same seats as stored, each person's time away counted from the stop) and its progress."""

    table_id: str
    epoch: int
    seats: tuple[SeatRow, ...]
    """Every seat (none when only the progress changed)."""
    progress: SaveProgress


@dataclass(slots=True)
class Batch:
    """Everything one commit writes: per table (in order) and per address."""

    tables: dict[str, TableBatch] = field(default_factory=dict)
    addresses: list[AddressEvent] = field(default_factory=list)
    now: float = 0.0
    """Wall-clock seconds of the commit: each table written is marked moved then."""

    def add(self, table_id: str, epoch: int, writes: list[TableWrite]) -> None:
        """Add a table's writes (after any of the same table already in the batch)."""
        batch = self.tables.setdefault(table_id, TableBatch(table_id, epoch))
        batch.writes.extend(writes)

    def __bool__(self) -> bool:
        """Whether there is anything to write."""
        return bool(self.tables) or bool(self.addresses)


@dataclass(frozen=True, slots=True)
class AddressCounts:
    """What an address did recently, as the limits count it."""

    wrong: dict[str, list[float]]
    """Per address, when each recent wrong code or token came."""
    created: dict[str, list[float]]
    """Per address, when each table it set up in the last hour was created."""
    open_tables: dict[str, int]
    """Per address, its tables whose match is not over."""


@dataclass(frozen=True, slots=True)
class ListedSeat:
    """One seat of a table as the list of a person's tables shows it."""

    name: str
    kind: str
    stand_in: bool
    left: bool


@dataclass(frozen=True, slots=True)
class Listed:
    """A person's seat, asked for by its table's code and its token: where that table stands.

    ``found`` is ``table`` (the fields below hold), ``expired`` (removed past its
    retention; answered for the retention again), ``unknown`` (no such seat) or
    ``damaged`` (its rows do not hold what they must: ``problem`` says why)."""

    code: str
    found: str
    seat: int = -1
    state: str = ""
    settings: str = ""
    round: int = 0
    waiting: tuple[int, ...] = ()
    last_move_at: float = 0.0
    finished_at: float | None = None
    seats: tuple[ListedSeat, ...] = ()
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Process:
    """A table server process sharing the database: where people reach it and how busy it is."""

    id: str
    address: str
    """The address its clients connect to (``wss://...``, as its ``--public-address`` says)."""
    tables: int
    people: int
    stopping: bool = False


@dataclass(frozen=True, slots=True)
class Held:
    """A table another live process holds: where it is served, and whether that process
    has stopped beating (it is likely gone; its lease runs out within the lease time)."""

    holder: str
    address: str
    stale: bool
