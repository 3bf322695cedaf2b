"""Compare two saved arena runs deal by deal: did a change move the arena?

    python tools/lab/pair_arena.py VARIANT.jsonl BASELINE.jsonl --rules classic
                               [--candidate expert] [--base-candidate expert] [--baseline medium]
                               [--base-baseline hard] [--matches] [--json]

Both files come from ``tools/lab/arena.py --save``. The deals the two runs share
are paired: for each deal, the variant's round-win share and score margin
minus the baseline run's (the same deal seats the candidate in every seat
in both runs, so the luck of the deal cancels). Reported: the mean paired
differences with 95% bootstrap intervals over deals, and each run's own
figures on the shared deals. ``--candidate`` picks the variant's candidate
(by default the first one the file holds for those rules), ``--base-candidate``
the baseline run's (default ``expert``); ``--baseline`` is the level both
played against, unless ``--base-baseline`` names another for the baseline
run (a variant of the opponents instead of the candidate: Expert against a
trial Hard paired with Expert against Hard). With ``--matches`` the runs' whole matches (``arena.py
--matches``) are paired instead of their single rounds: the difference is
then in points of match-win share and match score margin.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import bootstrap, deal_figures, read_deals

Run = dict[tuple[int, int, int], dict[str, Any]]
"""One run's deals of a comparison, by (players, seed, deal)."""


def select(path: Path, rules: str, candidate: str | None, baseline: str, matches: bool = False) -> Run:
    """The deals of ``path`` for these rules and levels, single rounds or
    (``matches``) whole matches; ``candidate`` None takes the first candidate
    saved for them."""
    run: Run = {}
    for (r, players, cand, base, whole, seed, deal), result in read_deals([str(path)]).items():
        if r != rules or base != baseline or whole != matches:
            continue
        if candidate is None:
            candidate = cand
        if cand == candidate:
            run[(players, seed, deal)] = result
    return run


def compare(variant: Run, base: Run) -> dict[str, Any]:
    """The paired comparison over the deals both runs played."""
    shared = sorted(set(variant) & set(base))
    if not shared:
        raise ValueError("the two runs share no deal for these rules and levels")
    v = [deal_figures(variant[key]["rotations"]) for key in shared]
    b = [deal_figures(base[key]["rotations"]) for key in shared]
    win_diff = [x[0] - y[0] for x, y in zip(v, b)]
    margin_diff = [x[1] - y[1] for x, y in zip(v, b)]
    n = len(shared)
    return {
        "deals": n,
        "rounds": sum(len(variant[key]["rotations"]) for key in shared),
        "first_deal": shared[0][2],
        "last_deal": shared[-1][2],
        "variant_win_share": sum(x[0] for x in v) / n,
        "baseline_win_share": sum(y[0] for y in b) / n,
        "win_diff": sum(win_diff) / n,
        "win_diff_ci": bootstrap(win_diff, 1),
        "margin_diff": sum(margin_diff) / n,
        "margin_diff_ci": bootstrap(margin_diff, 2),
    }


def describe(result: dict[str, Any], unit: str = "round") -> str:
    """The comparison in two lines, in points of ``unit``-win share and score."""
    lo, hi = result["win_diff_ci"]
    mlo, mhi = result["margin_diff_ci"]
    plural = "matches" if unit == "match" else f"{unit}s"
    return (
        f"{result['deals']} deals ({result['rounds']} {plural}), deals {result['first_deal']}-{result['last_deal']}: "
        f"variant {100 * result['variant_win_share']:.1f}%, baseline run {100 * result['baseline_win_share']:.1f}%\n"
        f"paired {unit}-win difference {100 * result['win_diff']:+.1f} points (95% CI {100 * lo:+.1f}..{100 * hi:+.1f}), "
        f"score margin {result['margin_diff']:+.1f} ({mlo:+.1f}..{mhi:+.1f})"
    )


def main(argv: list[str] | None = None) -> int:
    """Compare the two files and print the result."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variant", type=Path)
    parser.add_argument("base", type=Path)
    parser.add_argument("--rules", required=True)
    parser.add_argument("--candidate", default=None)
    parser.add_argument("--base-candidate", default="expert")
    parser.add_argument("--baseline", default="medium")
    parser.add_argument("--base-baseline", default=None, help="the baseline run's opponents, if others")
    parser.add_argument("--matches", action="store_true", help="pair whole matches instead of single rounds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        variant = select(args.variant, args.rules, args.candidate, args.baseline, args.matches)
        opponents = args.base_baseline or args.baseline
        base = select(args.base, args.rules, args.base_candidate, opponents, args.matches)
        result = compare(variant, base)
    except (OSError, ValueError) as problem:
        print(f"pair_arena: {problem}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else describe(result, "match" if args.matches else "round"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
