"""Words for the player: engine events, refusals, round openings and the final ranking.

Pure functions with no pygame, so the table's toasts and a move log say the
same thing and tests can read every line without a window.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..ai import KINDS
from ..engine import MEXICAN, Match, RuleOptions, tie_break
from ..engine import events as ev
from ..engine.tiles import IS_DOUBLE, TEXT
from ..memory.session import HUMAN, is_you

Tone = Literal["plain", "news", "alert"]
"""How a line should stand out: ``plain`` facts, ``news`` that changes the game, an ``alert`` against a seat."""


def _who(seat: int, names: Sequence[str], human_seat: int | None) -> str:
    """'You' for the person's seat, else the seat's name."""
    return "You" if seat == human_seat else names[seat]


def _named_you(names: Sequence[str]) -> int | None:
    """The seat named 'You' when no seat is the person's (pass and play of an
    older match): sentences about it read in the second person."""
    return next((seat for seat, name in enumerate(names) if is_you(name)), None)


@dataclass(frozen=True, slots=True)
class Line:
    """A sentence about the game: its ``text``, how it stands out (``tone``),
    the rules section that explains it (``why``, a ``game.words.rules_help`` key, or
    None), the seat it is about (``seat``, None for the table) and whether the
    table says it aloud (``aloud``; False: the move log only)."""

    text: str
    tone: Tone = "plain"
    why: str | None = None
    seat: int | None = None
    aloud: bool = True
    play: tuple[int, int, int] | None = None
    """For a tile laid: the tile, its train and the train's open end after it (a long line is said in one)."""


def narrate(event: ev.Event, names: Sequence[str], human_seat: int | None, options: RuleOptions) -> str | None:
    """The sentence a player is told about ``event`` on its own, or None when the picture says it all.

    ``names`` are the seats' names, ``human_seat`` the person's seat (None when
    only computers play) and ``options`` the match's rules. ``tell`` says more
    from the events around it."""
    lines = [line for line in tell([event], names, human_seat, options) if line.aloud]
    return lines[0].text if lines else None


def tell(
    events: Sequence[ev.Event], names: Sequence[str], human_seat: int | None, options: RuleOptions,
    boneyard: int | None = None,
) -> list[Line]:
    """Every sentence about ``events`` (one action and what followed by itself),
    in order: what the table says aloud and what only the move log keeps.

    ``boneyard`` is the number of tiles left after them (None: unknown), which
    tells why a seat passed without drawing."""
    said = _Telling(events, names, human_seat, options, boneyard)
    return [line for index, event in enumerate(events) for line in said.lines(index, event)]


def most_telling(lines: Sequence[Line]) -> Line | None:
    """The line to show when several are said at once: an alert, else news,
    else one with a reason behind it, else the last."""
    aloud = [line for line in lines if line.aloud]
    rank = {"alert": 3, "news": 2, "plain": 0}
    return max(reversed(aloud), key=lambda line: rank[line.tone] + (line.why is not None), default=None)


def where(train: int, seat: int, names: Sequence[str], human_seat: int | None) -> str:
    """A train as the seat ``seat`` playing on it hears it named: 'the Mexican
    train', 'your train', 'their own train' or "Ana's train"."""
    if train == MEXICAN:
        return "the Mexican train"
    if train == human_seat:
        return "your train"
    if train == seat:
        return "their own train"
    return f"{names[train]}'s train"


