"""Distil the seer into move values a seat can compute (issue 28: "distil the seer").

Three steps, each reproducible from its command (every round is seeded by its number):

    python tools/lab/train_seer.py gen --rules classic --rounds 1500 --out seer-classic.jsonl
    python tools/lab/train_seer.py gen --rules classic --first 5000 --rounds 5300 --expert --out seer-held.jsonl
    python tools/lab/train_seer.py fit seer-classic.jsonl
    python tools/lab/train_seer.py check seer-held.jsonl

``gen`` plays 4-seat rounds in which every seat plays the ``SHEDDER``
weights. At a share of the decisions (``--share``) the seer values each of
the weights' four favourites: Expert's playouts (the ``SHEDDER`` weights in
every seat, 64 actions, to the end once 30 tiles or fewer are left) from the
true round, every hand as it is and the boneyard shuffled anew for each of
``--samples`` samples, the same samples for every move. Each such decision
is written with every candidate's features (``tools/lab/dmc_policy.py``: numbers
from the seat's own view only) and the seer's value of each; the seat then
plays the ``SHEDDER`` move, so the positions are those the weights reach. It
appends one line per round and, run again, goes on after the last round its
file holds.

``fit`` regresses, within each decision, a move's seer value over the
decision's mean on its features over their mean (least squares with a small
ridge): what the seer, which sees every hand, says each feature of a move is
worth, as far as the seat's own view can carry it. It prints each weight
with its standard error and writes the weights, which the arena trials
``distil`` and ``expert-distil`` play (``tools/lab/distil_policy.py``).

``check`` asks the seer on decisions the fit has not seen whether the
learned values' departures from the ``SHEDDER`` move pay: the seer's value
of the learned favourite minus its value of the ``SHEDDER`` move, where they
differ.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from arena import deal_match
from distil_policy import WEIGHTS_PATH
from dmc_policy import FEATURES, load_weights, state_decision
from train_dmc import decisions, least_squares, next_round, write_weights

from game.ai.chain import ChainCache
from game.ai.medium import SHEDDER, MediumPolicy
from game.ai.search import ExpertPlayer, playout_values
from game.engine import Action, RoundState, seat_view

SEED = 7002
"""Training rounds' own seed: no arena deal (seed 1) or self-play round of
``train_dmc.py`` (7001) is reused."""


def seer_values(state: RoundState, moves: Sequence[Action], samples: int, rng: random.Random) -> list[float]:
    """The seer's mean value of each of ``moves`` for the seat to move: Expert's
    playouts from the true round, the boneyard shuffled anew for each sample."""
    budget = ExpertPlayer.budget
    roots = []
    for _ in range(samples):
        root = state.copy()
        rng.shuffle(root.boneyard)
        roots.append(root)
    left = sum(len(h) for h in state.hands) + len(state.boneyard)
    depth = None if left <= budget.endgame else budget.depth
    values = playout_values(roots, state.to_move, moves, None, depth, ExpertPlayer.playout, budget.win_bonus)
    return [statistics.fmean(v) for v in values]


def play_round(
    rules: str, number: int, share: float, samples: int, expert: bool = False
) -> list[dict[str, object]]:
    """One self-play round; the decisions the seer valued, with their values
    (and, if ``expert``, which candidate Expert plays from the seat's view: -1
    for a move outside them)."""
    match = deal_match(rules, 4, number, SEED)
    state = match.round
    assert state is not None
    rng = random.Random(f"seer/{rules}/{number}")
    policy = MediumPolicy(style=SHEDDER)
    plans = ChainCache()
    labelled: list[dict[str, object]] = []
    while not state.round_over:
        if len(state.legal_actions()) > 1 and rng.random() < share:
            seat = state.to_move
            moves, feats = state_decision(state, plans.plan(seat, state.ends[seat], state.hands[seat]))
            if len(moves) > 1:
                values = seer_values(state, moves, samples, rng)
                record: dict[str, object] = {
                    "seat": seat,
                    "feats": [[round(x, 4) for x in f] for f in feats],
                    "values": [round(v, 3) for v in values],
                }
                if expert:
                    choice = ExpertPlayer(f"seer/{number}").choose(seat_view(state, seat))
                    record["expert"] = moves.index(choice) if choice in moves else -1
                labelled.append(record)
        state.apply(policy.act(state))
    return labelled


def generate(
    rules: str, rounds: int, out: Path, share: float, samples: int, first: int = 0, expert: bool = False
) -> None:
    """Append rounds ``first``.. to ``out`` until it holds the rounds below ``rounds``."""
    start = max(first, next_round(out))
    with out.open("a", encoding="utf-8") as sink:
        for number in range(start, rounds):
            labelled = play_round(rules, number, share, samples, expert)
            sink.write(json.dumps({"round": number, "decisions": labelled}) + "\n")
            sink.flush()
            if number % 50 == 0:
                sys.stderr.write(f"\rround {number}/{rounds}")
    sys.stderr.write("\n")


def fit(paths: Sequence[Path], ridge: float) -> tuple[list[float], list[float], int]:
    """Weights, their standard errors and the number of decisions used."""
    k = len(FEATURES)
    rows: list[tuple[list[float], float]] = []
    used = 0
    for d in decisions(paths):
        feats, values = d["feats"], d["values"]
        mean_x = [sum(f[i] for f in feats) / len(feats) for i in range(k)]
        mean_y = sum(values) / len(values)
        rows.extend(([a - b for a, b in zip(f, mean_x)], float(v) - mean_y) for f, v in zip(feats, values))
        used += 1
    weights, errors = least_squares(rows, ridge)
    return weights, errors, used


def mean_within(gains: Sequence[float]) -> tuple[float, float]:
    """The mean of ``gains`` and the half-width of its 95% interval."""
    return statistics.fmean(gains), 1.96 * math.sqrt(statistics.pvariance(gains) / len(gains))


def departures(paths: Sequence[Path], weights: Sequence[float], margin: float = 0.0) -> dict[str, float]:
    """Where the learned values would leave the ``SHEDDER`` move (for a move
    valued more than ``margin`` pips higher): what they
    promise, and what the seer's values give (the learned favourite's minus
    the ``SHEDDER`` move's, with the half-width of its 95% interval), and the
    seer's own favourite's gain over the ``SHEDDER`` move at every decision."""
    seen = 0
    promised: list[float] = []
    gained: list[float] = []
    ceiling: list[float] = []
    for d in decisions(paths):
        seen += 1
        values = d["values"]
        learned = [sum(w * x for w, x in zip(weights, f)) for f in d["feats"]]
        best = max(range(len(learned)), key=lambda i: (learned[i], -i))
        ceiling.append(max(values) - values[0])
        if best and learned[best] > learned[0] + margin:
            promised.append(learned[best] - learned[0])
            gained.append(values[best] - values[0])
    if len(gained) < 2:
        raise ValueError("too few decisions where the learned values leave the SHEDDER move")
    realised, within = mean_within(gained)
    return {
        "decisions": seen,
        "departures": len(gained),
        "promised": statistics.fmean(promised),
        "realised": realised,
        "within": within,
        "per_decision": sum(gained) / seen,
        "seer_best": statistics.fmean(ceiling),
    }


EXPERT_GROUPS = ("every decision", "leaving the SHEDDER move", "for its own train", "for another train",
                 "for no play", "with an opponent low")
"""How ``expert_gains`` groups Expert's decisions: all of them, then where it leaves the ``SHEDDER`` move."""


