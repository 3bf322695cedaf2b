"""verify-deal and saves check on a match a network table mixed: the secret is
the one committed to and the deal is the shuffle of it and every contribution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.commands.cli import main
from game.engine.fairdeal import new_contribution
from game.net.table.settings import Settings
from game.net.table.table import Table
from game.saves import SaveStore, load_file

from .test_verify_deal import _forged as forged_save


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A blitz match of two people and an Easy computer, dealt as a network table deals, saved."""
    table = Table("ABCDE-FGHJK", Settings("classic", 3, "blitz"), ["person", "person", "easy"], lambda: 0.0)
    table.seats[0].take("Ana", 0.0)
    table.seats[1].take("Ben", 0.0)
    table.start(0)
    assert table.session is not None
    match = table.session.match
    while table.state != "over":
        if table.state == "dealing":
            for seat in (0, 1):
                table.contribute(seat, table.round_number, new_contribution())
            continue
        seat = match.current_player()
        assert seat is not None
        if seat == 2:
            from game.ai.decision import decide

            table.computer_acted(2, decide("easy", match.player_seed(2), match.view(2)), table.version)
        else:
            table.act(seat, str(match.legal_actions()[-1]), None)
    return SaveStore(tmp_path_factory.mktemp("mixed")).save_named(table.session, "mixed")


def _forged(path: Path, tmp: Path, change) -> str:  # type: ignore[no-untyped-def]
    """A copy of the save with ``change`` made and its checksum made to match."""
    return str(forged_save(path, tmp, change))


def test_a_mixed_match_verifies_and_says_it_checked_the_mix(mixed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-deal", str(mixed)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert all("the deal is the mix of the committed secret and 2 players' contributions" in line for line in lines)
    assert len(load_file(mixed).mixes) == 3


@pytest.mark.parametrize("change", [
    lambda doc: doc["mixes"][1]["contributions"].__setitem__(0, "0" * 64),
    lambda doc: doc["mixes"][0].__setitem__("commitment", "f" * 64),
    lambda doc: doc["mixes"][2]["contributions"].__setitem__(1, ""),
])
def test_a_changed_contribution_or_commitment_is_refused(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], change
) -> None:  # type: ignore[no-untyped-def]
    forged = _forged(mixed, tmp_path, change)
    assert main(["verify-deal", forged]) == 2
    assert "mix" in capsys.readouterr().err
    assert main(["saves", "check", forged]) == 2


def test_a_mixes_field_of_the_wrong_form_is_refused(mixed: Path, tmp_path: Path) -> None:
    forged = _forged(mixed, tmp_path, lambda doc: doc["mixes"].pop())
    assert main(["saves", "check", forged]) == 2


def test_a_save_written_on_one_line_is_the_same_save(mixed: Path) -> None:
    from game.saves import session_from_bytes
    from game.saves.codec import dumps, dumps_compact

    session = load_file(mixed)
    compact = dumps_compact(session, "autosave")
    assert compact.count(b"\n") == 1
    again = session_from_bytes(compact)
    def body(data: bytes) -> dict:  # type: ignore[type-arg]
        return {k: v for k, v in json.loads(data).items() if k not in ("saved_at", "checksum")}

    assert body(compact) == body(dumps(again, "autosave"))
    assert again.mixes == session.mixes and again.match.round_scores == session.match.round_scores


def test_a_format_3_network_match_still_verifies_under_the_shuffle_of_its_day(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Its deals were shuffled with Python's random: the upgrade says so, and its
    mixes verify under that shuffle; its computer moves name no version, so exit 3."""
    from game.saves import check_bytes
    from game.saves.verify import EXIT_NOT_DECIDED

    fixture = Path(__file__).resolve().parent / "fixtures" / "format-3.json"
    doc = check_bytes(fixture.read_bytes()).doc
    assert [m["shuffle"] for m in doc["mixes"]] == ["python-random"] * 3
    assert [m["witnessed"] for m in doc["mixes"]] == [None] * 3 and doc["levels"] == [None] * 3
    assert main(["verify-deal", str(fixture)]) == EXIT_NOT_DECIDED
    lines = capsys.readouterr().out.splitlines()
    assert sum("the deal is the mix of the committed secret and 2 players' contributions" in line
               for line in lines) == 2
    assert "FAILED" not in "\n".join(lines)


def test_a_mix_naming_an_unknown_shuffle_is_refused(mixed: Path, tmp_path: Path) -> None:
    forged = _forged(mixed, tmp_path, lambda doc: doc["mixes"][0].__setitem__("shuffle", "made-up"))
    assert main(["saves", "check", forged]) == 2
