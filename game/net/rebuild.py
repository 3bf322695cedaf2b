"""A table read back from the database, rebuilt exactly where it stood.

The action log is the truth: the match is dealt again from each round's
stored deal and secret and every stored action is applied through the
engine, so the rebuilt table is the one people saw, checked on the way (a
secret that does not match its commitment, a deal that is not a full set, an
action the rules refuse or scores that differ all refuse the table with the
reason). A round committed to but not dealt yet waits for contributions
again under the same secret, with the contributions already stored: a
committed round is never dealt anew.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engine import IllegalAction, MatchStateError, Phase, parse_action
from ..engine.actions import ActionSyntaxError
from ..engine.fairdeal import SHUFFLE, RoundMix, commitment, is_hex
from ..engine.match import shuffle_of
from ..engine.tiles import TileSyntaxError, parse_tile
from ..memory.session import GameSession
from .messages import MAX_NAME, OPEN, SEAT_KIND, BadMessage, text
from .seats import PERSON, Seat
from .settings import Settings, SettingsError, seat_config
from .store.records import RoundRow, StoredTable
from .table import Table


class DamagedTable(Exception):
    """A stored table that cannot be rebuilt; ``reason`` in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def rebuild(stored: StoredTable, clock: Callable[[], float]) -> Table:
    """The table ``stored`` holds, standing where its log ends; DamagedTable if it does not hold."""
    try:
        return _rebuild(stored, clock)
    except DamagedTable:
        raise
    except (SettingsError, BadMessage) as error:
        raise DamagedTable(f"its settings do not hold: {error}") from None
    except (IllegalAction, MatchStateError, ActionSyntaxError, TileSyntaxError) as error:
        raise DamagedTable(f"its moves do not replay: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise DamagedTable(f"it is not in its form ({error!r})") from None


def _rebuild(stored: StoredTable, clock: Callable[[], float]) -> Table:
    """The rebuild itself (any failure raised as it comes)."""
    row = stored.row
    settings = settings_from_json(json.loads(row.settings))
    seats = [_checked(Seat.from_row(seat, clock())) for seat in stored.seats]
    if [s.seat for s in stored.seats] != list(range(settings.players)):
        raise DamagedTable("its seats do not match its number of players")
    table = Table(row.code, settings, [seat.kind for seat in seats], clock, row.table_id)
    table.seats = seats
    table.creator, table.created_at, table.finished_at = row.creator, row.created_at, row.finished_at
    table.epoch = stored.epoch
    table.writes.clear()
    if row.state != "lobby":
        _replay(table, stored.rounds, row.seed)
    table.pace.restore(stored.clock_left)
    table.events_log.clear()
    return table


def _checked(seat: Seat) -> Seat:
    """A stored seat whose kind, name and token hash are in their form (BadMessage or DamagedTable if not)."""
    if seat.kind != PERSON:
        SEAT_KIND(seat.kind, "kind")
    if seat.kind != OPEN:
        text(MAX_NAME)(seat.name, "name")
    if seat.token_hash and not is_hex(seat.token_hash, 64):
        raise DamagedTable("a seat's token hash is not in its form")
    return seat


def settings_from_json(raw: Any) -> Settings:
    """Stored settings, checked exactly as a ``create`` request's would be (``Settings.from_json``)."""
    return Settings.from_json(raw)


def _replay(table: Table, rounds: tuple[RoundRow, ...], seed: str) -> None:
    """Deal and play every stored round; a round committed but not dealt waits for contributions."""
    configs = [seat_config(seat.kind, seat.name) for seat in table.seats]
    session = GameSession(table.options, configs, seed, table.table_id)
    table.session = session
    match = session.match
    players = len(table.seats)
    for number, stored in enumerate(rounds, start=1):
        if stored.number != number:
            raise DamagedTable(f"round {number} is missing")
        if not is_hex(stored.secret, 32) or commitment(stored.secret) != stored.commitment:
            raise DamagedTable(f"round {number}'s secret is not the one committed to")
        if len(stored.contributions) != players or any(c and not is_hex(c, 64) for c in stored.contributions):
            raise DamagedTable(f"round {number}'s contributions are not in their form")
        if stored.deal is None:
            if number != len(rounds):
                raise DamagedTable(f"round {number} was never dealt but a later one was")
            table.state, table.secret, table.contributions = "dealing", stored.secret, list(stored.contributions)
            table.deal_deadline = table.clock() + table.settings.deal_wait
            return
        order = [parse_tile(tile, match.setup.set_max) for tile in stored.deal]
        match.start_next_round(order, stored.secret)
        match.start_events = []
        shuffle = shuffle_of(match.setup, number - 1, stored.secret, stored.contributions, order) or SHUFFLE
        session.mixes.append(RoundMix(stored.commitment, stored.contributions, shuffle))
        for action in stored.actions:
            match.apply(parse_action(action, players, match.setup.set_max))
        if stored.scores is not None and (len(match.round_scores) != number
                                          or list(stored.scores) != match.round_scores[-1]):
            raise DamagedTable(f"round {number}'s moves do not give its stored scores")
    phase = match.phase
    if phase is Phase.MATCH_OVER:
        table.state = "over"
    elif phase is Phase.PLAYING:
        table.state = "playing"
    else:
        table.resume_dealing()  # between two rounds with no commitment stored (an imported table): commit now
