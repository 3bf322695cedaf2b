"""A match: the preset's sequence of rounds, cumulative scores and the ranking.

``Match`` is the one driver of a game, in the spirit of OpenSpiel's state
API and python-chess: ``phase`` says where the match stands,
``current_player()`` who decides, ``legal_actions()`` what they may do (an
immutable tuple), ``apply(action)`` plays one action and returns the events
it caused (recording a round that it ends), ``start_next_round`` deals the
next round, ``view(seat)`` is what a seat may know, ``outcome()`` the result
once the match is over, and ``undo_turn`` takes back a person's last turn.
Every refusal is one of the engine's own exceptions (``IllegalAction``,
``MatchStateError``). New deals come from a ``random.Random`` seeded from the match seed
and the round number; the match records each deal's tile order and the
draw-off as chance outcomes (``MatchRecord``), so ``Match.replay`` rebuilds
a match from its record without depending on ``random``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..native import mypyc_attr
from . import events as ev
from .actions import Action, action_text, parse_action
from .errors import IllegalAction, MatchStateError
from .fairdeal import LEGACY_SHUFFLE, SHUFFLE, SHUFFLES, fair_shuffle, fingerprint, mix_seed, new_salt
from .frozen import Frozen
from .options import RuleOptions, TableSetup
from .round import RoundState
from .start import deal_order, draw_off, round_tiles, shuffled_tiles
from .tiles import Tile
from .view import SeatView, seat_view


def rank_key(scores: Sequence[int]) -> tuple[int, int, float]:
    """Sort key of one seat's round scores: lowest total, then most rounds at
    0, then the lowest non-zero round score."""
    non_zero = [s for s in scores if s]
    return (sum(scores), -(len(scores) - len(non_zero)), min(non_zero) if non_zero else math.inf)


def rank(round_scores: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Final order, best first; seats still tied after the tie-breaks share a place."""
    keys = {seat: rank_key([r[seat] for r in round_scores]) for seat in range(players)}
    ordered = sorted(range(players), key=lambda s: (keys[s], s))
    groups: list[list[int]] = []
    for seat in ordered:
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def tie_break(round_scores: Sequence[Sequence[int]], a: int, b: int) -> str:
    """Which rule orders seats ``a`` and ``b``: 'total', 'zero rounds',
    'lowest round' or 'shared'."""
    ka = rank_key([r[a] for r in round_scores])
    kb = rank_key([r[b] for r in round_scores])
    for name, x, y in zip(("total", "zero rounds", "lowest round"), ka, kb):
        if x != y:
            return name
    return "shared"


class Phase(Enum):
    """Where a match stands."""

    DEALING = "dealing"
    """No round has been dealt yet."""
    PLAYING = "playing"
    """A round is being played: ``current_player()`` decides."""
    ROUND_OVER = "round over"
    """The current round has ended and its scores are recorded; more rounds follow."""
    MATCH_OVER = "match over"
    """Every round has been played and scored."""


@dataclass(frozen=True, slots=True)
class Outcome(Frozen):
    """The result of a finished match."""

    totals: tuple[int, ...]
    """Each seat's total score."""
    ranking: tuple[tuple[int, ...], ...]
    """The seats by place, best first; seats still tied after every tie-break share a place."""
    winners: tuple[int, ...]
    """The seats in first place (more than one when they share it)."""


