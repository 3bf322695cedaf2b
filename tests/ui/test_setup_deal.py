"""The setup screen: deal codes, match length, the undo setting and seats any
person may take, remembered for the next run."""

from __future__ import annotations

import pytest

from game.engine.dealcode import decode, encode
from game.memory.session import HUMAN
from game.ui.app import App
from game.ui.main import load_settings
from game.ui.scenes.setup import SetupScene
from game.ui.table.scene import TableScene

from .conftest import frames


def _setup(app: App, deal: str | None = None) -> SetupScene:
    app.settings = load_settings()
    scene = SetupScene(deal)
    app.push(scene)
    frames(app, 1)
    return scene


def _started(app: App) -> TableScene:
    table = app.top
    assert isinstance(table, TableScene)
    return table


def test_the_deal_code_shown_is_a_fresh_code_and_starting_deals_it(app: App) -> None:
    scene = _setup(app)
    code = scene.deal.value
    assert encode(decode(code)) == code
    scene.start()
    table = _started(app)
    assert table.session.seed == decode(code)
    table.close()


def test_a_typed_code_is_read_without_regard_to_case(app: App) -> None:
    scene = _setup(app)
    scene.deal.value = "k3f9-2qxa"
    scene.start()
    table = _started(app)
    assert table.session.seed == decode("K3F9-2QXA")
    table.close()


def test_a_bad_code_says_why_and_does_not_start(app: App) -> None:
    scene = _setup(app)
    scene.deal.value = "K3F9"
    scene.start()
    assert app.top is scene
    assert "8 letters and digits" in scene.error


def test_a_code_given_on_the_command_line_is_filled_in(app: App) -> None:
    scene = _setup(app, "K3F9-2QXA")
    assert scene.deal.value == "K3F9-2QXA"


def test_the_match_length_sets_the_rounds_and_names_them(app: App) -> None:
    scene = _setup(app)
    scene.seat_count.set(4)
    scene._rebuild()
    assert scene.length.labels("short") == "Short: 7 rounds"
    assert scene.length.labels("blitz") == "Blitz: 3 rounds"
    scene.length.set("short")
    scene.start()
    table = _started(app)
    assert table.match.setup.rounds == 7
    table.close()
    again = _setup(app)
    assert again.length.value == "short"


def test_undo_is_offered_to_one_person_only_and_passed_to_the_session(app: App) -> None:
    scene = _setup(app)
    assert scene.undo.value is False, "off by default"
    assert scene.undo in scene.widgets
    scene.undo.set(True)
    scene.start()
    table = _started(app)
    assert table.session.allow_undo
    table.close()
    again = _setup(app)
    assert again.undo.value is True
    again.kinds[1].set(HUMAN)
    again._rebuild()
    assert again.undo not in again.widgets
    again.start()
    table = _started(app)
    assert not table.session.allow_undo, "never with two people at the table"
    table.close()


def test_any_seat_may_be_a_person_and_is_remembered(app: App) -> None:
    scene = _setup(app)
    assert scene.kinds[0].value == HUMAN and scene.kinds[1].value != HUMAN
    assert scene.kinds[1].labels(HUMAN) == "person"
    scene.kinds[2].set(HUMAN)
    scene._rebuild()
    scene.start()
    table = _started(app)
    assert table.session.human_seats == [0, 2]
    table.close()
    again = _setup(app)
    assert [k.value == HUMAN for k in again.kinds[:again.seat_count.value]][:3] == [True, False, True]


def test_the_deal_flag_opens_the_setup_with_the_code_and_refuses_a_bad_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import game.ui.main
    from game.commands.cli import main

    opened: list[object] = []
    monkeypatch.setattr(game.ui.main, "run_game", lambda **kwargs: opened.append(kwargs["deal"]) or 0)
    assert main(["--deal", "k3f9 2qxa"]) == 0
    assert opened == ["K3F9-2QXA"]
    assert main(["--deal", "nope"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "8 letters and digits" in err


def test_run_game_with_a_deal_opens_the_setup_over_the_title(app: App) -> None:
    scene = app.routes.setup("K3F9-2QXA")
    assert isinstance(scene, SetupScene) and scene.deal.value == "K3F9-2QXA"
