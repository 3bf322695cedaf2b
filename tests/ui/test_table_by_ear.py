"""The table by ear: what a sighted player sees, obtainable by keys and said when
it matters. A hand falling to two tiles and to one is said (brief), every hand's
size once a turn (full); P says the table at a glance; R says the last turn
whole, then the ones before, also after a load; the keys to ask are said once a
run; Left/Right say where a tile stands, Up/Down jump to the tiles that play,
and the arrows go on from a played tile's place; L reads the move log line by
line; a tip is said as it shows; the end of a round is not 'back at the table'."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import MEXICAN, Play, RoundState, preset, tile_id
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.speech import Recording, Voice
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.words.narrate import Line

from .conftest import NAMES, frames, frames_until, key

t = tile_id


def seated(hands: Sequence[Sequence[tuple[int, int]]], rules: str = "classic") -> GameSession:
    """A 4-seat match at a known position, you (seat 0) to move, every train started and private:
    yours ends at 4, Ana's at 6, Bruno's at 8, Carmen's at 10."""
    session = GameSession(preset(rules), [SeatConfig(n, "human" if i == 0 else "easy") for i, n in enumerate(NAMES)], 7)
    session.match.start_next_round()
    dealt = [[t(*p) for p in hand] for hand in hands]
    trains = {0: [t(12, 4)], 1: [t(12, 6)], 2: [t(12, 8)], 3: [t(12, 10)]}
    used = {t(12, 12), *(x for h in dealt for x in h), *(x for tr in trains.values() for x in tr)}
    boneyard = [x for x in range(91) if x not in used][:20]
    session.match.round = RoundState.from_table(session.match.setup, 12, dealt, boneyard, 0, trains=trains,
                                                names=NAMES)
    return session


def by_ear(app: App, session: GameSession, verbosity: str = "brief") -> tuple[TableScene, Recording]:
    """The table of ``session`` with speech on through a recording, the computers deciding here."""
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    app.settings.speech_verbosity = verbosity
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    frames(app, 3)
    return table, recording


def shift(app: App, char: str) -> None:
    """Shift and a key (Shift+M, Shift+1)."""
    code = pygame.key.key_code(char)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char.upper(), mod=pygame.KMOD_SHIFT)])


def said_after(recording: Recording, start: int) -> list[str]:
    """The lines said since line ``start``."""
    return recording.lines[start:]


ANA_FALLS = [[(4, 3), (3, 3), (9, 0)], [(6, 1), (1, 1), (5, 5)], [(8, 2), (2, 2), (5, 0), (0, 0)],
             [(10, 9), (9, 9), (0, 1), (11, 11)]]
"""Your 4-3 plays; then Ana's only play is the 6-1, leaving her two tiles."""


def play_the_4_3(app: App, table: TableScene) -> None:
    """Pick the 4-3 with the arrows and play it on your train (1)."""
    table.tray.selected = t(4, 3)
    key(app, pygame.K_1, "1")


def test_brief_speech_says_a_hand_falling_to_two_tiles_and_no_hand_sizes_after_each_move(app: App) -> None:
    table, recording = by_ear(app, seated(ANA_FALLS))
    start = len(recording.lines)
    play_the_4_3(app, table)
    assert frames_until(app, lambda: table.human_turn() or table.controller.phase.name != "PLAYING", 60)
    said = said_after(recording, start)
    assert "Ana has 2 tiles left." in said
    assert said.index("Ana has 2 tiles left.") == said.index("Ana plays 6 1 on their own train.") + 1
    assert not any(line.startswith("Hands:") for line in said)


def test_full_speech_says_every_hands_size_once_a_turn(app: App) -> None:
    hands = [[(4, 4), (4, 3), (9, 0)], *ANA_FALLS[1:]]
    table, recording = by_ear(app, seated(hands), "full")
    start = len(recording.lines)
    table.tray.selected = t(4, 4)
    key(app, pygame.K_1, "1")  # a double: your turn goes on, to cover it
    frames(app, 2)
    table.tray.selected = t(4, 3)
    key(app, pygame.K_1, "1")
    assert frames_until(app, lambda: table.human_turn() or table.controller.phase.name != "PLAYING", 60)
    said = said_after(recording, start)
    counts = [line for line in said if line.startswith("Hands:")]
    assert counts[:2] == ["Hands: you 1, Ana 3, Bruno 4, Carmen 4. Ana's move.",
                          "Hands: you 1, Ana 2, Bruno 4, Carmen 4. Bruno's move."], "once a turn, not after each tile"
    assert "Ana has 2 tiles left." not in said, "full speech says every size anyway"


