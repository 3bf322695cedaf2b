"""My tables: each kept seat's row says whose move it is, the round, the pace and
when the last move was (or that the table is finished, gone, or its server did
not answer); the rows are asked for in the background, so a server that never
answers keeps neither the title nor My tables from drawing their frames."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from game.net.client.inbound import Listing, SeatInfo
from game.ui.app import App
from game.ui.online import lookup as lookup_module
from game.ui.online.kept import KeptSeat, keep_seat
from game.ui.online.lookup import Answer, TablesLookup, where
from game.ui.online.my_tables import MyTablesScene
from game.ui.online.rows import ago, row_words, your_move_words
from game.ui.scenes.title import TitleScene

from .conftest import frames, frames_until

NOW = 1_800_000_000.0
SEAT = KeptSeat("ws://192.168.1.20:8765/", "K3F9Q-2XAMB", "a" * 32, "Ben")


def person(name: str, stand_in: bool = False, left: bool = False) -> SeatInfo:
    """A person's seat as a list answer gives it."""
    return SeatInfo(name, "person", False, stand_in, left, False)


def table(state: str = "playing", waiting: tuple[int, ...] = (0,), seat: int = 1, **more: object) -> Listing:
    """A listed table: Ana hosts, Ben (this seat) and Easy 3 play; any pace, round 3 of 13."""
    fields: dict[str, object] = {"seat": seat, "state": state, "pace": "any", "round": 3, "rounds": 13,
                                 "waiting": waiting, "your_move": seat in waiting and state != "over",
                                 "last_move_at": NOW - 300, "finished_at": None,
                                 "seats": (person("Ana"), person("Ben"),
                                           SeatInfo("Easy 3", "easy", False, False, False, False))}
    fields.update(more)
    return Listing("K3F9Q-2XAMB", "table", **fields)  # type: ignore[arg-type]


def words(listing: Listing | None = None, problem: str = "") -> tuple[str, str, str]:
    """The row of ``SEAT`` for an answer."""
    said = row_words(SEAT, None if listing is None and not problem else Answer(listing, problem), NOW)
    return said.heading, said.state, said.detail


def test_a_row_says_whose_move_it_is_the_round_the_pace_and_when_the_last_move_was() -> None:
    heading, state, detail = words(table(waiting=(1,)))
    assert heading == "Ana's table: Ana, Ben (you) and Easy 3"
    assert state == "Your move"
    assert detail.startswith("round 3 of 13  \u00b7  any pace  \u00b7  last move 5 minutes ago")
    assert words(table(waiting=(0,)))[1] == "Waiting for Ana"
    assert words(table(waiting=(2,)))[1] == "Easy 3 (a computer) is to move"
    assert words(table(state="dealing", waiting=(0, 2)))[1] == "Waiting for Ana and Easy 3 to continue"
    handed = table(waiting=(0,), seats=(person("Ana", stand_in=True), person("Ben")))
    assert words(handed)[1] == "The computer plays for Ana"
    assert words(table(waiting=(1,), seat=0))[0].startswith("The table you host: Ana (you), Ben")


def test_a_finished_gone_unknown_or_unreachable_table_says_so() -> None:
    over = table(state="over", waiting=(), finished_at=NOW - 2 * 86400)
    assert words(over)[1] == "Finished: the match is over (ended 2 days ago)"
    assert words(Listing("K3F9Q-2XAMB", "expired"))[1] == (
        "This table is gone: it had no move for 30 days, so the server no longer keeps it.")
    assert words(Listing("K3F9Q-2XAMB", "unknown"))[1].startswith("The server does not know this seat")
    unreachable = "The server at 192.168.1.20:8765 did not answer in 6 seconds."
    assert words(problem=unreachable)[1] == unreachable
    assert words()[1] == "Asking 192.168.1.20:8765\u2026"
    lobby = table(state="lobby", waiting=())
    assert words(lobby)[1] == "In the lobby: waiting for the host to start"


def test_times_and_tables_are_counted_in_words() -> None:
    assert [ago(s) for s in (5, 60, 119, 3600, 7200, 86400, 3 * 86400)] == [
        "just now", "1 minute ago", "1 minute ago", "1 hour ago", "2 hours ago", "1 day ago", "3 days ago"]
    other = KeptSeat("ws://192.168.1.20:8765/", "ZZ7QX-1B2C3", "b" * 32, "Ben")
    yours = Answer(table(waiting=(1,)))
    assert your_move_words([SEAT], {SEAT.token: yours}) == "Your move at Ana's table"
    assert your_move_words([SEAT, other], {SEAT.token: yours, other.token: yours}) == "Your move at 2 tables"
    assert your_move_words([SEAT, other], {SEAT.token: Answer(table(waiting=(0,)))}) == ""


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A server on the loopback that accepts connections and never says a word (its address)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    accepting = threading.Thread(target=accept, daemon=True)
    accepting.start()
    yield f"ws://127.0.0.1:{listener.getsockname()[1]}/"
    stop.set()
    try:
        listener.shutdown(socket.SHUT_RDWR)  # wakes the thread waiting in accept
    except OSError:
        pass
    listener.close()
    accepting.join(5)  # a connection accepted as the listener closes is held, and closed below
    for connection in held:
        connection.close()