@dataclass(frozen=True, slots=True)
class MatchRecord(Frozen):
    """Everything a match was made of: its table, the chance outcomes and the
    actions. ``Match.replay`` rebuilds the match from it exactly."""

    options: RuleOptions
    players: int
    names: tuple[str, ...]
    seed: int | str
    draw_off: tuple[tuple[int, Tile], ...]
    """The draw-off for the first player as (seat, tile) in order drawn (empty
    where the preset has none)."""
    first_starter: int | None
    """The seat the draw-off chose (None where the preset has no draw-off)."""
    deals: tuple[tuple[Tile, ...], ...]
    """Each dealt round's tiles in the order they were dealt."""
    actions: tuple[tuple[str, ...], ...]
    """Each dealt round's actions, as text."""
    salts: tuple[str, ...] = ()
    """Each dealt round's secret salt ('' where none was drawn: a record made
    before fingerprints existed); empty: new ones are drawn."""
    fingerprints: tuple[str, ...] = ()
    """Each dealt round's fingerprint as it was shown before the round ('' where none was)."""
    undos: tuple[int, ...] = ()
    """Per dealt round, how many turns were taken back."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Match:
    """A whole match between ``players`` seats under one rule set."""

    def __init__(
        self,
        options: RuleOptions,
        players: int,
        seed: int | str,
        names: Sequence[str] | None = None,
        record_events: bool = True,
        first_start: int | None = None,
    ) -> None:
        """``first_start`` fixes the seat round 1's start begins with (the
        arena's fixed deals); by default that is seat 0, or the draw-off's winner
        where the preset holds a draw-off."""
        self.setup: TableSetup = options.setup(players)
        self.first_start = first_start
        self.seed = seed
        self.names = tuple(names) if names else tuple(f"Seat {i}" for i in range(players))
        self.record_events = record_events
        self.round_scores: list[list[int]] = []
        self.openers: list[int] = []
        self.round_starts: list[int] = []
        """Per dealt round, the seat its start procedure began with."""
        self.used_doubles: list[int] = []
        self.round_winners: list[int] = []
        self.first_starter: int | None = None
        self.draw_off_tiles: tuple[tuple[int, Tile], ...] = ()
        self.start_events: list[ev.Event] = []
        self.deals: list[tuple[Tile, ...]] = []
        self.salts: list[str] = []
        """Each dealt round's secret salt (see ``fairdeal``)."""
        self.fingerprints: list[str] = []
        """Each dealt round's fingerprint, fixed when it was dealt."""
        self.round: RoundState | None = None
        self.action_log: list[list[str]] = []
        self.turns: list[list[tuple[int, int]]] = []
        """Per round, who took each logged action and in which turn (seat, turn number)."""
        self.undos: list[int] = []
        """Per round, how many turns were taken back (see ``undo_turn``)."""
        self.train_lengths: list[list[int]] = []
        """Per finished round, the tiles on each seat's own train when it ended."""

    @classmethod
    def at_position(cls, state: RoundState, seed: int | str = "position") -> Match:
        """A one-round match standing at ``state``, a position set up by hand
        (rules scenarios, analysis), driven through the same API as any match.
        It was not dealt from a shuffle, so its record cannot be replayed."""
        match = cls(state.options, state.players, seed, state.names, record_events=state.events is not None)
        match.setup = state.setup
        match.round = state
        match.deals.append(())
        match.salts.append("")
        match.fingerprints.append("")
        match.action_log.append([])
        match.turns.append([])
        match.undos.append(0)
        match.openers.append(state.opener)
        match.round_starts.append(state.opener)
        match.used_doubles.append(state.engine)
        if state.round_over:
            match._record_round()
        return match

    # ------------------------------------------------------------------ where

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.setup.players

    @property
    def phase(self) -> Phase:
        """Where the match stands (see ``Phase``)."""
        if self.round is None:
            return Phase.DEALING
        if not self.round.round_over:
            return Phase.PLAYING
        return Phase.MATCH_OVER if len(self.round_scores) >= self.setup.rounds else Phase.ROUND_OVER

    def current_player(self) -> int | None:
        """The seat that decides now, or None outside a round in play."""
        state = self.round
        return state.to_move if state is not None and not state.round_over else None

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions in the round's fixed order (empty outside a round in play)."""
        return () if self.round is None else tuple(self.round.legal_actions())

    @property
    def round_number(self) -> int:
        """1-based number of the current round, or of the next one before it is dealt."""
        return len(self.deals) if self.round is not None else 1

    @property
    def is_over(self) -> bool:
        """Whether every round has been played and scored."""
        return self.phase is Phase.MATCH_OVER

    def totals(self) -> list[int]:
        """Each seat's cumulative score."""
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def ranking(self) -> list[list[int]]:
        """The order of seats by the match rules, best first, ties grouped."""
        return rank(self.round_scores, self.players)

    def outcome(self) -> Outcome | None:
        """The match's result once it is over (None before): totals, the ranking
        and the seats sharing first place."""
        if self.phase is not Phase.MATCH_OVER:
            return None
        ranking = self.ranking()
        return Outcome(tuple(self.totals()), tuple(tuple(group) for group in ranking), tuple(ranking[0]))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: the current round's view with the match
        totals before this round."""
        if self.round is None:
            raise MatchStateError("no round is being played")
        totals = self.totals()
        if self.round.round_over:
            last = self.round_scores[-1]
            totals = [t - last[s] for s, t in enumerate(totals)]
        return seat_view(self.round, seat, totals)

    def player_seed(self, seat: int) -> str:
        """Seed material for the computer player in ``seat`` during the current round."""
        return f"{self.seed}/{len(self.deals) - 1}/ai/{seat}"

    # ------------------------------------------------------------------ moves

    def start_next_round(
        self, order: Sequence[Tile] | None = None, salt: str | None = None, shown: str | None = None
    ) -> RoundState:
        """Deal and open the next round; returns it at its first decision.
        ``order``, ``salt`` and ``shown`` (the fingerprint) come from a record
        when replaying; otherwise the deal is shuffled and a new salt drawn."""
        phase = self.phase
        if phase is Phase.MATCH_OVER:
            raise MatchStateError("the match is over")
        if phase is Phase.PLAYING:
            raise MatchStateError("the current round is still being played")
        index = len(self.deals)
        engines = self.setup.engines
        engine = engines[index] if engines is not None else None
        if order is None:
            order = seeded_deal(self.setup, self.seed, index)
        start = self._start_seat(index)
        self.round_starts.append(start)
        self.round = deal_order(
            self.setup, order, engine, start, self.used_doubles, self.names, self.record_events
        )
        self.deals.append(tuple(order))
        if salt is None:
            salt = new_salt()
        self.salts.append(salt)
        self.fingerprints.append(fingerprint(salt, order) if shown is None else shown)
        self.action_log.append([])
        self.turns.append([])
        if len(self.undos) < len(self.deals):
            self.undos.append(0)
        self.openers.append(self.round.opener)
        self.used_doubles.append(self.round.engine)
        if self.round.round_over:
            self._record_round()
        return self.round

    def apply(self, action: object) -> tuple[ev.Event, ...]:
        """Apply ``action`` for the current player and log it; returns the events
        it caused (empty when the match records none), and a round that it ends
        has its scores recorded. Raises IllegalAction with the reason (for
        anything that is not an action too), and MatchStateError with no round in play."""
        state = self.round
        if state is None or state.round_over:
            raise MatchStateError("no round is being played")
        mover = (state.to_move, state.turn_number)
        before = len(state.events) if state.events is not None else 0
        legal = state.apply(action)
        self.action_log[-1].append(action_text(legal))
        self.turns[-1].append(mover)
        if state.round_over:
            self._record_round()
        return tuple(state.new_events(before))

    def _record_round(self) -> None:
        """Record the just-finished round's scores and winner."""
        state = self.round
        assert state is not None and state.scores is not None
        self.round_scores.append(list(state.scores))
        self.train_lengths.append([len(state.trains[s]) for s in range(self.players)])
        winner = state.went_out
        if winner is None:
            low = min(state.scores)
            order = [(state.opener + i) % self.players for i in range(self.players)]
            winner = next(s for s in order if state.scores[s] == low)
        self.round_winners.append(winner)

    # ------------------------------------------------------------- the record

    def record(self) -> MatchRecord:
        """The match's record: table, chance outcomes and actions."""
        return MatchRecord(
            self.setup.options, self.players, self.names, self.seed, self.draw_off_tiles,
            self.first_starter, tuple(self.deals), tuple(tuple(log) for log in self.action_log),
            tuple(self.salts), tuple(self.fingerprints), tuple(self.undos),
        )

    @classmethod
    def replay(
        cls,
        record: MatchRecord,
        parse: Callable[[str], Action],
        on_round: Callable[[int, RoundState], None] | None = None,
    ) -> Match:
        """The match ``record`` describes: each recorded deal dealt again and its
        actions applied (``parse`` turns their text into actions). Raises
        IllegalAction (with ``round_index`` and ``action_index`` set) for an
        action that is not legal there, and ValueError for a deal that does not
        fit the table. Events are recorded only from the last round's end on."""
        match = cls(record.options, record.players, record.seed, record.names, record_events=False)
        match.undos = list(record.undos)
        match.first_starter = record.first_starter
        match.draw_off_tiles = record.draw_off
        for index, (order, actions) in enumerate(zip(record.deals, record.actions, strict=True)):
            if sorted(order) != round_tiles(match.setup, _engine(match, index)):
                raise ValueError(f"the deal of round {index + 1} is not the round's set of tiles")
            salt = record.salts[index] if record.salts else None
            shown = record.fingerprints[index] if record.fingerprints else None
            state = match.start_next_round(order, salt, shown)
            if on_round is not None:
                on_round(index, state)
            for position, text in enumerate(actions):
                action = parse(text)
                try:
                    match.apply(action)
                except IllegalAction as error:
                    error.round_index, error.action_index = index, position
                    raise
                except MatchStateError:
                    raise IllegalAction("the round is already over", index, position) from None
        match.record_events = True
        if match.round is not None:
            match.round.events = []
            if not match.round_scores and match.first_starter is not None:
                match.start_events = draw_off_events(match.draw_off_tiles, match.first_starter)
        return match

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has a turn in the current round that can be taken back
        (the round is still being played)."""
        return self.phase is Phase.PLAYING and any(s == seat for s, _ in self.turns[-1])

    def undo_turn(self, seat: int) -> int:
        """Take back ``seat``'s last turn of the current round and every action
        after it, leaving the match exactly as it was when that turn began (the
        same hands, boneyard order and markers): the round is dealt again from
        its recorded order and its remaining actions applied again. Counts the
        undo for the round; returns how many actions were taken back."""
        if not self.can_undo(seat):
            raise MatchStateError("there is no turn of this seat to take back in this round")
        moves = self.turns[-1]
        last = max(i for i, (s, _) in enumerate(moves) if s == seat)
        start = last
        while start > 0 and moves[start - 1] == moves[last]:
            start -= 1
        kept = self.action_log[-1][:start]
        index = len(self.deals) - 1
        state = deal_order(self.setup, self.deals[-1], _engine(self, index), self.round_starts[-1],
                           self.used_doubles[:-1], self.names, record_events=False)
        for text in kept:
            state.apply(parse_action(text, self.players, self.setup.set_max))
        state.events = [] if self.record_events else None
        self.round = state
        self.action_log[-1] = list(kept)
        self.turns[-1] = moves[:start]
        self.undos[-1] += 1
        self.start_events = []
        return len(moves) - start

    # ----------------------------------------------------------------- starts

    def _start_seat(self, index: int) -> int:
        """Who the round-start procedure of round ``index`` begins with."""
        rule = self.setup.options.round_start
        n = self.players
        needs_draw_off = rule in ("designate-largest", "held-out", "held-out-winner")
        if index == 0:
            if self.first_start is not None:
                if needs_draw_off:
                    self.first_starter = self.first_start
                return self.first_start
            if needs_draw_off:
                if self.first_starter is None:
                    starter, events = seeded_draw_off(self.setup, self.seed)
                    self.first_starter = starter
                    self.draw_off_tiles = tuple(
                        (e.seat, e.tile) for e in events if isinstance(e, ev.DrawOffTile)
                    )
                    self.start_events = events if self.record_events else []
                return self.first_starter
            return 0
        if rule == "held-out":
            return ((self.first_starter or 0) + index) % n
        if rule == "held-out-winner":
            return self.round_winners[-1]
        return (self.openers[-1] + 1) % n


def _engine(match: Match, index: int) -> int | None:
    """Round ``index``'s fixed double, or None where the preset does not fix it."""
    engines = match.setup.engines
    return engines[index] if engines is not None else None


