"""The arena: is each computer level stronger than the one below it?

    python tools/lab/arena.py [--rules classic,tournament] [--pairs medium:easy,hard:medium]
                          [--deals 100] [--first-deal 0] [--seed 1] [--workers 2]
                          [--matches] [--quick] [--json] [--save FILE]
    python tools/lab/arena.py --load FILE [FILE ...] [--json]

A comparison ``candidate:baseline`` plays fixed deals (seeded by deal number).
On every deal the candidate sits in each seat in turn, the baseline level in
all the others, so each deal gives one round per seat. Reported per
comparison: the candidate's round-win share and mean score margin (the
table's mean score minus the candidate's) with 95% bootstrap intervals over
deals, its mean pip margin, and the think time per decision of each level
(median, 95th percentile, max, in ms). Deals run in one worker process per
core; progress goes to stderr. ``oracle`` (sees the whole round) and ``seer``
(Expert's search knowing every hand but not the boneyard order) may be
candidates: they are for measurement only. So are the trial variants of the
game's own levels in ``TRIALS`` (``arena_trials.py``), which see only their
seat's view.

With ``--matches`` each deal number seeds a whole match (the preset's
rounds, every round's deal fixed by that seed) instead of one round; the
candidate again sits in each seat in turn, and the figures are its share of
match wins (a shared first place split) and its total's margin.

A long comparison can be played in chunks: ``--first-deal`` starts at a later
deal number, ``--save`` appends every deal's results to a JSON-lines file, and
``--load`` summarises saved files together (a deal saved twice counts once);
with ``--keep FILE`` it also writes the loaded deals, in order and without
their think times, to one small file: the results kept in ``tools/lab/runs/``,
which ``--load`` reads like any other, so a row survives the machine it was
played on and a later run goes on from it with ``--first-deal``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from arena_trials import TRIALS

from game.ai import make_player
from game.ai.search import MEASURES
from game.engine import Action, Match, SetupError, play_match, preset
from game.engine.start import shuffled_tiles
from game.engine.tiles import PIPS
from game.memory.files import FileProblem, write_file

DEFAULT_PAIRS = "medium:easy,hard:medium,expert:hard"


QUICK_DEALS = 6
BOOTSTRAP = 2000


@dataclass(frozen=True)
class Task:
    """One deal of one comparison."""

    rules: str
    players: int
    candidate: str
    baseline: str
    deal: int
    seed: int
    matches: bool = False
    """Play whole matches (the preset's rounds) instead of one round per deal."""


def whole_match(rules: str, players: int, deal: int, seed: int) -> Match:
    """A whole match of the preset on the seed of deal number ``deal``: every
    round's deal follows from that seed alone, and round 1 starts at a seat
    that moves round the table with the deal number."""
    return Match(preset(rules), players, f"arena-match/{seed}/{deal}", record_events=False, first_start=deal % players)


def deal_match(rules: str, players: int, deal: int, seed: int) -> Match:
    """A one-round match on the fixed deal number ``deal``: its round double
    cycles through the preset's engines and its start moves round the table."""
    options = preset(rules)
    setup = options.setup(players)
    engines = setup.engines
    engine = engines[deal % len(engines)] if engines else None
    order = shuffled_tiles(setup, engine, random.Random(f"arena/{rules}/{players}/{seed}/{deal}"))
    one = options.replace(rounds=1) if engine is None else options.replace(rounds=1, first_engine=engine)
    match = Match(one, players, f"arena/{seed}/{deal}", record_events=False, first_start=deal % players)
    match.start_next_round(order)
    return match


def make_arena_player(kind: str, seed: str) -> Any:
    """A player of ``kind``: one of the game's levels, a trial variant or a measurement."""
    if kind in MEASURES:
        return MEASURES[kind](seed)
    if kind in TRIALS:
        return TRIALS[kind](seed)
    return make_player(kind, seed)


def play_deal(task: Task) -> dict[str, Any]:
    """Play one deal with the candidate in every seat; return its results and think times."""
    rotations = []
    times: dict[str, list[float]] = {task.candidate: [], task.baseline: []}
    clock = time.perf_counter
    for cand_seat in range(task.players):
        if task.matches:
            match = whole_match(task.rules, task.players, task.deal, task.seed)
        else:
            match = deal_match(task.rules, task.players, task.deal, task.seed)
        kinds = [task.candidate if s == cand_seat else task.baseline for s in range(task.players)]
        seeds = [f"arena/{task.seed}/{task.deal}/{cand_seat}/{s}" for s in range(task.players)]
        players: list[Any] = [make_arena_player(kinds[s], seeds[s]) for s in range(task.players)]

        def decide(match: Match, seat: int, kinds: list[str] = kinds, players: list[Any] = players) -> Action:
            start = clock()
            if kinds[seat] in MEASURES:
                assert match.round is not None
                action: Action = players[seat].choose_full(match.round.copy())
            else:
                action = players[seat].choose(match.view(seat))
            times[kinds[seat]].append((clock() - start) * 1000.0)
            return action

        play_match(match, decide)
        rotations.append(match_result(match, cand_seat) if task.matches else round_result(match, cand_seat))
    return {"task": task, "rotations": rotations, "times": times}


def round_result(match: Match, cand_seat: int) -> dict[str, Any]:
    """Whether the candidate won the one round, and its score and pip margins."""
    state = match.round
    assert state is not None and state.scores is not None
    scores = state.scores
    n = match.players
    pips = [sum(PIPS[t] for t in h) for h in state.hands]
    mine = scores[cand_seat]
    return {
        "win": match.round_winners[0] == cand_seat,
        "margin": (sum(scores) - mine) / (n - 1) - mine,
        "pip_margin": (sum(pips) - pips[cand_seat]) / (n - 1) - pips[cand_seat],
    }


def match_result(match: Match, cand_seat: int) -> dict[str, Any]:
    """The candidate's share of the match win (a first place shared by k seats
    counts 1/k) and its total's margin over the others' mean total; the pip
    margin is that margin per round."""
    best = match.ranking()[0]
    totals = match.totals()
    n = match.players
    mine = totals[cand_seat]
    margin = (sum(totals) - mine) / (n - 1) - mine
    return {
        "win": (1.0 / len(best)) if cand_seat in best else 0.0,
        "margin": margin,
        "pip_margin": margin / max(1, len(match.round_scores)),
    }


def bootstrap(values: Sequence[float], seed: int = 0) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean."""
    if not values:
        return (0.0, 0.0)
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(BOOTSTRAP))
    return means[int(0.025 * BOOTSTRAP)], means[int(0.975 * BOOTSTRAP) - 1]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def deal_figures(rotations: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """A deal's round-win share and mean score margin over its seatings."""
    return sum(r["win"] for r in rotations) / len(rotations), statistics.fmean(r["margin"] for r in rotations)


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one comparison from its deals' results."""
    task = results[0]["task"]
    figures = [deal_figures(res["rotations"]) for res in results]
    per_deal_win = [win for win, _ in figures]
    per_deal_margin = [margin for _, margin in figures]
    pip = [r["pip_margin"] for res in results for r in res["rotations"]]
    think: dict[str, dict[str, float]] = {}
    for level in (task.candidate, task.baseline):
        ms = [t for res in results for t in res["times"].get(level, [])]
        think[level] = {
            "decisions": len(ms),
            "median_ms": round(statistics.median(ms), 2) if ms else 0.0,
            "p95_ms": round(percentile(ms, 0.95), 2),
            "max_ms": round(max(ms), 2) if ms else 0.0,
        }
    lo, hi = bootstrap(per_deal_win, 1)
    mlo, mhi = bootstrap(per_deal_margin, 2)
    share = statistics.fmean(per_deal_win)
    return {
        "rules": task.rules,
        "matches": task.matches,
        "players": task.players,
        "candidate": task.candidate,
        "baseline": task.baseline,
        "deals": len(results),
        "rounds": sum(len(res["rotations"]) for res in results),
        "win_share": round(share, 4),
        "win_share_ci": [round(lo, 4), round(hi, 4)],
        "score_margin": round(statistics.fmean(per_deal_margin), 2),
        "score_margin_ci": [round(mlo, 2), round(mhi, 2)],
        "pip_margin": round(statistics.fmean(pip), 2),
        "passes": lo > 1.0 / task.players,
        "think": think,
    }


def deal_record(result: dict[str, Any]) -> dict[str, Any]:
    """One deal's result as a plain JSON object (for ``--save``)."""
    t = result["task"]
    return {
        "rules": t.rules, "players": t.players, "candidate": t.candidate, "baseline": t.baseline,
        "deal": t.deal, "seed": t.seed, "rotations": result["rotations"], "times": result["times"],
        **({"matches": True} if t.matches else {}),
    }


DealKey = tuple[str, int, str, str, bool, int, int]
"""(rules, players, candidate, baseline, matches, seed, deal): one saved deal."""


def read_deals(paths: Sequence[str]) -> dict[DealKey, dict[str, Any]]:
    """Every deal saved in ``--save`` files, checked, by key (a deal saved twice
    counts once: its first copy); raises ValueError naming a line that is not one."""
    seen: dict[DealKey, dict[str, Any]] = {}
    for path in paths:
        for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                task = Task(
                    rec["rules"], rec["players"], rec["candidate"], rec["baseline"], rec["deal"], rec["seed"],
                    bool(rec.get("matches", False)),
                )
                result = {"task": task, "rotations": rec["rotations"], "times": rec.get("times", {})}
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"{path}, line {number}: not a saved arena deal ({error})") from None
            key = (task.rules, task.players, task.candidate, task.baseline, task.matches, task.seed, task.deal)
            seen.setdefault(key, result)
    return seen


