"""What the table says about a whole step: why a seat passed, whose double it
is to cover, and every move in words for the move log."""

from __future__ import annotations

from game.engine import END, Play, RoundState, preset, tile_id
from game.engine import events as ev
from game.words.narrate import Line, most_telling, tell

NAMES = ("You", "Ana", "Bruno", "Carmen")
CLASSIC = preset("classic")
t = tile_id


def aloud(lines: list[Line]) -> list[str]:
    return [line.text for line in lines if line.aloud]


def test_a_classic_first_turn_pass_says_why_there_is_no_draw_and_points_at_the_rule() -> None:
    lines = tell([ev.TurnStarted(0), ev.Passed(0), ev.MarkerUp(0), ev.TurnStarted(1)], NAMES, 0, CLASSIC, 20)
    assert aloud(lines) == ["You cannot start your train on the first turn: marker up, no draw in classic."]
    assert lines[0].why == "first-turn"


def test_a_pass_after_a_draw_and_with_an_empty_boneyard_say_so() -> None:
    drew = tell([ev.TileDrawn(0, t(3, 2)), ev.Passed(0), ev.MarkerUp(0), ev.TurnStarted(1)], NAMES, 0, CLASSIC, 5)
    assert aloud(drew) == ["You drew the 3-2: it does not fit, so you pass and your train is now public."]
    assert [line.text for line in drew if not line.aloud] == ["You draw the 3-2."]
    empty = tell([ev.TurnStarted(2), ev.Passed(2), ev.MarkerUp(2), ev.TurnStarted(3)], NAMES, 0, CLASSIC, 0)
    assert aloud(empty) == ["Nothing fits and the boneyard is empty: Bruno passes; their train is now public."]
    assert empty[0].why == "drawing"


def test_the_tile_you_drew_is_named_aloud_and_whether_it_fits() -> None:
    fits = tell([ev.TileDrawn(0, t(6, 2))], NAMES, 0, CLASSIC, 5)
    assert aloud(fits) == ["You drew the 6-2: it fits, so you may play it."]
    others = tell([ev.TileDrawn(1, t(6, 2))], NAMES, 0, CLASSIC, 5)
    assert [line.text for line in others] == ["Ana draws a tile."], "nobody else's drawn tile is named"


def test_a_double_laid_is_the_layers_to_cover_until_the_turn_passes() -> None:
    mine = tell([ev.TilePlayed(0, t(6, 6), 0, 6, 6), ev.DoubleOpened(0, 0)], NAMES, 0, CLASSIC, 10)
    assert aloud(mine) == ["You laid the 6-6: cover it now if you can (no draw for it)."]
    left = tell([ev.TilePlayed(1, t(6, 6), 1, 6, 6), ev.DoubleOpened(1, 1), ev.TurnStarted(2)], NAMES, 0, CLASSIC, 10)
    assert aloud(left) == ["Ana left the 6-6 open: Bruno must cover it."]
    to_you = tell([ev.TilePlayed(3, t(5, 5), 3, 5, 5), ev.DoubleOpened(3, 3), ev.TurnStarted(0)], NAMES, 0, CLASSIC, 10)
    assert aloud(to_you) == ["Carmen left the 5-5 open: you must cover it."]
    assert left[-1].why == "doubles"


def test_every_move_is_in_the_log_without_showing_anyone_elses_drawn_tile() -> None:
    lines = tell([ev.TilePlayed(1, t(6, 4), -1, 6, 4), ev.TileDrawn(2, t(9, 9)), ev.TilePlayed(0, t(4, 2), 1, 4, 2)],
                 NAMES, 0, CLASSIC, 10)
    assert [line.text for line in lines] == [
        "Ana plays 6-4 on the Mexican train.", "Bruno draws a tile.", "You play 4-2 on Ana's train.",
    ]
    assert [line.seat for line in lines] == [1, 2, 0]