def test_p_says_the_table_at_a_glance(app: App) -> None:
    _, recording = by_ear(app, seated(ANA_FALLS))
    key(app, pygame.K_p, "p")
    assert recording.lines[-1] == (
        "Engine double 12. You 3 tiles, train of 1 open at 4, private; Ana 3 tiles, train of 1 open at 6, private; "
        "Bruno 4 tiles, train of 1 open at 8, private; Carmen 4 tiles, train of 1 open at 10, private; "
        "no Mexican train yet. The boneyard holds 20 tiles. Your move.")
    shift(app, "2")
    assert recording.lines[-1] == "Ana's train (2): 1 tile, 12 6; open end 6, private."


def test_the_keys_to_ask_are_said_at_the_first_table_of_a_run_only(app: App) -> None:
    _, recording = by_ear(app, seated(ANA_FALLS))
    assert sum("Keys to ask: A your hand, P the table at a glance" in line for line in recording.lines) == 1
    app.pop()
    app.push(TableScene(seated(ANA_FALLS), worker=InlineWorker()))
    frames(app, 3)
    assert sum("Keys to ask" in line for line in recording.lines) == 1
    key(app, pygame.K_SLASH, "?")
    assert recording.lines[-1].startswith("Keys to ask: A your hand")


def test_arrows_say_where_a_tile_stands_jump_to_the_tiles_that_play_and_go_on_after_a_play(app: App) -> None:
    hands = [[(4, 3), (9, 0), (11, 0), (4, 1), (10, 5)], [(6, 1), (1, 1), (5, 5)], [(8, 2), (2, 2)],
             [(10, 9), (9, 9)]]
    table, recording = by_ear(app, seated(hands))
    order = list(table.tray.order)
    key(app, pygame.K_RIGHT)
    assert recording.lines[-1].endswith(f", 1 of {len(order)}")
    fits = [tile for tile in order if tile in (t(4, 3), t(4, 1))]
    key(app, pygame.K_DOWN)
    assert table.tray.selected == next(tile for tile in fits if order.index(tile) > 0)
    assert " plays on your train (1)" in recording.lines[-1]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert table.tray.selected in fits, "Down reaches only the tiles that play, wrapping"
    key(app, pygame.K_HOME)
    assert table.tray.selected == order[0] and recording.lines[-1].endswith(f", 1 of {len(order)}")
    key(app, pygame.K_END)
    assert table.tray.selected == order[-1]
    played = next(tile for tile in order[:-1] if tile in fits)
    table.tray.selected = played
    key(app, pygame.K_1, "1")
    frames(app, 2)
    assert table.tray.selected is None
    key(app, pygame.K_RIGHT)
    assert table.tray.selected == order[order.index(played) + 1], "the arrows go on from where the tile stood"


def test_r_says_the_last_turn_whole_then_the_turns_before(app: App) -> None:
    session = GameSession(preset("classic"), [SeatConfig(n, "easy") for n in NAMES[1:]] +
                          [SeatConfig("You", "human")], 5)
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    table = TableScene(session, worker=InlineWorker())
    app.push(table)
    assert frames_until(app, lambda: table.human_turn(), 60)
    told = [line for line in recording.lines if " laid " in line and " tiles on " in line]
    heard = []
    for _ in range(4):
        key(app, pygame.K_r, "r")
        heard.append(recording.lines[-1])
    assert heard[1].startswith("Before that: ") and heard[0] != heard[1]
    assert heard[-1].startswith("Before that (the round opening): Round 1 of 13")
    assert told, "the computers' first lines were told in one"
    for line in told:
        seat, count = line.split(" laid ")[0], line.split(" laid ")[1].split(" tiles")[0]
        again = next(h for h in heard if h.removeprefix("Before that: ").startswith(f"{seat} laid {count} tiles"))
        assert "; it ends at " in again and again.count(",") >= int(count) - 1, "R names every tile of a long turn"


