"""The sample saves in saves/ and the fixture of every past format version load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.engine import TEXT
from game.saves import FORMAT_VERSION, SaveError, SaveStore, check_bytes, load_file
from game.saves.migrate import UPGRADES, upgrade

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_the_classic_sample_is_round_7_against_every_computer_level() -> None:
    session = load_file(ROOT / "saves" / "classic-round-7.json")
    assert session.options.preset == "classic"
    assert session.match.round_number == 7 and not session.match.round.round_over
    assert sorted(s.kind for s in session.seats if not s.is_human) == sorted(LEVELS)
    assert session.human_seat is not None and session.match.round.to_move == session.human_seat
    assert len(session.match.round_scores) == 6


def test_the_second_sample_is_another_preset_mid_round_with_an_uncovered_double() -> None:
    session = load_file(ROOT / "saves" / "hub-open-double.json")
    state = session.match.round
    assert session.options.preset != "classic"
    assert state is not None and not state.round_over and state.open_doubles
    from game.engine.tiles import IS_DOUBLE

    assert all(IS_DOUBLE[state.trains[t][-1]] for t in state.open_doubles)
    assert state.to_move == session.human_seat and state.legal_actions()


def test_every_sample_is_listed_without_problems(tmp_path: Path) -> None:
    import shutil

    for sample in (ROOT / "saves").glob("*.json"):
        shutil.copy(sample, tmp_path / sample.name)
    infos = SaveStore(tmp_path).list_saves()
    assert len(infos) >= 2 and all(i.problem is None for i in infos)


@pytest.mark.parametrize("version", sorted(UPGRADES))
def test_a_fixture_of_every_past_format_version_is_migrated_and_loads(version: int) -> None:
    path = FIXTURES / f"format-{version}.json"
    data = path.read_bytes()
    assert json.loads(data)["version"] == version
    session = load_file(path)
    assert session.seats[0].is_human and session.seats[1].kind == "easy"
    assert check_bytes(data).doc["version"] == FORMAT_VERSION
    assert path.read_bytes() == data, "loading an old save does not rewrite it"


def test_a_format_0_save_with_a_malformed_players_list_is_refused() -> None:
    doc = json.loads((FIXTURES / "format-0.json").read_bytes())
    doc["players"] = ["You", "Ana"]
    with pytest.raises(SaveError, match="players"):
        upgrade(doc)


def test_the_codec_names_every_saved_round_field_and_no_other() -> None:
    """The save format's own names cover exactly the round fields a save holds."""
    from game.engine.fields import FIELD_NAMES
    from game.engine.turn import TURN_FIELDS
    from game.saves.codec import ROUND_KEYS, TURN_KEYS

    not_saved = {"setup", "options", "players", "names", "ends", "stops", "events", "_legal"}
    assert set(ROUND_KEYS) == set(FIELD_NAMES) - not_saved
    assert set(TURN_KEYS) == set(TURN_FIELDS)
    assert len(set(ROUND_KEYS.values())) == len(ROUND_KEYS) and len(set(TURN_KEYS.values())) == len(TURN_KEYS)


def test_a_format_1_save_gets_its_deals_from_the_seed_and_loses_its_courtesy_knocks() -> None:
    """Format 1 held only the seed; courtesy knocks were actions then and are not now."""
    from game.engine.match import seeded_deal

    doc = json.loads((FIXTURES / "format-1.json").read_bytes())
    assert any(a.endswith(" knock") for r in doc["action_log"] for a in r)
    checked = check_bytes((FIXTURES / "format-1.json").read_bytes())
    new = checked.doc
    assert not any(a.endswith(" knock") for r in new["action_log"] for a in r)
    assert len(new["deals"]) == len(new["action_log"])
    first = [TEXT[t] for t in seeded_deal(checked.setup, checked.seed, 0)]
    assert new["deals"][0] == first
    assert new["draw_off"] is not None and new["draw_off"]["starter"] == new["match"]["first_starter"]
    assert "first_turns_over" in new["round"] and "opening_done" not in new["round"]


CURRENT_SAMPLES = sorted(p.name for p in (ROOT / "saves").glob("*.json") if p.name != "older-format.json")


def test_the_samples_are_the_two_of_today_and_the_older_one() -> None:
    """docs/playing.md and docs/saves.md list exactly these."""
    assert CURRENT_SAMPLES == ["classic-round-7.json", "hub-open-double.json"]
    assert (ROOT / "saves" / "older-format.json").is_file()


@pytest.mark.parametrize("name", CURRENT_SAMPLES)
def test_every_sample_of_today_verifies_in_full(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A new player's first check: every round holds and every computer decision is decided again."""
    from game.commands.cli import main

    assert main(["verify-deal", str(ROOT / "saves" / name)]) == 0
    out = capsys.readouterr().out
    assert "computer decisions replay" in out and "not decided again" not in out and "FAILED" not in out


def test_the_older_format_sample_verifies_what_it_can_and_says_what_it_cannot(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Saved before levels had versions (format 3): its deals, fingerprints and
    moves hold; its computer decisions are not decided again, and that is said
    with its own exit status, never as a failure."""
    from game.commands.cli import main
    from game.saves.verify import EXIT_NOT_DECIDED

    path = ROOT / "saves" / "older-format.json"
    assert json.loads(path.read_bytes())["version"] == 3
    assert main(["verify-deal", str(path)]) == EXIT_NOT_DECIDED
    lines = capsys.readouterr().out.splitlines()
    finished = [line for line in lines if line.startswith("round") and "in play" not in line]
    assert len(finished) == 6 and all("matches the revealed deal" in line for line in finished)
    assert all("not decided again (the save is older than level versions" in line for line in finished)
    assert "FAILED" not in "\n".join(lines) and lines[-1].startswith("checked in part (exit 3)")
