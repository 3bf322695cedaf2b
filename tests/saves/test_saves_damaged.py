"""Damaged and hostile save files: each is refused with a message naming the problem, and left as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.saves import SaveError, SaveStore, dumps
from game.saves.codec import checksum
from game.saves.validate import MAX_BYTES
from game.memory.session import GameSession

from .sessions import new_session, play_steps

Doc = dict[str, Any]


def _good_session() -> GameSession:
    """A classic match in round 2 with an uncovered double on the table and draws in the history."""
    session = new_session("classic", ["human", "easy", "random", "random"], 11)
    match = session.match
    while not (
        len(match.round_scores) >= 1
        and match.round is not None
        and match.round.open_doubles
        and match.round.history
        and not match.round.round_over
    ):
        assert play_steps(session, 1) == 1
    return session


GOOD = dumps(_good_session(), "good")


def doc() -> Doc:
    """A fresh copy of the good document."""
    return json.loads(GOOD)


def _swap_first_hand_with_boneyard(d: Doc) -> None:
    """A forger's deal: the first tile dealt and the last one (a boneyard tile) swapped."""
    deal = d["deals"][0]
    deal[0], deal[-1] = deal[-1], deal[0]


def edited(change: Callable[[Doc], Any], fix_checksum: bool = True) -> bytes:
    """The good save with ``change`` applied (and its checksum recomputed, as a forger would)."""
    d = doc()
    change(d)
    if fix_checksum:
        d["checksum"] = checksum(d)
    return json.dumps(d, indent=1).encode()


def _move_tile(d: Doc, src: list[str], dst: list[str]) -> None:
    dst.append(src.pop())


def _swap_hand_and_boneyard(d: Doc) -> None:
    hand, bone = d["round"]["hands"][1], d["round"]["boneyard"]
    hand[0], bone[0] = bone[0], hand[0]


