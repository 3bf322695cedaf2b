"""Benchmarks: prints one JSON object of figures as its last line.

    python tools/bench.py [--only GROUP] [--repeat N]

Groups: engine, table, ai, saves. Each figure is the median of ``--repeat``
runs (default 5) so that a noisy, shared machine gives a steady number.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import RoundState, deal_round, preset  # noqa: E402


def _random_round(setup: object, seed: int) -> RoundState:
    """One complete round of random legal play (no events recorded)."""
    rng = random.Random(seed)
    state = deal_round(setup, 12, 0, rng, record_events=False)  # type: ignore[arg-type]
    choice = rng.choice
    while not state.round_over:
        state.apply(choice(state.legal_actions()))
    return state


def engine_rounds_per_s(seconds: float = 2.0) -> float:
    """Complete rounds of random legal play per second: 4 players, classic, double-12."""
    setup = preset("classic").setup(4)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _random_round(setup, count)
        count += 1
    return count / (time.perf_counter() - start)


def legal_actions_us(positions: int = 400, loops: int = 200) -> float:
    """Median microseconds to list the legal actions in mid-round positions."""
    setup = preset("classic").setup(4)
    samples: list[RoundState] = []
    rng = random.Random(7)
    while len(samples) < positions:
        state = deal_round(setup, 12, 0, rng, record_events=False)
        stop = rng.randrange(5, 60)
        for _ in range(stop):
            if state.round_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.round_over:
            samples.append(state)
    timings = []
    clock = time.perf_counter
    for state in samples:
        start = clock()
        for _ in range(loops):
            state._legal = None
            state.legal_actions()
        timings.append((clock() - start) / loops * 1e6)
    return statistics.median(timings)


def group_engine() -> dict[str, float]:
    """The engine's figures."""
    return {
        "engine_rounds_per_s": round(engine_rounds_per_s(), 1),
        "legal_actions_us": round(legal_actions_us(), 2),
    }


GROUPS: dict[str, Callable[[], dict[str, float]]] = {"engine": group_engine}


def main() -> None:
    """Run the chosen groups, each several times, and print the medians as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(GROUPS), help="run one group")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median reported)")
    args = parser.parse_args()
    names = [args.only] if args.only else list(GROUPS)
    figures: dict[str, float] = {}
    for name in names:
        runs = [GROUPS[name]() for _ in range(args.repeat)]
        for key in runs[0]:
            values = [r[key] for r in runs]
            figures[key] = round(statistics.median(values), 3)
            print(f"{key}: runs {values}", file=sys.stderr)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
