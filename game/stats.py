"""Statistics: every finished match a person played, and what they add up to.

Stored as versioned JSON (``stats.json``) in the data folder beside the
saves, written atomically with a backup like a save. One row per person per
finished match (pass-and-play records each person by name); the figures the
statistics scene shows (matches and rounds played and won per preset and per
opponent level, best and average totals, rounds gone out, longest train,
hints used, the last matches' totals) are computed from the rows. A damaged
file is kept aside as it is and the game starts a fresh one, saying so.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .engine import Phase
from .engine.length import length_of
from .safe_read import read_regular
from .saves.atomic import atomic_write
from .saves.errors import SaveError
from .session import GameSession

FORMAT_MARK = "mexican-train statistics"
VERSION = 1
FILE_NAME = "stats.json"
MAX_ROWS = 10_000
"""Most matches kept (the oldest go first)."""
MAX_BYTES = 8_000_000


@dataclass(frozen=True)
class MatchRow:
    """One person's result in one finished match."""

    player: str
    date: str
    preset: str
    length: str
    opponents: list[str]
    total: int
    won: bool
    rounds: int
    rounds_won: int
    went_out: int
    longest_train: int
    hints: int
    match_id: str = ""
    """The match's id: a match is recorded once per person, however often its end is shown."""


@dataclass
class Tally:
    """Figures over a group of matches."""

    matches: int = 0
    wins: int = 0
    rounds: int = 0
    round_wins: int = 0
    went_out: int = 0
    best_total: int | None = None
    total_sum: int = 0
    longest_train: int = 0
    hints: int = 0

    @property
    def average_total(self) -> float:
        """Mean match total (0.0 with no matches)."""
        return self.total_sum / self.matches if self.matches else 0.0

    def add(self, row: MatchRow) -> None:
        """Count one match."""
        self.matches += 1
        self.wins += row.won
        self.rounds += row.rounds
        self.round_wins += row.rounds_won
        self.went_out += row.went_out
        self.best_total = row.total if self.best_total is None else min(self.best_total, row.total)
        self.total_sum += row.total
        self.longest_train = max(self.longest_train, row.longest_train)
        self.hints += row.hints


@dataclass
class Statistics:
    """Every recorded match, oldest first."""

    rows: list[MatchRow] = field(default_factory=list)

    def players(self) -> list[str]:
        """The people with recorded matches, most recent first."""
        seen: dict[str, None] = {}
        for row in reversed(self.rows):
            seen.setdefault(row.player, None)
        return list(seen)

    def overall(self, player: str) -> Tally:
        """All of ``player``'s matches."""
        tally = Tally()
        for row in self.rows:
            if row.player == player:
                tally.add(row)
        return tally

    def by_preset(self, player: str) -> dict[str, Tally]:
        """``player``'s figures per rules preset."""
        out: dict[str, Tally] = {}
        for row in self.rows:
            if row.player == player:
                out.setdefault(row.preset, Tally()).add(row)
        return out

    def by_level(self, player: str) -> dict[str, Tally]:
        """``player``'s figures per computer level faced (a match counts for each level at the table)."""
        out: dict[str, Tally] = {}
        for row in self.rows:
            if row.player == player:
                for level in sorted(set(row.opponents)):
                    out.setdefault(level, Tally()).add(row)
        return out

    def recent_totals(self, player: str, count: int = 12) -> list[int]:
        """``player``'s last ``count`` match totals, oldest first."""
        return [row.total for row in self.rows if row.player == player][-count:]


