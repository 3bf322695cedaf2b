"""Round reviews kept in the save (format 3): a second look is instant, and a
damaged reviews section never loses the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.review import ReviewBudget
from game.review.cache import review_cached
from game.saves import FORMAT_VERSION, SaveError, check_bytes, dumps, session_from_bytes
from game.saves.codec import checksum
from game.saves.reviews import section_checksum
from game.memory.session import GameSession

from .sessions import new_session, step

SMALL = ReviewBudget(candidates=3, choose_samples=6, measure_samples=8)
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _reviewed() -> GameSession:
    """A blitz classic match after its first round, round 1 reviewed for the person."""
    session = new_session("classic", ["human", "easy", "easy", "easy"], 8)
    kinds = [s.kind for s in session.seats]
    while not session.match.round_scores:
        step(session.match, kinds)
    review_cached(session.match, 1, [0], session.reviews, budget=SMALL)
    return session


def _doc(session: GameSession) -> dict[str, object]:
    return json.loads(dumps(session, "reviewed"))  # type: ignore[no-any-return]


def test_a_loaded_save_answers_the_review_without_reviewing_again() -> None:
    session = _reviewed()
    first = review_cached(session.match, 1, [0], session.reviews, budget=SMALL)
    loaded = session_from_bytes(dumps(session, "reviewed"))
    assert loaded.reviews.problem is None and len(loaded.reviews) == 1
    calls: list[tuple[int, int]] = []
    again = review_cached(loaded.match, 1, [0], loaded.reviews, budget=SMALL, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 1)], "nothing was reviewed again"
    assert [(d.index, d.valuation.made, d.valuation.best, d.valuation.level) for d in again.decisions] == [
        (d.index, d.valuation.made, d.valuation.best, d.valuation.level) for d in first.decisions
    ]
    assert all(abs(a.valuation.diff - b.valuation.diff) < 0.01 for a, b in zip(again.decisions, first.decisions))


def test_a_save_without_reviews_has_no_reviews_field() -> None:
    session = new_session("classic", ["human", "easy"], 2)
    step(session.match, ["human", "easy"])
    doc = _doc(session)
    assert doc["version"] == FORMAT_VERSION and "reviews" not in doc


def _reload(doc: dict[str, object]) -> GameSession:
    return session_from_bytes(json.dumps(doc).encode())


def test_a_damaged_reviews_section_is_left_out_and_the_game_loads() -> None:
    doc = _doc(_reviewed())
    reviews = doc["reviews"]
    assert isinstance(reviews, dict)
    rows = reviews["rounds"][0]["decisions"]
    assert rows, "the person had decisions to review"

    edited = json.loads(json.dumps(doc))
    edited["reviews"]["rounds"][0]["decisions"][0][4] += 500  # a changed number: its checksum fails
    loaded = _reload(edited)
    assert loaded.match.round_scores == _reload(doc).match.round_scores
    assert len(loaded.reviews) == 0 and "checksum" in (loaded.reviews.problem or "")

    edited = json.loads(json.dumps(doc))
    edited["reviews"]["rounds"][0]["decisions"][0][2] = "play 0-0 on 3"  # not the logged action
    edited["reviews"]["checksum"] = section_checksum(edited["reviews"]["rounds"])
    loaded = _reload(edited)
    assert len(loaded.reviews) == 0 and "is not an action of seat 0" in (loaded.reviews.problem or "")

    for damage in ("text", [], {"checksum": 3}, {"checksum": "x", "rounds": [[1]]}):
        edited = json.loads(json.dumps(doc))
        edited["reviews"] = damage
        loaded = _reload(edited)
        assert len(loaded.reviews) == 0 and loaded.reviews.problem


def test_saves_check_passes_the_game_and_says_its_reviews_will_be_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.commands.cli import main

    doc = _doc(_reviewed())
    good, damaged = tmp_path / "good.json", tmp_path / "damaged.json"
    good.write_text(json.dumps(doc))
    doc["reviews"] = "text"  # type: ignore[index]
    damaged.write_text(json.dumps(doc))
    before = damaged.read_bytes()
    assert main(["saves", "check", str(good), str(damaged)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in lines[:2]] == ["ok", "ok"]
    assert len(lines) == 3 and lines[2].startswith(f"{damaged}: the round reviews it kept will be left out: reviews")
    assert damaged.read_bytes() == before, "checking never changes the file"


def test_a_review_row_of_the_wrong_shape_names_the_field() -> None:
    doc = _doc(_reviewed())
    edited = json.loads(json.dumps(doc))
    edited["reviews"]["rounds"][0]["decisions"][0][6] = "blunder"
    edited["reviews"]["checksum"] = section_checksum(edited["reviews"]["rounds"])
    problem = _reload(edited).reviews.problem or ""
    assert problem.startswith("reviews.rounds[0].decisions[0][6] must be one of")


def test_the_save_checksum_still_guards_the_game() -> None:
    doc = _doc(_reviewed())
    doc["hints"] = [5, 0, 0, 0]
    with pytest.raises(SaveError, match="checksum does not match"):
        check_bytes(json.dumps(doc).encode())


def test_a_damaged_format_2_save_is_still_refused_for_its_checksum() -> None:
    doc = json.loads((FIXTURES / "format-2.json").read_bytes())
    assert doc["version"] == 2 and doc["checksum"] == checksum(doc)
    doc["hints"] = [3, 0, 0, 0]
    with pytest.raises(SaveError, match="checksum does not match"):
        check_bytes(json.dumps(doc).encode())