def keep_results(paths: Sequence[str], out: str) -> int:
    """Write the deals saved in ``paths`` to ``out`` in deal order without their
    think times (a small file of results to keep with the docs); the count."""
    deals = sorted(read_deals(paths).items(), key=lambda item: item[0])
    lines = []
    for _, result in deals:
        record = deal_record(result)
        del record["times"]
        lines.append(json.dumps(record, separators=(",", ":")))
    write_file(Path(out), ("\n".join(lines) + "\n").encode("utf-8"), keep_backup=False)
    return len(lines)


def load_records(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Saved deals from ``--save`` files, summarised per comparison in file order."""
    done: dict[tuple[str, int, str, str, bool, int], list[dict[str, Any]]] = {}
    for key, result in read_deals(paths).items():
        done.setdefault(key[:6], []).append(result)
    return [summarise(sorted(res, key=lambda r: r["task"].deal)) for res in done.values()]


def run(
    tasks: list[Task], workers: int, progress: bool = True, save: str | None = None
) -> list[dict[str, Any]]:
    """Play every task (one worker process per core) and summarise each comparison;
    with ``save``, append each deal's results to that file as it finishes."""
    done: dict[tuple[str, int, str, str, bool], list[dict[str, Any]]] = {}
    out = open(save, "a", encoding="utf-8") if save else None  # noqa: SIM115 - closed in the finally below
    started = time.perf_counter()

    def record(result: dict[str, Any], count: int) -> None:
        t = result["task"]
        done.setdefault((t.rules, t.players, t.candidate, t.baseline, t.matches), []).append(result)
        if out is not None:
            out.write(json.dumps(deal_record(result)) + "\n")
            out.flush()
        if progress:
            elapsed = time.perf_counter() - started
            eta = elapsed / count * (len(tasks) - count)
            sys.stderr.write(
                f"\r{count}/{len(tasks)} deals  {t.rules} {t.candidate}:{t.baseline}  "
                f"{elapsed:6.0f}s elapsed, ~{eta:5.0f}s left "
            )
            sys.stderr.flush()

    try:
        if workers <= 1:
            for i, task in enumerate(tasks, 1):
                record(play_deal(task), i)
        else:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for i, result in enumerate(pool.imap_unordered(play_deal, tasks), 1):
                    record(result, i)
    finally:
        if out is not None:
            out.close()
    if progress:
        sys.stderr.write("\n")
    order = list(dict.fromkeys((t.rules, t.players, t.candidate, t.baseline, t.matches) for t in tasks))
    return [summarise(sorted(done[key], key=lambda r: r["task"].deal)) for key in order]


def format_table(summaries: list[dict[str, Any]]) -> str:
    """A Markdown table of the comparisons."""
    lines = [
        (
            "| rules | candidate vs 3x baseline | rounds | win share (95% CI) | score margin (95% CI) "
            "| pip margin | candidate think ms median / p95 / max | baseline think ms median / p95 / max | passes |"
        ),
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        c, b = s["think"][s["candidate"]], s["think"][s["baseline"]]
        lines.append(
            f"| {s['rules']} {s['players']}p | {s['candidate']} vs {s['baseline']} "
            f"| {str(s['rounds']) + (' matches' if s.get('matches') else '')} "
            f"| {s['win_share']:.1%} ({s['win_share_ci'][0]:.1%}..{s['win_share_ci'][1]:.1%}) "
            f"| {s['score_margin']:+.1f} ({s['score_margin_ci'][0]:+.1f}..{s['score_margin_ci'][1]:+.1f}) "
            f"| {s['pip_margin']:+.1f} "
            f"| {think_cell(c)} | {think_cell(b)} "
            f"| {'yes' if s['passes'] else 'no'} |"
        )
    return "\n".join(lines)


def think_cell(think: dict[str, float]) -> str:
    """Median / p95 / max think time, or a dash where none were kept (``--keep`` files)."""
    if not think["decisions"]:
        return "-"
    return f"{think['median_ms']:.1f} / {think['p95_ms']:.1f} / {think['max_ms']:.1f}"


def build_tasks(
    rules: list[str], players: int, pairs: list[tuple[str, str]], deals: int, seed: int, first: int = 0,
    matches: bool = False,
) -> list[Task]:
    """Deals ``first`` .. ``first + deals - 1`` of every comparison, comparisons in the order given."""
    return [
        Task(r, players, cand, base, d, seed, matches)
        for r in rules for cand, base in pairs for d in range(first, first + deals)
    ]


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """``a:b,c:d`` as [(a, b), (c, d)]; raises ValueError naming a bad entry."""
    pairs = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) != 2 or not all(parts):
            raise ValueError(f"'{item}' is not candidate:baseline")
        pairs.append((parts[0], parts[1]))
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic,tournament", help="comma-separated presets")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="candidate:baseline,... (candidate may also be a trial variant, oracle or seer)")
    parser.add_argument("--deals", type=int, default=100, help="deals per comparison (x players rounds)")
    parser.add_argument("--first-deal", type=int, default=0, help="number of the first deal (to play in chunks)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--matches", action="store_true",
        help="each deal is a whole match (the preset's rounds), played once with the candidate in each seat",
    )
    parser.add_argument("--quick", action="store_true", help=f"a small run for CI: medium:easy, {QUICK_DEALS} deals")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument("--save", metavar="FILE", help="append every deal's results to FILE (JSON lines)")
    parser.add_argument("--load", metavar="FILE", nargs="+", help="summarise saved deals instead of playing")
    parser.add_argument(
        "--keep", metavar="FILE",
        help="with --load: also write the loaded deals, without think times, to FILE (results to keep in tools/lab/runs/)",
    )
    args = parser.parse_args(argv)
    if args.keep and not args.load:
        parser.error("--keep needs --load")
    if args.load:
        try:
            summaries = load_records(args.load)
            if args.keep:
                sys.stderr.write(f"kept {keep_results(args.load, args.keep)} deals in {args.keep}\n")
        except (OSError, ValueError) as error:
            parser.error(str(error))
        except FileProblem as problem:
            parser.error(problem.reason)
        print(json.dumps(summaries) if args.json else format_table(summaries))
        return 0
    from game.ai import KINDS

    try:
        pairs = parse_pairs("medium:easy" if args.quick else args.pairs)
    except ValueError as error:
        parser.error(str(error))
    for cand, base in pairs:
        for kind in (cand, base):
            if kind not in KINDS and kind not in MEASURES and kind not in TRIALS:
                known = ", ".join([*KINDS, *TRIALS, *MEASURES])
                parser.error(f"unknown computer player '{kind}' (one of {known})")
        if base in MEASURES:
            parser.error(f"{base} sees hidden tiles: it may only be the candidate")
    rules = ["classic"] if args.quick else [r.strip() for r in args.rules.split(",")]
    for r in rules:
        try:
            preset(r).setup(args.players)
        except SetupError as error:
            parser.error(f"--rules {r}: {error}")
    deals = QUICK_DEALS if args.quick else args.deals
    if deals < 1:
        parser.error("--deals must be at least 1")
    if args.first_deal < 0:
        parser.error("--first-deal must be 0 or more")
    tasks = build_tasks(
        rules, args.players, pairs, deals, args.seed, args.first_deal, args.matches and not args.quick
    )
    summaries = run(tasks, max(1, args.workers), progress=True, save=args.save)
    print(json.dumps(summaries) if args.json else format_table(summaries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
