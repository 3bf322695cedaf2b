"""A seat's view holds what that seat may know, and search can rebuild a full state from it."""

from __future__ import annotations

import pickle
import random
from types import SimpleNamespace

from game.engine import Match, deal_round, determinize, preset, seat_view
from game.engine import events as ev


def mid_round(seed: int = 3, steps: int = 25):  # type: ignore[no-untyped-def]
    """A classic 4-seat round after some random play."""
    setup = preset("classic").setup(4)
    rng = random.Random(seed)
    state = deal_round(setup, 12, 0, rng)
    for _ in range(steps):
        if state.round_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others() -> None:
    """Other hands and the boneyard order are not in the view at all."""
    state, _ = mid_round()
    view = seat_view(state, 1)
    assert list(view.hand) == state.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.boneyard_size == len(state.boneyard)
    hidden = {t for s, h in enumerate(state.hands) if s != 1 for t in h} | set(state.boneyard)
    blob = pickle.dumps(view)
    rebuilt = pickle.loads(blob)
    reachable = set(rebuilt.hand) | {t for tr in rebuilt.trains for t in tr}
    assert not hidden & reachable
    assert sorted(view.unseen_tiles()) == sorted(hidden)


def test_drawn_tiles_are_face_down_for_other_seats() -> None:
    """for_seat hides another seat's drawn tile but not your own."""
    drawn = ev.TileDrawn(2, 17)
    assert ev.for_seat(drawn, 1).tile is None
    assert ev.for_seat(drawn, 2).tile == 17


def test_determinize_builds_a_consistent_state_with_the_same_legal_actions() -> None:
    """Any assignment of the unseen tiles gives a state the seat cannot tell apart."""
    state, rng = mid_round()
    seat = state.to_move
    view = seat_view(state, seat)
    unseen = view.unseen_tiles()
    rng.shuffle(unseen)
    hands = {}
    for other in range(view.players):
        if other != seat:
            size = view.hand_sizes[other]
            hands[other], unseen = unseen[:size], unseen[size:]
    guess = determinize(view, hands, unseen)
    assert guess.legal_actions() == state.legal_actions()
    assert seat_view(guess, seat).hand == view.hand
    action = guess.legal_actions()[0]
    guess.apply(action)
    assert state.legal_actions()  # the real round is untouched


def test_copy_is_independent_of_the_original() -> None:
    """Playing on a copy leaves the original round unchanged."""
    state, _ = mid_round()
    before = ([h[:] for h in state.hands], state.boneyard[:], [t[:] for t in state.trains])
    trial = state.copy()
    while not trial.round_over:
        trial.apply(trial.legal_actions()[0])
    assert ([h[:] for h in state.hands], state.boneyard[:], [t[:] for t in state.trains]) == before


def test_a_match_view_carries_the_match_scores_so_far() -> None:
    """Computer players can weigh the match: the view holds every seat's total."""
    from game.engine import Match

    match = Match(preset("classic"), 3, 9)
    rng = random.Random(9)
    state = match.start_next_round()
    assert match.view(state.to_move).totals == (0, 0, 0)
    while not state.round_over:
        match.apply(rng.choice(state.legal_actions()))
    assert match.view(state.to_move).totals == (0, 0, 0), "totals before the round, also once it is over"
    state = match.start_next_round()
    assert match.view(state.to_move).totals == tuple(match.totals())
    assert sum(match.totals()) > 0


def test_the_seat_view_carries_exactly_the_public_round_fields_and_its_own() -> None:
    """The view's declared fields cannot drift from the round's field list."""
    import dataclasses

    from game.engine.fields import PUBLIC_FIELDS
    from game.engine.view import VIEW_ONLY_FIELDS, SeatView

    declared = {f.name for f in dataclasses.fields(SeatView)}
    assert declared == {f.name for f in PUBLIC_FIELDS} | set(VIEW_ONLY_FIELDS)


