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
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine import Phase
from ..engine.length import length_of
from .files import FileProblem, FileRefused, bad_character, parse_json, read_file, set_aside, write_file
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
    reviewed_rounds: int = 0
    """Rounds of the match the person had reviewed before it ended (see ``game.review``)."""
    mistakes: int = 0
    """Decisions those reviews marked "clear mistake"."""
    costly: int = 0
    """Decisions those reviews marked "costly"."""

    @property
    def marked_per_round(self) -> float | None:
        """Decisions marked costly or clear mistake per reviewed round (None: no round reviewed)."""
        return (self.mistakes + self.costly) / self.reviewed_rounds if self.reviewed_rounds else None


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

    def recent_mistakes(self, player: str, count: int = 12) -> list[float]:
        """Marked decisions (costly or clear mistake) per reviewed round in
        ``player``'s last ``count`` matches with a review, oldest first."""
        rows = [row.marked_per_round for row in self.rows if row.player == player]
        return [r for r in rows if r is not None][-count:]

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
    rounds = match.setup.rounds
    length = length_of(session.options, match.players) or f"{rounds} round{'s' if rounds != 1 else ''}"
    rows = []
    for seat in session.human_seats:
        reviews = [r for r in session.reviews if r.seats == (seat,)]
        levels = [d.valuation.level for r in reviews for d in r.decisions]
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
                reviewed_rounds=len(reviews),
                mistakes=levels.count("clear mistake"),
                costly=levels.count("costly"),
            )
        )
    return rows


class StatsStore:
    """``stats.json`` in a folder, read and written through the game's one
    reader and writer (``game.memory.files``)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME

    def load(self) -> tuple[Statistics, str | None]:
        """The statistics, and a note for the player when the file could not be
        used (it is then set aside as it was, and a fresh record starts)."""
        stats, note, _ = self._read()
        return stats, note

    def _read(self) -> tuple[Statistics, str | None, bool]:
        """The statistics, a note, and whether writing may go on (False when an
        unreadable file could not be set aside: it must not be overwritten)."""
        try:
            return _parse(read_file(self.path, MAX_BYTES)), None, True
        except FileNotFoundError:
            return Statistics(), None, True
        except FileRefused as refused:
            reason = refused.why.removesuffix(", so it is not read")
        except FileProblem as problem:
            reason = problem.reason
        except (ValueError, TypeError, KeyError) as error:
            reason = str(error) or "it is not a statistics file"
        kept = set_aside(self.path)
        if kept is None:
            return Statistics(), f"Statistics cannot be read: {reason}. The file could not be set aside.", \
                False
        return Statistics(), (f"Statistics could not be read: {reason}. The file is kept as {kept.name} "
                              "and a fresh record starts."), True

    def record(self, session: GameSession) -> str | None:
        """Add a finished match; returns what the player must be told (the
        match not counted and why, or the file set aside), or None."""
        stats, note, writable = self._read()
        if not writable:
            return f"This match is not counted in the statistics: {note}"
        known = {(row.match_id, row.player) for row in stats.rows if row.match_id}
        fresh = [row for row in rows_for(session) if (row.match_id, row.player) not in known]
        if not fresh:
            return note
        stats.rows.extend(fresh)
        del stats.rows[:-MAX_ROWS]
        doc = {"format": FORMAT_MARK, "version": VERSION, "rows": [asdict(r) for r in stats.rows]}
        try:
            write_file(self.path, json.dumps(doc, ensure_ascii=False, indent=0).encode("utf-8"))
        except FileProblem as error:
            said = f"Statistics not saved: this match is not counted ({error.reason})."
            return f"{note} {said}" if note else said
        return note


def _parse(data: bytes) -> Statistics:
    """Statistics from the file's bytes; ValueError (or TypeError/KeyError) for
    anything else: every row must hold exactly the fields of a ``MatchRow``, each
    of its type, and every text must be fit to draw."""
    doc = parse_json(data, "a statistics file")
    if type(doc) is not dict or doc.get("format") != FORMAT_MARK:
        raise ValueError("it is not a statistics file")
    if doc.get("version") != VERSION:
        raise ValueError(f"its version {doc.get('version')!r} is not {VERSION}")
    raws = doc.get("rows")
    if type(raws) is not list:
        raise ValueError("it has no list of matches")
    return Statistics([_row(raw) for raw in raws[-MAX_ROWS:]])


def _row(raw: Any) -> MatchRow:
    """One checked row (ValueError naming what is wrong)."""
    if type(raw) is not dict or not set(_TYPES) >= set(raw) >= _REQUIRED:
        raise ValueError("a match row has missing or unknown fields")
    for name, value in raw.items():
        kind = _TYPES[name]
        if kind is list:
            if type(value) is not list or len(value) > 8 or not all(_fit(v) for v in value):
                raise ValueError(f"a match row's {name} is not a short list of names")
        elif type(value) is not kind or (kind is str and not _fit(value)):
            raise ValueError(f"a match row's {name} is not a {kind.__name__} fit to show")
    return MatchRow(**raw)


def _fit(value: Any) -> bool:
    """A string of reasonable length with nothing that must not be drawn or printed."""
    return type(value) is str and len(value) <= 200 and bad_character(value) is None


_TYPES: dict[str, Any] = {
    "player": str, "date": str, "preset": str, "length": str, "opponents": list, "total": int, "won": bool,
    "rounds": int, "rounds_won": int, "went_out": int, "longest_train": int, "hints": int, "match_id": str,
    "reviewed_rounds": int, "mistakes": int, "costly": int,
}
_REQUIRED = frozenset(_TYPES) - {"match_id", "reviewed_rounds", "mistakes", "costly"}


__all__ = ["MatchRow", "Statistics", "StatsStore", "Tally", "rows_for"]