def expert_gains(paths: Sequence[Path]) -> tuple[dict[str, list[float]], int]:
    """The seer's value of Expert's move minus the ``SHEDDER`` move's, by
    ``EXPERT_GROUPS``, at the decisions ``gen --expert`` recorded; and how many
    decisions Expert played a move outside the candidates (left out)."""
    own, low = FEATURES.index("own_train"), FEATURES.index("pips_when_opponent_low")
    groups: dict[str, list[float]] = {name: [] for name in EXPERT_GROUPS}
    outside = 0
    for d in decisions(paths):
        pick = d.get("expert")
        if pick is None:
            continue
        if pick < 0:
            outside += 1
            continue
        gain = d["values"][pick] - d["values"][0]
        groups["every decision"].append(gain)
        if pick == 0:
            continue
        groups["leaving the SHEDDER move"].append(gain)
        chosen = d["feats"][pick]
        if not any(chosen[:-3]):
            groups["for no play"].append(gain)
        else:
            groups["for its own train" if chosen[own] else "for another train"].append(gain)
        if any(f[low] for f in d["feats"]):
            groups["with an opponent low"].append(gain)
    return groups, outside


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gen``, ``fit`` or ``check``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen", help="play self-play rounds and record the seer's values of the candidates")
    g.add_argument("--rules", default="classic")
    g.add_argument("--rounds", type=int, required=True, help="play the rounds below this number")
    g.add_argument("--first", type=int, default=0, help="the first round's number (held-out data: later)")
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--share", type=float, default=0.3, help="share of decisions the seer values")
    g.add_argument("--samples", type=int, default=32, help="boneyard shuffles per valued decision")
    g.add_argument("--expert", action="store_true", help="also record which candidate Expert plays")
    f = sub.add_parser("fit", help="fit the weights to the seer's values")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    f.add_argument("--ridge", type=float, default=1.0)
    c = sub.add_parser("check", help="where the weights leave the SHEDDER move: promised and the seer's")
    c.add_argument("data", type=Path, nargs="+")
    c.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    c.add_argument("--margin", type=float, default=0.0, help="depart only for this many pips more")
    args = parser.parse_args(argv)
    if args.command == "gen":
        generate(args.rules, args.rounds, args.out, args.share, args.samples, args.first, args.expert)
        return 0
    if args.command == "check":
        got = departures(args.data, load_weights(args.weights), args.margin)
        print(
            f"{got['departures']:.0f} of {got['decisions']:.0f} decisions leave the SHEDDER move "
            f"({got['departures'] / got['decisions']:.1%}), promising {got['promised']:+.2f} on average; "
            f"the seer's values: {got['realised']:+.2f} (+-{got['within']:.2f}) there, "
            f"{got['per_decision']:+.2f} a decision; "
            f"the seer's own favourite {got['seer_best']:+.2f} a decision"
        )
        groups, outside = expert_gains(args.data)
        if len(groups["every decision"]) >= 2:
            left_out = f"{outside} decisions outside the candidates left out"
            print(f"Expert's move over the SHEDDER move, by the seer's values ({left_out}):")
            for name, gains in groups.items():
                if len(gains) >= 2:
                    mean, within = mean_within(gains)
                    print(f"  {name:26s} {len(gains):6d} decisions  {mean:+6.2f} (+-{within:.2f})")
        return 0
    write_weights(args.out, *fit(args.data, args.ridge))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
