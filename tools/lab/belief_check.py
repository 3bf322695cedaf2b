"""How far the hidden hands of real opponents are from what Hard and Expert
assume: are some tiles more (or less) likely in a seat's hand than the
sampler's uniform deal of the tiles the history allows?

Plays rounds of four players of one level (``--level``, Medium by default,
the arena's opponents) and, at every decision of seat 0, compares each other
seat's true hand with the sampler's model: among the unseen tiles the rules
(and Expert's chain-stop reading) do not rule out for that seat, each is held
with the same chance, hand size over allowed tiles. For groups of tiles by a
feature of the table (matching the seat's own train end, a double, pip
weight by stage of the round, matching another train open to it) it prints
the ratio of tiles held to tiles expected: 1.00 means the uniform deal is
right for that group, so weighting samples by it could not help.

    python tools/lab/belief_check.py --rules classic --deals 100
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import deal_match

from game.ai import Player, make_player
from game.ai.inference import Sampler
from game.engine import Action, Match, SeatView, play_match
from game.engine.tiles import HI, LO, Tile


def stage(view: SeatView) -> str:
    """early / mid / late by the tiles left in hands and the boneyard."""
    left = sum(view.hand_sizes) + view.boneyard_size
    return "early" if left > 60 else ("mid" if left > 35 else "late")


def features(view: SeatView, seat: int, tile: Tile) -> list[str]:
    """The groups ``tile`` falls in, seen as a possible tile of ``seat``."""
    shows = (HI[tile], LO[tile])
    own_end = int(view.ends[seat] in shows)
    pips = HI[tile] + LO[tile]
    open_elsewhere = int(any(e in shows for i, e in enumerate(view.ends)
                             if i != seat and (i >= len(view.public) or view.public[i])))
    when = stage(view)
    return ["all", f"own train end {own_end}", f"double {int(HI[tile] == LO[tile])}",
            f"{when}: own train end {own_end}", f"{when}: pips {pips // 8 * 8}-{pips // 8 * 8 + 7}",
            f"matches another open train {open_elsewhere}"]


def tally(rules: str, level: str, deals: int) -> dict[str, list[float]]:
    """Per group: [tiles held, tiles expected under the uniform deal]."""
    counts: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for deal in range(deals):
        match = deal_match(rules, 4, 1000 + deal, 7)
        players = [make_player(level, f"belief/{deal}/{s}") for s in range(4)]

        def decide(m: Match, seat: int, players: list[Player] = players) -> Action:
            view = m.view(seat)
            if seat == 0 and m.round is not None:
                sampler = Sampler(view, read_stops=True)
                for other in sampler.others:
                    allowed = [t for t in sampler.unseen if t not in sampler.void[other]]
                    if not allowed or not view.hand_sizes[other]:
                        continue
                    chance = view.hand_sizes[other] / len(allowed)
                    held = set(m.round.hands[other])
                    for tile in allowed:
                        for group in features(view, other, tile):
                            counts[group][0] += tile in held
                            counts[group][1] += chance
            return players[seat].choose(view)

        play_match(match, decide)
    return counts


def main() -> None:
    """Print the held / expected ratio per group."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    counts = tally(args.rules, args.level, args.deals)
    print(f"{args.rules}, four {args.level} players, {args.deals} deals: tiles held / expected by the sampler")
    for group in sorted(counts):
        held, expected = counts[group]
        print(f"  {group:34s} {held / expected:5.2f}   ({expected:,.0f} expected)")


if __name__ == "__main__":
    main()