def test_a_copy_shares_nothing_mutable_with_the_round() -> None:
    """Changing every list, dict and record of a copy leaves the round as it was."""
    from game.engine.fields import snapshot

    match = Match(preset("classic"), 4, 3)
    state = match.start_next_round()
    before = snapshot(state)
    copy = state.copy()
    for hand in copy.hands:
        hand.clear()
    copy.boneyard.clear()
    copy.trains[0].append(0)
    copy.public[0] = not copy.public[0]
    copy.double_owner[1] = 1
    copy.turn.played = 99
    copy.history.append(("pass", 0, frozenset()))
    assert snapshot(state) == before


def test_beginning_a_turn_resets_every_field_of_the_turn_record() -> None:
    """TurnProgress.begin leaves the record as a new one would be."""
    import dataclasses

    from game.engine.turn import TurnProgress

    used = TurnProgress(3, True, 1, 2, True, True, False, (1,), True, True)
    used.begin(())
    assert used == TurnProgress()
    used.begin((2, -1))
    assert used == TurnProgress(discretionary=False, start_doubles=(2, -1))
    assert {f.name for f in dataclasses.fields(TurnProgress)} == {
        "played", "drew", "owes", "need", "chain", "played_own", "discretionary", "start_doubles",
        "bonus_used", "opened",
    }


def _hidden_moved(state, seat: int, shift: int):  # type: ignore[no-untyped-def]
    """The same round with every tile ``seat`` cannot see moved ``shift`` places
    along the other hands and the boneyard (each keeps its size): a round that
    seat cannot tell from ``state``."""
    moved = state.copy()
    places = [(s, i) for s in range(state.players) if s != seat for i in range(len(state.hands[s]))]
    places += [(-1, i) for i in range(len(state.boneyard))]
    tiles = [state.boneyard[i] if s == -1 else state.hands[s][i] for s, i in places]
    tiles = tiles[shift:] + tiles[:shift]
    for (s, i), tile in zip(places, tiles):
        if s == -1:
            moved.boneyard[i] = tile
        else:
            moved.hands[s][i] = tile
    moved._legal = None
    return moved


def telling_fields(view_of, state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The fields of ``view_of(state, seat)`` that change when only tiles the seat
    cannot see move: each walked by name from the dataclass, none named here."""
    import dataclasses

    from game.engine.view import SeatView

    views = [view_of(state, seat), view_of(_hidden_moved(state, seat, 1), seat),
             view_of(_hidden_moved(state, seat, 2), seat)]
    return [f.name for f in dataclasses.fields(SeatView)
            if any(getattr(v, f.name) != getattr(views[0], f.name) for v in views[1:])]


def _positions():  # type: ignore[no-untyped-def]
    """Mid-round positions of every preset, a few moves apart."""
    from game.engine import PRESETS

    for rules in sorted(PRESETS):
        rng = random.Random(rules)
        match = Match(preset(rules), 4, rules)
        state = match.start_next_round()
        for steps in (0, 7, 19, 40):
            while len(match.action_log[-1]) < steps and not state.round_over:
                match.apply(rng.choice(state.legal_actions()))
            if not state.round_over and len(state.boneyard) > 1:
                yield state


def test_no_field_of_any_seats_view_tells_a_tile_it_cannot_see() -> None:
    """Other hands and the boneyard's order are nowhere in a view: moving them
    changes no field of any seat's view, in any preset."""
    checked = 0
    for state in _positions():
        for seat in range(state.players):
            assert telling_fields(seat_view, state, seat) == []
            checked += 1
    assert checked >= 40


def test_the_check_finds_a_hidden_tile_put_into_any_field() -> None:
    """The check above would catch a leak wherever it is: a view that carries the
    boneyard's next tile (or another hand's) in any one field is found by that field."""
    import dataclasses

    from game.engine.view import SeatView

    state = next(iter(_positions()))
    for field in dataclasses.fields(SeatView):
        for leak in (lambda st: st.boneyard[-1], lambda st: st.hands[(state.to_move + 1) % st.players][0]):
            def leaky(st, seat, name=field.name, leak=leak):  # type: ignore[no-untyped-def]
                # a stand-in with the view's fields (a compiled SeatView refuses a wrongly typed field)
                view = seat_view(st, seat)
                fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(SeatView)}
                return SimpleNamespace(**{**fields, name: (getattr(view, name), leak(st))})

            assert telling_fields(leaky, state, state.to_move) == [field.name]
