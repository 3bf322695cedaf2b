"""Saves under failing disks, shared folders and hostile files: the player's
match is kept, or they are told plainly what was not saved."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.commands.cli import main
from game.saves import SaveError, SaveStore, check_bytes, dumps
from game.saves.codec import checksum
from game.saves.store import NameTaken

from .sessions import new_session, play_steps


def _session(steps: int = 30, seed: int = 3):  # type: ignore[no-untyped-def]
    session = new_session("classic", ["human", "easy", "random"], seed)
    play_steps(session, steps)
    return session


def _edited(session, change) -> bytes:  # type: ignore[no-untyped-def]
    """The session's save with ``change`` made and the checksum recomputed, as a forger would."""
    doc = json.loads(dumps(session, "x"))
    change(doc)
    doc["checksum"] = checksum(doc)
    return json.dumps(doc).encode()


@contextmanager
def _within(seconds: int) -> Iterator[None]:
    """Fail instead of hanging for ever (Unix)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def fail(*_: object) -> None:
        raise AssertionError(f"took longer than {seconds} s: it would freeze the game")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# 1. A save that fails is never silent.

def test_a_failing_disk_shows_a_lasting_problem_until_a_save_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.saves.writer as writer

    store = SaveStore(tmp_path, background=True)
    session = _session()
    real = writer.write_file

    def full_disk(path: Path, data: bytes, keep_backup: bool = True, make_folder: bool = True) -> None:
        raise SaveError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(writer, "write_file", full_disk)
    store.autosave(session)
    with pytest.raises(SaveError):
        store.flush()
    for _ in range(3):
        play_steps(session, 1)
        store.autosave(session)
        store._wait()
        assert store.problem is not None and "No space left" in store.problem, "the problem lasts"
    monkeypatch.setattr(writer, "write_file", real)
    store.autosave(session)
    store._wait()
    assert store.problem is None


def test_save_and_quit_writes_now_and_raises_when_it_cannot(tmp_path: Path) -> None:
    session = _session()
    blocked = SaveStore(tmp_path / "a-file")
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(SaveError, match="cannot write"):
        blocked.save_now(session)
    good = SaveStore(tmp_path / "saves")
    path = good.save_now(session)
    assert good.load(path).match.action_log == session.match.action_log


# 2. One malformed file hides nothing else, and is reported, never a traceback.

MALFORMED = {
    "a superscript digit in a tile": lambda d: d["round"]["hands"][0].__setitem__(0, "1\u00b2-3"),
    "a 4,301-digit number": lambda d: d.__setitem__("seed", "SEED"),
    "a date in year 1": lambda d: d.__setitem__("saved_at", "0001-01-01T00:00:00+00:00"),
    "a date with no time zone": lambda d: d.__setitem__("saved_at", "2026-01-01T00:00:00"),
    "a fraction": lambda d: d["round"].__setitem__("engine", 12.5),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_file_is_refused_with_a_reason_and_the_good_saves_stay_listed(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    session = _session()
    data = _edited(session, MALFORMED[case])
    if case == "a 4,301-digit number":
        data = data.replace(b'"SEED"', b"9" * 4301)
    store = SaveStore(tmp_path)
    good = store.save_named(session, "good")
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    with pytest.raises(SaveError):
        check_bytes(data)
    infos = {i.path.name: i for i in store.list_saves()}
    assert infos[good.name].problem is None and infos["bad.json"].problem
    assert main(["saves", "check", str(bad)]) == 2
    assert main(["--load", str(bad)]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert bad.read_bytes() == data, "the file is left untouched"


def test_continue_falls_back_to_the_backup_when_the_autosave_holds_a_malformed_tile(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    store.autosave(session)
    play_steps(session, 1)
    slot = store.autosave(session)
    slot.write_bytes(_edited(session, MALFORMED["a superscript digit in a tile"]))
    resumed, note = store.continue_latest()
    assert note is not None and "backup" in note
    assert len(resumed.match.action_log[-1]) == len(session.match.action_log[-1]) - 1


# 3. Two games on one data folder.

def test_a_second_game_on_the_same_folder_is_told_and_may_only_look(tmp_path: Path) -> None:
    first = SaveStore(tmp_path, exclusive=True)
    session = _session()
    first.autosave(session)
    second = SaveStore(tmp_path, exclusive=True)
    assert second.read_only and "another Mexican Train" in (second.problem or "")
    with pytest.raises(SaveError, match="another Mexican Train"):
        second.autosave(_session(5, seed=8))
    with pytest.raises(SaveError, match="another Mexican Train"):
        second.save_named(session, "mine")
    assert [i.problem for i in second.list_saves()] == [None], "it can still look at the saves"
    first.close()
    third = SaveStore(tmp_path, exclusive=True)
    assert not third.read_only
    third.close()


def test_a_second_simulate_on_the_same_folder_stops_with_one_line(tmp_path: Path) -> None:
    holder = SaveStore(tmp_path / "auto", exclusive=True)
    code = subprocess.run(
        [sys.executable, "-m", "game.commands.cli", "simulate", "--rounds", "1", "--autosave", str(tmp_path / "auto")],
        capture_output=True, text=True, timeout=120,
    )
    holder.close()
    assert code.returncode == 2
    assert code.stderr.strip().count("\n") == 0 and "another Mexican Train" in code.stderr


def test_keeping_a_backup_that_is_already_the_same_file_leaves_no_temporary_file(tmp_path: Path) -> None:
    from game.memory.files import write_file as atomic_write

    path = tmp_path / "a.json"
    atomic_write(path, b"{}")
    os.link(path, tmp_path / "a.json.bak")  # what a second writer racing the first can leave
    atomic_write(path, b"{ }")
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# 4. Save names as the player typed them.

def test_save_names_keep_every_script_and_never_collide(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    names = ["Партия", "游戏", "😀", "My Game", "MY GAME!"]
    paths = [store.save_named(session, name) for name in names]
    assert len(set(paths)) == len(names)
    assert {i.name for i in store.list_saves()} == set(names)
    assert all(p.name.isascii() for p in paths)


def test_saving_under_an_existing_name_asks_first(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = _session()
    path = store.save_named(first, "Партия")
    later = _session(60)
    with pytest.raises(NameTaken) as taken:
        store.save_named(later, "Партия")
    assert taken.value.path == path
    assert store.load(path).match.action_log == first.match.action_log
    assert store.save_named(later, "Партия", replace=True) == path
    assert store.load(path).match.action_log == later.match.action_log


# 5. Continue never follows a link out of the folder.

@pytest.mark.parametrize("target", ["/dev/zero", "/etc/hostname", "huge"])
def test_continue_with_an_autosave_that_is_a_link_copies_nothing_through_it(tmp_path: Path, target: str) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    slot = store.autosave(session)
    play_steps(session, 1)
    store.autosave(session)
    if target == "huge":
        huge = tmp_path.parent / "huge.bin"
        with open(huge, "wb") as file:
            file.truncate(50_000_000)
        target = str(huge)
    if not os.path.exists(target):
        pytest.skip(f"{target} is not on this system")
    slot.unlink()
    slot.symlink_to(target)
    with _within(20):
        resumed, note = store.continue_latest()
    assert note is not None and "backup" in note
    copies = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert not copies, "nothing is copied through a link"


# 6. Listing never hangs on what is in the folder.

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_save_is_listed_as_not_a_save_without_hanging(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save_named(_session(), "good")
    os.mkfifo(tmp_path / "x.json")
    with _within(20):
        infos = {i.path.name: i for i in store.list_saves()}
        assert infos["x.json"].problem and "not a regular file" in infos["x.json"].problem
        assert main(["saves", "check", str(tmp_path / "x.json")]) == 2
        assert main(["rules-check", str(tmp_path / "x.json")]) == 2


def test_a_listing_is_remembered_and_redone_only_for_changed_files(tmp_path: Path) -> None:
    import game.saves.store as store_module

    store = SaveStore(tmp_path)
    for i in range(3):
        store.save_named(_session(10 + i), f"save {i}")
    store.list_saves()
    checked: list[Path] = []
    real = store_module._summary
    store_module._summary = lambda entry: checked.append(entry.path) or real(entry)  # type: ignore[assignment]
    try:
        fresh = SaveStore(tmp_path)
        assert len(fresh.list_saves()) == 3 and checked == [], "summaries come from the index"
        fresh.save_named(_session(50), "save 0", replace=True)
        fresh2 = SaveStore(tmp_path)
        fresh2.list_saves()
        assert [p.name for p in checked] == ["save-0.json"]
    finally:
        store_module._summary = real  # type: ignore[assignment]


# 7. Command-line errors are one line and exit 2.

def test_command_line_mistakes_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert main(["simulate", "--rounds", "1", "--autosave", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert "cannot autosave" in err and "Traceback" not in err and err.strip().count("\n") == 0
    for argv in (["simulate", "--ai", ""], ["simulate", "--autosave", ""], ["simulate", "--players", "99"],
                 ["--players", "99"], ["--rules", "hub"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "error:" in err and "Traceback" not in err
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000)
    huge = tmp_path / "huge.json"
    huge.write_text('{"name": "x", "players": ' + "9" * 5000 + "}")
    assert main(["rules-check", str(nested)]) == 2
    assert main(["rules-check", str(huge)]) == 2


# 8. The replay checks what it replays.

def test_an_action_written_in_another_spelling_is_refused(tmp_path: Path) -> None:
    session = _session()
    log = session.match.action_log[-1]
    index = next(i for i, text in enumerate(log) if text.startswith("play "))
    tile = log[index].split()[1]
    a, b = tile.split("-")

    def respell(doc: dict) -> None:  # type: ignore[type-arg]
        doc["action_log"][-1][index] = log[index].replace(tile, f"{b}-{a}")

    with pytest.raises(SaveError, match="action_log"):
        from game.saves import session_from_bytes

        session_from_bytes(_edited(session, respell))


# A full disk for real, where the tests may mount one.

def test_simulate_on_a_full_disk_stops_with_the_reason_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    mount = tmp_path / "tiny"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        run = subprocess.run(
            [sys.executable, "-m", "game.commands.cli", "simulate", "--rounds", "1", "--autosave", str(mount / "s")],
            capture_output=True, text=True, timeout=120,
        )
        assert run.returncode == 2 and "No space left" in run.stderr
        assert not [p for p in (mount / "s").iterdir() if p.name.endswith(".tmp")]
        assert SaveStore(mount / "s").continue_latest()[0].match.action_log
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


def test_asking_whether_there_is_a_match_to_continue_is_remembered_for_the_next_start(tmp_path: Path) -> None:
    import game.saves.store as store_module

    store = SaveStore(tmp_path)
    store.autosave(_session(12))
    assert store.has_autosave()
    checked: list[Path] = []
    real = store_module._summary
    store_module._summary = lambda entry: checked.append(entry.path) or real(entry)  # type: ignore[assignment]
    try:
        assert SaveStore(tmp_path).has_autosave()
        assert checked == [], "the next start reads the summary from the index"
    finally:
        store_module._summary = real  # type: ignore[assignment]
