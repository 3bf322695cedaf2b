"""`mexican-train saves list`, `saves check`, `--load` and `simulate --autosave`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.cli import main
from game.saves import SaveStore

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "saves" / "classic-round-7.json"


def test_saves_check_a_good_file_exits_0_with_a_one_line_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves", "check", str(SAMPLE)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "ok" in out[0] and "classic" in out[0] and "round 7 of 13" in out[0]


def test_saves_check_a_bad_file_exits_2_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(SAMPLE.read_bytes()[:500])
    assert main(["saves", "check", str(SAMPLE), str(bad)]) == 2
    out = capsys.readouterr().out
    assert f"{bad}: refused: the file is cut off" in out
    assert main(["saves", "check", str(tmp_path / "missing.json")]) == 2


def test_saves_list_shows_name_preset_round_and_scores(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = private_data_dir / "saves"
    folder.mkdir(parents=True)
    (folder / "mine.json").write_bytes(SAMPLE.read_bytes())
    assert main(["saves", "list"]) == 0
    out = capsys.readouterr().out
    from game.saves import load_file

    saved = load_file(SAMPLE)
    named = " \u00b7 ".join(f"{s.name} {t}" for s, t in zip(saved.seats, saved.match.totals()))
    assert "mine.json" in out and "Classic, round 7" in out and "classic" in out and "round 7/13" in out
    assert f"scores: {named}" in out, "each score beside its seat's name"


def test_load_flag_opens_the_table_of_a_good_save_and_refuses_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.main

    opened = []
    monkeypatch.setattr(game.ui.main, "run_game", lambda **kwargs: opened.append(kwargs["session"]) or 0)
    assert main(["--load", str(SAMPLE)]) == 0
    assert len(opened) == 1 and opened[0].match.round_number == 7
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["--load", str(bad)]) == 2
    assert "not a Mexican Train save" in capsys.readouterr().err


def test_simulate_autosave_writes_a_save_that_resumes_the_last_action(tmp_path: Path) -> None:
    folder = tmp_path / "auto"
    assert (
        main(["simulate", "--players", "2", "--rounds", "1", "--seed", "4", "--autosave", str(folder)]) == 0
    )
    store = SaveStore(folder)
    session, note = store.continue_latest()
    assert note is None and session.match.round is not None and session.match.round.round_over
    assert list(folder.glob("autosave-*.json.bak")), "each write keeps the previous version"


def test_saves_list_calls_a_finished_match_finished(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.engine import play_match, preset
    from game.memory.session import GameSession, SeatConfig

    seats = [SeatConfig("You", "human"), SeatConfig("Ana", "easy")]
    session = GameSession(preset("classic", rounds=2), seats, 3)
    play_match(session.match, lambda match, seat: match.legal_actions()[0])
    SaveStore(private_data_dir / "saves").autosave(session)
    assert main(["saves", "list"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "autosave" in line)
    assert "finished" in row and "round 2/2" not in row


def test_saves_check_cleans_a_file_name_before_printing_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Escape codes and a right-to-left override in a file's name never reach the terminal."""
    good = tmp_path / "fine\x1b[31m\u202ename.json"
    good.write_bytes(SAMPLE.read_bytes())
    bad = tmp_path / "bad\x1b]0;owned\x07.json"
    bad.write_bytes(b"{")
    assert main(["saves", "check", str(good), str(bad)]) == 2
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\ufffd" in out and ": ok: " in out and ": refused: " in out


def test_saves_list_tells_autosaves_apart_and_names_whose_score_is_whose(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three matches in progress were three rows 'autosave' with bare numbers: each row
    now names its file (what --load takes) and each score its seat."""
    from game.engine import play_match, preset
    from game.memory.session import GameSession, SeatConfig

    store = SaveStore(private_data_dir / "saves")
    tables = (("You", "Ana"), ("You", "Bruno", "Carmen"), ("Elena", "Felipe"))
    for seed, names in enumerate(tables, 1):
        session = GameSession(preset("classic"), [SeatConfig(n, "human" if i == 0 else "easy")
                                                  for i, n in enumerate(names)], seed)
        play_match(session.match, lambda match, seat: match.legal_actions()[0],
                   until=lambda match: len(match.round_scores) == 1)
        store.autosave(session)
    assert main(["saves", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    heads = [line for line in lines if "(autosave)" in line]
    files = {line.split()[0] for line in heads}
    assert len(heads) == 3 and len(files) == 3 and all(f.startswith("autosave-") for f in files)
    scores = [line.strip() for line in lines if line.strip().startswith("scores: ")]
    assert len(scores) == 3
    for names in tables:
        assert any(all(f"{n} " in row for n in names) and row.count("\u00b7") == len(names) - 1 for row in scores)
