"""verify-deal and level versions: a computer move is decided again only by the
version of its level that made it, and an honest save never reads as cheating."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai import levels
from game.ai.players import KINDS as KINDS_REGISTRY
from game.ai.search import HardPlayer
from game.commands.cli import main
from game.engine import Action, Phase, SeatView, preset
from game.memory.session import GameSession, SeatConfig
from game.saves import SaveError, SaveStore, check_bytes, dumps, load_file, session_from_bytes
from game.saves.verify import EXIT_FAILED, EXIT_NOT_DECIDED

from .sessions import play_steps
from .test_verify_deal import _forged

KINDS = ["human", "easy", "medium", "hard"]


def _hard_choosing(choose: Callable[[SeatView], Action]) -> type[HardPlayer]:
    """Hard changed to decide with ``choose``: a subclass put in the registry, as a
    compiled Hard's own method cannot be replaced."""

    class ChangedHard(HardPlayer):
        def choose(self, view: SeatView) -> Action:
            return choose(view)

    return ChangedHard


def test_a_save_records_the_versions_of_the_kinds_at_the_table(played: Path) -> None:
    doc = json.loads(played.read_bytes())
    assert doc["levels"] == [{kind: levels.VERSIONS[kind] for kind in ("easy", "hard", "medium")}] * 2


def test_a_level_changed_under_a_new_version_leaves_an_honest_save_checked_in_part(
    played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hard decides differently now, and says so with its version: the older
    save is not called a cheat, and every Hard decision is named as not decided again."""
    was = levels.VERSIONS["hard"]
    monkeypatch.setitem(KINDS_REGISTRY, "hard", _hard_choosing(lambda view: view.legal[-1]))
    monkeypatch.setitem(levels.VERSIONS, "hard", was + 1)
    assert main(["verify-deal", str(played)]) == EXIT_NOT_DECIDED
    out = capsys.readouterr().out
    assert "FAILED" not in out
    assert f"(Hard played under version {was}; this game has version {was + 1})" in out
    assert out.count("computer decisions replay from their own seat's view") == 2


def test_the_same_change_without_a_new_version_is_caught(
    played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the version is for: under the same version a changed decision is a
    failure (and tests/ai/test_decisions.py stops it from being committed)."""
    monkeypatch.setitem(KINDS_REGISTRY, "hard", _hard_choosing(lambda view: view.legal[-1]))
    assert main(["verify-deal", str(played)]) == EXIT_FAILED
    assert "FAILED: P3 (hard) played" in capsys.readouterr().out


def test_levels_that_name_a_kind_not_at_the_table_are_refused(played: Path, tmp_path: Path) -> None:
    def add_expert(doc: dict) -> None:  # type: ignore[type-arg]
        doc["levels"][0]["expert"] = 1

    with pytest.raises(SaveError, match="levels\\[0\\] must give a version for each computer kind"):
        check_bytes(_forged(played, tmp_path, add_expert).read_bytes())


def test_a_round_begun_under_one_version_and_played_on_under_another_records_both(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save continued by a newer game: the round in play lists both versions,
    so neither game decides its moves again; the rounds after it are the newer one's."""
    session = GameSession(preset("classic"), [SeatConfig(f"P{i}", k) for i, k in enumerate(KINDS)], 5)
    play_steps(session, 30)
    assert session.match.phase is Phase.PLAYING
    older = dumps(session, "older")
    easy, hard, medium = (levels.VERSIONS[kind] for kind in ("easy", "hard", "medium"))
    monkeypatch.setitem(levels.VERSIONS, "medium", medium + 1)
    newer = session_from_bytes(older)
    assert newer.levels[0] == {"easy": easy, "hard": hard, "medium": [medium, medium + 1]}
    while len(newer.match.round_scores) < 2:
        play_steps(newer, 1)
    path = SaveStore(tmp_path).save_named(newer, "continued")
    assert json.loads(path.read_bytes())["levels"][:2] == [
        {"easy": easy, "hard": hard, "medium": [medium, medium + 1]}, {"easy": easy, "hard": hard, "medium": medium + 1}]
    assert load_file(path).levels[:2] == [newer.round_levels(0), newer.round_levels(1)]
    capsys.readouterr()
    assert main(["verify-deal", str(path)]) == EXIT_NOT_DECIDED
    first, second = capsys.readouterr().out.splitlines()[:2]
    assert f"Medium played this round under versions {medium}, {medium + 1}; this game has {medium + 1}" in first
    assert "not decided again" not in second


def test_a_match_dealt_here_records_todays_versions_round_after_round() -> None:
    session = GameSession(preset("classic"), [SeatConfig("You", "human"), SeatConfig("R", "random")], 1)
    play_steps(session, 400)
    assert len(session.match.deals) >= 2
    doc = json.loads(dumps(session, "t"))
    assert doc["levels"] == [{"random": levels.VERSIONS["random"]}] * len(session.match.deals)
