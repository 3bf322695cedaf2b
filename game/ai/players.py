"""The player interface and the registry of computer player kinds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from ..engine import Action, Match, SeatView
from .seeding import decision_rng

if TYPE_CHECKING:
    from .search import OraclePlayer


class Player(Protocol):
    """A computer player: picks one of ``view.legal`` for its seat. Decisions
    depend only on the view and the seed the player was made with."""

    def choose(self, view: SeatView) -> Action:
        """Return one legal action for ``view.seat``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline for measurement."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        """A uniformly random legal action."""
        return decision_rng(self.seed, view).choice(view.legal)


def _registry() -> dict[str, Callable[[str], Player]]:
    """Every kind a seat may be given (the oracle is not one: see ``make_oracle``)."""
    from .easy import EasyPlayer
    from .medium import MediumPlayer
    from .search import ExpertPlayer, HardPlayer

    return {
        "random": RandomPlayer,
        "easy": EasyPlayer,
        "medium": MediumPlayer,
        "hard": HardPlayer,
        "expert": ExpertPlayer,
    }


KINDS: dict[str, Callable[[str], Player]] = _registry()
"""Computer player kinds by name: ``random`` and the four levels."""


def make_oracle(seed: str) -> OraclePlayer:
    """The measurement-only oracle: it is handed the full round through
    ``choose_full(state)`` and is never offered to players (not in ``KINDS``)."""
    from .search import OraclePlayer

    return OraclePlayer(seed)


def make_player(kind: str, seed: str) -> Player:
    """A new player of ``kind``; raises ValueError for an unknown kind."""
    try:
        factory = KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown computer player '{kind}' (one of {', '.join(KINDS)})") from None
    return factory(seed)


class ComputerSeats:
    """Decides for every seat of a match with the computer player of that seat's
    kind, made afresh each round from ``match.player_seed(seat)`` (the same
    player the table's worker would ask): a ``Decide`` for ``play_match``."""

    def __init__(self, kinds: Sequence[str]) -> None:
        for kind in kinds:
            if kind not in KINDS:
                raise ValueError(f"unknown computer player '{kind}' (one of {', '.join(KINDS)})")
        self.kinds = tuple(kinds)
        self._players: dict[int, Player] = {}
        self._round = -1

    def __call__(self, match: Match, seat: int) -> Action:
        """The action of ``seat``'s computer player, from ``match.view(seat)``."""
        if match.round_number != self._round:
            self._players = {}
            self._round = match.round_number
        player = self._players.get(seat)
        if player is None:
            player = self._players[seat] = make_player(self.kinds[seat], match.player_seed(seat))
        return player.choose(match.view(seat))
