"""`mexican-train simulate`: headless matches (or single rounds) between computer players."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from ..ai import ComputerSeats
from ..engine import Match, RuleOptions, play_match
from ..words.counting import counted


@dataclass
class SeatTally:
    """Running results of one seat."""

    ai: str
    wins: int = 0
    totals: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        """The seat's figures as printed with --json."""
        return {
            "ai": self.ai,
            "wins": self.wins,
            "mean_total": round(sum(self.totals) / len(self.totals), 3) if self.totals else 0.0,
            "mean_round": round(sum(self.rounds) / len(self.rounds), 3) if self.rounds else 0.0,
        }


def _after_rounds(rounds: int) -> Callable[[Match], bool]:
    """The ``until`` of ``play_match`` that stops a match once it has played ``rounds`` rounds."""
    return lambda match: len(match.round_scores) >= rounds


def run(
    options: RuleOptions,
    kinds: Sequence[str],
    matches: int,
    seed: int,
    single_rounds: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_action: Callable[[Match], None] | None = None,
) -> dict[str, object]:
    """Play the matches (or ``single_rounds`` one-deal rounds); return the summary."""
    n = len(kinds)
    tallies = [SeatTally(k) for k in kinds]
    total_rounds = 0
    count = single_rounds if single_rounds is not None else matches
    for index in range(count):
        match = Match(options, n, f"{seed}-{index}", record_events=False)
        rounds_to_play = 1 if single_rounds is not None else match.setup.rounds
        play_match(match, ComputerSeats(kinds), until=_after_rounds(rounds_to_play),
                   on_action=on_action)
        total_rounds += len(match.round_scores)
        totals = match.totals()
        best = match.ranking()[0]
        for seat, tally in enumerate(tallies):
            tally.totals.append(totals[seat])
            tally.rounds.extend(r[seat] for r in match.round_scores)
            if seat in best:
                tally.wins += 1
        if progress is not None:
            progress(index + 1, count)
    return {
        "rules": options.preset,
        "players": n,
        "matches": 0 if single_rounds is not None else matches,
        "rounds": total_rounds,
        "seats": [t.summary() for t in tallies],
    }


def progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    """A one-line progress bar for a terminal."""

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def format_table(summary: dict[str, object]) -> str:
    """The summary as a small text table."""
    lines = [
        f"{summary['rules']}, {summary['players']} players, "
        + (f"{counted(summary['matches'], 'match')}, " if summary["matches"] else "")
        + counted(summary["rounds"], "round"),
        f"{'seat':<5} {'ai':<8} {'wins':>6} {'mean total':>11} {'mean round':>11}",
    ]
    seats = summary["seats"]
    assert isinstance(seats, list)
    for i, s in enumerate(seats):
        lines.append(f"{i:<5} {s['ai']:<8} {s['wins']:>6} {s['mean_total']:>11.2f} {s['mean_round']:>11.2f}")
    return "\n".join(lines)


def stderr_is_terminal() -> bool:
    """Whether a progress bar would be seen."""
    return sys.stderr.isatty()
