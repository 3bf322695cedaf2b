"""The `mexican-train saves ...`, `--load` and `simulate --autosave` commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..engine import Match
from ..session import GameSession, SeatConfig
from .document import check_bytes, read_bytes, restore_checked, summarize
from .errors import SaveError
from .store import SaveStore, default_store

EXIT_BAD_FILE = 2


def list_command(out: TextIO, store: SaveStore | None = None) -> int:
    """Print the saves: name, date, preset, round and scores."""
    store = store or default_store(background=False)
    saves = store.list_saves()
    if not saves:
        out.write(f"No saves in {store.folder}\n")
        return 0
    out.write(f"Saves in {store.folder}:\n")
    for info in saves:
        if info.problem:
            out.write(f"  {info.path.name}: cannot be read: {info.problem}\n")
            continue
        date = info.date.strftime("%Y-%m-%d %H:%M") if info.date else "?"
        scores = " ".join(map(str, info.scores))
        out.write(
            f"  {info.name:<20} {date}  {info.preset:<10} round {info.round}/{info.rounds}  scores {scores}\n"
        )
    return 0


def check_command(paths: Sequence[str], out: TextIO) -> int:
    """Check each file completely (replay included): 0 if all are good, 2 if any is not."""
    status = 0
    for name in paths:
        try:
            checked = check_bytes(read_bytes(Path(name)))
            restore_checked(checked)
        except SaveError as error:
            out.write(f"{name}: refused: {error.reason}\n")
            status = EXIT_BAD_FILE
            continue
        out.write(f"{name}: ok: {summarize(checked).line()}\n")
    return status


def session_for_match(match: Match, kinds: Sequence[str]) -> GameSession:
    """A session around a match played by computer players (``simulate``)."""
    seats = [SeatConfig(name, kind) for name, kind in zip(match.names, kinds)]
    slot = "sim-" + "".join(c if c.isascii() and c.isalnum() else "-" for c in str(match.seed))[:30]
    session = GameSession(match.setup.options, seats, match.seed, slot)
    session.match = match
    return session


def autosave_hook(folder: str, kinds: Sequence[str]) -> Callable[[Match], None]:
    """An ``on_action`` hook for ``simulate.run`` that autosaves into ``folder``
    after every action (holding the folder's lock); SaveError if it cannot."""
    store = SaveStore(Path(folder), exclusive=True)
    if store.read_only_reason:
        raise SaveError(store.read_only_reason)

    def hook(match: Match) -> None:
        store.autosave(session_for_match(match, kinds))

    return hook
