"""What each level does: Medium's chain plan, Easy's forgotten knock, the
inference from draws and passes, and the hint."""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import hint, make_player
from game.ai.chain import ChainCache, chain_longer, longest_chain
from game.ai.inference import Sampler, limits
from game.ai.medium import MEDIUM, SHEDDER
from game.ai.search import ExpertPlayer, HardPlayer
from game.engine import DRAW, MEXICAN, Play, RoundState, SeatView, preset, seat_view, tile_id
from game.engine.tiles import HI, LO, PIP_SET, PIPS, full_set


def _brute_force(start: int, hand: list[int]) -> tuple[int, int]:
    """(length, pips) of the best chain by trying every order."""
    best = (0, 0)
    for size in range(1, len(hand) + 1):
        for order in itertools.permutations(hand, size):
            end, ok = start, True
            for t in order:
                if HI[t] == end:
                    end = LO[t]
                elif LO[t] == end:
                    end = HI[t]
                else:
                    ok = False
                    break
            if ok:
                best = max(best, (size, sum(PIPS[t] for t in order)))
    return best


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(full_set(4)), min_size=1, max_size=6, unique=True), st.integers(0, 4))
def test_longest_chain_is_the_longest_then_heaviest(hand: list[int], start: int) -> None:
    chain = longest_chain(start, hand)
    end = start
    for t in chain:
        assert t in hand and end in (HI[t], LO[t])
        end = LO[t] if HI[t] == end else HI[t]
    assert (len(chain), sum(PIPS[t] for t in chain)) == _brute_force(start, hand)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(full_set(4)), min_size=1, max_size=6, unique=True), st.integers(0, 4),
       st.integers(0, 6))
def test_a_chain_longer_than_a_length_is_found_exactly_when_one_exists(hand: list[int], start: int,
                                                                        length: int) -> None:
    assert chain_longer(start, hand, length) == (_brute_force(start, hand)[0] > length)


def test_the_length_search_agrees_with_the_longest_chain_on_big_hands() -> None:
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(full_set(12), rng.randrange(1, 16))
        start = rng.randrange(13)
        best = len(longest_chain(start, hand, budget=10**6))
        assert chain_longer(start, hand, best - 1, budget=10**6) and not chain_longer(start, hand, best, budget=10**6)


def test_chain_search_stays_fast_enough_for_a_twenty_five_tile_hand() -> None:
    hand = random.Random(5).sample(full_set(12), 25)
    chain = longest_chain(6, hand, budget=2000)
    assert len(chain) == len(set(chain))


def test_the_chain_cache_keeps_a_plan_as_good_as_a_fresh_search() -> None:
    rng = random.Random(2)
    cache = ChainCache()
    for _ in range(200):
        hand = rng.sample(full_set(9), 10)
        start = rng.randrange(10)
        plan = cache.plan(0, start, hand)
        assert len(plan) == len(longest_chain(start, hand))
        if plan:
            t = plan[0]
            hand.remove(t)
            far = LO[t] if HI[t] == start else HI[t]
            assert len(cache.plan(0, far, hand)) == len(longest_chain(far, hand))


def _table(hands: list[list[int]], boneyard: list[int], knock: str = "none") -> RoundState:
    options = preset("tap") if knock == "penalty" else preset("tournament")
    return RoundState.from_table(options.setup(4), 12, hands, boneyard, to_move=0)


def test_easy_sometimes_forgets_to_knock_at_tap_and_medium_never_does() -> None:
    hands = [[tile_id(12, 3), tile_id(5, 5)], [tile_id(1, 2), tile_id(2, 3)],
             [tile_id(4, 0), tile_id(8, 1)], [tile_id(7, 0), tile_id(9, 1)]]
    state = _table(hands, [tile_id(6, 6), tile_id(6, 5), tile_id(6, 4)], knock="penalty")
    view = seat_view(state, 0)
    assert any(type(a) is Play and a.knock for a in view.legal)
    easy = [make_player("easy", f"e{i}").choose(view) for i in range(60)]
    assert any(a.knock for a in easy) and any(not a.knock for a in easy)  # type: ignore[union-attr]
    assert all(make_player("medium", f"m{i}").choose(view).knock for i in range(5))  # type: ignore[union-attr]


