"""The table's turn loop without a window: the person's actions, computer
decisions from a worker (even a broken one), steps for the picture, autosaves."""

from __future__ import annotations

from concurrent.futures import Future

from game.ai import ComputerSeats
from game.engine import DRAW, Action, Match, Phase, Play, RoundState, SeatView, play_match, preset, tile_id
from game.engine import events as ev
from game.play import InlineWorker, MatchController
from game.memory.session import GameSession, SeatConfig

NAMES = ["You", "Ana", "Bruno", "Carmen"]


def session(rules: str = "classic", seed: int = 7, kinds: tuple[str, ...] = ("human", "easy", "easy", "easy")) -> GameSession:
    """A 4-seat match, not dealt yet."""
    return GameSession(preset(rules), [SeatConfig(n, k) for n, k in zip(NAMES, kinds)], seed)


def position(hand: list[tuple[int, int]]) -> GameSession:
    """A dealt match whose round is a known position: you (seat 0) to move with
    ``hand``; trains 12-4 (yours), 12-6, 12-8, 12-10, all private."""
    s = session()
    s.match.start_next_round()
    t = tile_id
    hands = [[t(*p) for p in hand], [t(9, 9), t(9, 8)], [t(7, 7), t(7, 5)], [t(11, 11), t(11, 5)]]
    trains = {0: [t(12, 4)], 1: [t(12, 6)], 2: [t(12, 8)], 3: [t(12, 10)]}
    used = {t(12, 12), *(x for h in hands for x in h), *(x for tr in trains.values() for x in tr)}
    boneyard = [x for x in range(91) if x not in used][:20]
    s.match.round = RoundState.from_table(s.match.setup, 12, hands, boneyard, 0, trains=trains, names=NAMES)
    return s


class Saves:
    """An autosave hook that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, _session: GameSession) -> None:
        self.calls += 1


class NeverAnswers:
    """A worker still thinking, for as long as anyone waits."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        self.asked += 1
        return Future()

    def warm_up(self) -> None:
        pass

    def close(self) -> None:
        pass


class Answers:
    """A worker whose every answer is ``answer`` (an action, or an exception to raise)."""

    def __init__(self, answer: Action | Exception) -> None:
        self.answer = answer

    def submit(self, kind: str, seed: str, view: SeatView) -> Future[Action]:
        future: Future[Action] = Future()
        if isinstance(self.answer, Exception):
            future.set_exception(self.answer)
        else:
            future.set_result(self.answer)
        return future

    def warm_up(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_your_legal_play_is_applied_as_a_step_and_autosaved() -> None:
    saves = Saves()
    control = MatchController(position([(4, 2), (6, 1)]), InlineWorker(), saves)
    assert control.phase is Phase.PLAYING and control.person_to_move() and not control.computer_to_move()
    assert control.act(Play(tile_id(4, 2), 0)) is None
    [step] = control.take_steps()
    assert step.seat == 0 and not step.computer
    assert step.state.trains[0][-1] == tile_id(4, 2)
    assert any(isinstance(e, ev.TilePlayed) and e.tile == tile_id(4, 2) for e in step.events)
    assert step.state is not control.live, "the picture gets a copy"
    assert saves.calls == 1
    assert control.take_steps() == []


def test_a_refused_play_returns_the_engines_reason_and_changes_nothing() -> None:
    saves = Saves()
    control = MatchController(position([(4, 2), (6, 1)]), InlineWorker(), saves)
    assert control.act(Play(tile_id(6, 1), 1)) == "Ana's train is private"
    assert control.take_steps() == [] and saves.calls == 0
    assert control.live is not None and len(control.live.hands[0]) == 2


def test_you_cannot_act_for_a_computer_seat() -> None:
    control = MatchController(position([(4, 2), (6, 1)]), InlineWorker())
    assert control.act(Play(tile_id(4, 2), 0)) is None
    assert control.computer_to_move()
    assert control.act(DRAW) == "it is not your turn"


def test_a_computer_decision_is_applied_when_the_worker_answers() -> None:
    control = MatchController(position([(4, 2), (6, 1)]), InlineWorker())
    control.act(Play(tile_id(4, 2), 0))
    control.take_steps()
    assert control.think()
    [step] = control.take_steps()
    assert step.seat == 1 and step.computer


def test_thinking_never_waits_for_a_slow_worker() -> None:
    worker = NeverAnswers()
    control = MatchController(position([(4, 2), (6, 1)]), worker)
    control.act(Play(tile_id(4, 2), 0))
    assert not control.think() and not control.think(0.01)
    assert control.thinking_seat == 1 and worker.asked == 1, "one question per decision"
    assert control.live is not None and control.live.to_move == 1


def test_a_failing_worker_falls_back_to_a_legal_action() -> None:
    control = MatchController(position([(4, 2), (6, 1)]), Answers(RuntimeError("the worker died")))
    control.act(Play(tile_id(4, 2), 0))
    legal = control.legal_actions()
    assert control.think()
    assert control.match.action_log[-1][-1] == str(legal[0])
    assert control.thinking_seat is None


def test_an_illegal_decision_falls_back_to_a_legal_action() -> None:
    control = MatchController(position([(4, 2), (6, 1)]), Answers(Play(tile_id(4, 2), 0)))
    control.act(Play(tile_id(4, 2), 0))
    legal = control.legal_actions()
    assert control.think()
    assert control.match.action_log[-1][-1] == str(legal[0])


def test_the_deal_of_round_one_brings_the_draw_off_and_autosaves() -> None:
    saves = Saves()
    control = MatchController(session("tournament"), InlineWorker(), saves)
    assert control.phase is Phase.DEALING
    start = control.start_next_round()
    assert (start.number, start.rounds) == (1, control.match.setup.rounds)
    assert any(isinstance(e, ev.StarterChosen) for e in start.events)
    assert any(isinstance(e, ev.Dealt) for e in start.events)
    assert saves.calls == 1 and control.phase is Phase.PLAYING


def test_a_watched_table_plays_every_seat_and_its_match_is_the_one_computer_seats_play() -> None:
    kinds = ("easy", "medium", "easy", "random")
    control = MatchController(session(seed=3, kinds=kinds), InlineWorker(), watching=True)
    assert not control.person_to_move() and control.has_computers()
    rounds_seen = 0
    while control.phase is not Phase.MATCH_OVER:
        if control.phase is not Phase.PLAYING:
            control.start_next_round()
            rounds_seen += 1
        assert control.think_for(60.0) > 0
        steps = control.take_steps()
        assert all(s.computer for s in steps)
        if control.phase is not Phase.PLAYING:
            assert any(isinstance(e, ev.RoundEnded) for e in steps[-1].events)
            assert control.totals(counting_this_round=False) != control.totals() or not any(steps[-1].state.scores or [])
    assert rounds_seen == control.match.setup.rounds
    again = Match(preset("classic"), 4, 3, names=NAMES)
    play_match(again, ComputerSeats(kinds))
    assert again.action_log == control.match.action_log


def test_a_person_s_seat_is_played_by_medium_when_the_table_is_watched() -> None:
    control = MatchController(position([(4, 2), (6, 1)]), InlineWorker(), watching=True)
    assert control.computer_to_move() and not control.person_to_move()
    assert control.think()
    [step] = control.take_steps()
    assert step.seat == 0 and step.computer