def _nest(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _first_played_action(d: Doc) -> int:
    return next(i for i, a in enumerate(d["action_log"][-1]) if a.startswith("play"))


CASES: list[tuple[str, Callable[[], bytes], str]] = [
    ("empty file", lambda: b"", "empty"),
    ("only spaces", lambda: b"  \n\n ", "empty"),
    ("not JSON", lambda: b"this is my shopping list", "not valid JSON"),
    ("truncated in the middle", lambda: GOOD[: len(GOOD) // 2], "cut off"),
    ("truncated by one byte", lambda: GOOD.rstrip()[:-1], "cut off"),
    ("binary junk", lambda: bytes(range(256)) * 4, "not UTF-8"),
    ("a JSON list", lambda: b"[1, 2, 3]", "not a Mexican Train save"),
    ("another program's JSON", lambda: b'{"version": 1, "level": 3}', "not a Mexican Train save"),
    ("no version", lambda: edited(lambda d: d.pop("version"), False), "no format version"),
    (
        "version as text",
        lambda: edited(lambda d: d.update(version="1"), False),
        "format version must be a whole number",
    ),
    ("newer version", lambda: edited(lambda d: d.update(version=7)), "newer version of the game"),
    ("negative version", lambda: edited(lambda d: d.update(version=-1)), "unknown"),
    ("unknown top-level field", lambda: edited(lambda d: d.update(cheat=True)), "unknown field 'cheat'"),
    ("missing field", lambda: edited(lambda d: d.pop("seats")), "missing the field 'seats'"),
    ("field written twice", lambda: GOOD.replace(b'"seed":', b'"seed": 1, "seed":', 1), "written twice"),
    ("NaN number", lambda: GOOD.replace(b'"seed": ', b'"seed": NaN, "x":', 1), "not a number"),
    ("seats not a list", lambda: edited(lambda d: d.update(seats="four")), "seats must be a list"),
    (
        "unknown player kind",
        lambda: edited(lambda d: d["seats"][1].update(kind="wizard")),
        "not a player kind",
    ),
    ("seat name too long", lambda: edited(lambda d: d["seats"][0].update(name="x" * 500)), "longer than"),
    ("unknown rule option", lambda: edited(lambda d: d["options"].update(speed=3)), "unknown field 'speed'"),
    ("rule option of the wrong type", lambda: edited(lambda d: d["options"].update(knock=5)), "knock"),
    ("a billion rounds", lambda: edited(lambda d: d["options"].update(rounds=10**9)),
     "options: rule option 'rounds' must be a whole number from 1 to 200"),
    ("unknown preset", lambda: edited(lambda d: d.update(preset="poker")), "preset 'poker' is unknown"),
    (
        "true as a seat number",
        lambda: edited(lambda d: d["round"].update(to_move=True)),
        "round.to_move must be a whole number",
    ),
    (
        "seat number out of range",
        lambda: edited(lambda d: d["round"].update(to_move=9)),
        "round.to_move is 9",
    ),
    (
        "tile held twice",
        lambda: edited(lambda d: d["round"]["hands"][0].append(d["round"]["boneyard"][0])),
        "appears twice",
    ),
    ("tile missing", lambda: edited(lambda d: d["round"]["boneyard"].pop()), "missing"),
    (
        "tile outside the set",
        lambda: edited(lambda d: d["round"]["hands"][2].append("13-4")),
        "not in a double-12 set",
    ),
    (
        "tile that is not a tile",
        lambda: edited(lambda d: d["round"]["hands"][2].append("12x4")),
        "is not a tile",
    ),
    (
        "train that does not chain",
        lambda: edited(lambda d: d["round"]["trains"]["mexican"].insert(0, "3-1")),
        "does not follow",
    ),
    (
        "open double on a train without one",
        lambda: edited(lambda d: d["round"].update(open_doubles=["0", "1", "2", "3", "mexican"])),
        "does not end in a double",
    ),
    (
        "negative score",
        lambda: edited(lambda d: d["match"]["round_scores"][0].__setitem__(0, -5)),
        "outside 0..",
    ),
    (
        "impossible score",
        lambda: edited(lambda d: d["match"]["round_scores"][0].__setitem__(1, 99999)),
        "outside 0..",
    ),
    (
        "more finished rounds than the log",
        lambda: edited(lambda d: d["match"]["round_scores"].extend([[0, 0, 0, 0]] * 3)),
        "round_winners must hold",
    ),
    (
        "checksum wrong after a hand edit",
        lambda: edited(lambda d: d["seats"][1].update(name="Mallory"), False),
        "checksum",
    ),
    ("tiles swapped consistently", lambda: edited(_swap_hand_and_boneyard), "not what the action log gives"),
    (
        "finished round's score changed",
        lambda: edited(
            lambda d: d["match"]["round_scores"][0].__setitem__(2, d["match"]["round_scores"][0][2] + 1)
        ),
        "match.round_scores[0][2] is not what the action log gives",
    ),
    (
        "action log with an illegal move",
        lambda: edited(
            lambda d: d["action_log"][-1].__setitem__(_first_played_action(d), "play 0-0 on mexican")
        ),
        "not legal",
    ),
    (
        "action log with nonsense",
        lambda: edited(lambda d: d["action_log"][-1].insert(0, "fly away")),
        "not an action",
    ),
    (
        "action log cut short",
        lambda: edited(lambda d: d["action_log"][-1].pop()),
        "not what the action log gives",
    ),
    ("deal reordered", lambda: edited(_swap_first_hand_with_boneyard), "the deal was edited"),
    ("deal missing a tile", lambda: edited(lambda d: d["deals"][0].pop()), "deals[0] is not the round's tiles"),
    ("deeply nested", lambda: _nest(100_000), "nests too deeply"),
    ("huge file", lambda: b" " * (MAX_BYTES + 10) + GOOD, "too large"),
]


@pytest.mark.parametrize("name,make,message", CASES, ids=[c[0] for c in CASES])
def test_a_damaged_save_is_refused_with_its_reason_and_left_unchanged(
    tmp_path: Path, name: str, make: Callable[[], bytes], message: str
) -> None:
    store = SaveStore(tmp_path)
    path = tmp_path / "damaged.json"
    data = make()
    path.write_bytes(data)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(SaveError) as caught:
        store.load(path)
    assert message in caught.value.reason
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    info = next(i for i in store.list_saves() if i.path == path)
    assert info.problem, "the list shows the file as unreadable rather than hiding it"


def test_the_matrix_is_large_enough_and_the_good_file_loads(tmp_path: Path) -> None:
    assert len(CASES) >= 25
    path = tmp_path / "good.json"
    path.write_bytes(GOOD)
    assert SaveStore(tmp_path).load(path).match.round.open_doubles
