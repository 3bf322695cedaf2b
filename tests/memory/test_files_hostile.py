"""Every file the game touches, as a hostile tester leaves it: FIFOs, links,
/dev/zero, files the game cannot read, a folder deleted under a running game,
names with control and direction marks. One test (or more) per item of the
issue; every command is run with a timeout, so a hang fails instead of
freezing the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import preset
from game.engine.driver import play_match
from game.memory.files import FileRefused, bad_character, clean, read_file, set_aside, write_file
from game.memory.prefs import Prefs
from game.saves import SaveError, SaveStore, dumps
from game.saves.listing import INDEX_NAME
from game.saves.lock import FolderLock
from game.memory.session import GameSession, SeatConfig
from game.memory.stats import StatsStore

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "saves" / "classic-round-7.json"
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and links are POSIX")


def cli(*args: str, data: Path | None = None, config: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``mexican-train ARGS`` with the data and config folders given."""
    env = dict(os.environ)
    if data is not None:
        env["MEXICAN_TRAIN_DATA_DIR"] = str(data)
    if config is not None:
        env["MEXICAN_TRAIN_CONFIG_DIR"] = str(config)
    return subprocess.run([sys.executable, "-m", "game.commands.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def _session(seed: int = 3) -> GameSession:
    seats = [SeatConfig("Ana", "human"), SeatConfig("Cy", "easy"), SeatConfig("Di", "easy")]
    return GameSession(preset("classic"), seats, seed)


def _finished(seed: int = 5) -> GameSession:
    from game.engine.length import with_length

    seats = [SeatConfig("Ana", "human"), SeatConfig("Cy", "easy")]
    session = GameSession(with_length(preset("classic"), 2, "blitz"), seats, seed)
    play_match(session.match, lambda m, s: m.legal_actions()[0])
    return session


# ---------------------------------------------------------------- the one reader and writer


@posix_only
def test_the_reader_refuses_links_fifos_and_endless_files_with_a_reason_and_never_waits(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero").symlink_to("/dev/zero")
    (tmp_path / "big").write_bytes(b"x" * 2000)
    (tmp_path / "ok").write_bytes(b"fine")
    (tmp_path / "link-to-ok").symlink_to(tmp_path / "ok")
    assert read_file(tmp_path / "ok", 100) == b"fine"
    for name, words in (("fifo", "not a regular file"), ("zero", "is a link"), ("big", "larger than"),
                        ("link-to-ok", "is a link")):
        with pytest.raises(FileRefused) as refused:
            read_file(tmp_path / name, 1000)
        assert words in refused.value.reason
    assert read_file(tmp_path / "link-to-ok", 100, owned=False) == b"fine", "a path the player names may be a link"
    with pytest.raises(FileNotFoundError):
        read_file(tmp_path / "missing", 10)


@posix_only
def test_the_writer_never_writes_through_a_link_and_keeps_what_it_replaces(tmp_path: Path) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("mine")
    (tmp_path / "settings.json").symlink_to(victim)
    os.mkfifo(tmp_path / "stats.json")
    write_file(tmp_path / "settings.json", b"{}")
    write_file(tmp_path / "stats.json", b"{}")
    assert victim.read_text() == "mine", "the link's target is untouched"
    assert (tmp_path / "settings.json").read_bytes() == b"{}" and not (tmp_path / "settings.json").is_symlink()
    kept = sorted(p.name for p in tmp_path.iterdir() if ".unreadable-" in p.name)
    assert len(kept) == 2, "the link and the FIFO are set aside as they were"
    assert not (tmp_path / "stats.json.bak").exists(), "no backup is made of a FIFO"


def test_setting_aside_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    first = tmp_path / "stats.json"
    first.write_text("one")
    a = set_aside(first)
    first.write_text("two")
    b = set_aside(first)
    assert a is not None and b is not None and a != b
    assert {a.read_text(), b.read_text()} == {"one", "two"}


# ---------------------------------------------------------------- 1, 2, 13: the saves index and saves list


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_1_2_an_index_that_is_a_fifo_or_a_link_to_dev_zero_neither_freezes_nor_fills_memory(
        tmp_path: Path, kind: str) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "a.json").write_bytes(SAMPLE.read_bytes())
    index = saves / INDEX_NAME
    if kind == "fifo":
        os.mkfifo(index)
    else:
        index.symlink_to("/dev/zero")
    result = cli("saves", "list", data=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Classic, round 7" in result.stdout
    assert "saves index could not be used" in result.stderr
    assert any(".unreadable-" in p.name for p in saves.iterdir()), "the odd index is kept aside"


def test_13_saves_list_shows_progress_on_a_terminal_only_and_checks_on_every_core(tmp_path: Path) -> None:
    import io

    from game.saves.commands import list_command

    folder = tmp_path / "saves"
    folder.mkdir()
    data = SAMPLE.read_bytes()
    for i in range(30):
        (folder / f"s{i}.json").write_bytes(data)
    (folder / "bad.json").write_bytes(b"{")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Terminal()
    assert list_command(out, SaveStore(folder), err) == 0
    assert "Checking saves seen for the first time: 31 of 31" in err.getvalue()
    assert out.getvalue().count("round 7/13") == 30 and "bad.json: cannot be read" in out.getvalue()
    quiet = io.StringIO()
    assert list_command(io.StringIO(), SaveStore(folder), quiet) == 0 and quiet.getvalue() == ""


def test_an_index_row_of_the_wrong_shape_is_worked_out_again_not_shown(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "a.json").write_bytes(SAMPLE.read_bytes())
    SaveStore(folder).list_saves()
    doc = json.loads((folder / INDEX_NAME).read_text())
    for row in doc["rows"].values():
        row["info"]["seat_names"] = [1, "\u202eevil"]
        row["info"]["scores"] = "many"
    (folder / INDEX_NAME).write_text(json.dumps(doc))
    [info] = SaveStore(folder).list_saves()
    assert info.seat_names and all(isinstance(n, str) and bad_character(n) is None for n in info.seat_names)
    assert all(isinstance(s, int) for s in info.scores)


# ---------------------------------------------------------------- 3, 8: the lock


@posix_only
def test_3_a_lock_that_is_a_link_never_empties_the_file_it_points_to(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    victim = tmp_path / "thesis.txt"
    victim.write_text("years of work")
    (folder / ".lock").symlink_to(victim)
    lock = FolderLock(folder)
    assert lock.acquire()
    assert victim.read_text() == "years of work"
    assert not (folder / ".lock").is_symlink()
    lock.release()


def test_8_a_saves_folder_deleted_under_a_running_game_is_locked_again_before_it_is_written(
        tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "saves"
    store = SaveStore(folder, exclusive=True)
    session = _session()
    store.autosave(session)
    shutil.rmtree(folder)
    store.autosave(session)
    assert (folder / ".lock").exists(), "the folder came back with the lock"
    second = SaveStore(folder, exclusive=True)
    assert second.read_only, "a second game only reads"
    notes = store.take_notes()
    assert notes and "removed or replaced" in notes[0]
    second.close()
    store.close()


def test_8_a_saves_folder_replaced_and_taken_by_another_game_stops_this_one_writing(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "saves"
    store = SaveStore(folder, exclusive=True)
    session = _session()
    store.autosave(session)
    shutil.rmtree(folder)
    other = SaveStore(folder, exclusive=True)
    assert not other.read_only
    with pytest.raises(SaveError):
        store.autosave(session)
    assert store.read_only and "no longer saves" in (store.problem or "")
    other.close()
    store.close()


# ---------------------------------------------------------------- 4, 5, 6: statistics


def test_4_a_match_not_counted_on_a_failing_disk_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.memory.stats as stats

    def full(path: Path, data: bytes, keep_backup: bool = True, make_folder: bool = True) -> None:
        from game.memory.files import FileProblem

        raise FileProblem(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(stats, "write_file", full)
    note = StatsStore(tmp_path).record(_finished())
    assert note is not None and "not counted" in note and "No space left" in note


def test_4_a_damaged_statistics_file_is_set_aside_and_the_note_reaches_the_player(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("{broken")
    note = StatsStore(tmp_path).record(_finished())
    assert note is not None and "kept as stats.json.unreadable-" in note
    assert StatsStore(tmp_path).load()[0].overall("Ana").matches == 1


@posix_only
@pytest.mark.parametrize("kind", ["too-large", "fifo", "link"])
def test_5_a_statistics_file_the_game_cannot_read_is_never_written_over(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "stats.json"
    if kind == "too-large":
        path.write_bytes(b" " * 8_000_001)
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        (tmp_path / "elsewhere.json").write_text("not mine")
        path.symlink_to(tmp_path / "elsewhere.json")
    store = StatsStore(tmp_path)
    note = store.record(_finished())
    assert note is not None and "kept as" in note
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("stats.json.unreadable-")]
    assert len(kept) == 1
    store.record(_finished(6))
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("stats.json.unreadable-")]) == 1
    if kind == "link":
        assert (tmp_path / "elsewhere.json").read_text() == "not mine"


@pytest.mark.parametrize("row", [
    {"opponents": [1, "easy"]},
    {"opponents": [[1]]},
    {"player": "An\x00a"},
    {"player": "\u202eanA"},
    {"total": "12"},
    {"won": 1},
    {"surprise": True},
])
def test_6_rows_the_statistics_screen_could_not_draw_are_refused_by_the_file_check(tmp_path: Path, row: dict) -> None:
    store = StatsStore(tmp_path)
    store.record(_finished())
    doc = json.loads((tmp_path / "stats.json").read_text())
    doc["rows"][0].update(row)
    (tmp_path / "stats.json").write_text(json.dumps(doc))
    stats, note = store.load()
    assert stats.rows == [] and note is not None and "kept as" in note


def test_6_the_statistics_scene_draws_every_row_the_check_lets_through(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.scenes.statistics import StatisticsScene

    store = StatsStore(tmp_path)
    store.record(_finished())
    doc = json.loads((tmp_path / "stats.json").read_text())
    doc["rows"][0].update({"opponents": [], "player": "Ἀλέξανδρος 😀", "preset": "no-such-preset", "length": ""})
    (tmp_path / "stats.json").write_text(json.dumps(doc))
    stats, note = store.load()
    assert note is None and len(stats.rows) == 1
    app = App((1024, 640), headless=True)
    app.push(StatisticsScene(stats))
    app.step([])
    app.draw()


# ---------------------------------------------------------------- 7, 11: names


def test_7_11_names_with_control_or_direction_marks_never_come_back_from_the_settings(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path)
    good = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Cy", "kind": "easy"}], "preset": "classic",
            "house_rules": {}, "length": "full", "allow_undo": False}
    for bad in ("An\x00a", "Ana\u202e", "A\u2066b"):
        setup = json.loads(json.dumps(good))
        setup["seats"][0]["name"] = bad
        doc = {"format": "mexican-train settings", "version": 1, "values": {"last_setup": setup}}
        (tmp_path / "settings.json").write_text(json.dumps(doc))
        note = prefs.load()
        assert prefs["last_setup"] is None and note is not None and "last_setup" in note


def test_11_a_save_with_a_direction_mark_in_a_name_is_refused_and_none_can_be_saved(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    with pytest.raises(SaveError):
        store.save_named(session, "my \u202egame")
    seats = [SeatConfig("Ana\u202e", "human"), SeatConfig("Cy", "easy")]
    path = tmp_path / "crafted.json"
    path.write_bytes(dumps(GameSession(preset("classic"), seats, 1), "x"))
    result = cli("saves", "check", str(path))
    assert result.returncode == 2 and "U+202E" in result.stdout


def test_typed_names_take_no_direction_marks_and_text_is_cleaned_before_it_is_drawn() -> None:
    from game.ui.widgets import TextField

    field = TextField((0, 0, 100, 40))
    assert not field.allowed("\u202e") and not field.allowed("\x00") and field.allowed("é")
    assert clean("A\u202eB\x00") == "A\ufffdB\ufffd"


# ---------------------------------------------------------------- 9: verify-deal


def _crafted(tmp_path: Path, change: str) -> Path:
    """The sample save with one change a hostile tester makes, checksum recomputed."""
    from game.saves.codec import checksum

    doc = json.loads(SAMPLE.read_text())
    if change == "hand-swap":
        deal = doc["deals"][-1]
        deal[0], deal[-1] = deal[-1], deal[0]
    else:
        doc["action_log"][-1].append("play 0-0 on mexican")
    doc["checksum"] = checksum(doc)
    path = tmp_path / f"{change}.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("change", ["hand-swap", "illegal-action"])
def test_9_verify_deal_refuses_what_saves_check_refuses_with_the_same_reason(tmp_path: Path, change: str) -> None:
    path = _crafted(tmp_path, change)
    checked = cli("saves", "check", str(path))
    verified = cli("verify-deal", str(path))
    assert checked.returncode == 2 and verified.returncode == 2
    reason = checked.stdout.split("refused: ", 1)[1].strip()
    assert reason in verified.stderr


def test_verify_deal_names_a_hand_edited_save_as_changed_after_the_game_wrote_it(tmp_path: Path) -> None:
    path = tmp_path / "edited.json"
    path.write_text(SAMPLE.read_text().replace('"Ana"', '"Anna"', 1))
    result = cli("verify-deal", str(path))
    assert result.returncode == 2
    assert "changed after the game wrote it" in result.stderr and "cannot be verified" in result.stderr


def test_the_sample_saves_are_written_by_todays_version_so_a_new_player_can_verify_one() -> None:
    """Every sample but the older-format one is written in today's format and
    shows a fingerprint for every round (an older version's save may have none,
    and verify-deal cannot judge it); tests/saves/test_saves_samples.py runs
    verify-deal on each."""
    from game.saves import FORMAT_VERSION, check_bytes

    for sample in sorted((ROOT / "saves").glob("*.json")):
        if sample.name == "older-format.json":
            continue
        assert json.loads(sample.read_bytes())["version"] == FORMAT_VERSION, (
            f"regenerate {sample.name}: python -m game.saves.samples")
        checked = check_bytes(sample.read_bytes())
        assert all(checked.doc["salts"][:len(checked.doc["match"]["round_scores"])]), sample.name


# ---------------------------------------------------------------- 12: odd folders and settings


def test_12_a_saves_path_that_is_a_file_is_said_to_be_no_folder(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("oops")
    result = cli("saves", "list", data=tmp_path)
    assert result.returncode == 2 and "not a folder" in result.stderr


@posix_only
def test_12_a_settings_fifo_is_set_aside_and_no_backup_links_to_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    prefs = Prefs(tmp_path)
    note = prefs.load()
    assert note is not None and "kept as" in note
    assert prefs.save() is None
    assert (tmp_path / "settings.json").is_file()
    backup = tmp_path / "settings.json.bak"
    assert not backup.exists() or backup.is_file() and not os.path.samefile(backup, next(
        p for p in tmp_path.iterdir() if ".unreadable-" in p.name))
