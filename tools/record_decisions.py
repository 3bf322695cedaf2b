"""Record what every computer level decides in fixed positions, under its version.

    python tools/record_decisions.py [--out tests/ai/data/decisions.json]

Plays a few seeded matches of different presets and table sizes (every seat
played by Medium), keeps a spread of positions where the seat to move has a
choice (three legal actions or more), and asks each kind (``random``, ``easy``, ``medium``, ``hard``,
``expert``) what it plays there from that seat's view alone, with a fixed
seed. The file holds the positions (each seat view as the network sends it,
``game.net.protocol.wire.view_json``), the decisions and the version of every kind
(``game.ai.levels.VERSIONS``) they were made under.

``tests/ai/test_decisions.py`` decides again in every position and fails
when a kind decides differently under the same version. When you change how
a level decides on purpose: raise its number in ``VERSIONS``, run this
script, and commit both (a save then records the new version, and
``verify-deal`` no longer re-decides older rounds with the new player).
Recording takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import ComputerSeats, make_player
from game.ai.levels import KIND_NAMES, VERSIONS
from game.engine import Match, SeatView, play_match, preset
from game.engine.actions import action_text
from game.engine.length import with_length
from game.net.protocol.wire import view_json
from game.saves.codec import encode_options

DEFAULT_OUT = ROOT / "tests" / "ai" / "data" / "decisions.json"
TABLES = (("classic", 4, 3), ("hub", 3, 5), ("tournament", 5, 7), ("star-ranch", 2, 11), ("tap", 6, 13))
"""(preset, players, match seed) of each match positions are taken from."""
PER_TABLE = 6
"""Positions kept per match."""
SPACING = 7
"""Decisions with a real choice skipped between two kept positions."""


def positions(rules: str, players: int, seed: int) -> list[SeatView]:
    """``PER_TABLE`` positions of a seeded match where the seat to move has three or more legal actions."""
    options = with_length(preset(rules), players, "short")
    match = Match(options, players, seed)
    kept: list[SeatView] = []
    choices = 0

    def note(m: Match) -> None:
        nonlocal choices
        seat = m.current_player()
        if seat is None:
            return
        view = m.view(seat)
        if len(view.legal) > 2:
            choices += 1
            if choices % SPACING == 0:
                kept.append(view)

    play_match(match, ComputerSeats(["medium"] * players), until=lambda m: len(kept) >= PER_TABLE,
               on_action=note)
    return kept


def record() -> dict[str, Any]:
    """The data file's content: the tables, the positions and every kind's decisions."""
    tables: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    for number, (rules, players, seed) in enumerate(TABLES):
        views = positions(rules, players, seed)
        tables.append({"preset": rules, "players": players, "options": encode_options(views[0].options)})
        for view in views:
            player_seed = f"decisions/{len(entries)}"
            decisions = {kind: action_text(make_player(kind, player_seed).choose(view)) for kind in KIND_NAMES}
            entries.append({"table": number, "seed": player_seed, "view": view_json(view), "decisions": decisions})
    return {
        "about": "Decisions of every computer kind in fixed positions; made by tools/record_decisions.py.",
        "versions": {kind: VERSIONS[kind] for kind in KIND_NAMES},
        "tables": tables,
        "positions": entries,
    }


def layout(data: dict[str, Any]) -> str:
    """The file's text: one table and one position a line, so a refresh shows as a readable diff."""
    def line(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))

    parts = [f' "{key}": {line(data[key])}' for key in ("about", "versions")]
    for key in ("tables", "positions"):
        parts.append(f' "{key}": [\n' + ",\n".join(f"  {line(item)}" for item in data[key]) + "\n ]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main() -> None:
    """Record the decisions and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the data file")
    args = parser.parse_args()
    data = record()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(layout(data), encoding="utf-8")
    print(f"{len(data['positions'])} positions, {len(KIND_NAMES)} kinds: {args.out}")


if __name__ == "__main__":
    main()
