"""The --quick arena runs end to end on both cores and shows Medium beating Easy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def test_quick_arena_shows_medium_beating_easy() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--quick", "--json", "--workers", "2"],
        check=False, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    (summary,) = json.loads(done.stdout)
    assert (summary["candidate"], summary["baseline"]) == ("medium", "easy")
    assert summary["rounds"] == summary["deals"] * 4
    assert summary["win_share"] > 0.25
    assert summary["score_margin_ci"][0] > 0
    assert set(summary["think"]) == {"medium", "easy"}


def test_arena_refuses_an_unknown_level_with_a_message() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--pairs", "wizard:easy"],
        check=False, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert done.returncode != 0
    assert "unknown computer player 'wizard'" in done.stderr


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), *args],
        check=False, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )


def _without_think_times(summaries: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in s.items() if k != "think"} for s in summaries]


def test_a_comparison_played_in_chunks_and_loaded_together_matches_one_run(tmp_path: Path) -> None:
    common = ["--rules", "classic", "--pairs", "medium:easy", "--json", "--workers", "1"]
    whole = _arena(*common, "--deals", "4")
    first = _arena(*common, "--deals", "2", "--save", str(tmp_path / "a.jsonl"))
    second = _arena(*common, "--deals", "2", "--first-deal", "2", "--save", str(tmp_path / "b.jsonl"))
    assert whole.returncode == first.returncode == second.returncode == 0
    # The first chunk loaded twice still counts its deals once.
    merged = _arena("--load", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"), str(tmp_path / "a.jsonl"), "--json")
    assert merged.returncode == 0, merged.stderr
    assert _without_think_times(json.loads(merged.stdout)) == _without_think_times(json.loads(whole.stdout))
    # The results kept without think times give the same figures.
    kept = tmp_path / "kept.jsonl"
    assert _arena("--load", str(tmp_path / "b.jsonl"), str(tmp_path / "a.jsonl"), "--keep", str(kept)).returncode == 0
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["deal"] for line in lines] == [0, 1, 2, 3]
    assert not any("times" in json.loads(line) for line in lines)
    again = _arena("--load", str(kept), "--json")
    assert _without_think_times(json.loads(again.stdout)) == _without_think_times(json.loads(whole.stdout))
    # Its table shows no think times rather than zeros.
    assert "| - | - |" in _arena("--load", str(kept)).stdout


def test_loading_a_file_that_is_not_saved_deals_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"rules": "classic"}\n', encoding="utf-8")
    done = _arena("--load", str(bad))
    assert done.returncode == 2
    assert "bad.jsonl, line 1: not a saved arena deal" in done.stderr


def test_match_mode_plays_whole_matches_with_the_candidate_in_every_seat() -> None:
    done = _arena("--rules", "classic", "--pairs", "medium:easy", "--matches", "--deals", "1",
                  "--workers", "1", "--json")
    assert done.returncode == 0, done.stderr
    (summary,) = json.loads(done.stdout)
    assert summary["matches"] is True
    assert summary["rounds"] == 4  # one match per seat
    # A match of 13 rounds asks the players for far more decisions than four rounds do.
    assert summary["think"]["medium"]["decisions"] > 4 * 13 * 3
    assert 0.0 <= summary["win_share"] <= 1.0


def _arena_module() -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import arena
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return arena


def test_a_trial_variant_is_measured_in_the_arena_but_never_offered_to_players() -> None:
    """Each trial (``expert-noread``, ``hard-weigh``, ...) is a variant of
    the level it is named after: the arena names it among the levels it
    knows; the game does not offer it."""
    arena = _arena_module()
    from game.ai import KINDS
    from game.ai.medium import MediumPlayer
    from game.ai.search import ExpertPlayer, HardPlayer

    known = _arena("--pairs", "wizard:easy").stderr
    levels = {"expert": ExpertPlayer, "hard": HardPlayer, "medium": MediumPlayer}
    trials = (
        "expert-noread", "expert-halfread", "expert-win60", "hard-weigh", "hard-equity", "expert-equity",
        "medium-shedder", "hard-bar1", "hard-bar2", "expert-bar1", "expert-bar2", "hard-mix50",
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


def test_the_mixed_hard_plays_either_the_default_move_or_hards_own() -> None:
    """``hard-mix50`` plays, at each decision, the ``SHEDDER`` move or the move
    Hard searches, and each of them somewhere; the same view gives the same
    choice."""
    from game.ai.hint import hint
    from game.engine import seat_view

    from .positions import choice_positions

    arena = _arena_module()
    from_hard = unsearched = 0
    for _, state in choice_positions(range(40), lambda seed: 3 + seed % 10):
        view = seat_view(state, state.to_move)
        default, hard = hint(view)[0], arena.make_arena_player("hard", "same").choose(view)
        mixed = arena.make_arena_player("hard-mix50", "same").choose(view)
        assert mixed in (default, hard)
        assert arena.make_arena_player("hard-mix50", "same").choose(view) == mixed
        if hard != default:
            from_hard += mixed == hard
            unsearched += mixed == default
    assert from_hard >= 1 and unsearched >= 1
