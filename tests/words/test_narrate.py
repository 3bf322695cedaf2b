"""What the table tells a player about each engine event, for the person and for a computer seat."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from game.engine import events as ev
from game.engine import preset, tile_id
from game.words.narrate import kind_label, narrate, round_opening, sentence, tone

NAMES = ("Maria", "Ana", "Bruno", "Carmen")
YOU = 0
CLASSIC = preset("classic")
COURTESY = preset("tournament")
TAP = preset("tap")


def say(event: ev.Event, options: typing.Any = CLASSIC, human: int | None = YOU) -> str | None:
    return narrate(event, NAMES, human, options)


def test_every_event_type_is_covered_here() -> None:
    """A new event type must get a line (or a deliberate None) and a test below."""
    covered = {
        ev.DrawOffTile, ev.StarterChosen, ev.Dealt, ev.TileDrawn, ev.EnginePlaced, ev.TurnStarted, ev.TilePlayed,
        ev.MarkerUp, ev.MarkerDown, ev.DoubleOpened, ev.DoubleCovered, ev.Knocked, ev.Penalty, ev.Passed,
        ev.SeatSuspended, ev.RoundEnded,
    }
    assert set(typing.get_args(ev.Event)) == covered


@pytest.mark.parametrize("event", [
    ev.DrawOffTile(1, tile_id(6, 6)), ev.StarterChosen(1), ev.Dealt(15, 31), ev.EnginePlaced(1, 12),
    ev.TurnStarted(1), ev.TilePlayed(1, tile_id(12, 4), 1, 12, 4), ev.MarkerDown(1), ev.Penalty(1),
    ev.TileDrawn(1, None),
])
def test_events_the_picture_shows_by_itself_say_nothing(event: ev.Event) -> None:
    assert say(event) is None
    assert tone(event) == "plain"


def test_the_persons_own_draw_is_said_with_the_tile() -> None:
    assert say(ev.TileDrawn(0, tile_id(3, 2))) == "You drew the 3-2: it fits, so you may play it."


def test_a_penalty_draw_is_an_alert_for_anyone() -> None:
    assert say(ev.TileDrawn(2, None, penalty=True)) == "Bruno draws a penalty tile."
    assert say(ev.TileDrawn(0, tile_id(3, 2), penalty=True)) == "Maria draws a penalty tile."
    assert tone(ev.TileDrawn(2, None, penalty=True)) == "alert"


def test_a_train_turning_public_is_told_for_the_others_only() -> None:
    assert say(ev.MarkerUp(1)) == "Ana's train is now public."
    assert say(ev.MarkerUp(YOU)) is None
    assert say(ev.MarkerUp(YOU), human=None) == "Maria's train is now public."


def test_a_double_just_laid_is_still_its_layers_to_cover() -> None:
    assert say(ev.DoubleOpened(YOU, 0)) == "You laid a double: cover it now if you can (no draw for it)."
    assert say(ev.DoubleOpened(3, 3)) == "Carmen laid a double and must cover it."
    assert tone(ev.DoubleOpened(3, 3)) == "news"


def test_a_covered_double_names_the_seat() -> None:
    assert say(ev.DoubleCovered(2, 0)) == "Bruno covered the double."
    assert say(ev.DoubleCovered(YOU, 0)) == "You covered the double."


def test_courtesy_presets_announce_one_tile_left_for_every_seat() -> None:
    assert say(ev.Knocked(YOU), COURTESY) == "You have one tile left!"
    assert say(ev.Knocked(1), COURTESY) == "Ana has one tile left!"
    assert say(ev.Knocked(1), preset("star-ranch")) == "Ana has one tile left!"
    assert tone(ev.Knocked(1)) == "news"


def test_tap_says_who_knocks() -> None:
    assert say(ev.Knocked(YOU), TAP) == "You knock: one tile left!"
    assert say(ev.Knocked(2), TAP) == "Bruno knocks: one tile left!"


def test_a_pass_is_told_in_the_second_person_to_you() -> None:
    assert say(ev.Passed(YOU)) == "You pass."
    assert say(ev.Passed(3)) == "Carmen passes."
    assert say(ev.Passed(YOU), human=None) == "Maria passes."


def test_a_suspension_is_an_alert() -> None:
    assert say(ev.SeatSuspended(1)) == "Ana is suspended until a double is played."
    assert say(ev.SeatSuspended(YOU)) == "Maria is suspended until a double is played."
    assert tone(ev.SeatSuspended(1)) == "alert"


def test_the_end_of_a_round_names_who_went_out_or_says_it_was_blocked() -> None:
    out = ev.RoundEnded(hands=((), (1,), (2,), (3,)), scores=(0, 5, 6, 7), went_out=0, charges=(0, 0, 0, 0))
    assert say(out) == "Maria went out!"
    assert say(dataclasses.replace(out, went_out=2)) == "Bruno went out!"
    assert say(dataclasses.replace(out, went_out=None)) == "Nobody can play: the round is blocked."
    assert tone(out) == "news"


def test_a_round_opening_names_the_engine_and_who_starts() -> None:
    assert round_opening(2, 13, 11, 3, [ev.Dealt(15, 31)], NAMES) == "Round 2 of 13: engine 11-11. Carmen plays first."
    draw_off = [ev.DrawOffTile(0, tile_id(2, 1)), ev.DrawOffTile(1, tile_id(6, 5)), ev.StarterChosen(1)]
    assert round_opening(1, 13, 12, 2, draw_off, NAMES) == (
        "Round 1 of 13: engine 12-12. Draw-off: Ana drew highest and starts."
    )


def test_a_refusal_reads_as_a_sentence() -> None:
    assert sentence("Ana's train is private") == "Ana's train is private."
    assert sentence("you must cover the double!") == "You must cover the double!"
    assert sentence("  ") == "That move is not allowed now."


def test_seat_labels_come_from_the_computer_kinds() -> None:
    assert kind_label("human") == "You"
    assert [kind_label(k) for k in ("easy", "medium", "hard", "expert", "random")] == [
        "Easy", "Medium", "Hard", "Expert", "Random",
    ]


def test_the_search_for_the_hub_double_is_told_with_who_found_it_and_how_many_tiles_each_drew() -> None:
    from game.words.narrate import round_opening_lines

    t = tile_id
    drawn = [ev.TileDrawn(s, t(3, s)) for s in (1, 2, 3, 0)] + [ev.TileDrawn(1, t(5, 1)), ev.TileDrawn(2, t(12, 12))]
    events = [ev.Dealt(15, 31), *drawn, ev.EnginePlaced(2, 12)]
    lines = round_opening_lines(1, 13, 12, 2, events, NAMES, YOU, CLASSIC)
    assert lines[0].text == ("Round 1 of 13: engine 12-12. Nobody was dealt the 12-12, so players took turns drawing "
                             "a tile from the boneyard until Bruno drew it, 6 draws in all; everyone keeps the other "
                             "tiles they drew. Bruno plays first.")
    assert lines[0].aloud and lines[0].why == "deal"
    all_draw = round_opening_lines(1, 13, 12, 2, events, NAMES, YOU, preset("star-ranch"))
    assert "everyone drew a tile at the same time, twice, until Bruno found the 12-12" in all_draw[0].text
    first = round_opening_lines(1, 13, 12, 0, [ev.Dealt(15, 31), ev.TileDrawn(0, t(12, 12)), ev.EnginePlaced(0, 12)],
                                NAMES, YOU, CLASSIC)
    assert "0 or 1" not in first[0].text and "tiles each" not in first[0].text, "the lesson's opening"
    assert "you drew it on the very first draw." in first[0].text
    dealt = round_opening_lines(1, 13, 12, 2, [ev.Dealt(15, 31), ev.EnginePlaced(2, 12)], NAMES, YOU, CLASSIC)
    assert [line.text for line in dealt] == ["Round 1 of 13: engine 12-12. Bruno plays first."]


def test_a_first_player_who_cannot_start_is_told_with_the_deal() -> None:
    from game.words.narrate import round_opening_lines

    events = [ev.Dealt(15, 31), ev.EnginePlaced(2, 12), ev.TurnStarted(2), ev.Passed(2), ev.MarkerUp(2),
              ev.TurnStarted(3)]
    texts = [line.text for line in round_opening_lines(1, 13, 12, 2, events, NAMES, YOU, CLASSIC, boneyard=30)]
    assert texts[1:] == ["Bruno cannot start their train on the first turn: marker up, no draw in classic."]


def test_a_double_laid_in_a_first_turn_line_says_why_it_needs_no_cover() -> None:
    from game.words.narrate import tell

    double = tile_id(7, 7)
    chain = tell([ev.TilePlayed(1, double, 1, 7, 7)], NAMES, YOU, CLASSIC)
    said = [line for line in chain if line.aloud]
    assert said and said[0].why == "first-turn" and "7-7 needs no cover" in said[0].text
    later = tell([ev.TilePlayed(1, double, 1, 7, 7), ev.DoubleOpened(1, 1)], NAMES, YOU, CLASSIC)
    assert not any("needs no cover" in line.text for line in later)


def test_a_seat_named_you_reads_in_the_second_person_when_no_seat_is_the_persons() -> None:
    from game.words.narrate import tell

    names = ("You", "Ana", "Bruno")
    assert round_opening(1, 13, 12, 0, [ev.Dealt(15, 31)], names) == "Round 1 of 13: engine 12-12. You play first."
    lines = tell([ev.TilePlayed(0, tile_id(12, 3), 0, 12, 3)], names, None, CLASSIC)
    assert lines[0].text == "You play 12-3 on your train."


def test_two_people_at_one_screen_are_never_both_called_you() -> None:
    from game.memory.session import SeatConfig, people_named

    alone = [SeatConfig("You", "human"), SeatConfig("Ana", "easy")]
    assert people_named(alone) == alone
    shared = people_named([SeatConfig("You", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy")])
    assert [s.name for s in shared] == ["Player 1", "Ben", "Cy"]


def test_the_final_ranking_says_in_words_how_first_place_was_decided() -> None:
    """What a demo prints at the end: a sentence, never the tie-break's key ('decided by: total')."""
    import random

    from game.engine import play_match
    from game.engine.length import with_length
    from game.memory.session import GameSession, SeatConfig
    from game.words.narrate import FIRST_PLACE, ranking_text

    session = GameSession(with_length(CLASSIC, 3, "blitz"), [SeatConfig(n, "easy") for n in NAMES[:3]], 5)
    rng = random.Random(5)
    play_match(session.match, lambda m, s: rng.choice(m.legal_actions()))
    last = ranking_text(session.match).splitlines()[-1]
    assert last in FIRST_PLACE.values(), last
    assert "decided by: " not in ranking_text(session.match)
