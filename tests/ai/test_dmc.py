"""The learned move chooser of issue 28's "action values by self-play"
(``tools/lab/dmc_policy.py``, ``tools/lab/train_dmc.py``, the arena trial ``dmc``):
it decides from its seat's view alone, its training is reproducible and
resumable, and the fit recovers what a move adds to a round's value."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "lab"))

import dmc_policy  # noqa: E402
import train_dmc  # noqa: E402

from game.engine import seat_view  # noqa: E402

from .positions import choice_positions, with_other_hidden_tiles  # noqa: E402


def test_a_decision_is_described_from_what_the_seat_may_see() -> None:
    """Training describes a move from the full round; play from the seat's
    view: both give the same candidates and numbers, and the trial's choice
    does not change when the tiles the seat cannot see are dealt again."""
    from game.ai.chain import longest_chain

    weights = [random.Random(k).uniform(-5, 5) for k in range(len(dmc_policy.FEATURES))]
    checked = 0
    for seed, state in choice_positions(range(30), lambda seed: 3 + seed % 14):
        seat = state.to_move
        plan = longest_chain(state.ends[seat], tuple(sorted(state.hands[seat])))
        view = seat_view(state, seat)
        from_state = dmc_policy.state_decision(state, plan)
        from_view = dmc_policy.decision(
            view.legal, seat, view.hand, view.ends, view.public, view.hand_sizes, view.unseen_tiles(),
            view.options, plan,
        )
        assert from_state == from_view
        assert all(len(f) == len(dmc_policy.FEATURES) for f in from_state[1])
        other = with_other_hidden_tiles(state, seat, seed)
        player = dmc_policy.DmcPlayer("seed", weights)
        assert player.choose(view) == player.choose(seat_view(other, seat))
        assert player.choose(view) in view.legal
        checked += 1
    assert checked >= 10


def test_generation_is_reproducible_and_goes_on_after_a_stop(tmp_path: Path) -> None:
    """Three rounds in one run write what two rounds, then a run asked for three, write,
    also when the first run was stopped in the middle of writing a round."""
    whole, pieces = tmp_path / "whole.jsonl", tmp_path / "pieces.jsonl"
    train_dmc.generate("classic", 3, whole, 0.3)
    train_dmc.generate("classic", 2, pieces, 0.3)
    train_dmc.generate("classic", 3, pieces, 0.3)
    assert pieces.read_text() == whole.read_text()
    torn = tmp_path / "torn.jsonl"
    train_dmc.generate("classic", 2, torn, 0.3)
    with torn.open("a") as sink:
        sink.write('{"round": 2, "decisions": [{"seat"')  # stopped in the middle of writing round 2
    train_dmc.generate("classic", 3, torn, 0.3)
    assert torn.read_text() == whole.read_text()
    rounds = [json.loads(line) for line in whole.read_text().splitlines()]
    assert [r["round"] for r in rounds] == [0, 1, 2]
    decisions = [d for r in rounds for d in r["decisions"]]
    assert decisions and all(0 <= d["taken"] < len(d["feats"]) for d in decisions)


def _made_up_rounds(
    path: Path, truth: list[float], rng: random.Random, rounds: int, sizes: tuple[int, int], worth: float,
    noise: float,
) -> Path:
    """Rounds of ten made-up decisions each, ``sizes`` candidates apiece, one
    drawn uniformly; its value is a position's own worth (spread ``worth``)
    plus ``truth`` times its features, plus noise."""
    lines = []
    for number in range(rounds):
        decisions = []
        for _ in range(10):
            feats = [[rng.uniform(0, 1) for _ in truth] for _ in range(rng.randint(*sizes))]
            taken = rng.randrange(len(feats))
            added = sum(w * x for w, x in zip(truth, feats[taken]))
            value = rng.gauss(0, worth) + added + rng.gauss(0, noise)
            decisions.append({"seat": 0, "feats": feats, "taken": taken, "value": value})
        lines.append(json.dumps({"round": number, "decisions": decisions}))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_fit_recovers_what_each_feature_adds_to_a_move(tmp_path: Path) -> None:
    """On made-up decisions whose value is a position's own worth plus a known
    weight per feature of the move drawn uniformly (plus noise), the fit finds
    the known weights without being told the position's worth."""
    rng = random.Random(5)
    truth = [rng.uniform(-3, 3) for _ in dmc_policy.FEATURES]
    data = _made_up_rounds(tmp_path / "made-up.jsonl", truth, rng, 400, (2, 4), worth=20.0, noise=1.0)
    weights, errors, used = train_dmc.fit([data], ridge=0.0)
    assert used == 4000
    for w, e, t in zip(weights, errors, truth):
        assert abs(w - t) < 5 * e + 0.05


def test_the_check_finds_departures_pay_what_true_weights_promise(tmp_path: Path) -> None:
    """On made-up decisions whose values follow known weights, the departures
    those weights make from the first (``SHEDDER``) move gain in the recorded
    rounds what they promise; weights of the opposite sign lose it."""
    rng = random.Random(9)
    truth = [rng.uniform(-3, 3) for _ in dmc_policy.FEATURES]
    data = _made_up_rounds(tmp_path / "made-up.jsonl", truth, rng, 300, (3, 3), worth=5.0, noise=0.0)
    right = train_dmc.departures([data], truth)
    assert right["departures"] > 1000
    assert right["promised"] > 0
    assert abs(right["realised"] - right["promised"]) < right["within"] + 0.5
    wrong = train_dmc.departures([data], [-w for w in truth])
    assert wrong["realised"] < -wrong["within"]


def test_the_commands_write_weights_the_trial_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gen`` then ``fit``, as docs/ai.md gives them, leave a weights file the
    trial reads, and ``fit`` prints a weight and its standard error per feature."""
    data, out = tmp_path / "self-play.jsonl", tmp_path / "weights.json"
    assert train_dmc.main(["gen", "--rounds", "4", "--out", str(data)]) == 0
    assert train_dmc.main(["fit", str(data), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed[: len(dmc_policy.FEATURES)]] == list(dmc_policy.FEATURES)
    assert len(dmc_policy.load_weights(out)) == len(dmc_policy.FEATURES)
    assert train_dmc.main(["check", str(data), "--weights", str(out)]) == 0
    assert "decisions leave the SHEDDER move" in capsys.readouterr().out


def test_a_weights_file_for_other_features_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"features": ["pips"], "weights": [1.0]}))
    with pytest.raises(ValueError, match="not weights for these features"):
        dmc_policy.load_weights(path)


def test_the_shipped_weights_fit_the_features() -> None:
    """The weights the trial plays are the ones ``train_dmc.py fit`` wrote for these features."""
    weights = dmc_policy.load_weights()
    assert len(weights) == len(dmc_policy.FEATURES)
