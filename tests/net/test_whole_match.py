"""A whole match of four remote people over real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from game.ai import make_player
from game.commands.cli import main
from game.engine import Match, RoundState, parse_action
from game.engine.length import with_length
from game.engine.options import preset
from game.engine.tiles import parse_tile
from game.net.client.client import Client
from game.net.client.inbound import Incoming
from game.saves import SaveStore

from .conftest import Person, Running, connected

TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


async def _four_people(server: Running, tmp: Path) -> tuple[list[Person], Incoming]:
    """Four scripted people play a blitz match at one table; their messages and the match's end."""
    host = await connected(server.url, store=SaveStore(tmp / "ana"))
    joined = await host.create("Ana", "classic", 4, length="blitz", seats=["person", "open", "open", "open"])
    people = [Person(host, seed="p0")]
    for i, name in enumerate(("Ben", "Cy", "Di"), start=1):
        client = await connected(server.url, store=SaveStore(tmp / name.lower()))
        await client.join(joined.table, name)
        people.append(Person(client, seed=f"p{i}"))
    await host.start()
    ends = await asyncio.gather(*(p.play_until("match_end") for p in people))
    for person in people:
        await person.client.close()
    return people, ends[0]


def _played_locally(people: list[Person]) -> Match:
    """The same deals played on one machine by the same players, with no network."""
    copy = people[0].client.copy
    assert copy is not None and copy.session is not None
    remote = copy.session.match
    options = with_length(preset("classic"), 4, "blitz")
    local = Match(options, 4, remote.seed)
    players = [make_player("easy", f"p{i}") for i in range(4)]
    for index, deal in enumerate(remote.deals):
        local.start_next_round(deal, remote.salts[index])
        while local.current_player() is not None:
            seat = local.current_player()
            assert seat is not None
            local.apply(players[seat].choose(local.view(seat)))
    return local


def test_four_remote_people_end_as_the_same_deal_played_locally(server: Running, tmp_path: Path) -> None:
    people, end = asyncio.run(_four_people(server, tmp_path))
    local = _played_locally(people)
    outcome = local.outcome()
    assert outcome is not None
    assert end.data["totals"] == list(outcome.totals)
    assert end.data["winners"] == list(outcome.winners)
    for person in people:
        assert person.client.copy is not None and person.client.copy.problems == []


def test_each_persons_copy_passes_verify_deal_with_the_mix(server: Running, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(_four_people(server, tmp_path))
    for name in ("ana", "ben", "cy", "di"):
        (save,) = (tmp_path / name).glob("autosave-*.json")
        assert main(["verify-deal", str(save)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 3
        assert all("the deal is the mix of the committed secret and 4 players' contributions" in line
                   for line in lines)


def test_no_message_to_a_person_holds_a_tile_of_another_hand_or_of_the_boneyard(server: Running, tmp_path: Path) -> None:
    """Every message a person gets while a round is played is checked against
    the other hands and the boneyard at that moment (the deal and moves replayed)."""
    people, _ = asyncio.run(_four_people(server, tmp_path))
    copy = people[0].client.copy
    assert copy is not None and copy.session is not None
    remote = copy.session.match
    checked = 0
    for seat, person in enumerate(people):
        at: tuple[int, int] | None = None  # (round, moves) of the latest update, None between rounds
        for message in person.seen:
            if message.type == "update":
                at = (message.data["round"], message.data["moves"])
                if message.view is not None and message.view.round_over:
                    at = None
            if at is None or message.type in ("round_end", "match_end"):
                continue
            hidden = _hidden(remote, at[0] - 1, at[1], seat)
            shown = {parse_tile(f"{a}-{b}") for a, b in TILE.findall(json.dumps(message.data))}
            assert not shown & hidden, f"seat {seat} was sent a tile of another hand or of the boneyard"
            checked += 1
    assert checked > 100


def _hidden(remote: Match, index: int, moves: int, seat: int) -> set[int]:
    """The tiles in the other seats' hands and in the boneyard after ``moves`` actions of round ``index``."""
    match = Match(remote.setup.options, remote.players, remote.seed, record_events=False)
    for earlier in range(index):
        match.start_next_round(remote.deals[earlier], remote.salts[earlier])
        for text in remote.action_log[earlier]:
            match.apply(parse_action(text, remote.players, remote.setup.set_max))
    match.start_next_round(remote.deals[index], remote.salts[index])
    for text in remote.action_log[index][:moves]:
        match.apply(parse_action(text, remote.players, remote.setup.set_max))
    state: RoundState | None = match.round
    assert state is not None
    return {t for s, hand in enumerate(state.hands) if s != seat for t in hand} | set(state.boneyard)


def test_a_client_sees_the_table_it_joined(server: Running) -> None:
    async def scenario() -> None:
        host = await connected(server.url)
        joined = await host.create("Ana", "hub", 3, length="short", seats=["person", "open", "hard"])
        guest: Client = await connected(server.url)
        seat = await guest.join(joined.table.replace("-", "").lower(), "Ben")
        assert seat.seat == 1 and not seat.host and seat.token != joined.token
        while guest.table is None or guest.table.seats[1].name != "Ben":
            await guest.next(timeout=5)
        assert [s.kind for s in guest.table.seats] == ["person", "person", "hard"]
        assert guest.table.options.preset == "hub"
        await host.close()
        await guest.close()

    asyncio.run(scenario())
