"""Reading a save: bytes to checked document to session, and a one-line summary."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..memory.files import FileRefused, read_file
from ..memory.session import GameSession
from .errors import SaveError
from .migrate import upgrade
from .replay import restore
from .validate import MAX_BYTES, Checked, check_header, parse_bytes, validate


def check_bytes(data: bytes, commitments: bool = True) -> Checked:
    """Parse, migrate and validate a save's bytes (no replay); SaveError names
    the problem (``commitments=False``: fingerprints are left to the caller)."""
    with damage_as_save_error():
        doc = parse_bytes(data)
        check_header(doc)
        return validate(upgrade(doc), commitments)


@contextmanager
def damage_as_save_error() -> Iterator[None]:
    """Turn any unexpected error while reading a save into the one 'damaged save'
    SaveError, so no file content can reach the player as a traceback."""
    try:
        yield
    except SaveError:
        raise
    except (RecursionError, MemoryError):
        raise SaveError("the file is damaged: it nests too deeply or is too large to read") from None
    except Exception as error:  # noqa: BLE001 - whatever a hostile file provokes
        raise SaveError(f"the file is damaged and cannot be read ({type(error).__name__})") from None


def read_bytes(path: Path, owned: bool = True) -> bytes:
    """A save file's bytes through the game's one reader (``game.memory.files``): a
    regular file only, never a link in the saves folder (``owned``; a path the
    player names may be a link to a save), never a FIFO, at most a little over
    ``MAX_BYTES``. Never changes the file."""
    try:
        return read_file(path, MAX_BYTES, owned)
    except FileNotFoundError:
        raise SaveError(f"there is no file {path}") from None
    except FileRefused as refused:
        raise SaveError(_refusal(path, refused)) from None


def _refusal(path: Path, refused: FileRefused) -> str:
    """Why a save file was not read, as the player reads it."""
    if "larger than" in refused.why:
        return f"the file is too large to be a save (over {MAX_BYTES} bytes)"
    if "regular file" in refused.why:
        return f"{path} is not a regular file, so it is not a save"
    return f"{path} {refused.why}"


def restore_checked(checked: Checked) -> GameSession:
    """The session of a checked save, after its replay (SaveError if it does not hold)."""
    with damage_as_save_error():
        return restore(checked)


def session_from_bytes(data: bytes) -> GameSession:
    """The session a save's bytes hold, after every check and the replay."""
    return restore_checked(check_bytes(data))


def load_file(path: Path, owned: bool = True) -> GameSession:
    """The session saved in ``path``; SaveError with the reason if it cannot be
    trusted (``owned`` False: a path the player named, which may be a link)."""
    return session_from_bytes(read_bytes(path, owned))


@dataclass(frozen=True)
class Summary:
    """What a person needs to recognise a save."""

    name: str
    saved_at: str
    preset: str
    players: int
    round: int
    rounds: int
    totals: list[int]
    seat_names: list[str]

    def line(self) -> str:
        """One line: preset, players, round and totals."""
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.seat_names, self.totals))
        return (
            f"'{self.name}', {self.preset}, {self.players} players, round {self.round} of {self.rounds}, "
            f"scores: {totals}; saved {self.saved_at}"
        )


def summarize(checked: Checked) -> Summary:
    """The summary of a checked save."""
    doc = checked.doc
    scores = doc["match"]["round_scores"]
    n = len(checked.seats)
    number = max(1, len(doc["action_log"]))
    return Summary(
        name=checked.name,
        saved_at=checked.saved_at,
        preset=checked.options.preset,
        players=n,
        round=number,
        rounds=checked.setup.rounds,
        totals=[sum(r[s] for r in scores) for s in range(n)],
        seat_names=[s.name for s in checked.seats],
    )
