"""A cheating server: the person's game reports every cheat, and an honest server none.

Each test plays round 1 of a small table over the loopback against the real
server with one cheat put in (``cheats.py``): what the server sends to Ben is
altered, and for some cheats its deal is rigged too. Ben's game, through the
client library, must either refuse the message at once (the connection
closed, "the server broke the fair deal") or find the round false when the
server reveals it (its copy's ``problems``).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from game.commands.cli import main
from game.engine import match as match_module
from game.engine.fairdeal import SHUFFLE, fingerprint, new_salt
from game.engine.tiles import parse_tile
from game.net.client.match_copy import UNCHECKED
from game.net.table import table as table_module
from game.saves import load_file
from game.saves.verify import EXIT_DEAL_UNCHECKED

from .cheats import BEN, Outcome, hidden, install, play_one_round, to_ben
from .conftest import Running

HONEST = match_module.mixed_deal


def _round(server: Running, tmp_path: Path, deal_wait: float = 30.0) -> Outcome:
    """Play round 1 against the server as it now is."""
    return asyncio.run(play_one_round(server.url, tmp_path / "ben", deal_wait))


def _reveal(change: Any) -> Any:
    """A cheat on the reveal of Ben's round_end."""
    def cheat(conn: Any, message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] == "round_end":
            change(message["reveal"])
        return message
    return to_ben(cheat)


def _rig(monkeypatch: pytest.MonkeyPatch, rigged: Any) -> None:
    """The server deals ``rigged(setup, index, secret, contributions)`` instead of the mix."""
    monkeypatch.setattr(table_module, "mixed_deal", rigged)


def test_against_an_honest_server_the_game_finds_nothing_wrong(server: Running, tmp_path: Path) -> None:
    outcome = _round(server, tmp_path)
    assert outcome.refused == "" and outcome.problems == [] and outcome.verdict() == ""
    assert outcome.client.copy is not None and outcome.client.copy.unwitnessed == []


