"""What a network table sends: the table, the commitment, each seat's update, a round's end, the match's end.

Each message is built from the table as it stands, as JSON data; the
table's people get them in the order the table returns them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import events as ev
from ...engine.fairdeal import commitment
from ...engine.start import held_out
from ...engine.tiles import TEXT
from ...saves.codec import encode_options
from ..protocol.wire import event_json, view_json

if TYPE_CHECKING:
    from .state import TableState

Out = tuple[int | None, dict[str, Any]]
"""A message and the seat it goes to (None: every person at the table)."""


def table_message(table: TableState) -> dict[str, Any]:
    """The table as every person at it sees it."""
    match = table.session.match if table.session else None
    return {
        "type": "table", "table": table.code, "state": table.state, "settings": table.settings.json(),
        "options": encode_options(table.options), "round": table.round_number,
        "seats": [seat.public(table.thinking == i) for i, seat in enumerate(table.seats)], "paused": bool(table.paused),
        "clock": table.pace.json(),
        "totals": match.totals() if match else [0] * len(table.seats),
    }

def commit_message(table: TableState) -> dict[str, Any]:
    """The server's commitment to the secret of the round about to be dealt."""
    return {"type": "commit", "round": table.round_number, "commitment": commitment(table.secret),
            "wait": table.settings.deal_wait}

def update_message(table: TableState, seat: int, events: tuple[ev.Event, ...],
                   public: dict[str, Any] | None = None) -> dict[str, Any]:
    """``seat``'s view after a change, with the events as that seat may see
    them (``public``: the shared part of every seat's view, made once)."""
    assert table.session is not None
    match = table.session.match
    return {"type": "update", "round": len(match.deals), "moves": len(match.action_log[-1]), "clock": table.pace.json(),
            "events": [event_json(ev.for_seat(e, seat)) for e in events],
            "view": view_json(match.view(seat), public)}

def round_end_message(table: TableState, index: int | None = None) -> dict[str, Any]:
    """Round ``index``'s end (default: the last dealt): scores and everything
    a person's game needs to check the deal."""
    assert table.session is not None
    match = table.session.match
    index = len(match.deals) - 1 if index is None else index
    mix = table.session.mixes[index]
    assert mix is not None
    totals = [sum(r[s] for r in match.round_scores[:index + 1]) for s in range(match.players)]
    setup = match.setup
    return {
        "type": "round_end", "round": index + 1, "scores": match.round_scores[index], "totals": totals,
        "reveal": {"secret": match.salts[index], "commitment": mix.commitment,
                   "contributions": list(mix.contributions), "fingerprint": match.fingerprints[index],
                   "deal": [TEXT[t] for t in match.deals[index]], "actions": list(match.action_log[index]),
                   "set": setup.set_max, "engine": match.used_doubles[index],
                   "held_out": setup.engines is not None and held_out(setup),
                   "hand_sizes": [setup.hand_size] * match.players, "shuffle": mix.shuffle},
        "levels": table.session.round_levels(index),
        "seed": table.session.seed,
        "seats": [{"name": c.name, "kind": c.kind} for c in table.session.seats],
        "draw_off": None if match.first_starter is None else {
            "starter": match.first_starter, "tiles": [[s, TEXT[t]] for s, t in match.draw_off_tiles]},
    }

def match_end_message(table: TableState) -> dict[str, Any]:
    """The match's result."""
    assert table.session is not None
    outcome = table.session.match.outcome()
    assert outcome is not None
    return {"type": "match_end", "totals": list(outcome.totals),
            "ranking": [list(group) for group in outcome.ranking], "winners": list(outcome.winners)}