def seeded_deal(setup: TableSetup, seed: int | str, index: int) -> list[Tile]:
    """The tile order a new match with ``seed`` deals in round ``index`` (0-based)."""
    engine = setup.engines[index] if setup.engines is not None else None
    return shuffled_tiles(setup, engine, random.Random(f"{seed}/round/{index}"))


def mixed_deal(
    setup: TableSetup, index: int, secret: str, contributions: Sequence[str], shuffle: str = SHUFFLE
) -> list[Tile]:
    """The tile order of round ``index`` (0-based) at a network table: the round's
    tiles in set order shuffled by ``shuffle`` from the seed of the server's
    secret and every contribution (``fairdeal.mix_seed``). ValueError for an unknown shuffle."""
    engine = setup.engines[index] if setup.engines is not None else None
    seed = mix_seed(secret, contributions)
    if shuffle == SHUFFLE:
        return fair_shuffle(round_tiles(setup, engine), seed)
    if shuffle == LEGACY_SHUFFLE:
        return shuffled_tiles(setup, engine, random.Random(seed))
    raise ValueError(f"'{shuffle[:40]}' is not a shuffle this game knows")


def shuffle_of(
    setup: TableSetup, index: int, secret: str, contributions: Sequence[str], order: Sequence[Tile]
) -> str:
    """The shuffle (``fairdeal.SHUFFLES``) that made ``order`` the deal of round
    ``index`` from the secret and the contributions, or '' when none did."""
    return next((name for name in SHUFFLES if mixed_deal(setup, index, secret, contributions, name) == list(order)), "")