def _chain_and_spare(spare: int, mexican: int, other_pips: tuple[int, ...], boneyard: int) -> SeatView:
    """Seat 0's view at a 4-seat tournament table: its chain from the 12 engine
    is 12-3 3-1, and ``spare`` fits only the Mexican train (``mexican`` laid on it)."""
    others = [[tile_id(0, a), tile_id(1, a), tile_id(2, a)] for a in other_pips]
    hands = [[tile_id(12, 3), tile_id(3, 1), spare], *others]
    state = RoundState.from_table(
        preset("tournament").setup(4), 12, hands, [boneyard], to_move=0, trains={MEXICAN: [mexican], 0: []},
    )
    return seat_view(state, 0)


def test_medium_keeps_its_chain_and_sheds_a_heavy_tile_elsewhere() -> None:
    # The heavy 10-9 fits the Mexican train (end 10).
    view = _chain_and_spare(tile_id(10, 9), tile_id(12, 10), (4, 5, 6), tile_id(5, 4))
    action = make_player("medium", "m").choose(view)
    assert action == Play(tile_id(10, 9), MEXICAN)
    advice, reason = hint(view)
    assert advice == action and "in a line on your own train" in reason


def test_the_stronger_weights_shed_a_light_tile_before_touching_the_own_chain() -> None:
    # The light 5-0 fits the Mexican train (end 5).
    view = _chain_and_spare(tile_id(5, 0), tile_id(12, 5), (4, 7, 6), tile_id(8, 4))
    # Medium spends its chain while the light tile is worth little to shed ...
    assert make_player("medium", "m").choose(view) == Play(tile_id(12, 3), 0)
    # ... the hint (Hard's and Expert's starting move) keeps the chain for later.
    advice, reason = hint(view)
    assert advice == Play(tile_id(5, 0), MEXICAN)
    assert "keeps the 2 tiles you can lay in a line on your own train" in reason
    assert hint(view, MEDIUM)[0] == Play(tile_id(12, 3), 0)


def test_a_pass_proves_a_seat_lacks_the_open_pips() -> None:
    setup = preset("tournament").setup(4)
    hands = [[tile_id(11, 11)], [tile_id(1, 0)], [tile_id(2, 0)], [tile_id(3, 0)]]
    boneyard = [tile_id(4, 0)]
    state = RoundState.from_table(setup, 12, hands, boneyard, to_move=1)
    # Seat 1 cannot play on 12 anywhere: it draws (4-0 does not fit) and passes.
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    view = seat_view(state, 0)
    proved = [lim for lim in limits(view) if lim.seat == 1]
    assert proved and all(PIP_SET[12] <= lim.tiles for lim in proved) and min(lim.allowed for lim in proved) == 0
    sampler = Sampler(view)
    for i in range(30):
        hidden, _ = sampler.deal(random.Random(i))
        assert not any(12 in (HI[t], LO[t]) for t in hidden[1])


def test_only_expert_reads_a_first_turn_chain_stop_as_no_tile_matching_its_end() -> None:
    from .positions import stopped_chain_round

    state = stopped_chain_round()
    assert state.stops == ((1, 3, 0),)
    view = seat_view(state, 2)
    assert view.stops == state.stops
    # Not a rule: only the reader of stops draws the conclusion, and the double stays possible.
    assert not [lim for lim in limits(view) if lim.seat == 1]
    [stop] = [lim for lim in limits(view, read_stops=True) if lim.seat == 1]
    assert stop.allowed == 0 and tile_id(5, 3) in stop.tiles and tile_id(3, 3) not in stop.tiles
    sampler = Sampler(view, read_stops=True)
    for i in range(30):
        hidden, _ = sampler.deal(random.Random(i))
        assert not any(3 in (HI[t], LO[t]) and t != tile_id(3, 3) for t in hidden[1])
    assert ExpertPlayer.read_stops and not HardPlayer.read_stops


