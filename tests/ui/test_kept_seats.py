"""Every online seat the game holds is kept (My tables): several tables on several
servers, the one seat older games kept taken in once, and a damaged list set
aside with a sentence, never written over."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.ui.online import kept
from game.ui.online.kept import KeptSeat, forget_seat, keep_seat, kept_note, kept_seats

ANA = KeptSeat("ws://192.168.1.20:8765/", "K3F9Q-2XAMB", "a" * 32, "Ana")
BEN = KeptSeat("wss://example.org:8765/", "ZZ7QX-1B2C3", "b" * 32, "Ben")
HOSTED = KeptSeat("ws://127.0.0.1:8765/", "H0STD-TABLE", "c" * 32, "Ana", "0.0.0.0", 8765)


def data() -> Path:
    """The test's data folder (tests/ui/conftest.py points the game at it)."""
    return Path(os.environ["MEXICAN_TRAIN_DATA_DIR"])


def test_several_seats_on_several_servers_are_kept_newest_first_and_forgotten_one_by_one() -> None:
    assert kept_seats() == []
    for seat in (ANA, BEN, HOSTED):
        assert keep_seat(seat) == ""
    assert kept_seats() == [HOSTED, BEN, ANA]
    keep_seat(ANA)  # rejoined: first again, kept once
    assert kept_seats() == [ANA, HOSTED, BEN]
    assert kept_seats()[1].own and not kept_seats()[0].own
    forget_seat(HOSTED.token)
    assert kept_seats() == [ANA, BEN]
    saved = json.loads((data() / kept.SEATS_FILE).read_text())
    assert saved["format"] == kept.FORMAT_MARK and saved["version"] == kept.VERSION
    assert [s["code"] for s in saved["seats"]] == [ANA.code, BEN.code]
    assert kept_note() == ""


def test_the_single_seat_an_older_game_kept_is_taken_in_once() -> None:
    old = data() / kept.OLD_SEAT_FILE
    old.write_text(json.dumps({"url": "ws://127.0.0.1:8765/", "code": "OLDT1-ABCDE", "token": "d" * 32,
                               "name": "Ana", "host": "127.0.0.1", "port": 8765}))
    (taken,) = kept_seats()
    assert (taken.code, taken.token, taken.host, taken.port) == ("OLDT1-ABCDE", "d" * 32, "127.0.0.1", 8765)
    assert not old.exists(), "taken in once: the old file goes"
    keep_seat(BEN)
    assert [s.code for s in kept_seats()] == [BEN.code, "OLDT1-ABCDE"]


def test_a_damaged_list_is_set_aside_with_a_sentence_and_a_fresh_one_starts() -> None:
    keep_seat(ANA)
    path = data() / kept.SEATS_FILE
    path.write_text('{"format": "mexican-train online seats", "version": 1, "seats": [')
    assert kept_seats() == []
    note = kept_note()
    assert "could not be read" in note and "cut off" in note and "My tables starts empty" in note
    aside = [p for p in data().iterdir() if p.name.startswith(kept.SEATS_FILE + ".unreadable-")]
    assert len(aside) == 1 and aside[0].name in note, "the damaged file is kept as it was, and named"
    assert aside[0].read_text().endswith('"seats": [')
    assert kept_note() == "", "said once"
    keep_seat(BEN)
    assert kept_seats() == [BEN]


def test_a_list_from_another_version_is_not_read_nor_written_over() -> None:
    path = data() / kept.SEATS_FILE
    path.write_text(json.dumps({"format": kept.FORMAT_MARK, "version": 99, "seats": []}))
    assert kept_seats() == []
    assert "another version" in kept_note()
    assert not path.exists()
    assert any(p.name.startswith(kept.SEATS_FILE + ".unreadable-") for p in data().iterdir())


def test_a_seat_that_does_not_hold_what_a_seat_must_is_left_out_and_said() -> None:
    good = {"url": ANA.url, "code": ANA.code, "token": ANA.token, "name": ANA.name, "host": "", "port": 0}
    hidden = {**good, "token": "e" * 32, "name": "Ana\u202egnp.exe"}  # a direction mark: never drawn
    short = {**good, "token": "123"}
    (data() / kept.SEATS_FILE).write_text(json.dumps({"format": kept.FORMAT_MARK, "version": 1,
                                                      "seats": [good, hidden, short]}))
    assert kept_seats() == [ANA]
    assert kept_note().startswith("Two of your online tables could not be read")
    assert kept_seats() == [ANA] and kept_note() == "", "the good seat is written back: said once"