def test_a_reveal_whose_secret_is_not_the_one_committed_to_is_reported(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(monkeypatch, _reveal(lambda reveal: reveal.__setitem__("secret", new_salt())))
    outcome = _round(server, tmp_path)
    assert outcome.problems == ["round 1: the revealed secret is not the one the server committed to"]
    assert outcome.verdict() == "the revealed secret is not the one the server committed to"


def test_a_mix_without_the_persons_contribution_is_reported(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server deals without Ben's accepted contribution and says so in the reveal."""
    def without_ben(setup: Any, index: int, secret: str, parts: Any, shuffle: str = SHUFFLE) -> Any:
        return HONEST(setup, index, secret, [p if s != BEN else "" for s, p in enumerate(parts)], shuffle)

    _rig(monkeypatch, without_ben)
    install(monkeypatch, _reveal(lambda reveal: reveal["contributions"].__setitem__(BEN, "")))
    outcome = _round(server, tmp_path)
    assert outcome.problems == ["round 1: this game's contribution is not in the mix"]


def _swapped(setup: Any, index: int, secret: str, parts: Any, shuffle: str = SHUFFLE) -> Any:
    """The mix with a tile of Ana's hand and one of Ben's changed places."""
    order = HONEST(setup, index, secret, parts, shuffle)
    size = setup.hand_size
    order[0], order[size] = order[size], order[0]
    return order


def test_a_changed_deal_revealed_as_played_is_reported(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _rig(monkeypatch, _swapped)
    outcome = _round(server, tmp_path)
    assert outcome.problems == ["round 1: the deal is not the shuffle of the secret and the contributions"]


def test_a_changed_deal_revealed_as_the_fair_one_is_reported(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server plays a changed deal but reveals the mix: what Ben was shown does not fit it."""
    _rig(monkeypatch, _swapped)

    def fair_looking(reveal: dict[str, Any]) -> None:
        order = reveal["deal"]
        size = reveal["hand_sizes"][0]
        order[0], order[size] = order[size], order[0]
        reveal["fingerprint"] = fingerprint(reveal["secret"], [parse_tile(t) for t in order])

    install(monkeypatch, _reveal(fair_looking))
    outcome = _round(server, tmp_path)
    assert len(outcome.problems) == 1 and outcome.problems[0].startswith("round 1: ")
    assert any(words in outcome.problems[0] for words in ("is not what the revealed deal and moves give its seat",
                                                          "is not legal with the revealed deal"))
    copy = outcome.client.copy
    assert copy is not None and copy.session is not None and copy.session.match.deals == [], "the false round is not kept"
    (save,) = (tmp_path / "ben").glob("autosave-*.json")
    assert load_file(save).match.deals == [], "and the copy's save stays whole"


def _leak(put: Any) -> Any:
    """A cheat that puts hidden tiles into Ben's messages while a round is played."""
    def cheat(conn: Any, message: dict[str, Any]) -> dict[str, Any]:
        tiles = hidden(conn)
        if tiles:
            put(message, tiles)
        return message
    return to_ben(cheat)


def _into_view(key: str, value: Any) -> Any:
    """Put ``value(tiles)`` under ``key`` of an update's view."""
    def put(message: dict[str, Any], tiles: list[str]) -> None:
        if message["type"] == "update":
            message["view"][key] = value(tiles)
    return put


def _face_up(message: dict[str, Any], tiles: list[str]) -> None:
    """Ana's drawn tile shown face up (in every update, so the round need not hold a draw of hers)."""
    if message["type"] == "update":
        message["events"].append({"event": "TileDrawn", "seat": 0, "tile": tiles[0], "penalty": False})


LEAKS = {
    "the boneyard's order in a field of its own in every message":
        lambda message, tiles: message.__setitem__("boneyard", tiles),
    "another hand's tile in a field of its own in the view": _into_view("peek", lambda tiles: tiles[-1]),
    "the boneyard's next tile as a seat's name": _into_view(
        "names", lambda tiles: [tiles[0], "Ben", "Easy 3"]),
    "the tile another seat drew, face up": _face_up,
}


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_a_hidden_tile_in_any_message_is_refused_at_once(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leak: str
) -> None:
    install(monkeypatch, _leak(LEAKS[leak]))
    outcome = _round(server, tmp_path)
    assert outcome.refused.startswith("the server broke the fair deal: "), outcome.refused
    assert outcome.client.unfair and outcome.problems == [outcome.refused]


def test_a_hidden_tile_put_into_the_persons_own_hand_is_found_at_the_rounds_end(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tile of another hand shown as Ben's own passes every message's check
    (it is in Ben's hand as shown), but not the round's end."""
    def put(message: dict[str, Any], tiles: list[str]) -> None:
        if message["type"] == "update" and not message["view"]["round_over"]:
            message["view"]["hand"].append(tiles[-1])

    install(monkeypatch, _leak(put))
    outcome = _round(server, tmp_path)
    assert outcome.refused == ""
    assert len(outcome.problems) == 1 and "is not what the revealed deal and moves give its seat" in outcome.problems[0]


def test_a_hidden_tile_told_as_a_play_that_never_happened_is_found_at_the_rounds_end(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event saying Ana laid a tile still in the boneyard: the events of
    every update are checked against the revealed moves."""
    def put(message: dict[str, Any], tiles: list[str]) -> None:
        if message["type"] == "update" and message["events"] and not message["view"]["round_over"]:
            message["events"].append({"event": "TilePlayed", "seat": 0, "tile": tiles[0], "train": -1,
                                      "near": 0, "far": 0})

    install(monkeypatch, _leak(put))
    outcome = _round(server, tmp_path)
    assert outcome.refused == ""
    assert len(outcome.problems) == 1 and "is not what the revealed deal and moves give its seat" in outcome.problems[0]


def test_a_deal_whose_commitment_the_person_never_saw_is_said_not_checked(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server never shows Ben the commitment (so Ben cannot contribute) and
    deals when its wait is over: Ben is told the deal could not be checked, the
    copy records it, and verify-deal says so with its own status."""
    install(monkeypatch, to_ben(lambda conn, message: None if message["type"] == "commit" else message))
    outcome = _round(server, tmp_path, deal_wait=0.2)
    copy = outcome.client.copy
    assert copy is not None and outcome.problems == [] and copy.unwitnessed == [1]
    assert outcome.verdict() == UNCHECKED
    (save,) = (tmp_path / "ben").glob("autosave-*.json")
    assert json.loads(save.read_bytes())["mixes"][0]["witnessed"] is False
    assert main(["verify-deal", str(save)]) == EXIT_DEAL_UNCHECKED
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("round 1: DEAL NOT CHECKED: this game never saw the server's commitment before the deal")
