"""Pass and play: with two people at one screen, each turn of a person other
than the one whose hand is shown goes behind an opaque "Pass to" screen."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.engine import Phase, preset
from game.engine.tiles import TEXT
from game.memory.session import GameSession, SeatConfig
from game.ui.app import App
from game.ui.scenes.pass_to import COVER, PassScene
from game.ui.table.scene import TableScene

from .conftest import TextSeen, frames, frames_until, key, message


def _two_people() -> GameSession:
    seats = [SeatConfig("Ana", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy"), SeatConfig("Di", "easy")]
    return GameSession(preset("classic"), seats, 11)


def _until_pass_screen(app: App) -> PassScene:
    assert frames_until(app, lambda: isinstance(app.top, PassScene)), "no pass screen came up"
    assert isinstance(app.top, PassScene)
    return app.top


def _covered(app: App) -> bool:
    """Whether the bottom fifth of the window (where the tray is) is all the cover colour."""
    app.draw()
    w, h = app.screen.get_size()
    area = app.screen.subsurface(pygame.Rect(0, int(h * 0.8), w, h - int(h * 0.8)))
    mask = pygame.mask.from_threshold(area, COVER, (1, 1, 1, 255))
    return bool(mask.count() == area.get_width() * area.get_height())


def test_each_person_gets_the_screen_behind_a_pass_screen_that_hides_every_hand(app: App) -> None:
    session = _two_people()
    table = TableScene(session)
    app.push(table)
    assert table.seat_labels[:2] == ("Person", "Person") and table.human is None
    first = _until_pass_screen(app)
    mover = table.controller.to_move()
    assert mover is not None and first.name == session.match.names[mover]
    assert table.tray.viewer.seat is None and _covered(app)
    key(app, pygame.K_RETURN)
    assert app.top is table and table.human == mover
    assert table.frame is not None and table.tray.hand_order(table.frame.state, "pips")
    assert table.human_turn() and "to play" in table.frame.score_text
    other = 1 - mover
    while table.controller.to_move() == mover:  # a draw or a double keeps the turn
        assert table.controller.act(table.controller.legal_actions()[0]) is None
    passing = _until_pass_screen(app)
    assert passing.name == session.match.names[other]
    assert table.controller.to_move() == other
    assert table.tray.viewer.seat is None and not table.human_turn()
    shown = table.picture.shown
    assert shown is not None and table.tray.hand_order(shown, "pips") == [], "nobody's hand in the tray"
    assert _covered(app), "the pass screen is opaque: nothing of Ana's or Ben's hand is drawn"
    key(app, pygame.K_RETURN)
    assert table.human == other and table.human_turn()
    table.close()


def test_one_person_keeps_you_and_never_sees_a_pass_screen(app: App) -> None:
    seats = [SeatConfig("Ana", "human"), SeatConfig("Cy", "easy"), SeatConfig("Di", "easy")]
    table = TableScene(GameSession(preset("classic"), seats, 3))
    app.push(table)
    frames(app, 60)
    assert table.seat_labels[0] == "You" and table.human == 0
    assert not isinstance(app.top, PassScene)
    table.close()


def _names_a_tile(lines: list[str], tiles: set[int]) -> list[str]:
    """The lines that name one of ``tiles`` ('9-1')."""
    patterns = [re.compile(rf"(?<![\d-]){TEXT[t]}(?![\d-])") for t in tiles]
    return [line for line in lines if any(p.search(line) for p in patterns)]


def test_no_text_of_one_persons_hand_reaches_the_next_person_at_any_handover(app: App, text_seen: TextSeen) -> None:
    """A whole pass-and-play round where each person asks for a hint and then
    plays something else (so the hinted tile stays in their hand): at every pass
    screen, and on the first frame the next person sees, no text names a tile
    of another person's hand and no hint said to the last person is shown."""
    session = _two_people()
    table = TableScene(session)
    app.push(table)
    people = {0, 1}
    handovers = 0
    hints_said: set[str] = set()
    deadline = time.monotonic() + 60
    while table.controller.phase is Phase.PLAYING and time.monotonic() < deadline:
        state = table.controller.live
        assert state is not None
        if isinstance(app.top, PassScene):
            hidden = {t for s in people for t in state.hands[s]}
            assert _names_a_tile(text_seen.frame(app), hidden) == [], "the pass screen names a hand's tile"
            key(app, pygame.K_RETURN)
            seat = table.human
            assert seat is not None
            others = {t for s in people - {seat} for t in state.hands[s]}
            seen = text_seen.frame(app)
            leaked = _names_a_tile(seen, others) + [line for line in seen if line in hints_said]
            assert leaked == [], f"{session.match.names[seat]} is shown text about another hand: {leaked}"
            handovers += 1
        elif table.human_turn():
            key(app, pygame.K_h, "h")
            assert message(table).startswith("Hint:")
            hints_said.add(message(table))
            assert table.hints.last is not None
            action = table.hints.last.action
            legal = table.controller.legal_actions()
            assert table.controller.act(next((a for a in legal if a != action), action)) is None
            table.catch_steps()
            frames(app, 2)
        else:
            app.step([])
    assert handovers >= 4, "the round gave too few handovers to check"
    table.close()


