"""What the table says aloud when speech is on: every line the move log keeps, a
turn at a time (a run of tiles laid on one train told in one), a hand's size as
it falls to two tiles and to one, the person's turn, a tip as it shows, and the
answers to the keys that ask without looking (``asking``: A the hand, P the
table at a glance, Shift+1-8 and Shift+M a train, T whose move, C the scores, B
the boneyard, R the last turn again, V the verbosity, L and the arrows the move
log, the question mark the keys).

Everything said of the table is made from one seat's view (``Seen``), so no
line names a tile another person holds; with people sharing the screen the
hand is said only once it is shown, after the pass screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine import DRAW, END, Action, Match, Play
from ...engine.view import seat_view
from ...play import TableDriver
from ...speech import Voice
from ...words.controls import asking_line
from ...words.counting import counted
from ...words.movelog import MoveLog
from ...words.narrate import Line
from ...words.table_words import counts_words, falling_words, turn_words
from ...words.turns import said_of, told_in_one, turns
from ..settings import Settings
from .asking import Seen, answer, log_opened, log_words
from .picture import TablePicture
from .tray import HandTray

HEAR_KEYS: dict[str, str] = {"a": "hand", "p": "glance", "c": "scores", "b": "boneyard", "r": "again",
                             "v": "verbosity", "?": "keys"}
"""The keys that ask the table something without looking (T, whose move, shares its key)."""
VERBOSITY = {"brief": "Speech brief: each turn in a sentence, and a hand's size as it falls to two tiles and to one.",
             "full": "Speech full: each turn with every tile, then every hand's size and whose move it is."}
"""What V says as it changes the verbosity."""
TIP_WORDS: dict[str, str] = {
    "first-turn": "Tip: H suggests a move, and L lists the moves so far (the arrows read them).",
    "open-double": "Tip: a double laid must be covered before anything else is played, by whoever's turn it is.",
    "public-train": "Tip: a train with its marker up is public: anyone may play on it. Private trains take "
    "only their owner's tiles.",
    "empty-boneyard": "Tip: the boneyard is empty: when nothing fits you pass, and your train turns public.",
}
"""Each first-match tip in words for the ear (the card's words point at what the eyes see)."""


class Sight:
    """What the table shows, read from its parts (the picture, the tray, the match,
    its driver and the move log) as one seat's view: the ``Seen`` that speech is made from."""

    def __init__(self, picture: TablePicture, tray: HandTray, match: Match, driver: TableDriver,
                 you: int | None, log: MoveLog) -> None:
        self.picture = picture
        self.tray = tray
        self.match = match
        self.driver = driver
        self.you = you
        self.log = log

    def person(self) -> int | None:
        """The seat of the person at the screen (their hand shown, face up or down), or None."""
        return self.tray.viewer.seat if self.tray.viewer.seat is not None else self.you

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


TURN_KEYS = " Left and Right pick a tile, Down the next one that fits, then its train's number or M plays it; " \
    "A says your hand."
"""Added to the person's first turn line of a run: the keys that pick and play a tile."""


def turn_line(legal: Sequence[Action], open_doubles: bool) -> str:
    """What the person may do on their turn, for the ear: what fits."""
    if list(legal) == [DRAW]:
        return "Your turn: nothing fits, so draw (D)."
    if END in legal:
        return "Play another tile (A says which fit), or end your turn (E)."
    fit = len({a.tile for a in legal if isinstance(a, Play)})
    head = "Your turn: cover the open double" if open_doubles else "Your turn"
    return f"{head}: {counted(fit, 'tile')} {'fits' if fit == 1 else 'fit'}."


class TableSpeech:
    """The table's voice: speaks through ``voice`` what ``sight`` sees; ``settings`` keeps
    the verbosity; ``watching``: a demo, no person at the table. ``holding`` says what the
    table waits for besides the seat to move (a lesson's step), or None."""

    def __init__(self, voice: Voice, settings: Settings, sight: Sight, watching: bool = False) -> None:
        self.voice = voice
        self.settings = settings
        self.sight = sight
        self.watching = watching
        self.holding: Callable[[], str | None] | None = None
        self.heading: str | None = None
        """What the table is called as it opens ('Learn to play'; None: the round and the rounds)."""
        self._turn: str | None = None
        self._held: list[Line] = []
        """Another seat's lines of the turn it is taking, told in one once the turn has passed."""
        self._sizes: tuple[int, ...] = ()
        self._counted: int | None = None
        """Whose move full verbosity said last."""
        self._back = 0
        """How many turns back the next R goes (it starts again from the last with each new move)."""
        self._tip: str | None = None

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` after what is being said (or at once)."""
        self.voice.say(text, interrupt)

    def seen(self) -> Seen | None:
        """What the table may say now."""
        return self.sight.seen(self.settings.hand_sort)

    @property
    def full(self) -> bool:
        """Whether speech is at full verbosity."""
        return self.settings.speech_verbosity == "full"

    def opening(self, back: bool = False) -> str:
        """What the table says as it opens (the round, whose move, and the first time this run the
        keys to ask) or, ``back`` from a menu, whose move it is (nothing once the round is over:
        the next round's deal says what comes)."""
        seen = self.seen()
        if seen is None:
            return "The table."
        if back:
            return "" if seen.table.round_over else f"Back at the table. {turn_words(seen.table, seen.you)}"
        head = f"{self.heading}. " if self.heading else (
            f"Round {seen.playing} of {seen.rounds}. " if seen.playing is not None else "")
        keys = f" {asking_line()}" if not self.watching and self.voice.once("table keys") else ""
        return f"{head}{turn_words(seen.table, seen.you)}{keys}"

    # -------------------------------------------------------------- the moves
    def told(self, lines: Sequence[Line]) -> None:
        """A step (or a deal) is shown: say its lines, another seat's a turn at a time (told
        once it has passed), then what a sighted player would notice: a hand falling to two
        tiles or one, or at full verbosity every hand's size as the turn passes."""
        if lines:
            self._back = 0
        person = self.sight.person()
        for line in said_of(lines):
            if self._held and line.seat == self._held[0].seat:
                self._held.append(line)
                continue
            self._release()
            if line.seat is not None and line.seat != person:
                self._held.append(line)
            else:
                self.say(line.text)
        seen = self.seen()
        passed = bool(self._held) and (seen is None or seen.table.round_over
                                       or seen.table.to_move != self._held[0].seat)
        if passed:
            self._release()  # the turn has passed (a step that says nothing, as an End, may pass it)
        if (lines or passed) and not self._held and seen is not None:
            self._noticed(seen, lines)

    def _release(self) -> None:
        """Say the turn held back, told in one."""
        if self._held:
            names = self.sight.match.names
            for text in told_in_one(self._held, names, self.sight.you, tiles=self.full):
                self.say(text)
            self._held = []

    def _noticed(self, seen: Seen, lines: Sequence[Line]) -> None:
        """A hand fallen to two tiles or one (brief), or every hand's size as the turn passes (full)."""
        table = seen.table
        sizes = tuple(table.hand_sizes)
        if self.full:
            if self._counted is None:
                self._counted = table.to_move  # counted from the first turn that passes
            if not table.round_over and table.to_move != self._counted:
                self._counted = table.to_move
                self.say(counts_words(table, seen.you))
        elif len(sizes) == len(self._sizes) and not table.round_over:
            knocked = {line.seat for line in lines if line.why == "knock"}
            person = self.sight.person()
            for seat, left in enumerate(sizes):
                if left in (1, 2) and self._sizes[seat] > left and seat != person and seat not in knocked:
                    self.say(falling_words(seat, left, table.names, seen.you))
        self._sizes = sizes

    def frame(self, your_turn: bool, legal: Sequence[Action], tip: str | None) -> None:
        """Once a frame: the person's turn line when their turn comes (what fits), and a tip as it shows."""
        seen = self.seen() if your_turn else None
        if seen is not None:
            self._release()
        line = None if seen is None else turn_line(legal, bool(seen.table.open_doubles))
        guided = self.holding is not None and bool(self.holding())  # a lesson's step says what to do
        if line is not None and line != self._turn and not guided:
            self.say(line + (TURN_KEYS if self.voice.once("turn keys") else ""))
        self._turn = line
        if tip is not None and tip != self._tip:
            self.say(TIP_WORDS.get(tip, ""))
        self._tip = tip

    def said_turn(self) -> bool:
        """Whether the person's turn line has been said (it is their turn, and they were told)."""
        return self._turn is not None

    # ---------------------------------------------------------------- asking
    def hear(self, what: str) -> str:
        """The answer to a key that asks the table ``what`` (see ``HEAR_KEYS`` and ``asking.answer``;
        ``again``: R, ``verbosity``: V, ``log`` and ``log:N``: the move log)."""
        if what == "verbosity":
            verbosity = "brief" if self.full else "full"
            self.settings.speech_verbosity = verbosity
            self.settings.remember()
            return VERBOSITY[verbosity]
        if what == "again":
            return self.again()
        if what.startswith("log"):
            log = self.sight.log
            return log_opened(log, what == "log:open") if what in ("log:open", "log:closed") else log_words(
                log, int(what.split(":", 1)[1]) if what != "log:none" else None)
        held = self.holding() if self.holding is not None and what in ("turn", "glance") else None
        if held and what == "turn":
            return held
        said = answer(what, self.seen())
        if held:  # the table waits for the person, whoever the rules say is to move
            seen = self.seen()
            if seen is not None:
                said = said.removesuffix(turn_words(seen.table, seen.you)) + "The lesson waits for you (T says for what)."
        return said

    def again(self) -> str:
        """R: the last turn again, whole; pressed again, the turn before, and so on back."""
        told = turns(self.sight.log.lines)
        if not told:
            return "Nothing has happened yet this round."
        back = min(self._back, len(told) - 1)
        self._back = back + 1
        said = " ".join(told_in_one(told[-1 - back], self.sight.match.names, self.sight.you, tiles=True))
        if back == 0:
            return said
        return f"Before that{' (the round opening)' if back == len(told) - 1 else ''}: {said}"
