"""The arena's trial variants of the levels (``tools/lab/arena_trials.py``):
each is the level it is named after with one thing changed, sees only its
seat's view, and is never offered to players."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _arena_module() -> Any:
    sys.path.insert(0, str(ROOT / "tools" / "lab"))
    try:
        import arena
    finally:
        sys.path.remove(str(ROOT / "tools" / "lab"))
    return arena


def _levels_the_arena_names() -> str:
    """What the arena prints when asked for a level it does not know: the list of those it knows."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lab" / "arena.py"), "--pairs", "wizard:easy"],
        check=False, capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    return done.stderr


def test_a_trial_variant_is_measured_in_the_arena_but_never_offered_to_players() -> None:
    """Each trial (``expert-noread``, ``hard-weigh``, ...) is a variant of
    the level it is named after: the arena names it among the levels it
    knows; the game does not offer it."""
    arena = _arena_module()
    from game.ai import KINDS
    from game.ai.medium import MediumPlayer
    from game.ai.search import ExpertPlayer, HardPlayer

    known = _levels_the_arena_names()
    levels = {"expert": ExpertPlayer, "hard": HardPlayer, "medium": MediumPlayer, "dmc": arena.TRIALS["dmc"],
              "distil": arena.TRIALS["dmc"]}
    trials = (
        "expert-noread", "expert-halfread", "expert-win60", "hard-weigh", "hard-equity", "expert-equity",
        "medium-shedder", "hard-bar1", "hard-bar2", "expert-bar1", "expert-bar2", "hard-full", "dmc",
        "dmc-bar5", "medium-norace", "medium-greedy15", "medium-greedy25", "medium-greedy50", "hard-hub50",
        "hard-hub-cautious", "expert-hub", "distil", "expert-distil",
    )
    for name in trials:
        assert isinstance(arena.make_arena_player(name, "seed"), levels[name.split("-")[0]])
        assert name not in KINDS
        assert name in known


def test_hard_weighing_the_standings_decides_like_hard_in_a_single_round_only() -> None:
    """``hard-weigh`` and ``hard-equity`` differ from Hard only through the
    match standings: with no totals in the view they decide as Hard does, and
    the weights ``hard-weigh`` would use favour an opponent level with or
    ahead of it over one far behind."""
    from dataclasses import replace as with_fields

    from game.ai.search import match_weights
    from game.engine import seat_view

    from .positions import choice_positions

    arena = _arena_module()
    checked = 0
    for _, state in choice_positions(range(10), lambda seed: 8 + seed):
        view = seat_view(state, state.to_move)
        hard = arena.make_arena_player("hard", "same").choose(view)
        assert arena.make_arena_player("hard-weigh", "same").choose(view) == hard
        assert arena.make_arena_player("hard-equity", "same").choose(view) == hard
        checked += 1
    assert checked >= 3
    behind = (view.seat + 1) % 4
    standings = with_fields(view, totals=tuple(120 if s == behind else 0 for s in range(4)))
    weights = match_weights(standings)
    assert weights is not None and weights[view.seat] == 0.0
    assert weights[behind] < min(w for s, w in enumerate(weights) if s not in (view.seat, behind))


def test_the_half_reading_trial_decides_from_its_seat_view_alone() -> None:
    """``expert-halfread`` mixes two samplers; it still sees nothing hidden:
    the same view with other hidden tiles gives the same decision."""
    from game.engine import seat_view

    from .positions import choice_positions, with_other_hidden_tiles

    arena = _arena_module()
    checked = 0
    for seed, state in choice_positions(range(12), lambda seed: 10 + seed):
        seat = state.to_move
        other = with_other_hidden_tiles(state, seat, seed)
        first = arena.make_arena_player("expert-halfread", "same").choose(seat_view(state, seat))
        second = arena.make_arena_player("expert-halfread", "same").choose(seat_view(other, seat))
        assert first == second
        checked += 1
    assert checked >= 3