def test_the_most_telling_line_of_a_step_is_the_one_the_table_shows() -> None:
    lines = [Line("a", "plain"), Line("b", "news", "doubles"), Line("c", "plain"), Line("d", "plain", aloud=False)]
    best = most_telling(lines)
    assert best is not None and best.text == "b"
    assert most_telling([Line("x", aloud=False)]) is None


def test_a_real_classic_opening_tells_the_person_why_they_passed() -> None:
    setup = CLASSIC.setup(4)
    hands = [[t(3, 2), t(5, 1)], [t(12, 7), t(7, 1)], [t(12, 8)], [t(12, 9), t(9, 4), t(4, 4)]]
    used = {t(12, 12), *(x for h in hands for x in h)}
    boneyard = [x for x in range(91) if x not in used][:20]
    state = RoundState.from_table(setup, 12, hands, boneyard, 3, opening_done=False, names=NAMES)
    state.apply(Play(t(12, 9), 3))  # Carmen starts her train on her first turn...
    before = len(state.events or [])
    state.apply(END)  # ...and ends it: the turn passes to you, and you cannot start yours
    assert state.to_move == 1 and state.public[0]
    lines = tell(state.new_events(before), NAMES, 0, CLASSIC, len(state.boneyard))
    first_turn = [line for line in lines if line.why == "first-turn" and line.seat == 0]
    assert first_turn and first_turn[0].text == (
        "You cannot start your train on the first turn: marker up, no draw in classic.")


def test_a_round_with_an_undo_is_marked_on_the_score_sheet() -> None:
    from game.words.narrate import round_label

    assert round_label(2, False) == "R3"
    assert round_label(2, True) == "R3\u21ba"


def test_what_happened_since_someone_last_looked_tells_a_run_of_plays_once() -> None:
    from game.words.movelog import since_words
    from game.words.narrate import Line

    lines = [Line("Bruno plays 12-11 on their own train.", seat=1), Line("Bruno plays 11-5 on their own train.", seat=1),
             Line("Bruno plays 5-0 on their own train.", seat=1), Line("Carmen draws a tile.", seat=3),
             Line("Carmen plays 9-4 on the Mexican train.", seat=3), Line("Carmen plays 4-4 on Ana's train.", seat=3)]
    assert since_words(lines) == ["Bruno plays 12-11, 11-5 and 5-0 on their own train.", "Carmen draws a tile.",
                                  "Carmen plays 9-4 on the Mexican train.", "Carmen plays 4-4 on Ana's train."]


def test_a_seat_going_out_on_a_double_is_not_told_to_cover_it() -> None:
    out = tell([ev.TilePlayed(3, t(1, 1), 3, 1, 1), ev.DoubleOpened(3, 3),
                ev.RoundEnded(((), (), (), ()), (0, 0, 0, 0), 3, (0, 0, 0, 0))], NAMES, 0, CLASSIC, 10)
    said = [line.text for line in out]
    assert said == ["Carmen plays 1-1 on their own train.", "Carmen went out!"]


def test_a_draw_the_pass_tells_again_is_not_said_twice() -> None:
    from game.words.turns import said_of, told_in_one

    lines = tell([ev.TileDrawn(3, None), ev.Passed(3), ev.MarkerUp(3), ev.TurnStarted(0)], NAMES, 0, CLASSIC, 5)
    assert [line.text for line in lines][0] == "Carmen draws a tile."
    assert [line.text for line in said_of(lines)] == ["Carmen drew a tile that does not fit and passes; their "
                                                      "train is now public."]
    assert told_in_one(lines, NAMES, 0) == [line.text for line in said_of(lines)]
    goes_on = tell([ev.TileDrawn(3, None), ev.TilePlayed(3, t(6, 2), -1, 6, 2)], NAMES, 0, CLASSIC, 5)
    assert len(said_of(goes_on)) == 2, "a draw that fits is said, then its play"