def _real_choices(rules: str) -> list[SeatView]:
    """Views of the seat to move with more than one legal action, from random positions of ``rules``."""
    from .positions import random_position

    views = []
    for seed in range(40):
        state = random_position(rules, 4, seed, 6 + seed % 25)
        if state is not None and len(state.legal_actions()) > 1:
            views.append(seat_view(state, state.to_move))
    return views


def test_hard_starts_from_mediums_move_at_tournament_and_tap_and_from_the_stronger_weights_elsewhere() -> None:
    hard = HardPlayer("start")
    for rules, style, z in (("tournament", MEDIUM, 2.0), ("tap", MEDIUM, 2.0), ("classic", SHEDDER, 0.5),
                            ("hub", SHEDDER, 0.5), ("star-ranch", SHEDDER, 0.5)):
        views = _real_choices(rules)
        assert len(views) >= 10, rules
        for view in views:
            assert hard.moves(view)[0] == hint(view, style)[0], (rules, view.legal)
            assert hard.budget_for(view).z == z
    assert ExpertPlayer("start").budget_for(views[0]).z == 0.5  # Expert is the same at every preset


def test_a_won_round_is_worth_the_win_bonus_to_its_winner_only() -> None:
    """The search values a finished round by the score margin plus the win
    bonus it is given: a larger bonus raises the winner's value by the
    difference and leaves every other seat's value as it was."""
    from game.ai.medium import MediumPolicy
    from game.ai.search import WIN_BONUS, outcome, playout

    from .positions import random_position

    state = random_position("classic", 4, 3, 5)
    assert state is not None
    playout(state, MediumPolicy(style=SHEDDER))
    assert state.round_over and state.scores is not None
    low = min(state.scores)
    winners = {state.went_out} if state.went_out is not None else {s for s in range(4) if state.scores[s] == low}
    for seat in range(4):
        gain = outcome(state, seat, win_bonus=WIN_BONUS + 30) - outcome(state, seat)
        assert gain == (30 if seat in winners else 0)


class _SearchingHard(HardPlayer):
    """Hard searching every decision (a subclass: a compiled Hard takes no attribute set on it)."""

    UNSEARCHED: ClassVar[dict[str, float]] = {}


def test_hard_at_classic_plays_its_default_move_unsearched_on_about_half_its_decisions() -> None:
    """At ``classic`` Hard plays, decision by decision, either the ``SHEDDER``
    move without searching or the move its search chooses (what Hard searching
    every decision would play), and each about half the time; the same view and
    seed give the same choice. At ``hub`` it searches every decision."""
    views = _real_choices("classic")
    unsearched = 0
    for view in views:
        hard = HardPlayer("mix")
        full = _SearchingHard("mix")
        choice = hard.choose(view)
        skip = not hard.searches(view)
        assert choice == (hint(view)[0] if skip else full.choose(view))
        assert HardPlayer("mix").choose(view) == choice
        unsearched += skip
    assert 0.25 * len(views) <= unsearched <= 0.75 * len(views)
    for view in _real_choices("hub")[:6]:
        assert HardPlayer("mix").searches(view)
        full = _SearchingHard("mix")
        assert HardPlayer("mix").choose(view) == full.choose(view)


def test_the_hint_counts_the_line_it_starts_with_the_tile_it_plays() -> None:
    """'the line of 2 tiles ...': the 12-3 and then the 3-1, the
    count the person finds in their hand (not one more or one less)."""
    from game.ai.chain import longest_chain
    from game.ai.hint import reason

    view = _chain_and_spare(tile_id(5, 0), tile_id(12, 5), (4, 7, 6), tile_id(8, 4))
    words = reason(view, Play(tile_id(12, 3), 0))
    line = longest_chain(12, sorted(view.hand))
    assert line[0] == tile_id(12, 3)
    assert f"starts the line of {len(line)} tiles you can lay on your own train" in words
    assert len(line) == 2
