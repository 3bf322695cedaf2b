"""Hand-made positions: legal actions, refusals with reasons, and perft-style counts."""

from __future__ import annotations

import pytest

from game.engine import DRAW, MEXICAN, IllegalAction, RoundState, play, preset
from game.engine.tiles import parse_tile, parse_tiles

T = parse_tile


def table(rules: str = "classic", players: int = 3, **kwargs: object) -> RoundState:
    """A mid-round double-12 table from tile strings."""
    setup = preset(rules).setup(players)
    hands = [parse_tiles(h) for h in kwargs.pop("hands")]  # type: ignore[arg-type]
    boneyard = parse_tiles(kwargs.pop("boneyard", ""))  # type: ignore[arg-type]
    trains = {k: parse_tiles(v) for k, v in kwargs.pop("trains", {}).items()}  # type: ignore[attr-defined]
    return RoundState.from_table(
        setup, 12, hands, boneyard, kwargs.pop("to_move", 0), trains,  # type: ignore[arg-type]
        names=["Ana", "Ben", "Cy"][:players], **kwargs,  # type: ignore[arg-type]
    )


def test_a_play_on_a_private_train_is_refused_with_the_owners_name() -> None:
    """'Ben's train is private', and nothing changes."""
    state = table(hands=["12-3 5-1", "4-4", "2-2"], trains={0: "12-6", 1: "12-5"})
    with pytest.raises(IllegalAction, match="Ben's train is private"):
        state.apply(play(T("5-1"), 1))
    assert sorted(state.hands[0]) == sorted(parse_tiles("12-3 5-1"))


def test_an_uncovered_double_must_be_covered_first() -> None:
    """The reason names the double and the train."""
    state = table(
        hands=["6-2 12-1", "6-4", "2-2"], trains={MEXICAN: "12-6 6-6", 0: "12-9"},
        open_doubles=[MEXICAN],
    )
    assert state.legal_actions() == [play(T("6-2"), MEXICAN)]
    with pytest.raises(IllegalAction, match="the 6-6 on the Mexican train must be covered first"):
        state.apply(play(T("12-1"), 1))


def test_draw_is_refused_while_a_play_exists_and_offered_when_none() -> None:
    """Plays are forced; drawing is only for a seat with no play."""
    state = table(hands=["12-3", "4-4", "2-2"], boneyard="9-9")
    with pytest.raises(IllegalAction, match="cannot draw"):
        state.apply(DRAW)
    blocked = table(hands=["3-3", "4-4", "2-2"], boneyard="9-9", trains={0: "12-5"})
    assert blocked.legal_actions() == [DRAW]


def test_a_failed_draw_raises_the_marker_and_passes_the_turn() -> None:
    """Classic: draw, still no play: marker up, next seat to move."""
    state = table(hands=["3-3", "4-4", "2-2"], boneyard="9-9 1-1", trains={0: "12-5"})
    state.apply(DRAW)
    assert state.public[0] and state.to_move == 1
    assert sorted(state.hands[0]) == sorted(parse_tiles("3-3 9-9"))


@pytest.mark.parametrize(
    ("rules", "hands", "trains", "public", "expected"),
    [
        # Own train (5), Mexican (12), Ben's public train (3).
        ("classic", ["12-3 5-4 3-3 9-1", "1-1", "2-2"], {0: "12-5", 1: "12-8 8-3"}, [1],
         {"play 12-3 on mexican", "play 12-3 on 1", "play 5-4 on 0", "play 3-3 on 1"}),
        # Star Ranch: own train not started, so only the own train counts, and `open` is offered.
        ("star-ranch", ["12-3 7-4 9-0", "1-1", "2-2"], {1: "12-7"}, [1], {"play 12-3 on 0", "open"}),
        # Hub: an unstarted public train may not be started by others.
        ("hub", ["12-1 4-3", "1-1", "2-2"], {0: "12-4"}, [1], {"play 4-3 on 0", "play 12-1 on mexican"}),
        # Tap: two tiles left, so each play also comes with the knock.
        ("tap", ["12-3 9-9", "1-1", "2-2"], {0: "12-9"}, [],
         {"play 12-3 on mexican", "play 12-3 on mexican knock", "play 9-9 on 0", "play 9-9 on 0 knock"}),
    ],
)
def test_legal_action_sets_in_fixed_positions(
    rules: str, hands: list[str], trains: dict[int, str], public: list[int], expected: set[str]
) -> None:
    """Exact legal action sets, counted by hand."""
    state = table(rules, hands=hands, trains=trains, public=public)
    assert {str(a) for a in state.legal_actions()} == expected


def test_declaring_a_knock_where_it_is_a_courtesy_is_refused_with_the_reason() -> None:
    """Tournament: no knock variant; the game announces one tile left by itself."""
    state = table("tournament", hands=["12-3 5-1", "4-4", "2-2"], trains={0: "12-6", 1: "12-5", 2: "12-9"})
    with pytest.raises(IllegalAction, match="announces one tile left for you"):
        state.apply(play(T("12-3"), MEXICAN, True))
    state.apply(play(T("12-3"), MEXICAN))
    assert [type(e).__name__ for e in state.events or []].count("Knocked") == 1
