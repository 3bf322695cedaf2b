"""`mexican-train review SAVE [--round N] [--seat S] [--json]`: the round review on the command line.

The save is read and checked like any other (``saves.load_file``: the one
safe reader, every check, the replay); each finished round (or the one
named) is reviewed for every person's seat, or for the seat named, using
the reviews the save already keeps and reviewing only what it lacks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..memory.files import clean
from ..memory.session import GameSession
from ..review.cache import review_cached
from ..review.results import RoundReview
from ..review.rounds import Progress, finished_rounds
from ..review.text import decision_line, review_data, summary_line

EXIT_BAD_FILE = 2


def resolve_seat(text: str, names: Sequence[str]) -> int | None:
    """A seat named by its number (0 for the first) or by its name (any case)."""
    if text.strip().isdigit():
        seat = int(text)
        return seat if seat < len(names) else None
    wanted = text.strip().casefold()
    found = [i for i, name in enumerate(names) if name.casefold() == wanted]
    return found[0] if found else None


def _progress(err: TextIO, round_number: int) -> Progress:
    """A progress line on ``err`` for one round's review."""

    def show(done: int, total: int) -> None:
        """Redraw the line: a bar and 'done/total'."""
        width = 30
        filled = width * done // total if total else width
        err.write(f"\rround {round_number}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            err.write("\r\x1b[K")
        err.flush()

    return show


def review_command(
    path: str, round_number: int | None, seat: str | None, as_json: bool, out: TextIO, err: TextIO,
    keep: bool = False,
) -> int:
    """Run the review command; returns the exit code (2 for a file that cannot be read).
    With ``keep``, reviews made now are written into the save (a second look is instant)."""
    from ..saves import SaveError
    from ..saves.document import check_bytes, read_bytes, restore_checked

    try:
        checked = check_bytes(read_bytes(Path(path), owned=False))
        session = restore_checked(checked)
    except SaveError as error:
        err.write(f"{clean(path)}: cannot be read: {clean(error.reason)}\n")
        return EXIT_BAD_FILE
    names = [s.name for s in session.seats]
    if session.reviews.problem:
        err.write(f"{clean(path)}: the reviews it kept were left out: {clean(session.reviews.problem)}\n")
    finished = finished_rounds(session.match)
    if round_number is not None and not 1 <= round_number <= finished:
        err.write(f"{clean(path)}: round {round_number} is not a finished round (this match has {finished})\n")
        return EXIT_BAD_FILE
    if seat is not None:
        chosen = resolve_seat(seat, names)
        if chosen is None:
            err.write(f"{clean(path)}: no seat '{clean(seat)}' (seats 0..{len(names) - 1}: "
                      f"{', '.join(clean(n) for n in names)})\n")
            return EXIT_BAD_FILE
        seats = [chosen]
    else:
        seats = session.human_seats
    if not seats:
        err.write("No person played in this match: name a seat with --seat to review a computer player.\n")
        return 0
    rounds = [round_number] if round_number is not None else list(range(1, finished + 1))
    kept_before = len(session.reviews)
    reviews = [_review(session, r, seats, err) for r in rounds]
    _print(reviews, names, as_json, out)
    if keep and len(session.reviews) != kept_before:
        keep_reviews(path, session, checked.name, checked.saved_at, err)
    if not rounds and not as_json:
        out.write("No round of this match is over yet: there is nothing to review.\n")
    return 0


def _review(session: GameSession, round_number: int, seats: Sequence[int], err: TextIO) -> RoundReview:
    """One round's review, with a progress line when ``err`` is a terminal."""
    progress = _progress(err, round_number) if err.isatty() else None
    return review_cached(session.match, round_number, seats, session.reviews, progress=progress)


def keep_reviews(path: str, session: GameSession, name: str, saved_at: str, err: TextIO) -> None:
    """Write the save again with its reviews (the game's one writer: atomic, the
    old file kept as .bak beside it); a save named through a symbolic link is
    written where the link points, the link left as it is. The game in it is
    unchanged, so a failure only loses the reviews."""
    from datetime import datetime

    from ..memory.files import FileProblem, backup_path, write_file
    from ..saves import dumps

    target = Path(path)
    try:
        target = target.resolve(strict=True)
    except (OSError, RuntimeError):
        pass  # written at the name given: the writer says why not
    try:
        write_file(target, dumps(session, name, datetime.fromisoformat(saved_at)))
    except FileProblem as problem:
        err.write(f"{clean(path)}: the reviews were not kept: {clean(problem.reason)}\n")
        return
    where = "" if target == Path(path).absolute() else f" {clean(str(target))}"
    backup = backup_path(target)
    old = f"the old file is {clean(str(backup))}" if backup.is_file() else "there was no older file to keep"
    err.write(f"{clean(path)}: reviews kept in the save{where} ({old})\n")


def _print(reviews: Sequence[RoundReview], names: Sequence[str], as_json: bool, out: TextIO) -> None:
    """The reviews as lines (a summary per round, then one line per decision) or one JSON object."""
    if as_json:
        out.write(json.dumps({"seats": [clean(n) for n in names], "rounds": [review_data(r) for r in reviews]}) + "\n")
        return
    for review in reviews:
        out.write(summary_line(review, names) + "\n")
        out.writelines("  " + decision_line(decision, names) + "\n" for decision in review.decisions)
