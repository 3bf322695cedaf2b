"""The round reviews a save keeps (format 3's optional ``reviews`` field).

Reviews are worked out from the match, so they are kept apart from what
makes the game: the save's checksum does not cover them and they carry
their own. A reviews section that is damaged in any way (its checksum, a
field's type or range, a decision that is not the action the log holds at
that place, a round not over) is left out with the reason, and the game
loads all the same: the review can always be made again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..engine import Match
from ..review.cache import ReviewCache
from ..review.results import COSTLY, MISTAKE, Decision, RoundReview, Valuation
from .checks import a_list, an_object, int_in, text
from .errors import SaveError

REVIEW_KEYS = ("round", "seat", "seed", "budget", "forced", "decisions")
MAX_POINTS = 100_000_00
"""Largest difference or uncertainty kept, in hundredths of a point."""
LEVELS = ("", COSTLY, MISTAKE)


def section_checksum(rounds: Any) -> str:
    """SHA-256 of the reviews' ``rounds`` list as canonical JSON."""
    body = json.dumps(rounds, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def encode_reviews(cache: ReviewCache) -> dict[str, Any] | None:
    """The ``reviews`` field for ``cache`` (None when it holds no review).
    Differences are kept as whole hundredths of a point (a save holds no fractions)."""
    rounds = [
        {
            "round": r.round, "seat": r.seats[0], "seed": r.seed, "budget": r.budget, "forced": r.forced[0],
            "decisions": [
                [d.index, d.turn, d.valuation.made, d.valuation.best, round(d.valuation.diff * 100),
                 round(d.valuation.se * 100), d.valuation.level, d.valuation.compared,
                 round(d.valuation.worse * 1000), round(d.valuation.better * 1000)]
                for d in r.decisions
            ],
        }
        for r in cache
    ]
    if not rounds:
        return None
    return {"checksum": section_checksum(rounds), "rounds": rounds}


def _decision(row: Any, where: str, round_number: int, seat: int) -> Decision:
    """One kept decision: [index, turn, made, best, diff, se, level, compared, worse, better]."""
    index, turn, made, best, diff, se, level, compared, worse, better = a_list(row, where, 10)
    int_in(index, f"{where}[0]", 0, 100_000)
    int_in(turn, f"{where}[1]", 1, 100_000)
    text(made, f"{where}[2]", 40)
    text(best, f"{where}[3]", 40)
    int_in(diff, f"{where}[4]", -MAX_POINTS, MAX_POINTS)
    int_in(se, f"{where}[5]", 0, MAX_POINTS)
    if level not in LEVELS:
        raise SaveError(f"{where}[6] must be one of {', '.join(repr(v) for v in LEVELS)}")
    int_in(compared, f"{where}[7]", 1, 1000)
    int_in(worse, f"{where}[8]", 0, 1000)
    int_in(better, f"{where}[9]", 0, 1000 - worse)
    valuation = Valuation(made, best, diff / 100, se / 100, level, compared, worse / 1000, better / 1000)
    return Decision(round_number, index, turn, seat, valuation)


def decode_reviews(raw: Any, players: int, finished: int) -> list[RoundReview]:
    """The kept reviews, every field checked; SaveError names the first problem."""
    section = an_object(raw, "reviews", ("checksum", "rounds"))
    rounds = a_list(section["rounds"], "reviews.rounds", longest=finished * players)
    if section["checksum"] != section_checksum(rounds):
        raise SaveError("reviews: the checksum does not match")
    out = []
    for i, entry in enumerate(rounds):
        where = f"reviews.rounds[{i}]"
        item = an_object(entry, where, REVIEW_KEYS)
        round_number = int_in(item["round"], f"{where}.round", 1, finished)
        seat = int_in(item["seat"], f"{where}.seat", 0, players - 1)
        rows = a_list(item["decisions"], f"{where}.decisions", longest=5_000)
        decisions = tuple(_decision(row, f"{where}.decisions[{k}]", round_number, seat) for k, row in enumerate(rows))
        out.append(RoundReview(
            round_number, (seat,), text(item["seed"], f"{where}.seed", 40), text(item["budget"], f"{where}.budget", 40),
            decisions, (int_in(item["forced"], f"{where}.forced", 0, 100_000),),
        ))
    return out


def fits_match(reviews: list[RoundReview], match: Match) -> str | None:
    """Why the kept reviews do not fit the replayed match (None when each
    decision is the action its seat took at that place of the log)."""
    for review in reviews:
        log, turns = match.action_log[review.round - 1], match.turns[review.round - 1]
        for d in review.decisions:
            if d.index >= len(log) or log[d.index] != d.valuation.made or turns[d.index][0] != d.seat:
                return f"reviews: round {review.round}'s decision {d.index} is not an action of seat {d.seat}"
    return None


def kept_reviews(raw: Any, match: Match) -> ReviewCache:
    """The reviews a save keeps, or an empty cache whose ``problem`` says why
    they were left out (the game loads either way)."""
    if raw is None:
        return ReviewCache()
    try:
        reviews = decode_reviews(raw, match.players, len(match.round_scores))
        problem = fits_match(reviews, match)
    except SaveError as error:
        return ReviewCache(problem=error.reason)
    except Exception as error:  # noqa: BLE001 - whatever a hostile section provokes
        return ReviewCache(problem=f"reviews: damaged ({type(error).__name__})")
    return ReviewCache(problem=problem) if problem else ReviewCache(reviews)
