"""`mexican-train review SAVE [--round N] [--seat S] [--json]`."""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

import pytest

from game.commands.cli import main
from game.review import ReviewBudget
from game.review.cache import review_cached
from game.memory.session import GameSession, SeatConfig
from game.saves import dumps

from .matches import played_round

ROOT = Path(__file__).resolve().parents[2]
SMALL = ReviewBudget(candidates=2, choose_samples=4, measure_samples=6)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command reviews with a small search budget: these tests check what it prints and keeps, not how
    well the search values a move (the game's budget takes seconds a round: ``tools/bench.py --only review``)."""
    monkeypatch.setattr("game.commands.review.review_cached", partial(review_cached, budget=SMALL))


def _saved(tmp_path: Path, kinds: tuple[str, ...] = ("human", "easy", "easy", "easy")) -> Path:
    """A save of a finished first round (seat 0 a person, played as Easy)."""
    match = played_round(seed=4)
    session = GameSession(match.setup.options, [SeatConfig(f"P{i}", k) for i, k in enumerate(kinds)], 4)
    session.match = match
    path = tmp_path / "played.json"
    path.write_bytes(dumps(session, "played"))
    return path


def test_one_line_per_decision_of_the_person_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main(["review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Round 1, P0: ")
    rows = lines[1:]
    assert rows and all(re.match(r"  round 1, turn \d+, seat 0 \(P0\) (played the |drew|ended the turn)", r)
                        for r in rows), "a sentence: who did what"
    plays = [r for r in rows if " on " in r]
    assert plays and all(re.search(r" on (the Mexican train|their own train|\S+'s train)", r) for r in plays)
    assert not any(re.search(r" on \d", r) for r in rows), "a train named by the engine's number"
    assert any("expected cost" in r for r in rows) or all(r.endswith(": the best move found") for r in rows)
    assert not any("made end" in r or "the same" in r for r in rows), "words a person would write"
    better = [r for r in rows if "; the best move found was to " in r]
    assert all(re.search(r"was to (play the \S+ on |draw|end the turn)", r) for r in better)


def test_json_and_a_computer_seat_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main(["review", str(path), "--seat", "p2", "--round", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (round_one,) = data["rounds"]
    assert round_one["round"] == 1 and round_one["seats"] == [2]
    decisions = round_one["decisions"]
    assert decisions and all(d["seat"] == 2 for d in decisions)
    assert all(d["level"] in ("", "costly", "clear mistake") and d["se"] >= 0 for d in decisions)
    assert all(0 <= d["worse"] + d["better"] <= 1 for d in decisions)
    log = json.loads(path.read_bytes())["action_log"][0]
    assert all(log[d["index"]] == d["made"] for d in decisions)


def test_a_file_it_cannot_read_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mexican-train save", "version": 2, "name": ')
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be read" in err and "cut off" in err
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    assert "there is no file" in capsys.readouterr().err


def test_a_round_not_played_or_an_unknown_seat_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main(["review", str(path), "--round", "2"]) == 2
    assert "round 2 is not a finished round" in capsys.readouterr().err
    assert main(["review", str(path), "--seat", "Nobody"]) == 2
    assert "no seat 'Nobody'" in capsys.readouterr().err


def test_the_sample_save_reviews_the_person_in_every_finished_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(ROOT / "saves" / "classic-round-7.json"), "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1, You: ") and "seat 0 (You)" in out


def test_keep_writes_the_reviews_into_the_save_and_the_game_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.saves import load_file

    path = _saved(tmp_path)
    before = load_file(path, owned=False)
    assert main(["review", str(path), "--keep"]) == 0
    first = capsys.readouterr()
    assert "reviews kept in the save" in first.err and (tmp_path / "played.json.bak").is_file()
    after = load_file(path, owned=False)
    assert len(after.reviews) == 1 and after.match.record() == before.match.record()
    assert json.loads(path.read_bytes())["saved_at"] == json.loads((tmp_path / "played.json.bak").read_bytes())["saved_at"]
    assert main(["review", str(path), "--keep"]) == 0
    again = capsys.readouterr()
    assert again.out == first.out and "kept" not in again.err, "the kept review is used, nothing written again"


def test_keep_on_a_save_reached_through_a_link_writes_where_the_link_points(tmp_path: Path) -> None:
    """The link stays a link; the save it points at takes the reviews; the backup named is the real one."""
    import io

    from game.commands.review import keep_reviews
    from game.saves import load_file

    real = _saved(tmp_path)
    elsewhere = tmp_path / "links"
    elsewhere.mkdir()
    link = elsewhere / "my-save.json"
    link.symlink_to(real)
    session = load_file(link, owned=False)
    saved = json.loads(real.read_bytes())
    said = io.StringIO()
    keep_reviews(str(link), session, saved["name"], saved["saved_at"], said)
    assert link.is_symlink() and link.resolve() == real.resolve(), "the link is left as it was"
    assert load_file(link, owned=False).match.record() == session.match.record()
    assert (tmp_path / "played.json.bak").is_file() and str(tmp_path / "played.json.bak") in said.getvalue()
    assert not list(elsewhere.glob("*.bak")) and not list(elsewhere.glob("*unreadable*"))