def test_a_server_that_never_answers_slows_no_frame_and_the_other_rows_fill(
        app: App, silent_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookup_module, "ANSWER_WAIT", 3600.0)  # it stays silent all through the test
    silent = KeptSeat(silent_server, "SILNT-12345", "1" * 32, "Ana")
    hosted = KeptSeat("ws://127.0.0.1:1/", "HOSTD-12345", "2" * 32, "Ana", "127.0.0.1", 1)  # its database
    keep_seat(silent)
    keep_seat(hosted)
    app.reset(app.routes.title())
    title = app.top
    assert isinstance(title, TitleScene) and title.tables is not None
    looked = title.tables.lookup
    start = app.frame_count
    frames(app, 30)  # frame after frame while the silent server holds its connection
    assert app.frame_count - start == 30 and not looked.done()
    mine = MyTablesScene()
    app.push(mine)
    said = lambda code: next(row.words.state for row in mine.rows if row.label == code and row.words)
    assert frames_until(app, lambda: not said(hosted.code).startswith("Asking"), 60)
    assert said(hosted.code).startswith("The server does not know")  # its row filled...
    assert said(silent.code) == f"Asking {where(silent_server)}\u2026"  # ...while the silent one still asks
    assert mine.lookup is not None and not mine.lookup.done()


def test_a_server_that_never_answers_is_said_not_to_have_answered_in_time(silent_server: str) -> None:
    silent = KeptSeat(silent_server, "SILNT-12345", "1" * 32, "Ana")
    looked = TablesLookup([silent], wait=0.5)
    deadline = time.monotonic() + 60
    while not looked.done() and time.monotonic() < deadline:
        time.sleep(0.05)  # the lookup's own wait (0.5 s) is what is waited for
    answer = looked.answers()[silent.token]
    assert answer.listing is None and answer.problem.endswith("did not answer in 0.5 seconds.")


def test_a_server_whose_thread_is_still_busy_past_its_wait_is_said_not_to_have_answered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a connection the server never closes can hold the asking thread well past the wait:
    the rows say the server did not answer once the wait is over, and the next look may begin."""
    release = threading.Event()
    monkeypatch.setattr(lookup_module, "_ask_server", lambda url, pairs, wait: (release.wait(30), [])[1])
    seat = KeptSeat("ws://127.0.0.1:9/", "SLOWW-12345", "3" * 32, "Ana")
    looked = TablesLookup([seat], wait=0.5)
    try:
        assert not looked.done() and looked.answers() == {}
        deadline = time.monotonic() + 30
        while not looked.done() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert looked.age() < 10, "said after the wait and a moment, not when the thread is done"
        answer = looked.answers()[seat.token]
        assert answer.listing is None and answer.problem == "The server at 127.0.0.1:9 did not answer in 0.5 seconds."
    finally:
        release.set()  # the thread ends with the test


def test_the_title_reads_a_finished_looks_answers_before_it_looks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The title asks again once a look is done (at most once a minute in the game): the look that
    just finished must be read first, or its "your move" is lost with it (it was, in every look
    but the rare one that ended between the two questions the title asks of it)."""
    from game.ui.online import title_tables

    seat = KeptSeat("ws://127.0.0.1:9/", "ANSWR-12345", "4" * 32, "Ana")
    waiting = Listing(seat.code, "table", seat=0, state="playing", pace="any", waiting=(0,), your_move=True,
                      seats=(SeatInfo("Ana", "person", False, False, False, False),))

    class Look:
        def __init__(self, answers: dict[str, Answer]) -> None:
            self._answers = answers

        def done(self) -> bool:
            return bool(self._answers)

        def answers(self) -> dict[str, Answer]:
            return dict(self._answers)

    looks = iter([Look({seat.token: Answer(waiting)}), Look({})])
    monkeypatch.setattr(title_tables, "recent_lookup", lambda seats: next(looks))
    tables = title_tables.TitleTables([seat])  # its first look has just finished; the next begins
    assert tables.said == "Your move at the table you host"
    tables.update()
    assert tables.said == "Your move at the table you host", "an older look's answer until the new one has answered"


def test_a_seat_served_by_another_process_now_is_kept_there(saves: object) -> None:
    """When the process that held a table dies and another serves it, the kept seat follows, so
    My tables asks the living process next time; a table on this game's own server stays put."""
    from types import SimpleNamespace

    from game.ui.online.kept import kept_seats
    from game.ui.online.table import RemoteTableScene

    keep_seat(KeptSeat("ws://127.0.0.1:8801/", "AAAAA-BBBBB", "a" * 32, "Ana"))
    keep_seat(KeptSeat("ws://127.0.0.1:8765/", "CCCCC-DDDDD", "b" * 32, "Ana", "127.0.0.1", 8765))
    client = SimpleNamespace(url="ws://127.0.0.1:8801/")
    scene = object.__new__(RemoteTableScene)
    scene.remote = SimpleNamespace(link=SimpleNamespace(client=client), seat=SimpleNamespace(token="a" * 32))
    scene._served_at = client.url
    scene._follow_the_table()
    assert [s.url for s in kept_seats()] == ["ws://127.0.0.1:8765/", "ws://127.0.0.1:8801/"]
    client.url = "ws://127.0.0.1:8802/"
    scene._follow_the_table()
    by_code = {s.code: s.url for s in kept_seats()}
    assert by_code == {"AAAAA-BBBBB": "ws://127.0.0.1:8802/", "CCCCC-DDDDD": "ws://127.0.0.1:8765/"}
