"""A person's own copy of a network match, checked round by round and kept as a save.

The client notes the server's commitment before its game sends its own
contribution. When a round ends the server reveals the secret, every
contribution, the deal and the round's moves; ``MatchCopy.add_round`` checks
that the secret is the one committed to, that this game's contribution is
in the mix, that the deal is the shuffle of the secret and the
contributions, and replays every move with the rules engine. The copy is an
ordinary save (``game.saves``) that ``mexican-train verify-deal`` checks again.
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction, MatchStateError, RuleOptions, parse_action
from ..engine.actions import ActionSyntaxError
from ..engine.fairdeal import RoundMix, commitment, is_hex
from ..engine.match import mixed_deal
from ..memory.session import GameSession, SeatConfig
from ..saves import SaveError, SaveStore
from .wire import WireError, listed, name, small, tile, tiles


class MatchCopy:
    """The finished rounds of a network match, as this person's game saw them."""

    def __init__(self, code: str, seat: int) -> None:
        self.code = code
        self.seat = seat
        self.session: GameSession | None = None
        self.seen: dict[int, str] = {}
        """Round number -> the commitment this game saw before contributing."""
        self.sent: dict[int, str] = {}
        """Round number -> this game's contribution."""
        self.problems: list[str] = []
        """What did not hold (empty: every revealed round checked out)."""
        self.unwitnessed: list[int] = []
        """Rounds dealt while this game was away: their commitment was not seen
        before the deal, so only the server's word says when it was shown."""

    def committed(self, round_number: int, shown: str, contribution: str) -> None:
        """Note the commitment shown for a round and the contribution sent for it."""
        self.seen[round_number] = shown
        self.sent[round_number] = contribution

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
        return not problem

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
        if shown is None:  # dealt while this game was away: the server's word for what it showed
            shown = str(reveal["commitment"])
            self.unwitnessed.append(number)
        if commitment(secret) != shown:
            return "the revealed secret is not the one the server committed to"
        mine = self.sent.get(number, "")
        if mine and parts[self.seat] != mine:
            return "this game's contribution is not in the mix"
        order = tiles(reveal["deal"], match.setup.set_max)
        if list(order) != mixed_deal(match.setup, number - 1, secret, parts):
            return "the deal is not the shuffle of the secret and the contributions"
        match.start_next_round(order, secret)
        session.mixes.append(RoundMix(shown, parts))
        for text in listed(reveal["actions"]):
            match.apply(parse_action(str(text), match.players, match.setup.set_max))
        if len(match.round_scores) != number or match.round_scores[-1] != message["scores"]:
            return "the revealed moves do not give the round's scores"
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
