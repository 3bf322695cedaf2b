"""Learn move values from self-play, Monte Carlo fashion (issue 28: "action values by self-play").

Two steps, each reproducible from its command (every round is seeded by its number):

    python tools/lab/train_dmc.py gen --rules classic --rounds 20000 --out dmc-classic.jsonl
    python tools/lab/train_dmc.py fit dmc-classic.jsonl --out tools/lab/data/dmc-classic.json
    python tools/lab/train_dmc.py check dmc-classic.jsonl

``gen`` plays 4-seat rounds in which every seat plays the ``SHEDDER``
weights, except that at a share of its decisions (``--explore``) a seat
plays one of the weights' four favourites drawn uniformly; each such
decision is written with every candidate's features (``tools/lab/dmc_policy.py``),
the one played and the round's final value for that seat (the search's
value: the others' mean score minus its own, plus 30 for winning). It
appends one line per round and, run again, goes on after the last round
its file holds, so a stopped run loses at most a round.

``fit`` regresses the value on the played candidate's features minus the
decision's mean features (least squares with a small ridge): the draw is
uniform, so this estimates how much each feature adds to a move's value
whatever the rest of the position. It prints each weight with its standard
error and writes the weights, which the arena trial ``dmc`` plays.

``check`` asks the recorded rounds whether the weights' departures from the
``SHEDDER`` move pay: at the decisions where they would leave it, the rounds
in which the draw played their favourite against those in which it played
the ``SHEDDER`` move.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from arena import deal_match
from dmc_policy import FEATURES, WEIGHTS_PATH, load_weights, state_decision

from game.ai.chain import ChainCache
from game.ai.medium import SHEDDER, MediumPolicy
from game.ai.search import outcome
from game.memory.files import write_file

SEED = 7001
"""The arena's deals use seed 1; training rounds use their own, so no arena deal is trained on."""


def next_round(path: Path) -> int:
    """The number of the first round ``path`` does not hold yet (rounds are
    written in order, one line each). A run stopped in the middle of writing
    leaves a last line without its newline: it is cut off, so the run goes on
    from the last whole round."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
        path.write_bytes(data)
    lines = data.rstrip(b"\n").rsplit(b"\n", 1)
    return int(json.loads(lines[-1])["round"]) + 1 if lines[-1].strip() else 0


def play_round(rules: str, number: int, explore: float) -> list[dict[str, object]]:
    """One self-play round; the explored decisions with their labels."""
    match = deal_match(rules, 4, number, SEED)
    state = match.round
    assert state is not None
    rng = random.Random(f"dmc/{rules}/{number}")
    policy = MediumPolicy(style=SHEDDER)
    plans = ChainCache()
    explored: list[dict[str, object]] = []
    while not state.round_over:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < explore:
            seat = state.to_move
            plan = plans.plan(seat, state.ends[seat], state.hands[seat])
            moves, feats = state_decision(state, plan)
            if len(moves) > 1:
                taken = rng.randrange(len(moves))
                rounded = [[round(x, 4) for x in f] for f in feats]
                explored.append({"seat": seat, "feats": rounded, "taken": taken})
                state.apply(moves[taken])
                continue
        state.apply(policy.act(state))
    for record in explored:
        record["value"] = round(outcome(state, int(record["seat"])), 3)  # type: ignore[call-overload]
    return explored


def generate(rules: str, rounds: int, out: Path, explore: float) -> None:
    """Append rounds to ``out`` until it holds ``rounds`` of them."""
    start = next_round(out)
    with out.open("a", encoding="utf-8") as sink:
        for number in range(start, rounds):
            sink.write(json.dumps({"round": number, "decisions": play_round(rules, number, explore)}) + "\n")
            sink.flush()
            if number % 500 == 0:
                sys.stderr.write(f"\rround {number}/{rounds}")
    sys.stderr.write("\n")


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix x = vector`` (symmetric positive definite) by Gaussian elimination."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a symmetric positive definite ``matrix``, column by column."""
    n = len(matrix)
    cols = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def decisions(paths: Sequence[Path]) -> Iterator[dict[str, Any]]:
    """Every recorded decision of the files (one round a line), in order."""
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    yield from json.loads(line)["decisions"]


def fit(paths: Sequence[Path], ridge: float) -> tuple[list[float], list[float], int]:
    """Weights, their standard errors and the number of decisions used."""
    k = len(FEATURES)
    rows: list[tuple[list[float], float]] = []
    for d in decisions(paths):
        feats = d["feats"]
        mean = [sum(f[i] for f in feats) / len(feats) for i in range(k)]
        x = [a - b for a, b in zip(feats[d["taken"]], mean)]
        rows.append((x, float(d["value"])))
    weights, errors = least_squares(rows, ridge)
    return weights, errors, len(rows)