class _Telling:
    """The sentences of one step's events, each seen with the events around it."""

    def __init__(self, events: Sequence[ev.Event], names: Sequence[str], human_seat: int | None,
                 options: RuleOptions, boneyard: int | None) -> None:
        self.events = events
        self.names = names
        self.you = human_seat if human_seat is not None else _named_you(names)
        self.options = options
        self.boneyard = boneyard
        self.drew: set[int] = set()
        self.drawn: dict[int, int] = {}
        """The tile the person drew, per seat (told when the turn passes in the same step)."""
        self.marker_said: set[int] = set()
        self.laid: dict[int, int] = {}

    def who(self, seat: int) -> str:
        """'You' or the seat's name."""
        return _who(seat, self.names, self.you)

    def verb(self, seat: int, you: str, other: str) -> str:
        """The verb in the form for ``seat``: ``you`` for the person, ``other`` for a name."""
        return you if seat == self.you else other

    def _marker_follows(self, index: int, seat: int) -> bool:
        """Whether ``seat``'s marker goes up right after ``index`` (before its turn passes)."""
        for later in self.events[index + 1:]:
            if isinstance(later, ev.MarkerUp) and later.seat == seat:
                return True
            if isinstance(later, ev.TurnStarted):
                return False
        return False

    def _after_draw(self, index: int, seat: int) -> str:
        """What follows ``seat``'s draw at ``index``: 'goes on' (the tile fits: the
        turn goes on), 'told' (a pass or the round's end says it) or 'ends' (the
        turn ends without a pass, the tile not fitting)."""
        for later in self.events[index + 1:]:
            if isinstance(later, ev.Passed) and later.seat == seat or isinstance(later, ev.RoundEnded):
                return "told"
            if isinstance(later, ev.TurnStarted):
                return "ends"
        return "goes on"

    def _opened_after(self, index: int, train: int) -> bool:
        """Whether the double played at ``index`` on ``train`` is opened (or the round ends) after it."""
        return any(isinstance(later, (ev.DoubleOpened, ev.RoundEnded)) and getattr(later, "train", train) == train
                   for later in self.events[index + 1:])

    def _next_turn(self, index: int, seat: int) -> int | None:
        """The seat whose turn starts after ``index`` if ``seat``'s turn ends in these events."""
        for later in self.events[index + 1:]:
            if isinstance(later, ev.TurnStarted) and later.seat != seat:
                return later.seat
        return None

    def lines(self, index: int, event: ev.Event) -> list[Line]:
        """The sentences of the event at ``index`` (none for an event the picture says all of)."""
        tell_one = self._TELLERS.get(type(event))
        return [] if tell_one is None else tell_one(self, index, event)

    def _turn_started(self, index: int, event: ev.TurnStarted) -> list[Line]:
        self.drew.discard(event.seat)
        return []

    def _tile_played(self, index: int, event: ev.TilePlayed) -> list[Line]:
        self.laid[event.train] = event.tile
        place = where(event.train, event.seat, self.names, self.you)
        text = f"{self.who(event.seat)} {self.verb(event.seat, 'play', 'plays')} {TEXT[event.tile]} on {place}."
        lines = [Line(text, seat=event.seat, aloud=False, play=(event.tile, event.train, event.far))]
        if IS_DOUBLE[event.tile] and not self._opened_after(index, event.train):
            lines.append(Line(f"The {TEXT[event.tile]} needs no cover: in {self.options.preset} a double in a "
                              "first-turn line is not open.", "news", "first-turn", event.seat))
        return lines

    def _tile_drawn(self, index: int, event: ev.TileDrawn) -> list[Line]:
        self.drew.add(event.seat)
        if event.penalty:
            return [Line(f"{self.names[event.seat]} draws a penalty tile.", "alert", "knock", event.seat)]
        if event.seat == self.you and event.tile is not None:
            self.drawn[event.seat] = event.tile
            drawn, then = TEXT[event.tile], self._after_draw(index, event.seat)
            if then == "goes on":
                return [Line(f"You drew the {drawn}: it fits, so you may play it.", seat=event.seat)]
            if then == "ends":
                return [Line(f"You drew the {drawn}: it does not fit, so your turn ends.", why="drawing",
                             seat=event.seat)]
            return [Line(f"You draw the {drawn}.", seat=event.seat, aloud=False)]  # the pass (or the end) says it
        return [Line(f"{self.who(event.seat)} {self.verb(event.seat, 'draw', 'draws')} a tile.", seat=event.seat,
                     aloud=False)]

    def _marker_up(self, index: int, event: ev.MarkerUp) -> list[Line]:
        if event.seat in self.marker_said:
            self.marker_said.discard(event.seat)
            return []
        if event.seat == self.you:
            return [Line("Your train is now public.", why="markers", seat=event.seat, aloud=False)]
        return [Line(f"{self.names[event.seat]}'s train is now public.", why="markers", seat=event.seat)]

    def _marker_down(self, index: int, event: ev.MarkerDown) -> list[Line]:
        owner = "Your" if event.seat == self.you else f"{self.names[event.seat]}'s"
        return [Line(f"{owner} train is private again.", seat=event.seat, aloud=False)]

    def _double_opened(self, index: int, event: ev.DoubleOpened) -> list[Line]:
        if any(isinstance(later, ev.RoundEnded) for later in self.events[index + 1:]):
            return []  # the seat went out on its double: the round's end says it, nothing is left to cover
        return [self._double(index, event)]

    def _double_covered(self, index: int, event: ev.DoubleCovered) -> list[Line]:
        return [Line(f"{self.who(event.seat)} covered the double.", seat=event.seat)]

    def _knocked(self, index: int, event: ev.Knocked) -> list[Line]:
        you = event.seat == self.you
        if self.options.knock == "courtesy":
            text = f"{self.who(event.seat)} {'have' if you else 'has'} one tile left!"
        else:
            text = f"{self.who(event.seat)} {'knock' if you else 'knocks'}: one tile left!"
        return [Line(text, "news", "knock", event.seat)]

    def _pass(self, index: int, event: ev.Passed) -> list[Line]:
        return [self._passed(index, event.seat)]

    def _suspended(self, index: int, event: ev.SeatSuspended) -> list[Line]:
        return [Line(f"{self.names[event.seat]} is suspended until a double is played.", "alert", "drawing",
                     event.seat)]

    def _round_ended(self, index: int, event: ev.RoundEnded) -> list[Line]:
        if event.went_out is not None:
            return [Line(f"{self.names[event.went_out]} went out!", "news", "round-end", event.went_out)]
        return [Line("Nobody can play: the round is blocked.", "news", "round-end")]

    _TELLERS: ClassVar[dict[type, Callable[[_Telling, int, Any], list[Line]]]] = {
        ev.TurnStarted: _turn_started, ev.TilePlayed: _tile_played, ev.TileDrawn: _tile_drawn,
        ev.MarkerUp: _marker_up, ev.MarkerDown: _marker_down, ev.DoubleOpened: _double_opened,
        ev.DoubleCovered: _double_covered, ev.Knocked: _knocked, ev.Passed: _pass,
        ev.SeatSuspended: _suspended, ev.RoundEnded: _round_ended,
    }
    """Who tells each kind of event (the others the picture shows by itself)."""

    def _double(self, index: int, event: ev.DoubleOpened) -> Line:
        """A double left uncovered: still the layer's to cover, or now the next player's."""
        tile = self.laid.get(event.train)
        double = f"the {TEXT[tile]}" if tile is not None else "a double"
        after = self._next_turn(index, event.seat)
        who = self.who(event.seat)
        if after is not None:
            nxt = "you" if after == self.you else self.names[after]
            return Line(f"{who} left {double} open: {nxt} must cover it.", "news", "doubles", event.seat)
        rule = self.options.after_double
        if event.seat == self.you:
            then = {"cover-or-end": "cover it now if you can (no draw for it)",
                    "cover-or-draw": "cover it now, drawing once if you must",
                    "extra-tile": "play one more tile, drawing for it if you must"}[rule]
            return Line(f"You laid {double}: {then}.", "news", "doubles", event.seat)
        then = "plays one more tile" if rule == "extra-tile" else "must cover it"
        return Line(f"{who} laid {double} and {then}.", "news", "doubles", event.seat)

    def _passed(self, index: int, seat: int) -> Line:
        """Why ``seat`` passed: nothing fitted after its draw, an empty boneyard, or the first turn."""
        who, you = self.who(seat), seat == self.you
        marker = self._marker_follows(index, seat)
        if marker:
            self.marker_said.add(seat)
        up = (" and your train is now public" if you else "; their train is now public") if marker else ""
        if seat in self.drew:
            tile = self.drawn.get(seat) if you else None
            mine = f"You drew the {TEXT[tile]}: it does not fit, so you pass" if tile is not None else (
                "The tile you drew does not fit, so you pass")
            drew = mine if you else f"{who} drew a tile that does not fit and passes"
            return Line(f"{drew}{up}.", why="drawing", seat=seat)
        if self.boneyard == 0:
            verb = "you pass" if you else f"{who} passes"
            return Line(f"Nothing fits and the boneyard is empty: {verb}{up}.", why="drawing", seat=seat)
        if self.boneyard is not None and self.options.multi_tile_start == "first-turn":
            train = "your" if you else "their"
            parts = ["marker up" if marker else "", f"no draw in {self.options.preset}"]
            return Line(f"{who} cannot start {train} train on the first turn: {', '.join(p for p in parts if p)}.",
                        "news" if you else "plain", "first-turn", seat)
        return Line(f"{who} {'pass' if you else 'passes'}{up}.", seat=seat)


