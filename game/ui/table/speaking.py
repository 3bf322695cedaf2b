"""What the table says aloud when speech is on: every line the move log keeps,
as the picture shows its step; the person's turn; and the answers to the keys
that ask without looking (A the hand, Shift+1-8 and Shift+M a train, T whose
move, C the scores, B the boneyard, R the last turn again, V the verbosity).

Everything said of the table is made from one seat's view (``Seen``), so no
line names a tile another person holds; with people sharing the screen the
hand is said only once it is shown, after the pass screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine import DRAW, END, Action, Match
from ...engine.tiles import Tile
from ...engine.view import SeatView, seat_view
from ...play import TableDriver
from ...words.narrate import Line
from ...words.table_words import (
    boneyard_words,
    counts_words,
    hand_words,
    scores_words,
    tile_words,
    train_words,
    turn_words,
)
from ..settings import Settings
from .picture import TablePicture
from .tray import HandTray

HEAR_KEYS: dict[str, str] = {"a": "hand", "c": "scores", "b": "boneyard", "r": "again", "v": "verbosity"}
"""The letter keys that ask the table something without looking (T, whose move, shares its key)."""
VERBOSITY = {"brief": "Speech brief: each move's sentence.",
             "full": "Speech full: each move's sentence, then every hand's size and whose move it is."}
"""What V says as it changes the verbosity."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What the table may say now: ``view`` of the seat whose hand is shown face
    up (None: no hand is, as behind a pass screen or in a demo), ``table`` any
    seat's view of what every seat sees, the hand in the tray's ``order``, the
    ``selected`` tile, the seat called "You" and the match's totals."""

    view: SeatView | None
    table: SeatView
    """Read for what every seat sees only (its hand is another seat's when no hand is shown)."""
    order: tuple[Tile, ...]
    selected: Tile | None
    you: int | None
    totals: tuple[int, ...]
    playing: int | None
    """The round in play (1-based), None once the match is over."""
    rounds: int


class Sight:
    """What the table shows, read from its parts (the picture, the tray, the match
    and its driver) as one seat's view: the ``Seen`` that speech is made from."""

    def __init__(self, picture: TablePicture, tray: HandTray, match: Match, driver: TableDriver,
                 you: int | None) -> None:
        self.picture = picture
        self.tray = tray
        self.match = match
        self.driver = driver
        self.you = you

    def seen(self, how: str) -> Seen | None:
        """The table now, its hand in the tray's order sorted ``how`` (None before the first deal)."""
        state = self.picture.shown
        if state is None:
            return None
        seat = self.tray.seat_of(state)
        view = seat_view(state, seat) if seat is not None and not self.tray.viewer.face_down else None
        match = self.match
        return Seen(view, view if view is not None else seat_view(state, state.to_move),
                    tuple(self.tray.hand_order(state, how)) if view is not None else (),
                    self.tray.selected if view is not None else None, self.you,
                    tuple(self.driver.totals(counting_this_round=state.round_over)),
                    None if match.is_over else match.round_number, match.setup.rounds)


def turn_line(legal: Sequence[Action], open_doubles: bool) -> str:
    """What the person may do on their turn, for the ear."""
    if list(legal) == [DRAW]:
        return "Your turn: nothing fits, so draw from the boneyard (D)."
    if END in legal:
        return "Play another tile (A says which fit), or end your turn (E)."
    if open_doubles:
        return "Your turn: cover the open double (A says which tile fits)."
    return "Your turn: A says your hand; Left and Right pick a tile, then 1 to 8 or M plays it."


class TableSpeech:
    """The table's voice: ``say(text, interrupt)`` speaks what ``sight`` sees;
    ``settings`` keeps the verbosity; ``watching``: a demo, no person at the table."""

    def __init__(self, say: Callable[[str, bool], None], settings: Settings, sight: Sight,
                 watching: bool = False) -> None:
        self.say = say
        self.settings = settings
        self.sight = sight
        self.watching = watching
        self.last: list[str] = []
        """The lines of the last step that said anything (R says them again)."""
        self._turn: str | None = None

    def seen(self) -> Seen | None:
        """What the table may say now."""
        return self.sight.seen(self.settings.hand_sort)

    def opening(self, back: bool = False) -> str:
        """What the table says as it opens (the round, whose move, the keys to ask) or, ``back``
        from a menu, whose move it is."""
        seen = self.seen()
        if seen is None:
            return "The table."
        if back:
            return f"Back at the table. {turn_words(seen.table, seen.you)}"
        head = f"Round {seen.playing} of {seen.rounds}. " if seen.playing is not None else ""
        keys = "" if self.watching else (
            " Keys to ask: A your hand, Shift with a train's number or M that train, T whose move, C the scores, "
            "B the boneyard, R the last turn again, V more or fewer words; Esc the menu.")
        return f"{head}{turn_words(seen.table, seen.you)}{keys}"

    def told(self, lines: Sequence[Line]) -> None:
        """A step (or a deal) is shown: say every line the move log keeps of it, in order
        (and, at full verbosity, every hand's size and whose move it is)."""
        texts = [line.text for line in lines]
        if not texts:
            return
        self.last = texts
        for text in texts:
            self.say(text, False)
        seen = self.seen() if self.settings.speech_verbosity == "full" else None
        if seen is not None:
            self.say(counts_words(seen.table, seen.you), False)

    def turn(self, your_turn: bool, legal: Sequence[Action]) -> None:
        """Whether it is the person's turn now and what they may do: the turn's line is said when it changes."""
        seen = self.seen() if your_turn else None
        line = None if seen is None else turn_line(legal, bool(seen.table.open_doubles))
        if line is not None and line != self._turn:
            self.say(line, False)
        self._turn = line

    def said_turn(self) -> bool:
        """Whether the person's turn line has been said (it is their turn, and they were told)."""
        return self._turn is not None

    def hear(self, what: str) -> str:
        """The answer to a key that asks the table ``what`` (see ``HEAR_KEYS``; ``train:N``; ``turn``; ``selected``)."""
        seen = self.seen()
        if what == "verbosity":
            verbosity = "brief" if self.settings.speech_verbosity == "full" else "full"
            self.settings.speech_verbosity = verbosity
            self.settings.remember()
            return VERBOSITY[verbosity]
        if what == "again":
            return " ".join(self.last) or "Nothing has happened yet this round."
        if seen is None:
            return "The table is not dealt yet."
        view = seen.view
        if what in ("hand", "selected") and view is None:
            return "No hand is shown: it is said once its person has the table."
        if what == "hand" and view is not None:
            return hand_words(view, seen.order, seen.you)
        if what == "selected" and view is not None:
            return "No tile is picked." if seen.selected is None else tile_words(view, seen.selected, seen.you)
        if what.startswith("train:"):
            return train_words(seen.table, int(what.split(":", 1)[1]), seen.you)
        if what == "turn":
            return turn_words(seen.table, seen.you)
        if what == "scores":
            return scores_words(seen.table.names, seen.totals, seen.you, seen.playing, seen.rounds)
        return boneyard_words(seen.table)
