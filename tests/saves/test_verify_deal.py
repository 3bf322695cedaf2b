"""`mexican-train verify-deal`: every finished round's fingerprint, deal and computer decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.commands.cli import main
from game.engine.fairdeal import fingerprint
from game.saves.codec import checksum


def _forged(path: Path, tmp: Path, change) -> Path:  # type: ignore[no-untyped-def]
    doc = json.loads(path.read_bytes())
    change(doc)
    doc["checksum"] = checksum(doc)
    out = tmp / "forged.json"
    out.write_text(json.dumps(doc))
    return out


def test_a_played_match_verifies_round_by_round(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-deal", str(played)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["round 1", "round 2"]
    assert all("matches the revealed deal" in line and "computer decisions replay" in line for line in lines)


def test_one_revealed_tile_moved_is_refused_as_saves_check_refuses_it(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deal that no longer gives the fingerprint shown is a save the game would
    not load: verify-deal refuses it first (exit 2), for the reason saves check gives."""
    def move_a_tile(doc: dict) -> None:  # type: ignore[type-arg]
        deal = doc["deals"][1]
        deal[3], deal[-1] = deal[-1], deal[3]

    forged = str(_forged(played, tmp_path, move_a_tile))
    assert main(["saves", "check", forged]) == 2
    reason = capsys.readouterr().out.split("refused: ", 1)[1].strip()
    assert main(["verify-deal", forged]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and reason in captured.err and "fingerprint" in reason


def test_a_computer_decision_that_its_own_view_does_not_give_fails(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def promote_easy(doc: dict) -> None:  # type: ignore[type-arg]
        doc["seats"][1]["kind"] = "expert"
        for levels in doc["levels"]:
            levels["expert"] = levels.pop("easy")

    assert main(["verify-deal", str(_forged(played, tmp_path, promote_easy))]) == 1
    out = capsys.readouterr().out
    assert "round 1: FAILED: P1 (expert) played" in out and "own view gives" in out


def test_a_fingerprint_is_the_hash_of_salt_and_order_only() -> None:
    order = list(range(91))
    assert fingerprint("ab" * 16, order) == fingerprint("ab" * 16, order)
    assert fingerprint("ab" * 16, order) != fingerprint("ac" * 16, order)
    assert fingerprint("ab" * 16, order) != fingerprint("ab" * 16, order[::-1])


def test_a_file_that_cannot_be_read_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["verify-deal", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a Mexican Train save" in err