def test_the_trial_without_readings_deals_what_expert_reads_out() -> None:
    """Seat 1 stopped its first-turn chain at 3 keeping 3-3: Expert's samples
    never give it another tile showing a 3; ``expert-noread``'s, reading only
    what the rules prove, sometimes do (the rules let a chain stop early)."""
    import random

    from game.engine import seat_view
    from game.engine.tiles import HI, LO

    from .positions import stopped_chain_round

    arena = _arena_module()
    view = seat_view(stopped_chain_round(), 2)
    three = {t for t in view.unseen_tiles() if 3 in (HI[t], LO[t]) and HI[t] != LO[t]}
    assert three

    def dealt_a_three(kind: str) -> int:
        sampler = arena.make_arena_player(kind, "seed").sampler_for(view)
        return sum(bool(three & set(sampler.deal(random.Random(i))[0][1])) for i in range(40))

    assert dealt_a_three("expert") == 0
    assert dealt_a_three("expert-noread") > 0


def test_the_shedder_trial_plays_the_move_the_searching_levels_start_from() -> None:
    """``medium-shedder`` is the ``SHEDDER`` move alone (the hint a player is
    given), with no search; somewhere it differs from Medium's move."""
    from game.ai.hint import hint
    from game.engine import seat_view

    from .positions import choice_positions

    arena = _arena_module()
    differs = 0
    for _, state in choice_positions(range(40), lambda seed: 4 + seed % 12):
        view = seat_view(state, state.to_move)
        shedder = arena.make_arena_player("medium-shedder", "same").choose(view)
        assert shedder == hint(view)[0]
        differs += shedder != arena.make_arena_player("medium", "same").choose(view)
    assert differs >= 1


def test_a_higher_bar_leaves_the_default_move_only_where_hard_does() -> None:
    """``hard-bar2`` searches the same samples as Hard and asks more before it
    leaves the ``SHEDDER`` move: wherever it leaves that move, Hard does too."""
    from game.ai.hint import hint
    from game.engine import seat_view

    from .positions import choice_positions

    arena = _arena_module()
    hard_left = bar_left = 0
    for _, state in choice_positions(range(30), lambda seed: 3 + seed % 10):
        view = seat_view(state, state.to_move)
        default = hint(view)[0]
        hard = arena.make_arena_player("hard", "same").choose(view)
        bar = arena.make_arena_player("hard-bar2", "same").choose(view)
        if bar != default:
            assert hard != default
        hard_left += hard != default
        bar_left += bar != default
    assert hard_left > bar_left


def test_the_hub_trials_change_their_level_at_hub_only() -> None:
    """``expert-hub`` starts from Medium's move and plays Medium's weights in
    its playouts at ``hub`` and is Expert elsewhere; ``medium-greedy25`` plays
    its heaviest tile on some ``hub`` decisions and Medium's move on the rest."""
    from game.ai.hint import hint
    from game.ai.medium import MEDIUM, SHEDDER, best_plays
    from game.engine import seat_view
    from game.engine.tiles import PIPS

    from .positions import choice_positions

    arena = _arena_module()
    for rules, style in (("hub", MEDIUM), ("classic", SHEDDER)):
        positions = choice_positions(range(20), lambda seed: 3 + seed % 9, rules)
        views = [seat_view(state, state.to_move) for _, state in positions]
        assert len(views) >= 5
        for view in views:
            trial = arena.make_arena_player("expert-hub", "same")
            assert trial.moves(view)[0] == hint(view, style)[0]
            assert trial.playout_for(view) is style
    greedy = medium = 0
    for _, state in choice_positions(range(60), lambda seed: 3 + seed % 12, "hub"):
        view = seat_view(state, state.to_move)
        choice = arena.make_arena_player("medium-greedy25", "same").choose(view)
        plays = best_plays(view.legal)
        if choice == arena.make_arena_player("medium", "same").choose(view):
            medium += 1
        else:
            greedy += 1
            assert PIPS[choice.tile] == max(PIPS[p.tile] for p in plays)
    assert greedy >= 1 and medium > greedy
