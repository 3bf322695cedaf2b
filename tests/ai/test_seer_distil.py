"""The move values distilled from the seer (issue 28's "distil the seer":
``tools/lab/train_seer.py``, ``tools/lab/distil_policy.py``, the arena trials
``distil`` and ``expert-distil``): labelling is reproducible and resumable,
the fit recovers what the seer says each feature of a move is worth, the
check tells paying departures from costly ones, and the trials decide from
their seat's view alone."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "lab"))

import distil_policy  # noqa: E402
import dmc_policy  # noqa: E402
import train_seer  # noqa: E402

from game.ai.search import ExpertPlayer, playout_values, search  # noqa: E402
from game.engine import seat_view  # noqa: E402

from .positions import choice_positions, with_other_hidden_tiles  # noqa: E402


def test_labelling_is_reproducible_goes_on_after_a_stop_and_can_start_later(tmp_path: Path) -> None:
    """Three rounds in one run write what two rounds, then a run asked for
    three, write; a held-out file started at round 2 holds exactly round 2
    as the whole run has it; every valued decision has one seer value per
    candidate and the SHEDDER move first."""
    whole, pieces, held = tmp_path / "whole.jsonl", tmp_path / "pieces.jsonl", tmp_path / "held.jsonl"
    train_seer.generate("classic", 3, whole, 0.3, 4)
    train_seer.generate("classic", 2, pieces, 0.3, 4)
    train_seer.generate("classic", 3, pieces, 0.3, 4)
    assert pieces.read_text() == whole.read_text()
    train_seer.generate("classic", 3, held, 0.3, 4, first=2)
    assert held.read_text() == whole.read_text().splitlines(keepends=True)[2]
    rounds = [json.loads(line) for line in whole.read_text().splitlines()]
    decisions = [d for r in rounds for d in r["decisions"]]
    assert decisions
    for d in decisions:
        assert len(d["values"]) == len(d["feats"]) >= 2
        assert all(len(f) == len(dmc_policy.FEATURES) for f in d["feats"])
        assert d["feats"][0][dmc_policy.FEATURES.index("shedder_first")] == 1.0


def test_the_search_plays_the_move_whose_playouts_are_worth_most() -> None:
    """``playout_values`` gives the search's numbers: with no bar, the search
    plays the move with the highest mean over the same samples."""
    checked = 0
    for _, state in choice_positions(range(12), lambda seed: 4 + seed % 9):
        seat = state.to_move
        view = seat_view(state, seat)
        moves = ExpertPlayer("s").moves(view)
        if len(moves) < 2:
            continue
        roots = [state.copy() for _ in range(3)]
        for k, root in enumerate(roots):
            random.Random(k).shuffle(root.boneyard)
        values = playout_values(roots, seat, moves, depth=40)
        means = [sum(v) / len(v) for v in values]
        chosen = means[moves.index(search(roots, seat, moves, depth=40))]
        assert chosen >= max(means) - 1e-9
        checked += 1
    assert checked >= 5


def _made_up(path: Path, truth: list[float], rng: random.Random, decisions: int, noise: float) -> Path:
    """Decisions of 2-4 candidates whose seer values are a position's own worth
    plus ``truth`` times each candidate's features, plus noise, ten a round."""
    lines = []
    for number in range(decisions // 10):
        made = []
        for _ in range(10):
            feats = [[rng.uniform(0, 1) for _ in truth] for _ in range(rng.randint(2, 4))]
            worth = rng.gauss(0, 20)
            values = [worth + sum(w * x for w, x in zip(truth, f)) + rng.gauss(0, noise) for f in feats]
            made.append({"seat": 0, "feats": feats, "values": values, "expert": values.index(max(values))})
        lines.append(json.dumps({"round": number, "decisions": made}))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_fit_recovers_what_the_seer_says_each_feature_is_worth(tmp_path: Path) -> None:
    rng = random.Random(3)
    truth = [rng.uniform(-3, 3) for _ in dmc_policy.FEATURES]
    data = _made_up(tmp_path / "made-up.jsonl", truth, rng, 2000, noise=2.0)
    weights, errors, used = train_seer.fit([data], ridge=0.0)
    assert used == 2000
    for w, e, t in zip(weights, errors, truth):
        assert abs(w - t) < 5 * e + 0.05


def test_the_check_tells_paying_departures_from_costly_ones(tmp_path: Path) -> None:
    """Weights that are the seer's own gain at their departures what they
    promise; the opposite weights lose."""
    rng = random.Random(4)
    truth = [rng.uniform(-3, 3) for _ in dmc_policy.FEATURES]
    data = _made_up(tmp_path / "made-up.jsonl", truth, rng, 1000, noise=0.0)
    right = train_seer.departures([data], truth)
    assert right["departures"] > 300
    assert right["realised"] == pytest.approx(right["promised"], abs=1e-6)
    assert right["seer_best"] >= right["per_decision"] > 0
    groups, outside = train_seer.expert_gains([data])
    assert outside == 0 and len(groups["every decision"]) == 1000
    assert sum(groups["every decision"]) / 1000 == pytest.approx(right["seer_best"])
    assert all(gain > 0 for gain in groups["leaving the SHEDDER move"])
    leaving = sorted(groups["for its own train"] + groups["for another train"] + groups["for no play"])
    assert leaving == sorted(groups["leaving the SHEDDER move"])
    barred = train_seer.departures([data], truth, margin=2.0)
    assert 0 < barred["departures"] < right["departures"] and barred["promised"] > 2.0
    wrong = train_seer.departures([data], [-w for w in truth])
    assert wrong["realised"] < -wrong["within"]


def test_the_commands_write_weights_the_trials_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``gen``, ``fit`` and ``check``, as docs/ai.md gives them, leave weights
    the trials read; the trials decide from the seat's view alone (dealing
    the hidden tiles again changes nothing), ``distil`` plays a legal move and
    ``expert-distil`` searches Expert's candidates, the distilled favourite first."""
    data, out = tmp_path / "seer.jsonl", tmp_path / "weights.json"
    gen = ["gen", "--rounds", "3", "--samples", "4", "--share", "0.5", "--expert", "--out", str(data)]
    with monkeypatch.context() as cheap:  # Expert's move is recorded, not judged here: a small search will do
        cheap.setattr(ExpertPlayer, "budget", replace(ExpertPlayer.budget, rollouts=48, min_samples=6, max_samples=8))
        assert train_seer.main(gen) == 0
    recorded = [d for line in data.read_text().splitlines() for d in json.loads(line)["decisions"]]
    assert recorded and all(-1 <= d["expert"] < len(d["feats"]) for d in recorded)
    assert train_seer.main(["fit", str(data), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed[: len(dmc_policy.FEATURES)]] == list(dmc_policy.FEATURES)
    assert train_seer.main(["check", str(data), "--weights", str(out)]) == 0
    checked_out = capsys.readouterr().out
    assert "the seer's values" in checked_out and "Expert's move over the SHEDDER move" in checked_out
    weights = dmc_policy.load_weights(out)
    checked = 0
    for seed, state in choice_positions(range(20), lambda seed: 3 + seed % 12):
        seat = state.to_move
        view, other = seat_view(state, seat), seat_view(with_other_hidden_tiles(state, seat, seed), seat)
        distil = distil_policy.DistilPlayer("s", weights)
        assert distil.choose(view) == distil.choose(other)
        assert distil.choose(view) in view.legal
        expert = distil_policy.ExpertDistilPlayer("s", weights)
        moves = expert.moves(view)
        assert moves == expert.moves(other)
        assert sorted(map(repr, moves)) == sorted(map(repr, ExpertPlayer("s").moves(view)))
        assert moves[0] == dmc_policy.learned_favourite(view, weights)
        checked += 1
    assert checked >= 10
