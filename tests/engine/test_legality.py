"""Each rule in one place: over random positions of every preset (with house
rules mixed in), an action is legal exactly when no rule refuses it, and every
refusal is a specific sentence."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    DRAW,
    END,
    MEXICAN,
    OPEN,
    PRESETS,
    Play,
    RoundState,
    SetupError,
    deal_round,
    play,
    preset,
)
from game.engine.legality import considered, refusal
from game.engine.options import allowed_values
from game.engine.tiles import full_set

HOUSE = ("multi_tile_start", "after_double", "double_order", "going_out_on_double", "knock",
         "own_train_first", "mexican_after_own_turn", "start_public_unstarted", "discretionary_markers",
         "may_open_own", "cover_bonus_play", "suspension")
VAGUE = {"", "that play is not allowed now", "you cannot draw now", "that move is not allowed now"}


def _options(name: str, rng: random.Random):  # type: ignore[no-untyped-def]
    """The preset with a few house rules changed at random."""
    changes = {}
    for option in rng.sample(HOUSE, rng.randint(0, 4)):
        choices = allowed_values(option)
        changes[option] = rng.choice(choices) if choices else rng.choice([True, False])
    return preset(name, **changes)


def _position(name: str, players: int, seed: int, moves: int) -> RoundState | None:
    rng = random.Random(seed)
    try:
        setup = _options(name, rng).setup(players)
    except SetupError:
        return None
    engine = setup.engines[0] if setup.engines else None
    state = deal_round(setup, engine, 0, rng, record_events=False)
    for _ in range(moves):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


def _candidates(state: RoundState, rng: random.Random) -> list[object]:
    seat = state.to_move
    trains = [*range(state.players), MEXICAN, state.players + 3]
    hand = state.hands[seat]
    elsewhere = [t for t in full_set(state.setup.set_max) if t not in hand][:3]
    tiles = hand + elsewhere
    actions: list[object] = [DRAW, END, OPEN]
    for tile in tiles:
        for train in trains:
            actions.append(Play(tile, train))
            if rng.random() < 0.3 and -1 <= train < state.players:
                actions.append(play(tile, train, True))
    return actions


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 10**6), st.integers(0, 60))
def test_an_action_is_legal_exactly_when_no_rule_refuses_it(name: str, players: int, seed: int, moves: int) -> None:
    state = _position(name, players, seed, moves)
    if state is None or state.round_over:
        return
    legal = set(state.legal_actions())
    rng = random.Random(seed)
    for action in _candidates(state, rng):
        said = refusal(state, action)  # type: ignore[arg-type]
        assert (said is None) == (action in legal), (action, said, sorted(map(str, legal)))
        assert said is None or said not in VAGUE, (action, said)
        assert state.why_illegal(action) == (said or "")  # type: ignore[arg-type]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 10**6), st.integers(0, 60))
def test_the_legal_actions_come_in_their_documented_order(name: str, players: int, seed: int, moves: int) -> None:
    """Every level reads the list in this order (a random pick, the first of equals), so it is part of
    their decisions: plays train by train as the seat considers them, each train's tiles in the hand's
    order, then their knock variants in the same order, then ``end`` or ``open``."""
    state = _position(name, players, seed, moves)
    if state is None or state.round_over:
        return
    legal = state.legal_actions()
    seat, hand = state.to_move, state.hands[state.to_move]
    plays = [a for a in legal if isinstance(a, Play) and not a.knock]
    if not plays:
        assert legal in ([], [DRAW])
        return
    trains = considered(state, seat, state.scope())
    keys = [(trains.index(p.train), hand.index(p.tile)) for p in plays]
    assert keys == sorted(keys) and len(set(keys)) == len(keys), [str(a) for a in legal]
    knocks = [a for a in legal if isinstance(a, Play) and a.knock]
    assert knocks in ([], [play(p.tile, p.train, True) for p in plays])
    assert legal[:len(plays) + len(knocks)] == plays + knocks
    assert legal[len(plays) + len(knocks):] in ([], [END], [OPEN])
