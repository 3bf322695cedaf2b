"""A learned move chooser for the arena (issue 28, "action values by self-play").

Each candidate move (the ``SHEDDER`` weights' favourites) is described by a
few numbers a seat can compute from its own view: the ``SHEDDER`` score,
the tile's pips, where it goes, whether it is a double the hand can cover,
how many of the seat's own tiles and of the unseen tiles match the end it
leaves, and so on (``move_features``). ``tools/lab/train_dmc.py`` fits one
weight per number from self-play, Monte Carlo fashion: at random decisions
a seat plays a candidate drawn uniformly and the round's final value for
that seat is the label; since the draw is uniform, the value a candidate
adds over the decision's average is a linear function of its features
minus their average (no state value needed). The trial ``dmc`` plays the
candidate with the highest learned value. Measurement only: never offered
to players.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.chain import longest_chain
from game.ai.medium import SHEDDER, score_play
from game.ai.search import candidates
from game.engine import END, MEXICAN, Action, Play, RoundState, SeatView
from game.engine.options import RuleOptions
from game.engine.tiles import HI, IS_DOUBLE, LO, PIPS, Tile
from game.memory.files import FileProblem, parse_json, read_file

FEATURES: tuple[str, ...] = (
    "shedder_score", "pips", "double", "double_covered", "own_train", "mexican_train", "next_in_plan",
    "later_in_plan", "takes_marker_down", "own_follow_ups", "feeds_unseen", "closes_unseen",
    "pips_when_opponent_low", "pips_late", "double_late", "end_turn", "shedder_first", "shedder_rank",
)
"""The names of the numbers describing one candidate move, in order (a play
on another seat's train is the base the train columns compare with; a move
that is not a play has zeros but for ``end_turn`` and its rank); the last two say where
the ``SHEDDER`` weights rank the move among the decision's candidates (their
choice first), so the learned value can keep their choice unless the rest
outweighs it."""

CANDIDATES = 4
"""How many of the ``SHEDDER`` weights' favourites a decision chooses among."""

WEIGHTS_PATH = Path(__file__).resolve().parent / "data" / "dmc-classic.json"
"""Where ``tools/lab/train_dmc.py fit`` writes the weights by default and the trial reads them."""


def unseen_by_pip(unseen: Sequence[Tile]) -> list[int]:
    """How many of the tiles the seat cannot see show each pip (0-12)."""
    counts = [0] * 13
    for t in unseen:
        counts[HI[t]] += 1
        if LO[t] != HI[t]:
            counts[LO[t]] += 1
    return counts


def move_features(
    move: Action, seat: int, hand: Sequence[Tile], ends: Sequence[int], public: Sequence[bool],
    low: int, unseen: Sequence[int], unseen_total: int, plan: tuple[int, ...], options: RuleOptions,
) -> list[float]:
    """The numbers describing ``move`` for ``seat`` (see ``FEATURES``); ``low``
    is the fewest tiles an opponent holds, ``unseen`` the unseen tiles per pip."""
    if type(move) is not Play:
        return [0.0] * (len(FEATURES) - 3) + [1.0 if move is END else 0.0]
    t = move.tile
    train = move.train
    pips = max(PIPS[t], options.zero_zero_value) if t == 0 else PIPS[t]
    double = IS_DOUBLE[t]
    near = ends[train]
    far = LO[t] if HI[t] == near else HI[t]
    rest = list(hand)
    rest.remove(t)
    covered = double and any(HI[u] == far or LO[u] == far for u in rest)
    own = train == seat
    opponent_low = low <= 2
    late = len(hand) <= 4
    open_to_others = not own or public[seat]
    share = 1.0 / max(1, unseen_total)
    return [
        score_play(move, seat, hand, plan, public[seat], False, options, SHEDDER) / 10.0,
        pips / 10.0,
        1.0 if double else 0.0,
        1.0 if covered else 0.0,
        1.0 if own else 0.0,
        1.0 if train == MEXICAN else 0.0,
        1.0 if plan and t == plan[0] else 0.0,
        1.0 if t in plan and t != plan[0] else 0.0,
        1.0 if own and public[seat] else 0.0,
        min(3, sum(1 for u in rest if HI[u] == far or LO[u] == far)) / 3.0,
        unseen[far] * share if open_to_others else 0.0,
        unseen[near] * share if not own else 0.0,
        pips / 10.0 if opponent_low else 0.0,
        pips / 10.0 if late else 0.0,
        1.0 if double and late else 0.0,
        0.0,
    ]


