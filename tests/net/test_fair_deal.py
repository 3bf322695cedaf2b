"""The fair deal as docs/fair-deal.md defines it, checked from the document
alone, and the edges of a person's contribution."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from game.engine import preset
from game.engine.match import mixed_deal
from game.engine.tiles import TEXT

from . import fair_deal_check as doc
from .conftest import Person, Running, connected, next_of

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "fair-deal.md"


def _worked_example() -> dict[str, str]:
    """The worked example's lines in docs/fair-deal.md, by label."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("**A worked example**", 1)[1].split("```", 2)[1]
    return {key.strip(): value.strip() for key, value in
            (line.split(":", 1) for line in block.strip().splitlines())}


def test_the_documents_worked_example_holds_by_the_document_and_by_the_game() -> None:
    example = _worked_example()
    secret = example["secret"]
    parts = [example["contribution 0"], example["contribution 1"]]
    assert doc.commitment(secret) == example["commitment"]
    seed = doc.mix_seed(secret, parts)
    assert seed == example["mix seed"]
    words = doc.Words(seed)
    assert [f"{words.next():016x}" for _ in range(4)] == example["block 0 words"].split()
    tiles = doc.round_tiles(9, None)
    assert len(tiles) == 55
    words = doc.Words(seed)
    swaps = [f"i={i} j={words.below(i + 1)}" for i in range(54, 49, -1)]
    assert ", ".join(swaps) == example["first swaps"]
    order = doc.shuffle(tiles, seed)
    assert " ".join(order) == example["order"]
    dealt, boneyard = doc.hands(order, [15, 15])
    assert [" ".join(h) for h in dealt] == [example["seat 0's hand"], example["seat 1's hand"]]
    assert " ".join(boneyard) == example["boneyard"]
    assert doc.fingerprint(secret, order) == example["fingerprint"]
    game_order = mixed_deal(preset("classic").setup(2), 0, secret, parts)
    assert [TEXT[t] for t in game_order] == order, "the game deals as the document says"


def test_the_documents_checker_imports_nothing_of_the_game() -> None:
    code = ("import sys; sys.path.insert(0, 'tests/net'); import fair_deal_check; "
            "print(sorted(m for m in sys.modules if m == 'game' or m.startswith('game.')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"
    source = (ROOT / "tests" / "net" / "fair_deal_check.py").read_text(encoding="utf-8")
    assert set(re.findall(r"^(?:from|import) (\S+)", source, re.MULTILINE)) == {"__future__", "hashlib", "json",
                                                                                 "typing"}


def _dealt_hand(first: dict[str, Any]) -> list[str]:
    """A person's hand as dealt, from the JSON of the round's first update: the
    hand shown, less the tiles they drew for the engine, plus the engine double they placed."""
    seat = first["view"]["seat"]
    events = [e for e in first["events"] if e.get("seat") == seat]
    hand = list(first["view"]["hand"])
    hand += [f"{e['engine']}-{e['engine']}" for e in events if e["event"] == "EnginePlaced"]
    for event in events:  # a drawn double placed at once left the hand with the placing
        if event["event"] == "TileDrawn":
            hand.remove(event["tile"])
    return hand


def test_a_match_over_the_loopback_checks_out_by_the_document_alone(server: Running) -> None:
    """Two people and an Easy computer play a blitz match; each person's
    messages (as JSON), their own contribution and the commitment they saw
    are all the document's checker gets."""
    async def play() -> list[Person]:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 3, length="blitz", seats=["person", "open", "easy"])
        guest = await connected(server.url)
        await guest.join(table.table, "Ben")
        await host.start()
        people = [Person(host, seed="a"), Person(guest, seed="b")]
        await asyncio.gather(*(p.play_until("match_end") for p in people))
        for person in people:
            await person.client.close()
        return people

    checked = 0
    for seat, person in enumerate(asyncio.run(play())):
        copy = person.client.copy
        assert copy is not None
        seen: dict[int, str] = {}
        first: dict[int, dict[str, Any]] = {}
        for message in person.seen:
            data = message.data
            if message.type == "commit":
                seen.setdefault(data["round"], data["commitment"])
            if message.type == "update":
                first.setdefault(data["round"], data)
            if message.type == "round_end":
                number = data["round"]
                assert set(data["reveal"]) >= {"set", "engine", "held_out", "hand_sizes", "secret", "contributions"}
                problems = doc.check_round(data, seen[number], copy.sent[number], seat, _dealt_hand(first[number]))
                assert problems == [], f"seat {seat}, round {number}: {problems}"
                checked += 1
    assert checked == 6


def test_a_contribution_the_deal_went_on_without_leaves_the_copy_clean(server: Running) -> None:
    """Ben contributes only after the deal went on without him (the table's wait
    was over): the server refuses it, his game forgets it, and his copy does
    not accuse the server of leaving it out of the mix."""
    async def late() -> Any:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 3, length="blitz", seats=["person", "open", "easy"],
                                  deal_wait=0.2)
        ben = await connected(server.url, auto_contribute=False)
        await ben.join(table.table, "Ben")
        await host.start()
        hosting = asyncio.create_task(Person(host, seed="a").play_until("round_end"))
        await next_of(ben, "commit")
        dealt = await next_of(ben, "update")
        assert dealt.data["round"] == 1
        await ben.contribute()
        refused = await next_of(ben, "error")
        assert refused.data["about"] == "contribute" and refused.data["code"] == "state"
        end = await Person(ben, seed="b").play_until("round_end")
        await hosting
        await host.close()
        await ben.close()
        return ben, end

    ben, end = asyncio.run(late())
    copy = ben.copy
    assert copy is not None and end.data["reveal"]["contributions"][1] == ""
    assert copy.problems == [] and copy.sent == {} and copy.unwitnessed == [] and copy.verdict(1) == ""
    assert ben.contributing is None


def test_a_contribution_counts_once_the_server_accepts_it(server: Running) -> None:
    async def on_time() -> Any:
        host = await connected(server.url)
        table = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        ben = await connected(server.url, auto_contribute=False)
        await ben.join(table.table, "Ben")
        await host.start()
        await next_of(ben, "commit")
        await ben.contribute()
        accepted = await next_of(ben, "contributed")
        assert ben.copy is not None
        sent = ben.copy.sent
        await host.close()
        await ben.close()
        return accepted, sent

    accepted, sent = asyncio.run(on_time())
    assert accepted.data == {"type": "contributed", "round": 1} and len(sent[1]) == 64
