"""A person's game finds nothing wrong with an honest table in any preset, and
finds a hidden tile wherever a message names one (no sockets: a table's
messages go to the client library's own message handling as JSON)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from game.ai.decision import decide
from game.engine import TEXT
from game.engine.fairdeal import new_contribution
from game.engine.options import PRESETS
from game.engine.tiles import parse_tile
from game.net.client.client import Client
from game.net.client.inbound import decode
from game.net.client.match_copy import MatchCopy
from game.net.client.replies import Joined
from game.net.client.watch import Unfair, Watch
from game.net.table.outgoing import Out
from game.net.table.settings import Settings
from game.net.table.table import Table

PEOPLE = (0, 1)


class Desk:
    """A table and the clients of its two people, joined without a network."""

    def __init__(self, rules: str) -> None:
        self.table = Table("ABCDE-FGHJK", Settings(rules, 3, "blitz"), ["person", "person", "easy"], lambda: 0.0)
        self.clients = {seat: Client("ws://127.0.0.1:9/", auto_contribute=False) for seat in PEOPLE}
        for seat, name in zip(PEOPLE, ("Ana", "5-3"), strict=True):  # a name may look like a tile
            token = self.table.seats[seat].take(name, 0.0)
            client = self.clients[seat]
            client.joined = Joined(self.table.code, seat, token, seat == 0)
            client.copy = MatchCopy(self.table.code, seat)

    async def deliver(self, outs: list[Out]) -> None:
        """Hand every message to its people, as the server would send it; answer commitments."""
        for seat, message in outs:
            for person in PEOPLE if seat is None else (seat,):
                client = self.clients[person]
                await client._take(decode(json.dumps(message), client.table.setup if client.table else None))
                if message["type"] == "commit":
                    mine = new_contribution()
                    client.contributing = (message["round"], message["commitment"], mine)
                    await self.deliver(self.table.contribute(person, message["round"], mine))

    async def play(self) -> None:
        """The whole match: the people play their last legal action, the computer as Easy."""
        await self.deliver([(None, self.table.table_message())])
        await self.deliver(self.table.start(0))
        match = self.table.session.match if self.table.session else None
        assert match is not None
        while self.table.state != "over":
            seat = match.current_player()
            assert seat is not None
            if seat == 2:
                action = decide("easy", match.player_seed(2), match.view(2))
                await self.deliver(self.table.computer_acted(2, action, self.table.version))
            else:
                await self.deliver(self.table.act(seat, str(match.legal_actions()[-1]), None))


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_an_honest_table_of_any_preset_checks_out_in_full(rules: str) -> None:
    desk = Desk(rules)
    asyncio.run(desk.play())
    rounds = desk.table.settings.options().setup(3).rounds
    for client in desk.clients.values():
        copy = client.copy
        assert copy is not None and copy.session is not None
        assert copy.problems == [] and copy.unwitnessed == [] and not client.unfair
        assert len(copy.session.match.round_scores) == rounds
        assert all(copy.verdict(n) == "" for n in range(1, rounds + 1))
        assert sorted(copy.sent) == list(range(1, rounds + 1)), "every accepted contribution is counted"


def _mid_round() -> tuple[Desk, dict[str, Any]]:
    """A desk one round in, and the next update for seat 0 as the server sends it."""
    desk = Desk("classic")
    asyncio.run(desk.deliver([(None, desk.table.table_message())]))
    asyncio.run(desk.deliver(desk.table.start(0)))
    return desk, desk.table.update(0, ())


def _hidden(desk: Desk) -> list[str]:
    """The tiles seat 0 may not see: the boneyard and the other hands."""
    state = desk.table.session.match.round if desk.table.session else None
    assert state is not None
    return [TEXT[t] for t in state.boneyard] + [TEXT[t] for hand in state.hands[1:] for t in hand]


def _check(desk: Desk, message: dict[str, Any]) -> None:
    """Seat 0's game's check of one message."""
    client = desk.clients[0]
    assert client.table is not None
    client.watch.check(decode(json.dumps(message), client.table.setup), client.view, client.table)


@pytest.mark.parametrize("where", ["a new field", "a nested new field", "the view's names", "an error message",
                                   "a table message's state", "a key"])
def test_a_hidden_tile_is_found_in_any_field(where: str) -> None:
    desk, update = _mid_round()
    _check(desk, update)  # as sent: nothing hidden
    for tile in (t for t in _hidden(desk) if t != "5-3"):  # Ben's name, never read as a tile
        message = json.loads(json.dumps(update))
        if where == "a new field":
            message["note"] = f"next: {tile}"
        elif where == "a nested new field":
            message["view"]["turn_detail"] = {"x": [tile]}
        elif where == "the view's names":
            message["view"]["names"][2] = tile
        elif where == "an error message":
            message = {"type": "error", "code": "illegal", "message": f"Ben holds the {tile}", "about": "act"}
        elif where == "a table message's state":
            message = desk.table.table_message()
            message["state"] = f"playing {tile}"
        else:
            message[tile] = 1
        with pytest.raises(Unfair, match=f"the {tile}"):
            _check(desk, message)


def test_a_tile_the_game_named_itself_may_come_back_in_a_refusal() -> None:
    desk, _ = _mid_round()
    tile = _hidden(desk)[0]
    desk.clients[0].watch.sent(json.dumps({"type": "act", "action": f"play {tile} on 0"}))
    _check(desk, {"type": "error", "code": "illegal", "message": f"you do not hold the {tile}", "about": "act"})


def test_names_do_not_change_once_the_match_is_under_way() -> None:
    desk, _ = _mid_round()
    message = desk.table.table_message()
    message["seats"][1]["name"] = "Bob"
    with pytest.raises(Unfair, match="names"):
        _check(desk, message)


def test_a_tile_is_read_only_where_it_is_written_as_a_tile() -> None:
    watch = Watch()
    watch.sent("version 0.1.0, table K3F92-31XAM, 12-5")
    assert watch.named == {parse_tile("12-5")}
