"""Child process for the kill test: autosaves a growing match into a folder, forever.

    python -m tests.saves.saver_child FOLDER   (run from the repository root)

Prints ``ready`` once a save and its backup are on disk, then saves after every action
until it is killed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.ai import ComputerSeats
from game.engine import Match, play_match, preset
from game.saves import SaveStore
from game.memory.session import GameSession, SeatConfig


def main(folder: str) -> None:
    """Save after every action of random matches until killed."""
    store = SaveStore(Path(folder))
    seed = 0
    while True:
        session = GameSession(preset("classic"), [SeatConfig(f"S{i}", "random") for i in range(4)], seed, "crash-test")
        def autosave(match: Match) -> None:
            store.autosave(session)
            if seed == 0 and len(match.action_log) == 1 and len(match.action_log[0]) == 2:
                print("ready", flush=True)

        play_match(session.match, ComputerSeats(["random"] * 4), on_action=autosave)
        seed += 1


if __name__ == "__main__":
    main(sys.argv[1])