def least_squares(rows: Sequence[tuple[list[float], float]], ridge: float) -> tuple[list[float], list[float]]:
    """Weights of ``y ~ x`` over ``rows`` (the mean of ``y`` taken out first; a
    ``ridge`` added to the diagonal) and their standard errors."""
    k = len(FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    centre = sum(y for _, y in rows) / max(1, len(rows))
    for x, y in rows:
        y -= centre
        for i in range(k):
            xty[i] += x[i] * y
            xi = x[i]
            if xi:
                row = xtx[i]
                for j in range(k):
                    row[j] += xi * x[j]
    for i in range(k):
        xtx[i][i] += ridge
    weights = solve(xtx, xty)
    resid = sum((y - centre - sum(w * a for w, a in zip(weights, x))) ** 2 for x, y in rows)
    sigma2 = resid / max(1, len(rows) - k)
    inv = inverse(xtx)
    errors = [math.sqrt(max(0.0, sigma2 * inv[i][i])) for i in range(k)]
    return weights, errors


def departures(paths: Sequence[Path], weights: Sequence[float]) -> dict[str, float]:
    """Where the learned values would leave the ``SHEDDER`` move, what they
    promise and what the recorded rounds gave: the mean value of the rounds in
    which the uniform draw played the learned favourite, minus that of those in
    which it played the ``SHEDDER`` move (with the half-width of its 95% interval)."""
    seen = departed = 0
    promised = 0.0
    learned: list[float] = []
    shedder: list[float] = []
    for d in decisions(paths):
        seen += 1
        values = [sum(w * x for w, x in zip(weights, f)) for f in d["feats"]]
        best = max(range(len(values)), key=lambda i: (values[i], -i))
        if best == 0:
            continue
        departed += 1
        promised += values[best] - values[0]
        if d["taken"] == best:
            learned.append(float(d["value"]))
        elif d["taken"] == 0:
            shedder.append(float(d["value"]))
    if len(learned) < 2 or len(shedder) < 2:
        raise ValueError("too few recorded decisions where the learned values leave the SHEDDER move")
    spread = math.sqrt(
        statistics.pvariance(learned) / len(learned) + statistics.pvariance(shedder) / len(shedder)
    )
    return {
        "decisions": seen,
        "departures": departed,
        "promised": promised / departed,
        "realised": statistics.fmean(learned) - statistics.fmean(shedder),
        "within": 1.96 * spread,
    }


def write_weights(out: Path, weights: Sequence[float], errors: Sequence[float], used: int) -> None:
    """Print each fitted weight with its standard error, then write the weights
    to ``out`` in the form ``dmc_policy.load_weights`` reads."""
    for name, w, e in zip(FEATURES, weights, errors):
        print(f"{name:24s} {w:+8.3f}  (se {e:.3f})")
    print(f"{used} decisions")
    payload = {"features": list(FEATURES), "weights": [round(w, 5) for w in weights], "decisions": used}
    write_file(out, (json.dumps(payload, indent=1) + "\n").encode("utf-8"), keep_backup=False)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gen`` or ``fit``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen", help="play self-play rounds and record explored decisions")
    g.add_argument("--rules", default="classic")
    g.add_argument("--rounds", type=int, required=True, help="rounds the file should hold")
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--explore", type=float, default=0.3, help="share of decisions played at random")
    f = sub.add_parser("fit", help="fit the weights to recorded rounds")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    f.add_argument("--ridge", type=float, default=1.0)
    c = sub.add_parser("check", help="where the weights leave the SHEDDER move: promised and recorded value")
    c.add_argument("data", type=Path, nargs="+")
    c.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    args = parser.parse_args(argv)
    if args.command == "gen":
        generate(args.rules, args.rounds, args.out, args.explore)
        return 0
    if args.command == "check":
        got = departures(args.data, load_weights(args.weights))
        print(
            f"{got['departures']:.0f} of {got['decisions']:.0f} decisions leave the SHEDDER move "
            f"({got['departures'] / got['decisions']:.1%}), promising {got['promised']:+.2f} on average; "
            f"recorded: {got['realised']:+.2f} (+-{got['within']:.2f})"
        )
        return 0
    write_weights(args.out, *fit(args.data, args.ridge))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
