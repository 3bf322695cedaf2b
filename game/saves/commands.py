"""The `mexican-train saves ...`, `--load` and `simulate --autosave` commands."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..engine import Match
from ..memory.files import clean
from ..memory.session import GameSession, SeatConfig
from .document import check_bytes, read_bytes, restore_checked, summarize
from .errors import SaveError
from .listing import SaveInfo
from .store import SaveStore, default_store

EXIT_BAD_FILE = 2


NAME_WIDTH = 24
"""Characters of a save's name in a ``saves list`` row (a longer name ends in …)."""
FILE_WIDTH = 40
"""Characters the file column is padded to at most (a longer file name is printed whole)."""


def list_command(out: TextIO, store: SaveStore | None = None, err: TextIO | None = None) -> int:
    """Print the saves: name, date, preset, round and scores, one row each
    (every text checked before it is printed, long names cut to their column);
    saves seen for the first time are checked on every core, with a progress
    line on ``err`` when it is a terminal. Exit 2 when the saves folder is not a folder."""
    err = err or sys.stderr
    store = store or default_store(background=False)
    folder = store.folder
    if os.path.lexists(folder) and not folder.is_dir():
        err.write(f"mexican-train saves: {clean(str(folder))} is not a folder, so it holds no saves\n")
        return EXIT_BAD_FILE
    progress = _progress_line(err) if err.isatty() else None
    saves = store.list_saves(workers=os.cpu_count() or 1, progress=progress)
    if progress is not None:
        err.write("\r\x1b[K")
    for note in store.take_notes():
        err.write(f"mexican-train saves: {clean(note)}\n")
    if not saves:
        out.write(f"No saves in {clean(str(folder))}\n")
        return 0
    out.write(f"Saves in {clean(str(folder))} (load one with: mexican-train --load FILE):\n")
    width = min(FILE_WIDTH, max(len(clean(info.path.name)) for info in saves))
    out.writelines(save_rows(info, width) for info in saves)
    return 0


def save_rows(info: SaveInfo, file_width: int = 0) -> str:
    """A save in two lines: its file (what ``--load`` takes), name or 'autosave', date,
    preset and how far the match is; under it, each seat's name with its score
    ('You 31 · Ana 45'). Every text is checked before it is printed."""
    file = clean(info.path.name)
    if info.problem:
        return f"  {file}: cannot be read: {clean(info.problem)}\n"
    date = info.date.strftime("%Y-%m-%d %H:%M") if info.date else "?"
    name = _column("(autosave)" if info.is_autosave else clean(info.name), NAME_WIDTH)
    played = "finished" if info.finished else f"round {info.round}/{info.rounds}"
    head = f"  {file:<{file_width}}  {name}  {date}  {clean(info.preset):<10} {played}"
    scores = " \u00b7 ".join(f"{_column(clean(n), NAME_WIDTH).rstrip()} {score}"
                              for n, score in zip(info.seat_names, info.scores))
    return f"{head}\n      scores: {scores or 'none yet'}\n"


def _column(text: str, width: int) -> str:
    """``text`` in a column ``width`` characters wide: padded, or cut with an ellipsis."""
    return f"{text:<{width}}" if len(text) <= width else text[: width - 1] + "\u2026"


def _progress_line(err: TextIO) -> Callable[[int, int], None]:
    """A progress line redrawn in place: 'Checking saves seen for the first time: 340 of 2000'."""

    def show(done: int, total: int) -> None:
        err.write(f"\rChecking saves seen for the first time: {done} of {total}\x1b[K")
        err.flush()

    return show


def check_command(paths: Sequence[str], out: TextIO) -> int:
    """Check each file completely (replay included): 0 if all are good, 2 if any is not."""
    status = 0
    for name in paths:
        try:
            checked = check_bytes(read_bytes(Path(name), owned=False))
            session = restore_checked(checked)
        except SaveError as error:
            out.write(f"{clean(name)}: refused: {clean(error.reason)}\n")
            status = EXIT_BAD_FILE
            continue
        out.write(f"{clean(name)}: ok: {clean(summarize(checked).line())}\n")
        if session.reviews.problem:
            out.write(f"{clean(name)}: the round reviews it kept will be left out: "
                      f"{clean(session.reviews.problem)}\n")
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
