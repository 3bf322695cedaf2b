"""Search for the guided first round's deal: a classic 4-seat deal whose round,
with the person playing as Medium would and the computers as the level named,
brings up every rule a beginner needs.

    python tools/find_tutorial_deal.py [--seeds 0:2000] [--computers easy] [--show SEED]
    python tools/find_tutorial_deal.py --check [FILE]

For every seed it deals round 1 of a classic match (you in seat 0), plays it
out and checks what came up: nobody held the 12-12 and it was drawn for (and
whether you found it), your first-turn chain, a play of yours on the Mexican
train, a computer's marker going up and a play of yours on that public train,
a double you covered, a draw of yours, you going out. It prints the seeds that
have them all, fewest decisions of yours first. ``--show SEED`` prints that
seed's deal and actions as JSON (the ``deal`` and ``actions`` of
``assets/lessons/first-round.json``) and a draft step per decision of yours.
``--check`` reads a lesson file (the stored one by default) and prints what
is wrong with it against the engine (exit 1), or that it is sound (exit 0).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player
from game.engine import MEXICAN, Match, preset
from game.engine import events as ev
from game.engine.tiles import TEXT

NAMES = ("You", "Ana", "Bruno", "Carmen")
FEATURES = ("hub_drawn", "chain", "mexican", "public", "cover", "draw", "out")


@dataclass
class Found:
    """What one seed's round brought up for the person."""

    seed: int
    features: set[str] = field(default_factory=set)
    you_opened: bool = False
    decisions: int = 0
    chain: int = 0
    actions: list[str] = field(default_factory=list)


def play_round(seed: int, computers: str) -> tuple[Match, list[ev.Event]]:
    """Round 1 of a classic match of ``seed`` played out: you as Medium, the others as ``computers``."""
    match = Match(preset("classic"), 4, seed, NAMES)
    state = match.start_next_round()
    events: list[ev.Event] = list(state.events or [])
    players = [make_player("medium" if seat == 0 else computers, match.player_seed(seat)) for seat in range(4)]
    while not state.round_over:
        seat = state.to_move
        events += match.apply(players[seat].choose(match.view(seat)))
    return match, events


def examine(seed: int, computers: str) -> Found:
    """Which of the lesson's rules came up in ``seed``'s round."""
    match, events = play_round(seed, computers)
    found = Found(seed, actions=list(match.action_log[0]))
    found.decisions = sum(1 for seat, _ in match.turns[0] if seat == 0)
    placed = next(i for i, e in enumerate(events) if isinstance(e, ev.EnginePlaced))
    if any(isinstance(e, ev.TileDrawn) for e in events[:placed]):
        found.features.add("hub_drawn")
    found.you_opened = isinstance(events[placed], ev.EnginePlaced) and events[placed].seat == 0  # type: ignore[union-attr]
    _turn_features(found, events[placed:])
    return found


def _turn_features(found: Found, events: list[ev.Event]) -> None:
    """Read the round's events after the hub was placed."""
    public: set[int] = set()
    turns = 0
    for event in events:
        if isinstance(event, ev.TurnStarted) and event.seat == 0:
            turns += 1
        if isinstance(event, ev.MarkerUp) and event.seat != 0:
            public.add(event.seat)
        if isinstance(event, ev.MarkerDown):
            public.discard(event.seat)
        if isinstance(event, ev.TilePlayed) and event.seat == 0:
            if turns == 1 and event.train == 0:
                found.chain += 1
            if event.train == MEXICAN:
                found.features.add("mexican")
            if event.train in public:
                found.features.add("public")
        if isinstance(event, ev.DoubleCovered) and event.seat == 0:
            found.features.add("cover")
        if isinstance(event, ev.TileDrawn) and event.seat == 0 and turns > 0:
            found.features.add("draw")
        if isinstance(event, ev.RoundEnded) and event.went_out == 0:
            found.features.add("out")
    if found.chain >= 2:
        found.features.add("chain")


def show(seed: int, computers: str) -> None:
    """Print ``seed``'s deal and actions as the lesson file holds them, and a draft of its steps."""
    match, _ = play_round(seed, computers)
    steps = [{"do": text} for (seat, _), text in zip(match.turns[0], match.action_log[0]) if seat == 0]
    print(json.dumps({"deal": [TEXT[t] for t in match.deals[0]], "actions": match.action_log[0],
                      "steps": steps}, indent=1))


def check(path: Path | None) -> int:
    """Print what is wrong with the lesson at ``path`` (the stored one by default); 1 if anything is."""
    from game.tutorial import LessonError, check_lesson, load_lesson
    from game.ui.paths import lesson_file

    path = path or lesson_file()
    try:
        problems = check_lesson(load_lesson(path))
    except LessonError as error:
        problems = [str(error)]
    for problem in problems:
        print(f"{path.name}: {problem}")
    if not problems:
        print(f"{path.name}: every step fits the round")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    """Search the seeds given (or show one, or check a lesson file)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0:2000", help="a range START:STOP of seeds to try")
    parser.add_argument("--computers", default="easy", help="the computer players' level")
    parser.add_argument("--show", type=int, help="print this seed's deal, actions and draft steps")
    parser.add_argument("--top", type=int, default=15, help="how many seeds to list")
    parser.add_argument("--check", nargs="?", const="", metavar="FILE", help="check a lesson file against the engine")
    args = parser.parse_args(argv)
    if args.check is not None:
        return check(Path(args.check) if args.check else None)
    if args.show is not None:
        show(args.show, args.computers)
        return 0
    start, stop = (int(x) for x in args.seeds.split(":"))
    good = []
    for seed in range(start, stop):
        found = examine(seed, args.computers)
        if found.features >= set(FEATURES):
            good.append(found)
    good.sort(key=lambda f: (not f.you_opened, f.decisions, -f.chain))
    for found in good[: args.top]:
        print(f"seed {found.seed}: {found.decisions} decisions of yours, chain of {found.chain}, "
              f"{'you found the 12-12' if found.you_opened else 'another seat opened'}")
    print(f"{len(good)} of {stop - start} seeds bring up every rule")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
