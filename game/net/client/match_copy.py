"""A person's own copy of a network match, checked round by round and kept as a save.

The client notes each commitment the server shows before the round's deal
(``witness``), its own contribution once the server has accepted it
(``committed``) and every view and event it was shown during the round
(``saw``). When a round ends the server reveals the secret, every
contribution, the deal and the round's moves; ``MatchCopy.add_round`` checks
that the secret is the one committed to, that this game's contribution is in
the mix, that the deal is the shuffle of the secret and the contributions,
replays every move with the rules engine, and checks that every view and
event this game was shown during the round is what that deal and those
moves gave its seat. The copy is an ordinary save (``game.saves``) that
``mexican-train verify-deal`` checks again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...ai.levels import KIND_NAMES, Levels
from ...engine import IllegalAction, MatchStateError, RuleOptions, SeatView, parse_action
from ...engine import events as ev
from ...engine.actions import ActionSyntaxError
from ...engine.fairdeal import LEGACY_SHUFFLE, SHUFFLE, RoundMix, commitment, is_hex
from ...engine.match import Match, draw_off_events, mixed_deal
from ...engine.start import held_out
from ...memory.session import GameSession, SeatConfig
from ...saves import SaveError, SaveStore
from ..protocol.wire import WireError, listed, name, small, tile, tiles

UNCHECKED = ("This round's deal could not be checked: the server dealt it before this game saw its commitment, "
             "so nothing shows the server did not choose it.")
"""What the person is told of a round dealt without their game seeing the commitment first."""

Shown = tuple[int, SeatView, tuple[ev.Event, ...]]
"""One update as this game took it in: the round's moves so far, the view and the events."""