def decision(
    legal: Sequence[Action], seat: int, hand: Sequence[Tile], ends: Sequence[int], public: Sequence[bool],
    hand_sizes: Sequence[int], unseen_tiles: Sequence[Tile], options: RuleOptions, plan: tuple[int, ...],
) -> tuple[list[Action], list[list[float]]]:
    """The candidate moves of one decision (``SHEDDER``'s choice first) and their features."""
    low = min(size for s, size in enumerate(hand_sizes) if s != seat)
    moves = candidates(legal, seat, hand, plan, public, low, options, CANDIDATES, SHEDDER)
    unseen = unseen_by_pip(unseen_tiles)
    last = max(1, len(moves) - 1)
    feats = [
        move_features(m, seat, hand, ends, public, low, unseen, len(unseen_tiles), plan, options)
        + [1.0 if i == 0 else 0.0, i / last]
        for i, m in enumerate(moves)
    ]
    return moves, feats


def state_decision(state: RoundState, plan: tuple[int, ...]) -> tuple[list[Action], list[list[float]]]:
    """``decision`` for the seat to move in a full round, from what that seat may see."""
    seat = state.to_move
    unseen = [t for s, h in enumerate(state.hands) if s != seat for t in h] + list(state.boneyard)
    sizes = [len(h) for h in state.hands]
    return decision(
        state.legal_actions(), seat, state.hands[seat], state.ends, state.public, sizes, unseen,
        state.options, plan,
    )


def best_move(
    moves: Sequence[Action], feats: Sequence[Sequence[float]], weights: Sequence[float], margin: float = 0.0
) -> Action:
    """The move with the highest learned value; the first (``SHEDDER``'s) unless
    another's is higher by more than ``margin`` pips."""
    values = [sum(w * x for w, x in zip(weights, f)) for f in feats]
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[0] + margin and values[i] > values[best] + 1e-9:
            best = i
    return moves[best]


def learned_favourite(view: SeatView, weights: Sequence[float], margin: float = 0.0) -> Action:
    """Of the ``SHEDDER`` weights' favourites, the one ``weights`` value most
    for ``view.seat`` (``SHEDDER``'s own unless another is higher by more than ``margin``)."""
    plan = longest_chain(view.ends[view.seat], tuple(sorted(view.hand)))
    moves, feats = decision(
        view.legal, view.seat, view.hand, view.ends, view.public, view.hand_sizes, view.unseen_tiles(),
        view.options, plan,
    )
    return best_move(moves, feats, weights, margin)


def load_weights(path: Path = WEIGHTS_PATH) -> list[float]:
    """The weights ``tools/lab/train_dmc.py fit`` wrote, one per feature, read through the safe reader."""
    try:
        data = parse_json(read_file(path, 64 * 1024, owned=False), "learned weights")
    except (OSError, FileProblem) as error:
        problem = f"{path}: cannot read the learned weights ({error}); tools/lab/train_dmc.py fit writes them"
        raise ValueError(problem) from None
    if not isinstance(data, dict) or data.get("features") != list(FEATURES):
        raise ValueError(f"{path}: not weights for these features ({', '.join(FEATURES)})")
    weights = data.get("weights")
    if not isinstance(weights, list) or len(weights) != len(FEATURES):
        raise ValueError(f"{path}: expected {len(FEATURES)} weights")
    return [float(w) for w in weights]


class DmcPlayer:
    """For measurement only: the ``SHEDDER`` weights' four favourites, of which
    it plays the one with the highest value learned by ``tools/lab/train_dmc.py``."""

    margin = 0.0
    """Leave ``SHEDDER``'s choice only for a move whose learned value is higher by more than this."""

    def __init__(self, seed: str, weights: Sequence[float] | None = None) -> None:
        self.seed = seed
        self.weights = list(weights) if weights is not None else load_weights()

    def choose(self, view: SeatView) -> Action:
        """The candidate with the highest learned value for ``view.seat``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        return learned_favourite(view, self.weights, self.margin)


class DmcBarPlayer(DmcPlayer):
    """For measurement only: ``dmc`` leaving ``SHEDDER``'s choice only for a
    move whose learned value is higher by more than 5 pips."""

    margin = 5.0
