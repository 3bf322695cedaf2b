"""The save folder as the game uses it: autosave, Continue with its backup, named saves, list, delete."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.saves import SaveError, SaveStore, default_store
from game.saves.codec import encode_state

from .sessions import new_session, play_steps


def _session(steps: int = 20):
    session = new_session("classic", ["human", "easy", "random"], 3)
    play_steps(session, steps)
    return session


def test_default_store_lives_in_the_data_folder_from_the_environment(private_data_dir: Path) -> None:
    store = default_store()
    assert store.folder == private_data_dir / "saves"
    session = _session()
    store.autosave(session)
    store.flush()
    assert (private_data_dir / "saves" / f"autosave-{session.match_id}.json").exists()
    store.close()


def test_continue_resumes_the_autosave_exactly(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, background=True)
    session = _session()
    store.autosave(session)
    resumed, note = store.continue_latest()
    assert note is None
    assert encode_state(resumed.match) == encode_state(session.match)
    assert resumed.seats == session.seats


def test_continue_falls_back_to_the_backup_and_says_so_when_the_autosave_is_damaged(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    store.autosave(session)
    earlier = encode_state(session.match)
    play_steps(session, 1)
    slot = store.autosave(session)
    damaged = slot.read_bytes()[:100]
    slot.write_bytes(damaged)
    resumed, note = store.continue_latest()
    assert note is not None and "backup" in note and "cut off" in note
    assert encode_state(resumed.match) == earlier
    assert slot.read_bytes() == damaged, "the damaged file is kept as it was"
    store.autosave(resumed)
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged, "a copy outlives the next autosave"
    assert kept[0].name in note


def test_continue_without_any_save_says_there_is_none(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    assert not store.has_autosave()
    with pytest.raises(SaveError, match="no saved game"):
        store.continue_latest()


def test_named_saves_are_listed_with_date_preset_round_and_scores_and_can_be_deleted(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session(400)
    path = store.save_named(session, "Before the big round!")
    store.autosave(session)
    infos = store.list_saves()
    assert [i.is_autosave for i in infos] == [True, False]
    named = infos[1]
    assert named.path == path and named.name == "Before the big round!"
    assert named.preset == "classic" and named.round == len(session.match.action_log)
    assert named.scores == session.match.totals() and named.date is not None and named.problem is None
    assert store.load(path).match.action_log == session.match.action_log
    store.delete(path)
    assert [i.is_autosave for i in store.list_saves()] == [True]


def test_a_save_name_is_checked_and_cannot_escape_the_folder(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    with pytest.raises(SaveError, match="needs a name"):
        store.save_named(_session(), "   ")
    path = store.save_named(_session(), "../../etc/passwd")
    assert path.parent == tmp_path
    with pytest.raises(SaveError, match="not a save"):
        store.delete(tmp_path.parent / "x.json")


def test_each_save_keeps_the_previous_version_as_a_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    slot = store.autosave(session)
    first = slot.read_bytes()
    play_steps(session, 1)
    store.autosave(session)
    assert slot.with_name(slot.name + ".bak").read_bytes() == first


def test_a_failed_write_raises_a_save_error_and_keeps_the_old_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = _session()
    slot = store.autosave(session)
    before = slot.read_bytes()
    blocked = SaveStore(slot / "not-a-folder")
    with pytest.raises(SaveError, match="cannot write"):
        blocked.autosave(session)
    assert blocked.problem is not None and "cannot write" in blocked.problem
    assert slot.read_bytes() == before


def test_temporary_files_a_killed_writer_left_are_removed_when_the_game_takes_the_folder(tmp_path: Path) -> None:
    """Only one game writes a folder at a time, so whatever temporary file is
    there when the game starts was left by a writer that died."""
    old = tmp_path / ".autosave-x.json.abc123.tmp"
    tmp_path.mkdir(exist_ok=True)
    old.write_text("half a save")
    store = SaveStore(tmp_path, exclusive=True)
    assert not old.exists()
    store.close()