def tone(event: ev.Event) -> Tone:
    """How ``event``'s sentence should stand out (see ``Tone``)."""
    if isinstance(event, ev.SeatSuspended) or isinstance(event, ev.TileDrawn) and event.penalty:
        return "alert"
    if isinstance(event, (ev.DoubleOpened, ev.Knocked, ev.RoundEnded)):
        return "news"
    return "plain"


def round_opening(
    number: int, rounds: int, engine: int, first: int, events: Sequence[ev.Event], names: Sequence[str],
    human_seat: int | None = None,
) -> str:
    """The line that opens round ``number`` of ``rounds``: its engine double and who
    plays first (``first``; 'You' for ``human_seat``), or who won the draw-off among ``events``."""
    text = f"Round {number} of {rounds}: engine {engine}-{engine}"
    if human_seat is None:
        human_seat = _named_you(names)
    drew = any(isinstance(e, ev.DrawOffTile) for e in events)
    starter = next((e.seat for e in events if isinstance(e, ev.StarterChosen)), None)
    if drew and starter is not None:
        if starter == human_seat:
            return f"{text}. Draw-off: you drew highest and start."
        return f"{text}. Draw-off: {names[starter]} drew highest and starts."
    if first == human_seat:
        return f"{text}. You play first."
    return f"{text}. {names[first]} plays first."


