"""A table read back from the database, rebuilt exactly where it stood.

The action log is the truth: the match is dealt again from each round's
stored deal and secret and every stored action is applied through the
engine, so the rebuilt table is the one people saw, checked on the way (a
secret that does not match its commitment, a deal that is not a full set, an
action the rules refuse or scores that differ all refuse the table with the
reason; so do a deal that its secret and contributions do not make and a
state the rounds do not reach). A round committed to but not dealt yet waits for contributions
again under the same secret, with the contributions already stored: a
committed round is never dealt anew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import IllegalAction, MatchStateError, Phase, parse_action
from ...engine.actions import ActionSyntaxError
from ...engine.fairdeal import RoundMix, commitment, is_hex
from ...engine.match import shuffle_of
from ...engine.tiles import TileSyntaxError, parse_tile
from ...memory.session import GameSession
from ..protocol.messages import MAX_NAME, OPEN, SEAT_KIND, BadMessage, text
from ..store import DamagedRecord
from ..store.records import RoundRow, StoredTable
from ..store.rows import json_value
from ..table.seats import PERSON, Seat
from ..table.settings import Settings, SettingsError, seat_config
from ..table.table import Table

DamagedTable = DamagedRecord
"""A stored table that cannot be rebuilt; ``reason`` in words (a row the store's checks refused, or
a table whose rows hold but do not make the table they say)."""


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
    settings = settings_from_json(json_value(row.settings, "its settings"))
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
    elif stored.rounds:
        raise DamagedTable("its state is lobby but it holds rounds")
    if table.state != row.state:
        raise DamagedTable(f"its state is {row.state} but its rounds make it {table.state}")
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
    for number, stored in enumerate(rounds, start=1):
        _check_commitment(stored, number, len(table.seats))
        if stored.deal is None:
            if number != len(rounds):
                raise DamagedTable(f"round {number} was never dealt but a later one was")
            table.state, table.secret, table.contributions = "dealing", stored.secret, list(stored.contributions)
            table.deal_deadline = table.clock() + table.settings.deal_wait
            return
        _play_round(session, stored, number, len(table.seats))
    phase = session.match.phase
    if phase is Phase.MATCH_OVER:
        table.state = "over"
    elif phase is Phase.PLAYING:
        table.state = "playing"
    else:
        table.resume_dealing()  # between two rounds with no commitment stored (an imported table): commit now


def _check_commitment(stored: RoundRow, number: int, players: int) -> None:
    """A round's secret is the one its commitment binds, its contributions in their form."""
    if stored.number != number:
        raise DamagedTable(f"round {number} is missing")
    if not is_hex(stored.secret, 32) or commitment(stored.secret) != stored.commitment:
        raise DamagedTable(f"round {number}'s secret is not the one committed to")
    if len(stored.contributions) != players or any(c and not is_hex(c, 64) for c in stored.contributions):
        raise DamagedTable(f"round {number}'s contributions are not in their form")


def _play_round(session: GameSession, stored: RoundRow, number: int, players: int) -> None:
    """Deal round ``number`` as stored (a deal its secret and contributions make) and apply its actions."""
    assert stored.deal is not None
    match = session.match
    order = [parse_tile(tile, match.setup.set_max) for tile in stored.deal]
    shuffle = shuffle_of(match.setup, number - 1, stored.secret, stored.contributions, order)
    if not shuffle:
        raise DamagedTable(f"round {number}'s deal is not the one its secret and contributions make")
    match.start_next_round(order, stored.secret)
    match.start_events = []
    session.mixes.append(RoundMix(stored.commitment, stored.contributions, shuffle))
    for action in stored.actions:
        match.apply(parse_action(action, players, match.setup.set_max))
    if stored.scores is not None and (len(match.round_scores) != number
                                      or list(stored.scores) != match.round_scores[-1]):
        raise DamagedTable(f"round {number}'s moves do not give its stored scores")