def seeded_draw_off(setup: TableSetup, seed: int | str) -> tuple[int, list[ev.Event]]:
    """The draw-off a new match with ``seed`` holds: the starter and its events."""
    return draw_off(setup.players, setup.set_max, random.Random(f"{seed}/draw-off"))


def seeded_record(
    options: RuleOptions, names: Sequence[str], seed: int | str, actions: Sequence[Sequence[str]]
) -> MatchRecord:
    """The record of a match whose chance outcomes came from ``seed`` (how every
    new match deals), with ``actions`` per dealt round; it has no salts or
    fingerprints (those of a live match were never derived from the seed)."""
    setup = options.setup(len(names))
    starter: int | None = None
    tiles: tuple[tuple[int, Tile], ...] = ()
    if actions and options.round_start in ("designate-largest", "held-out", "held-out-winner"):
        starter, events = seeded_draw_off(setup, seed)
        tiles = tuple((e.seat, e.tile) for e in events if isinstance(e, ev.DrawOffTile))
    deals = tuple(tuple(seeded_deal(setup, seed, i)) for i in range(len(actions)))
    return MatchRecord(
        options, len(names), tuple(names), seed, tiles, starter, deals, tuple(tuple(a) for a in actions),
        ("",) * len(deals), ("",) * len(deals),
    )


def draw_off_events(tiles: Sequence[tuple[int, Tile]], starter: int) -> list[ev.Event]:
    """The draw-off's events from its recorded tiles and the starter it chose."""
    events: list[ev.Event] = [ev.DrawOffTile(seat, tile) for seat, tile in tiles]
    events.append(ev.StarterChosen(starter))
    return events