def test_the_pass_screen_button_holds_its_words_at_the_largest_text(app: App, text_seen: TextSeen) -> None:
    """At 150% text in a 1024x640 window the button's label stays inside the button."""
    from game.ui.ui_scale import use_scale

    small = App((1024, 640), headless=True, routes=app.routes)
    use_scale(1.5)
    try:
        scene = PassScene("Bartholomew", lambda: None, lambda: None)
        small.push(scene)
        text_seen.frame(small)
        label = next(line for line in text_seen.lines if "show my hand" in line)
        assert text_seen.widths[label] < scene.widgets[0].rect.w
    finally:
        use_scale(1.0)


def test_the_hand_turns_face_down_the_moment_its_turn_ends_not_at_the_pass_screen(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana ends her turn and a computer plays next: from the very next frame her
    hand is drawn face down (no tile face in the tray, no pips counted), while
    Cy thinks and until the pass screen; it is face up again on her next turn."""
    import game.ui.table.tray as tray_module

    seats = [SeatConfig("Ana", "human"), SeatConfig("Cy", "easy"), SeatConfig("Ben", "human"),
             SeatConfig("Di", "easy")]
    session = GameSession(preset("classic"), seats, 11)
    table = TableScene(session)
    app.push(table)
    faces: list[tuple[int, int]] = []
    real_face = tray_module.face

    def recording_face(hi: int, lo: int, *args: object, **kwargs: object) -> pygame.Surface:
        faces.append((hi, lo))
        return real_face(hi, lo, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tray_module, "face", recording_face)
    checked = 0
    deadline = time.monotonic() + 60
    while table.controller.phase is Phase.PLAYING and checked < 3 and time.monotonic() < deadline:
        if isinstance(app.top, PassScene):
            key(app, pygame.K_RETURN)
            continue
        if not table.human_turn():
            app.step([])
            continue
        person = table.human
        faces.clear()
        app.draw()
        assert faces, "on their own turn a person sees their hand"
        while table.controller.to_move() == person:  # a draw or a double keeps the turn
            assert table.controller.act(table.controller.legal_actions()[0]) is None
        table.catch_steps()
        if table.controller.phase is not Phase.PLAYING:
            break
        faces.clear()
        app.step([])
        assert table.handover.viewer.face_down and faces == [], "the hand still shows after the turn ended"
        assert "pips" not in table.tray.heading and table.tray.playable == frozenset()
        while not isinstance(app.top, PassScene) and not table.human_turn() \
                and table.controller.phase is Phase.PLAYING:
            faces.clear()
            app.step([])
            assert faces == [], "a face-up tile of the hand while others play"
        checked += 1
    assert checked >= 2
    table.close()


def test_the_pass_screen_tells_each_person_what_happened_since_they_last_looked(
        app: App, text_seen: TextSeen) -> None:
    """Ana plays, the computers play, Ben plays: the pass screen to Ana says Ben's move and
    the computers' since she left the table, not her own; it shows the round's deal
    fingerprint whole, as the round summary will check it."""
    from game.engine.fairdeal import short

    session = _two_people()
    table = TableScene(session)
    app.push(table)
    names = session.match.names
    first = _until_pass_screen(app)
    key(app, pygame.K_RETURN)
    mover = table.controller.to_move()
    assert mover is not None and first.name == names[mover]
    own = len(table.log.lines)
    while table.controller.to_move() == mover:
        assert table.controller.act(table.controller.legal_actions()[0]) is None
        table.catch_steps()
    second = _until_pass_screen(app)
    mine = [line.text for line in table.log.lines[own:] if line.seat == mover]
    assert mine and any(said.startswith(names[mover]) for said in second.since), "Ben is told what Ana did"
    key(app, pygame.K_RETURN)
    other = table.controller.to_move()
    assert other is not None and other != mover
    while table.controller.to_move() == other:
        assert table.controller.act(table.controller.legal_actions()[0]) is None
        table.catch_steps()
    back = _until_pass_screen(app)
    assert back.name == names[mover]
    assert any(said.startswith(names[other]) for said in back.since), "the other person's move is told"
    assert not any(said.startswith(names[mover]) for said in back.since), "not the person's own moves again"
    fingerprint = short(session.match.fingerprints[-1])
    assert len(fingerprint) == 19 and back.fingerprint == fingerprint
    shown = text_seen.frame(app)
    assert any(fingerprint in line and "\u2026" not in line for line in shown), "the fingerprint whole"
    assert back.since_heading() in shown
    table.close()


def test_the_top_bar_never_cuts_the_deal_fingerprint(app: App) -> None:
    """However little room the rules line has beside a long score line (pass and play),
    the fingerprint is printed whole: the rules are shortened, or it goes to a second line."""
    from game.ui.fonts import font
    from game.ui.table.parts import DEAL_MARK, fit_detail

    detail = f"Classic + 2 house rules  \u00b7  double-12 set  \u00b7  engine 12-12{DEAL_MARK}34b7 a1c8 6e38 c150"
    whole = font(16).size(detail)[0]
    assert fit_detail(detail, 16, whole) == [detail]
    for room in (whole - 40, whole // 2, font(16).size("deal 34b7 a1c8 6e38 c150")[0] + 8):
        lines = fit_detail(detail, 16, room)
        assert any(line.endswith("deal 34b7 a1c8 6e38 c150") for line in lines), (room, lines)
        assert all(font(16).size(line)[0] <= room for line in lines)
