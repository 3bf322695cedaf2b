"""How honest the round review's numbers are.

    python tools/review_check.py [--decisions N] [--runs R] [--rules classic,tournament]

Four Medium players play single rounds (seeds 1, 2, ...). At three in ten
of the decisions with a choice (a seeded draw), the review values Medium's move from the deciding seat's own
view (``review.value_decision``, the game's budget). Where the review's best
move found differs from Medium's move (N such decisions per rule set), both
moves are then played out on the TRUE deal (every hand and the boneyard as
they really were) R times each, every seat continued by the review's own
playout policy (the ``SHEDDER`` weights) with one action in ten chosen at
random, the same random choices for both moves; the measured difference is
the mean of (the seat's final score after Medium's move) minus (after the
best move found). The table compares it with the review's expected
difference: mean of each, the spread of (review - measured), how often the
two have the same sign, and what the decisions the review marks lose on
average. Progress on stderr; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import ComputerSeats
from game.ai.medium import SHEDDER, MediumPolicy
from game.engine import Action, Match, RoundState, parse_action, preset
from game.review.results import COSTLY, MISTAKE
from game.review.value import value_decision

PICK = 0.3
"""Share of decisions looked at (a seeded draw), so the decisions spread over many rounds."""
NOISE = 0.1
"""Share of continuation actions chosen at random (so the true deal gives a spread of outcomes)."""


@dataclass(frozen=True)
class Checked:
    """One decision: what the review said and what the true deal gave."""

    rules: str
    made: str
    best: str
    worse: float
    better: float
    review: float
    se: float
    level: str
    measured: float
    measured_se: float


def noisy_playout(state: RoundState, rng: random.Random) -> RoundState:
    """Play ``state`` to the round's end: the SHEDDER policy, one action in ten at random."""
    policy = MediumPolicy(style=SHEDDER)
    while not state.round_over:
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng.random() < NOISE else policy.act(state))
    return state


def measured(state: RoundState, seat: int, made: Action, best: Action, runs: int, seed: str) -> tuple[float, float]:
    """Mean and standard error of (score after ``made``) - (score after ``best``) on the true ``state``."""
    diffs = []
    for run in range(runs):
        scores = []
        for move in (made, best):
            trial = state.copy()
            trial.apply(move)
            noisy_playout(trial, random.Random(f"{seed}/{run}"))
            assert trial.scores is not None
            scores.append(trial.scores[seat])
        diffs.append(float(scores[0] - scores[1]))
    mean = statistics.fmean(diffs)
    return mean, (statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0)


def check_rules(rules: str, wanted: int, runs: int, marked: bool = False, first: int = 1) -> list[Checked]:
    """``wanted`` decisions of Medium players under ``rules`` where the review
    found a better move (with ``marked``: that it marks costly or a clear mistake)."""
    out: list[Checked] = []
    seed = first - 1
    seats = ComputerSeats(["medium"] * 4)
    pick = random.Random(f"pick/{rules}")
    while len(out) < wanted:
        seed += 1
        match = Match(preset(rules), 4, f"check/{seed}")
        match.start_next_round()
        while match.round is not None and not match.round.round_over and len(out) < wanted:
            state, seat = match.round, match.current_player()
            assert seat is not None
            move = seats(match, seat)
            if len(state.legal_actions()) > 1 and (marked or pick.random() < PICK):
                view = match.view(seat)
                valued = value_decision(view, move, "check")
                if valued.best != valued.made and (valued.level or not marked):
                    best = parse_action(valued.best, 4, match.setup.set_max)
                    truth = measured(state.copy(), seat, move, best, runs, f"{rules}/{seed}/{len(out)}")
                    out.append(Checked(rules, valued.made, valued.best, valued.worse, valued.better,
                                       valued.diff, valued.se, valued.level, *truth))
                    print(f"\r{rules}: {len(out)}/{wanted} (round {seed})", end="", file=sys.stderr, flush=True)
            match.apply(move)
    print(file=sys.stderr)
    return out


def summary(rows: list[Checked]) -> dict[str, float]:
    """The figures of one table row."""
    gaps = [r.review - r.measured for r in rows]
    signed = [r for r in rows if r.measured != 0]
    mistakes = [r.measured for r in rows if r.level == MISTAKE]
    costly = [r.measured for r in rows if r.level == COSTLY]
    return {
        "decisions": len(rows),
        "review_mean": statistics.fmean(r.review for r in rows),
        "measured_mean": statistics.fmean(r.measured for r in rows),
        "gap_mean": statistics.fmean(gaps),
        "gap_sd": statistics.stdev(gaps) if len(gaps) > 1 else 0.0,
        "review_se_mean": statistics.fmean(r.se for r in rows),
        "sign_right": sum((r.review > 0) == (r.measured > 0) for r in signed) / len(signed) if signed else 0.0,
        "sign_counted": len(signed),
        "mistakes": len(mistakes),
        "mistakes_measured_mean": statistics.fmean(mistakes) if mistakes else 0.0,
        "mistakes_losing": sum(m > 0 for m in mistakes) / len(mistakes) if mistakes else 0.0,
        "costly": len(costly),
        "costly_measured_mean": statistics.fmean(costly) if costly else 0.0,
    }


def table(results: dict[str, dict[str, float]]) -> str:
    """The markdown table docs/review.md holds."""
    head = (
        "| rules | decisions | review: mean expected cost | true deal: mean measured cost | review - measured: "
        "mean (spread) | review's mean ± | sign right | clear mistakes: n, mean measured cost, share losing "
        "| costly: n, mean measured cost |\n|---|---|---|---|---|---|---|---|---|"
    )
    lines = [head]
    for rules, s in results.items():
        lines.append(
            f"| {rules} | {s['decisions']:.0f} | {s['review_mean']:+.1f} | {s['measured_mean']:+.1f} | "
            f"{s['gap_mean']:+.1f} ({s['gap_sd']:.1f}) | {s['review_se_mean']:.1f} | "
            f"{100 * s['sign_right']:.0f}% of {s['sign_counted']:.0f} | "
            f"{s['mistakes']:.0f}, {s['mistakes_measured_mean']:+.1f}, {100 * s['mistakes_losing']:.0f}% | "
            f"{s['costly']:.0f}, {s['costly_measured_mean']:+.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    """Run the check and print the table, then the figures as one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=100, help="decisions per rule set (default 100)")
    parser.add_argument("--runs", type=int, default=32, help="playouts of each move on the true deal (default 32)")
    parser.add_argument("--rules", default="classic,tournament")
    parser.add_argument("--marked", action="store_true",
                        help="look at every decision and keep only those the review marks (costly or clear mistake)")
    parser.add_argument("--first-round", type=int, default=1, help="seed of the first round played (default 1)")
    parser.add_argument("--rows", metavar="FILE", help="write each decision as a JSON line to FILE")
    args = parser.parse_args()
    rows: list[Checked] = []
    results: dict[str, dict[str, float]] = {}
    for rules in args.rules.split(","):
        found = check_rules(rules, args.decisions, args.runs, args.marked, args.first_round)
        rows.extend(found)
        results[rules] = summary(found)
    if len(results) > 1:
        results["all"] = summary(rows)
    if args.rows:
        Path(args.rows).write_text("".join(json.dumps(vars(r)) + "\n" for r in rows))
    print(table(results))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
