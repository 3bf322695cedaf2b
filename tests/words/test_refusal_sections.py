"""Every refusal with a rule behind it names the rules-help section that explains
it: every place the engine refuses an action is walked (random rounds of every
preset with house rules, and a position built for each refusal those rounds
cannot show a player), and each refusal's section exists in the help for its rules."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.engine import (
    DRAW,
    END,
    MEXICAN,
    OPEN,
    PRESETS,
    Action,
    Play,
    RoundState,
    SetupError,
    deal_round,
    play,
    preset,
)
from game.engine import legality as rule
from game.engine.options import allowed_values
from game.engine.tiles import full_set
from game.engine.turn import DONE, OPTIONAL
from game.words.rules_help import NOT_RULES, REFUSAL_SECTIONS, refusal_why, sections

HOUSE = ("multi_tile_start", "after_double", "double_order", "knock", "own_train_first", "mexican_after_own_turn",
         "start_public_unstarted", "discretionary_markers", "may_open_own", "cover_bonus_play", "suspension")


def _rounds(count: int) -> Iterator[RoundState]:
    """Every position of ``count`` random rounds (presets in turn, a few house rules changed)."""
    for seed in range(count):
        rng = random.Random(seed)
        changes = {}
        for option in rng.sample(HOUSE, rng.randint(0, 4)):
            choices = allowed_values(option)
            changes[option] = rng.choice(choices) if choices else rng.choice([True, False])
        try:
            setup = preset(sorted(PRESETS)[seed % len(PRESETS)], **changes).setup(rng.randint(2, 6))
        except SetupError:
            continue
        state = deal_round(setup, setup.engines[0] if setup.engines else None, 0, rng, record_events=False)
        while True:
            yield state
            legal = state.legal_actions()
            if state.round_over or not legal:
                break
            state.apply(rng.choice(legal))


def _tries(state: RoundState) -> list[Action]:
    """Actions a person might try: draw, end, open, and tiles of the hand (and one not held) anywhere."""
    hand = state.hands[state.to_move]
    tiles = hand[:4] + [t for t in full_set(state.setup.set_max) if t not in hand][:1]
    trains = [*range(state.players), MEXICAN, state.players + 2]
    return [DRAW, END, OPEN, *(play(t, train, knock) for t in tiles for train in trains for knock in (False, True))]


def _no_play() -> RoundState:
    """A round whose seat to move has no play and may draw (its second turn or later)."""
    for state in _rounds(40):
        if state.legal_actions() == [DRAW] and state.opening_done:
            return state.copy()
    raise AssertionError("no position where the only move is a draw")


def _built() -> dict[str, tuple[RoundState, Action]]:
    """A position for each refusal a player's random rounds never meet (the engine
    settles those turns by itself) and the action it refuses there."""
    built: dict[str, tuple[RoundState, Action]] = {}
    drawn = _no_play()
    drawn.turn.drew = True
    built[rule.DRAWN] = (drawn, DRAW)
    stuck = _no_play()
    stuck.suspended[stuck.to_move] = True
    built[rule.SUSPENDED_DRAW] = (stuck, DRAW)
    first = _no_play()
    first.opening_done = False
    first.first_turn_done[first.to_move] = False
    built[rule.FIRST_TURN_DRAW] = (first, DRAW)
    empty = _no_play()
    empty.boneyard.clear()
    built[rule.BONEYARD_EMPTY] = (empty, DRAW)
    optional = _no_play()
    optional.turn.need = OPTIONAL
    built[rule.NO_DRAW_NEEDED] = (optional, DRAW)
    classic = next(s.copy() for s in _rounds(40) if s.options.after_double == "cover-or-end"
                   and s.legal_actions() == [DRAW] and s.opening_done)
    classic.turn.played = True
    built[rule.DOUBLE_ENDS_TURN] = (classic, DRAW)
    over = next(s for s in _rounds(3) if s.round_over)
    built[rule.ROUND_OVER] = (over, DRAW)
    done = _no_play()
    done.turn.need = DONE
    built[rule.TURN_OVER] = (done, END)
    playing = next(s.copy() for s in _rounds(40) if s.opening_done and not s.open_doubles
                   and any(isinstance(a, Play) and a.train != s.to_move for a in s.legal_actions()))
    elsewhere = next(a for a in playing.legal_actions() if isinstance(a, Play) and a.train != playing.to_move)
    playing.suspended[playing.to_move] = True
    built[rule.SUSPENDED] = (playing, elsewhere)
    return built


def _check(state: RoundState, action: Action, seen: dict[str, str]) -> None:
    """The refusal of ``action`` in ``state`` (if any) names a section the help for those rules has."""
    found = rule.refused(state, action)
    if found is None:
        return
    assert found.rule in rule.RULES, found
    section = REFUSAL_SECTIONS.get(found.rule)
    if found.rule in NOT_RULES:
        assert section is None and refusal_why(state, action, found.reason) is None
    else:
        keys = [s.key for s in sections(state.options, state.players)]
        assert section in keys, (found, section)
        assert refusal_why(state, action, found.reason) == section
    seen.setdefault(found.rule, found.reason)


def test_every_refusal_the_engine_makes_names_a_rules_section_that_exists() -> None:
    seen: dict[str, str] = {}
    for state in _rounds(24):
        for action in _tries(state):
            _check(state, action, seen)
    for name, (state, action) in _built().items():
        found = rule.refused(state, action)
        assert found is not None and found.rule == name, (name, found)
        _check(state, action, seen)
    assert set(seen) == set(rule.RULES), f"never refused by: {sorted(set(rule.RULES) - set(seen))}"


def test_every_rule_is_either_explained_or_known_to_have_no_rule_behind_it() -> None:
    for name in rule.RULES:
        assert (name in REFUSAL_SECTIONS) != (name in NOT_RULES), name
    assert set(REFUSAL_SECTIONS) | set(NOT_RULES) == set(rule.RULES)


def test_a_refusal_said_by_someone_else_has_no_why() -> None:
    state = _no_play()
    assert refusal_why(state, END, "the server is restarting") is None
    assert refusal_why(None, END, "you must draw first") is None