def test_after_a_load_r_says_the_last_turn_not_that_nothing_happened(app: App) -> None:
    session = GameSession(preset("classic"), [SeatConfig("You", "human")] +
                          [SeatConfig(n, "easy") for n in NAMES[1:]], 5)
    match = session.match
    match.start_next_round()
    while len(match.action_log[-1]) < 12 or match.current_player() != 0:
        legal = match.legal_actions()
        match.apply(next((a for a in legal if isinstance(a, Play)), legal[0]))
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    app.push(TableScene(session, worker=InlineWorker()))
    frames(app, 3)
    key(app, pygame.K_r, "r")
    assert recording.lines[-1] != "Nothing has happened yet this round."
    assert any(name in recording.lines[-1] for name in ("You", *NAMES[1:]))


def test_l_opens_the_move_log_and_the_arrows_read_it_line_by_line(app: App) -> None:
    table, recording = by_ear(app, seated(ANA_FALLS))
    play_the_4_3(app, table)
    assert frames_until(app, lambda: table.human_turn(), 60)
    lines = table.log.lines
    key(app, pygame.K_l, "l")
    assert recording.lines[-1].startswith(f"Move log, round 1, {len(lines)} lines: Up and Down read it")
    key(app, pygame.K_UP)
    assert recording.lines[-1] == f"{lines[-1].text.replace('-', ' ')} {len(lines)} of {len(lines)}."
    key(app, pygame.K_HOME)
    assert recording.lines[-1].endswith(f" 1 of {len(lines)}.") and table.log_panel.back == len(lines) - 1
    key(app, pygame.K_DOWN)
    assert recording.lines[-1].endswith(f" 2 of {len(lines)}.")
    key(app, pygame.K_l, "l")
    assert recording.lines[-1] == "Move log closed."
    key(app, pygame.K_DOWN)  # closed: the arrows are the hand's again
    assert table.tray.selected is not None


def test_a_tip_is_said_as_it_shows(app: App) -> None:
    app.settings.tips_seen = []
    table, recording = by_ear(app, seated(ANA_FALLS))
    assert frames_until(app, lambda: table.tip is not None, 10)
    frames(app, 2)
    assert any(line.startswith("Tip: H suggests a move, and L lists the moves so far") for line in recording.lines)


def test_the_end_of_a_round_is_not_said_as_back_at_the_table(app: App) -> None:
    hands = [[(4, 3)], [(6, 1), (1, 1)], [(8, 2), (2, 2)], [(10, 9), (9, 9)]]
    table, recording = by_ear(app, seated(hands))
    play_the_4_3(app, table)
    assert frames_until(app, lambda: app.top is not table, 60)
    assert table.controller.live is not None and table.controller.live.round_over
    recording.lines.clear()
    app.pop()
    assert not any(line.startswith("Back at the table") for line in recording.lines)
    assert table.spoken_return() == ""


def test_a_train_is_said_with_every_tile_on_it(app: App) -> None:
    _, recording = by_ear(app, seated(ANA_FALLS))
    shift(app, "m")
    assert recording.lines[-1] == "The Mexican train (M): not started, it starts from the engine, 12."
    assert MEXICAN == -1


def test_a_turn_ended_by_a_step_that_says_nothing_is_said_before_the_next_seat_moves(app: App) -> None:
    """A computer that ends its first line with End: the End step says nothing, yet the turn it
    passes is said then, not with the next seat's move."""
    table, recording = by_ear(app, seated(ANA_FALLS))
    speech = table.speech
    live = table.controller.live
    assert live is not None
    ana = [Line("Ana plays 6-1 on their own train.", seat=1, aloud=False, play=(t(6, 1), 1, 1)),
           Line("Ana plays 1-1 on their own train.", seat=1, aloud=False, play=(t(1, 1), 1, 1))]
    start = len(recording.lines)
    shown = live.copy()
    shown.to_move = 1
    table.picture.show_now(shown)
    speech.told(ana)
    assert recording.lines[start:] == [], "the turn goes on: nothing said yet"
    passed = shown.copy()
    passed.to_move = 2
    table.picture.show_now(passed)
    speech.told([])
    assert recording.lines[start:] == ["Ana laid 2 tiles on their own train, ending at 1."]
