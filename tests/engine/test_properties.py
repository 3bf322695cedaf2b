"""Random legal play in every preset, player count and set size keeps the rules' invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import PRESETS, MEXICAN, Play, RoundState, SetupError, deal_round, preset
from game.engine import events as ev
from game.engine.tiles import HI, LO, SET_SIZES, double, full_set, tile_value


def tables() -> st.SearchStrategy[tuple[str, int, int | None, int]]:
    """(preset, players, set override or None, seed) for tables that can be dealt."""

    def build(name: str) -> st.SearchStrategy[tuple[str, int, int | None, int]]:
        base = PRESETS[name]
        return st.tuples(
            st.just(name),
            st.integers(base.min_players, base.max_players),
            st.sampled_from([None, *SET_SIZES]),
            st.integers(0, 10**6),
        )

    return st.sampled_from(sorted(PRESETS)).flatmap(build)


def check_tiles(state: RoundState) -> None:
    """Every tile of the set is in exactly one place."""
    places = [t for h in state.hands for t in h] + state.boneyard + [t for tr in state.trains for t in tr]
    places.append(double(state.engine))
    counts = Counter(places)
    assert max(counts.values()) == 1, "a tile is in two places"
    assert sorted(places) == full_set(state.setup.set_max), "a tile went missing"


def check_trains(state: RoundState) -> None:
    """Every train is a chain from the hub and its recorded end is right."""
    for train in state.train_ids():
        end = state.engine
        for tile in state.trains[train]:
            assert end in (HI[tile], LO[tile]), f"train {train} is broken at {tile}"
            end = LO[tile] if HI[tile] == end else HI[tile]
        assert state.ends[train] == end


def check_offered(state: RoundState) -> None:
    """Only legal actions are offered, and each of them applies."""
    legal = state.legal_actions()
    seat = state.to_move
    plays = [a for a in legal if isinstance(a, Play)]
    for action in plays:
        assert action.tile in state.hands[seat]
        assert state.ends[action.train] in (HI[action.tile], LO[action.tile])
        if action.train not in (seat, MEXICAN) and not state.open_doubles:
            assert state.public[action.train], "a play on a private train was offered"
    names = [str(a) for a in legal]
    assert len(names) == len(set(names)), "an action is offered twice"
    if "draw" in names:
        assert not plays, "draw offered beside a play"
    if "end" in names:
        assert plays, "end offered with no further play possible"
    for action in legal:
        trial = state.copy()
        trial.apply(action)


def check_markers(state: RoundState, new_events: list[ev.Event], mover: int) -> None:
    """Markers move only for the seat that acted, and as the preset says."""
    for index, event in enumerate(new_events):
        if isinstance(event, ev.TurnStarted):
            break
        if isinstance(event, (ev.MarkerUp, ev.MarkerDown)):
            assert event.seat == mover, "another seat's marker moved"
        if isinstance(event, ev.MarkerDown) and not state.options.discretionary_markers:
            before = new_events[index - 1]
            assert isinstance(before, ev.TilePlayed) and before.train == mover
    for seat in range(state.players):
        if state.suspended[seat]:
            assert state.public[seat], "a suspended seat's train must be public"


def check_scores(state: RoundState) -> None:
    """Scores are the pips left in hand (0-0 per preset) plus the hub's double charge."""
    assert state.scores is not None
    zz = state.options.zero_zero_value
    for seat in range(state.players):
        left = sum(tile_value(t, zz) for t in state.hands[seat])
        assert state.scores[seat] == left + state.charges[seat]
    if state.went_out is not None:
        assert state.scores[state.went_out] == 0
    if not state.options.uncovered_double_charge or state.went_out is not None:
        assert not any(state.charges)
    else:
        expected = [0] * state.players
        for train in state.open_doubles:
            owner = state.double_owner.get(train)
            if owner is not None:
                expected[owner] += tile_value(state.trains[train][-1], zz)
        assert state.charges == expected


def play_checked_round(name: str, players: int, set_max: int | None, seed: int) -> None:
    """A whole round of random legal play, checking every invariant at every step."""
    try:
        options = preset(name, set_max=set_max) if set_max is not None else preset(name)
        setup = options.setup(players)
    except SetupError:
        return
    rng = random.Random(seed)
    engine = setup.engines[0] if setup.engines is not None else None
    state = deal_round(setup, engine, rng.randrange(players), rng)
    steps = 0
    while not state.round_over:
        check_tiles(state)
        check_trains(state)
        check_offered(state)
        mover = state.to_move
        seen = len(state.events or [])
        state.apply(rng.choice(state.legal_actions()))
        check_markers(state, state.new_events(seen), mover)
        steps += 1
        assert steps < 3000, "the round never ended"
    check_tiles(state)
    check_trains(state)
    check_scores(state)
    assert state.legal_actions() == []
    assert isinstance(state.events[-1], ev.RoundEnded)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_random_rounds_keep_every_invariant(table: tuple[str, int, int | None, int]) -> None:
    """A whole round of random legal play: tiles, trains, offers, markers, end and scores."""
    play_checked_round(*table)


COMBINATIONS = [
    (name, players, set_max)
    for name in sorted(PRESETS)
    for players in range(PRESETS[name].min_players, PRESETS[name].max_players + 1)
    for set_max in (None, *SET_SIZES)
]


@pytest.mark.parametrize(("name", "players", "set_max"), COMBINATIONS)
def test_every_preset_player_count_and_set_plays_a_sound_round(name: str, players: int, set_max: int | None) -> None:
    """Each allowed combination (those that can be dealt) plays one checked round."""
    play_checked_round(name, players, set_max, seed=players * 100 + (set_max or 0))
