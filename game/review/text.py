"""The review in words and as JSON data, for the command line and the screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..memory.files import clean
from .results import Decision, RoundReview, unmarked_because
from .words import did_words, to_do_words


def points(diff: float, se: float) -> str:
    """'expected cost +14.6 ± 6.3 points': the extra points the move made is
    expected to leave the seat with at the round's end, and the uncertainty."""
    return f"expected cost {diff:+.1f} ± {se:.1f} points"


def decision_line(decision: Decision, names: Sequence[str]) -> str:
    """One sentence: round, turn, seat, the move made, and either that it was the best
    move found or the best move found with the expected cost and the mark ('round 2, turn
    5, seat 0 (Ana) drew; the best move found was to play the 6-3 on the Mexican train,
    expected cost +8.1 ± 2.0 points; costly'). Trains are named as the game names them
    (whose, or the Mexican train) and every name is checked before it is printed."""
    v = decision.valuation
    who = clean(names[decision.seat]) if decision.seat < len(names) else f"seat {decision.seat}"
    made = did_words(v.made, decision.seat, names)
    head = f"round {decision.round}, turn {decision.turn}, seat {decision.seat} ({who}) {made}"
    if v.best == v.made:
        return f"{head}: the best move found"
    best = to_do_words(v.best, decision.seat, names)
    if v.diff <= 0 and not v.level:
        return f"{head}: as good as the review's pick, {best} ({points(v.diff, v.se)})"
    tail = f"; {v.level}" if v.level else f"; not marked: {unmarked_because(v)}" if unmarked_because(v) else ""
    return f"{head}; the best move found was {best}, {points(v.diff, v.se)}{tail}"


def summary_line(review: RoundReview, names: Sequence[str]) -> str:
    """'Round 3, You: 12 decisions reviewed (4 forced skipped), 1 clear mistake, 2 costly'."""
    who = ", ".join(clean(names[s]) if s < len(names) else f"seat {s}" for s in review.seats)
    levels = [d.valuation.level for d in review.decisions]
    mistakes, costly = levels.count("clear mistake"), levels.count("costly")
    count = len(review.decisions)
    return (
        f"Round {review.round}, {who}: {count} decision{'' if count == 1 else 's'} reviewed "
        f"({sum(review.forced)} forced skipped), {mistakes} clear mistake{'s' if mistakes != 1 else ''}, "
        f"{costly} costly"
    )


def review_data(review: RoundReview) -> dict[str, Any]:
    """The review as JSON data (``--json``)."""
    return {
        "round": review.round,
        "seats": list(review.seats),
        "seed": review.seed,
        "budget": review.budget,
        "forced": list(review.forced),
        "decisions": [
            {
                "round": d.round, "turn": d.turn, "seat": d.seat, "index": d.index,
                "made": d.valuation.made, "best": d.valuation.best,
                "diff": round(d.valuation.diff, 2), "se": round(d.valuation.se, 2),
                "level": d.valuation.level, "compared": d.valuation.compared,
                "worse": round(d.valuation.worse, 3), "better": round(d.valuation.better, 3),
            }
            for d in review.decisions
        ],
    }