def round_opening_lines(
    number: int, rounds: int, engine: int, opener: int, events: Sequence[ev.Event], names: Sequence[str],
    human_seat: int | None, options: RuleOptions, boneyard: int | None = None,
) -> list[Line]:
    """Every line of a round's deal (``events``, the draw-off's included): the
    opening (``round_opening``, with ``opener`` the seat that plays first), told
    with how the hub double was found when the deal did not show it at once (who
    drew how many tiles, with the rules section behind it), then whatever the
    round did by itself before the first decision (a first player who cannot
    start passes at once)."""
    opening = round_opening(number, rounds, engine, opener, events, names, human_seat)
    search = _engine_search(events, engine, names, human_seat, options)
    if search is None:
        lines = [Line(opening)]
    else:
        head, _, starts = opening.partition(". ")
        lines = [Line(f"{head}. {search} {starts}", "news", "deal")]
    placed = next((i for i, e in enumerate(events) if isinstance(e, ev.EnginePlaced)), None)
    after = events[placed + 1:] if placed is not None else ()
    return lines + tell(after, names, human_seat, options, boneyard)


def _engine_search(events: Sequence[ev.Event], engine: int, names: Sequence[str], human_seat: int | None,
                   options: RuleOptions) -> str | None:
    """How the round's first double was found when nobody was dealt it (None: it was dealt, or held out)."""
    placed = next((e for e in events if isinstance(e, ev.EnginePlaced)), None)
    if placed is None or placed.seat < 0:
        return None
    start = events.index(placed)
    if human_seat is None:
        human_seat = _named_you(names)
    counts = [0] * len(names)
    for event in events[:start]:
        if isinstance(event, ev.TileDrawn):
            counts[event.seat] += 1
    if not any(counts):
        return None
    finder = "you" if placed.seat == human_seat else names[placed.seat]
    total, high = sum(counts), max(counts)
    double = f"the {engine}-{engine}"
    kept = "" if total == 1 else "; everyone keeps the other tiles they drew"
    rule = options.round_start
    if rule == "draw-in-turn":
        if total == 1:
            return (f"Nobody was dealt {double}, so players took turns drawing a tile from the boneyard: "
                    f"{finder} drew it on the very first draw.")
        return (f"Nobody was dealt {double}, so players took turns drawing a tile from the boneyard until "
                f"{finder} drew it, {total} draws in all{kept}.")
    if rule == "designate-largest":
        drawers = [("you" if s == human_seat else names[s]) for s, c in enumerate(counts) if c]
        who = drawers[0] if len(drawers) == 1 else ", ".join(drawers[:-1]) + " and " + drawers[-1]
        return (f"No double to open with: {who} drew until {finder} drew one, so {double} opens the hub "
                f"({sum(counts)} tile{'s' if sum(counts) != 1 else ''} drawn).")
    wanted = "the highest double not used yet" if rule == "highest-unused" else double
    times = "once" if high == 1 else "twice" if high == 2 else f"{high} times"
    return (f"Nobody was dealt {wanted}, so everyone drew a tile at the same time, {times}, until "
            f"{finder} found {double}{kept}.")