def rows_for(session: GameSession, when: datetime | None = None) -> list[MatchRow]:
    """One row per person of a finished match."""
    match = session.match
    if match.phase is not Phase.MATCH_OVER:
        raise ValueError("only a finished match is recorded")
    date = (when or datetime.now(UTC)).isoformat(timespec="seconds")
    totals = match.totals()
    best = match.ranking()[0]
    length = length_of(session.options, match.players) or f"{match.setup.rounds} rounds"
    rows = []
    for seat in session.human_seats:
        opponents = [s.kind if not s.is_human else "person" for i, s in enumerate(session.seats) if i != seat]
        rows.append(
            MatchRow(
                player=session.seats[seat].name,
                date=date,
                preset=session.options.preset,
                length=length,
                opponents=opponents,
                total=totals[seat],
                won=seat in best,
                rounds=len(match.round_scores),
                rounds_won=sum(1 for w in match.round_winners if w == seat),
                went_out=sum(1 for scores in match.round_scores if scores[seat] == 0),
                longest_train=max((lengths[seat] for lengths in match.train_lengths), default=0),
                hints=session.hints[seat],
                match_id=session.match_id,
            )
        )
    return rows


class StatsStore:
    """``stats.json`` in a folder."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME

    def load(self) -> tuple[Statistics, str | None]:
        """The statistics, and a note for the player when the file was damaged
        (it is then kept aside as it was, and a fresh record starts)."""
        try:
            data = read_regular(self.path, MAX_BYTES)
        except FileNotFoundError:
            return Statistics(), None
        except OSError as error:
            return Statistics(), f"Statistics cannot be read ({error.strerror or error}); they start afresh."
        except ValueError as error:
            return Statistics(), f"Statistics cannot be read ({error}); they start afresh."
        try:
            return _parse(data), None
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            kept = self._keep_damaged()
            where = f" The damaged file is kept as {kept.name}." if kept else ""
            return Statistics(), f"Statistics could not be read ({error}); they start afresh.{where}"

    def record(self, session: GameSession) -> str | None:
        """Add a finished match; returns a problem to show, or None."""
        stats, note = self.load()
        known = {(row.match_id, row.player) for row in stats.rows if row.match_id}
        fresh = [row for row in rows_for(session) if (row.match_id, row.player) not in known]
        if not fresh:
            return note
        stats.rows.extend(fresh)
        del stats.rows[:-MAX_ROWS]
        doc = {"format": FORMAT_MARK, "version": VERSION, "rows": [asdict(r) for r in stats.rows]}
        try:
            atomic_write(self.path, json.dumps(doc, ensure_ascii=False, indent=0).encode("utf-8"))
        except SaveError as error:
            return f"Statistics not saved: {error.reason}"
        return note

    def _keep_damaged(self) -> Path | None:
        """Move a damaged file aside (never following a link), so it is not overwritten."""
        if self.path.is_symlink() or not self.path.is_file():
            return None
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"stats-damaged-{stamp}.json")
        try:
            os.replace(self.path, kept)
        except OSError:
            return None
        return kept


def _parse(data: bytes) -> Statistics:
    """Statistics from the file's bytes; ValueError (or TypeError/KeyError) for anything else."""
    doc = json.loads(data.decode("utf-8"), parse_int=_small_int)
    if type(doc) is not dict or doc.get("format") != FORMAT_MARK:
        raise ValueError("it is not a statistics file")
    if doc.get("version") != VERSION:
        raise ValueError(f"its version {doc.get('version')!r} is not {VERSION}")
    rows = []
    for raw in doc["rows"][:MAX_ROWS]:
        row = MatchRow(**raw)
        if not all(isinstance(getattr(row, n), t) for n, t in _TYPES.items()):
            raise ValueError("a row has a value of the wrong type")
        rows.append(row)
    return Statistics(rows)


_TYPES: dict[str, Any] = {
    "player": str, "date": str, "preset": str, "length": str, "opponents": list, "total": int, "won": bool,
    "rounds": int, "rounds_won": int, "went_out": int, "longest_train": int, "hints": int, "match_id": str,
}


def _small_int(digits: str) -> int:
    """parse_int refusing absurd numbers."""
    if len(digits) > 12:
        raise ValueError("a number is too long")
    return int(digits)


__all__ = ["MatchRow", "Statistics", "StatsStore", "Tally", "rows_for"]