class MatchCopy:
    """The finished rounds of a network match, as this person's game saw them."""

    def __init__(self, code: str, seat: int) -> None:
        self.code = code
        self.seat = seat
        self.session: GameSession | None = None
        self.seen: dict[int, str] = {}
        """Round number -> the commitment this game saw before the round was dealt."""
        self.sent: dict[int, str] = {}
        """Round number -> this game's contribution, once the server accepted it."""
        self.shown: dict[int, list[Shown]] = {}
        """Round number -> every update this game was shown in that round, checked when it ends."""
        self.problems: list[str] = []
        """What did not hold (empty: every revealed round checked out)."""
        self.unwitnessed: list[int] = []
        """Rounds dealt before this game saw their commitment (it was away, or the
        server never showed it): only the server's word says the deal was not chosen."""

    def witness(self, round_number: int, shown: str) -> None:
        """Note a commitment the server shows; it counts only before this game has seen the round dealt."""
        if round_number not in self.shown:
            self.seen.setdefault(round_number, shown)

    def committed(self, round_number: int, shown: str, contribution: str) -> None:
        """Note the commitment of a round and this game's contribution to it, which the server accepted."""
        self.witness(round_number, shown)
        self.sent[round_number] = contribution

    def saw(self, round_number: int, moves: int, view: SeatView, events: tuple[ev.Event, ...]) -> None:
        """Keep an update of a round this copy does not hold yet, to check against the reveal."""
        held = len(self.session.match.round_scores) if self.session else 0
        if round_number > held:
            self.shown.setdefault(round_number, []).append((moves, view, events))

    def verdict(self, round_number: int) -> str:
        """What the person should be told of a round's check: '' when it held in full."""
        prefix = f"round {round_number}: "
        for problem in self.problems:
            if problem.startswith(prefix):
                return problem.removeprefix(prefix)
        return UNCHECKED if round_number in self.unwitnessed else ""

    def add_round(self, reveal_message: dict[str, Any], options: RuleOptions) -> bool:
        """Check and add a revealed round; False (with the reason in ``problems``) when it does not hold."""
        number = reveal_message.get("round")
        try:
            problem = self._add(reveal_message, options)
        except (WireError, KeyError, TypeError, ValueError) as error:
            problem = f"the round's reveal cannot be read ({error})"
        except (IllegalAction, MatchStateError, ActionSyntaxError) as error:
            problem = f"a revealed move is not legal with the revealed deal ({error})"
        if problem:
            self.problems.append(f"round {number}: {problem}")
            self._forget_round()
        return not problem

    def _forget_round(self) -> None:
        """Take back a round the copy began to deal and replay but found false:
        the copy keeps only the rounds that held, so its save stays whole."""
        session = self.session
        if session is None:
            return
        kept, match = len(session.mixes), session.match
        if len(match.deals) <= kept:
            return
        record = match.record()
        record = replace(record, deals=record.deals[:kept], actions=record.actions[:kept],
                         salts=record.salts[:kept], fingerprints=record.fingerprints[:kept], undos=record.undos[:kept])
        players, top = match.players, match.setup.set_max
        session.match = Match.replay(record, lambda text: parse_action(text, players, top))

    def _add(self, message: dict[str, Any], options: RuleOptions) -> str:
        """The check and replay; a problem in words, or ''."""
        number, reveal = small(message["round"], 1), message["reveal"]
        session = self.session or self._start(message, options)
        match = session.match
        if number <= len(match.deals):
            return ""  # a round this copy holds already (sent again after a rejoin)
        if number != len(match.deals) + 1:
            return "it is not the next round of this copy"
        secret, parts = reveal["secret"], tuple(listed(reveal["contributions"], match.players))
        if type(secret) is not str or not is_hex(secret, 32) or any(type(p) is not str for p in parts):
            return "the revealed secret or contributions are not in their form"
        shown = self.seen.get(number)
        witnessed = shown is not None
        if shown is None:  # dealt before this game saw the commitment: the server's word for what it showed
            shown = str(reveal["commitment"])
        shuffle = reveal["shuffle"]
        problem = (self._mix_problem(number, secret, parts, shown, shuffle, witnessed)
                   or self._round_problem(message, match, number, secret, parts, shuffle))
        if problem:
            return problem
        if not witnessed:
            self.unwitnessed.append(number)
        session.mixes.append(RoundMix(shown, parts, shuffle, witnessed))
        session.levels.append(_levels(message.get("levels"), [seat.kind for seat in session.seats]))
        self.shown.pop(number, None)
        return ""

    def _mix_problem(self, number: int, secret: str, parts: tuple[str, ...], shown: str, shuffle: Any,
                     witnessed: bool) -> str:
        """What is wrong with the revealed mix of round ``number`` (the secret against the commitment
        ``shown``, this game's contribution, the shuffle), or ''."""
        if commitment(secret) != shown:
            return "the revealed secret is not the one the server committed to"
        mine = self.sent.get(number, "")
        if mine and parts[self.seat] != mine:
            return "this game's contribution is not in the mix"
        if shuffle != SHUFFLE and (witnessed or shuffle != LEGACY_SHUFFLE):
            return "the deal was not made with the shuffle the fair deal defines"
        return ""

    def _round_problem(self, message: dict[str, Any], match: Match, number: int, secret: str,
                       parts: tuple[str, ...], shuffle: Any) -> str:
        """What is wrong with round ``number`` as revealed (its dealing, its deal against the mix, its
        moves replayed, its scores and engine), or '' once it is replayed into ``match``."""
        reveal = message["reveal"]
        problem = _dealing_problem(reveal, match, number - 1)
        if problem:
            return problem
        order = tiles(reveal["deal"], match.setup.set_max)
        if list(order) != mixed_deal(match.setup, number - 1, secret, parts, shuffle):
            return "the deal is not the shuffle of the secret and the contributions"
        problem = self._replay(match, number, order, secret, listed(reveal["actions"]))
        if problem:
            return problem
        if len(match.round_scores) != number or match.round_scores[-1] != message["scores"]:
            return "the revealed moves do not give the round's scores"
        if reveal["engine"] != match.used_doubles[-1]:
            return "the round's engine double is not the one the deal gives"
        return ""

    def _replay(self, match: Match, number: int, order: tuple[int, ...], secret: str, actions: list[Any]) -> str:
        """Deal ``order`` and apply the revealed moves, checking every update this
        game was shown in the round against the seat's view and events at that move."""
        shown: dict[int, list[tuple[SeatView, tuple[ev.Event, ...]]]] = {}
        for moves, view, told in self.shown.get(number, []):
            shown.setdefault(moves, []).append((view, told))
        if any(moves > len(actions) for moves in shown):
            return "this game was shown more moves of the round than the server revealed"
        first: list[ev.Event] = []
        if number == 1 and match.first_starter is not None:
            first = draw_off_events(match.draw_off_tiles, match.first_starter)
        state = match.start_next_round(order, secret)
        events: tuple[ev.Event, ...] = (*first, *(state.events or ()))
        for moves in range(len(actions) + 1):
            if moves:
                events = match.apply(parse_action(str(actions[moves - 1]), match.players, match.setup.set_max))
            mine = tuple(ev.for_seat(e, self.seat) for e in events)
            for view, told in shown.get(moves, ()):
                if view != match.view(self.seat) or (told and told != mine):
                    return (f"what this game was shown after move {moves} of the round is not what the revealed "
                            "deal and moves give its seat")
        return ""

    def _start(self, message: dict[str, Any], options: RuleOptions) -> GameSession:
        """The copy's session, from the first reveal's seats, seed and draw-off."""
        seats = [SeatConfig(name(s["name"]), str(s["kind"])) for s in listed(message["seats"])]
        seed = message["seed"]
        if type(seed) is not str or len(seed) > 100:
            raise WireError("the match's seed is not in its form")
        match_id = "net-" + "".join(c for c in self.code.lower() if c.isalnum())
        session = GameSession(options, seats, seed, match_id)
        held = message.get("draw_off")
        if held is not None:
            session.match.first_starter = small(held["starter"], 0, len(seats) - 1)
            session.match.draw_off_tiles = tuple(
                (small(s, 0, len(seats) - 1), tile(t, session.match.setup.set_max)) for s, t in listed(held["tiles"]))
        self.session = session
        return session

    def save(self, store: SaveStore) -> str:
        """Write the copy as the match's autosave in ``store``; the path, or '' with nothing to save."""
        if self.session is None:
            return ""
        try:
            return str(store.write(self.session, store.autosave_path_for(self.session), f"online {self.code}"))
        except SaveError as error:
            self.problems.append(f"the copy could not be saved: {error.reason}")
            return ""


def _dealing_problem(reveal: dict[str, Any], match: Match, index: int) -> str:
    """Whether the reveal's description of the round (set, held-out double, hand
    sizes) is the table's: a problem in words, or ''."""
    setup = match.setup
    if reveal["set"] != setup.set_max or reveal["hand_sizes"] != [setup.hand_size] * match.players:
        return "the revealed set or hand sizes are not the table's"
    if reveal["held_out"] is not (setup.engines is not None and held_out(setup)):
        return "the revealed deal holds out a double the rules do not, or keeps one they hold out"
    return ""


def _levels(raw: Any, kinds: list[str]) -> Levels | None:
    """The versions of the server's computer kinds in a round, as the reveal says
    (None: not said, or not one for each computer kind among the seats' ``kinds``)."""
    if type(raw) is not dict or sorted(raw) != sorted({kind for kind in kinds if kind in KIND_NAMES}):
        return None
    record: Levels = {}
    for kind, value in raw.items():
        if type(value) is int and 1 <= value <= 1_000_000:
            record[kind] = value
        elif type(value) is list and 2 <= len(value) <= 10 and all(type(v) is int and 1 <= v for v in value):
            record[kind] = list(value)
        else:
            return None
    return record