def sentence(reason: str) -> str:
    """An engine refusal's ``reason`` as a sentence: capital first letter, closing stop."""
    reason = reason.strip()
    if not reason:
        return "That move is not allowed now."
    return reason[0].upper() + reason[1:] + ("" if reason.endswith((".", "!")) else ".")


def kind_label(kind: str) -> str:
    """Who plays a seat, as a seat panel labels it: 'You' or the computer level's name."""
    if kind == HUMAN:
        return "You"
    return kind.title() if kind in KINDS else kind


def deciding_rules(match: Match) -> list[str]:
    """For each place after the first, what separated it from the place above."""
    ranking = match.ranking()
    out = []
    for above, below in itertools.pairwise(ranking):
        out.append(tie_break(match.round_scores, above[0], below[0]))
    return out


FIRST_PLACE = {
    "total": "First place was decided by the lowest total score.",
    "zero rounds": "The totals tied: first place went to the most rounds scored at zero.",
    "lowest round": "The totals and the rounds at zero tied: first place went to the lowest single round.",
    "shared": "Tied on every tie-break: first place is shared.",
}
"""How first place was decided, by the deciding rule's name (see ``tie_break``)."""


def first_place_words(rule: str) -> str:
    """How first place was decided, in a sentence, for the deciding rule named ``rule``."""
    return FIRST_PLACE.get(rule, f"First place was decided by {rule}.")


def ranking_text(match: Match) -> str:
    """The final ranking as text lines (what a fast demo prints)."""
    totals = match.totals()
    lines = ["Final ranking:"]
    for place, group in enumerate(match.ranking()):
        names = " = ".join(match.names[s] for s in group)
        lines.append(f"{place + 1}. {names}  {totals[group[0]]} pts")
    rules = deciding_rules(match)
    if rules:
        lines.append(first_place_words(rules[0]))
    return "\n".join(lines)


def round_label(index: int, undone: bool) -> str:
    """A score sheet's column head for round ``index`` (0-based): 'R3', or 'R3 ↺'
    when a turn was taken back in it (the Undo house setting)."""
    return f"R{index + 1}\u21ba" if undone else f"R{index + 1}"
