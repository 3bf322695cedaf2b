"""Render every scene, and a crowded table, to PNG files headlessly.

    python tools/screenshot.py [--out docs/screenshots] [--size 1600x900] [--scale 1.0]
                               [--palette standard|colour-blind] [--lesson] [--online] [--tables]

Uses the dummy video driver: no window opens. Each file is named after its scene.
``--lesson`` writes only the Learn to play lesson's steps (``lesson-*.png``);
``--online`` only the Play online screens (``online-*.png``, see tools/online_shots.py);
``--tables`` only the table: a double-6, a double-12 and a double-18 set in play
(``table-double-*.png``), the deal and a double's notice on their way (``table-deal.png``,
``table-notice.png``) and the table's own scenes (``table*.png``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.engine import Action, Match, Play, play_match, preset
from game.engine.driver import Decide
from game.memory.session import GameSession, SeatConfig
from game.review.cache import Reviewable
from game.ui.app import App
from game.ui.intents import Intent
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.showcase import crowded_session

FOUR = [SeatConfig("You", "human"), SeatConfig("Ana", "easy"), SeatConfig("Bruno", "medium"), SeatConfig("Carmen", "hard")]


def random_player(rng: random.Random, prefer_plays_from: int | None = None) -> Decide:
    """A decider that plays at random (from round ``prefer_plays_from`` on, a
    random play whenever there is one, else the first legal action)."""

    def decide(match: Match, seat: int) -> Action:
        legal = match.legal_actions()
        if prefer_plays_from is None or match.round_number < prefer_plays_from:
            return rng.choice(legal)
        plays = [a for a in legal if isinstance(a, Play)]
        return rng.choice(plays) if plays else legal[0]

    return decide


def mid_round(seed: int = 4, actions: int = 40) -> GameSession:
    """A 4-seat classic table some way into round 3, you to move with a play."""
    session = GameSession(preset("classic"), FOUR, seed)

    def you_to_play(match: Match) -> bool:
        done = sum(len(log) for log in match.action_log[2:])
        return (
            match.round_number >= 3 and done >= actions and match.current_player() == 0
            and any(isinstance(a, Play) for a in match.legal_actions())
        )

    play_match(session.match, random_player(random.Random(seed), prefer_plays_from=3), until=you_to_play)
    return session


def finished_round(seed: int = 9) -> GameSession:
    """A 4-seat classic match just after round 4 ended."""
    session = GameSession(preset("classic"), FOUR, seed)
    play_match(session.match, random_player(random.Random(seed)), until=lambda m: len(m.round_scores) == 4)
    return session


def finished_match(seed: int = 3) -> GameSession:
    """A complete 4-seat classic match."""
    session = GameSession(preset("classic"), FOUR, seed)
    play_match(session.match, random_player(random.Random(seed)))
    return session


def seed_saves(folder: Path) -> None:
    """A few saves in ``folder`` for the Load screen: the autosave, named saves and a damaged file."""
    from game.saves import SaveStore

    # Written at once, beside the game's store that holds the folder's lock.
    store = SaveStore(folder)
    store.autosave(mid_round(4))
    store.save_named(mid_round(5, 10), "Sunday with the cousins")
    store.save_named(finished_round(9), "Tournament practice")
    store.save_named(mid_round(6, 60), "Classic, round 3")
    (store.folder / "old-laptop.json").write_text('{"format": "mexican-train-save", "version": 1', encoding="utf-8")


def settle(app: App, frames: int = 90) -> None:
    """Run frames so that tweens finish."""
    for _ in range(frames):
        app.step([])


def select_playable(table) -> None:  # type: ignore[no-untyped-def]
    """Pick up (select) a playable tile so its targets glow."""
    state = table.match.round
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    if plays:
        table.tray.selected = plays[0].tile


def review_shots(app: App, session: GameSession, shot: Callable[[str], None]) -> None:
    """The round review while it runs and when done (valued here, one decision
    a frame, rather than in worker processes), and "Show me" on its costliest decision."""
    from game.ui.scenes.review import ReviewScene

    review = ReviewScene(session.match, len(session.match.round_scores), [0], session.reviews, 0, processes=False)
    app.push(review)
    settle(app, 4)
    shot("review-progress")
    while not review.job.finished:
        settle(app, 1)
    settle(app, 2)
    shot("review")
    shown = review.costliest or list(review.decisions)
    if shown:
        review.show(shown[0])
        settle(app, 2)
        shot("review-show-me")
        app.pop()
    app.pop()


LESSON_SHOTS = ((0, "welcome"), (1, "hub"), (2, "first-line"), (8, "end-turn"), (9, "marker-up"),
                (10, "mexican"), (11, "public-train"), (13, "double"), (19, "draw"))
"""The lesson's steps shot (0-based step, name)."""


def lesson_shots(app: App, shot: Callable[[str], None]) -> None:
    """The Learn to play lesson: its steps on show, a wrong move explained, its
    menu, and the round summary that ends it."""
    from game.engine import parse_tile
    from game.tutorial import load_lesson
    from game.ui.paths import lesson_file
    from game.ui.table.guide import GuidedTable

    lesson = load_lesson(lesson_file())
    for index, name in LESSON_SHOTS:
        table = GuidedTable(lesson, index)
        app.reset(table)
        for _ in range(3000):
            if table.showing and table.guide.index == index:
                break
            settle(app, 1)
        settle(app, 12)
        shot(f"lesson-{index + 1:02d}-{name}")
        if name == "mexican":
            tile = parse_tile("2-2")
            start = table.tray.tile_center(tile)
            end = table.frame.plan.lanes[0].next_slot if table.frame is not None else None
            assert start is not None and end is not None
            table.handle(Intent("press", pos=start, button=1))
            table.handle(Intent("move", pos=(end.x, end.y)))
            table.handle(Intent("release", pos=(end.x, end.y), button=1))
            settle(app, 3)
            settle(app, 40)
            shot("lesson-wrong-move")
            table.handle(Intent("back"))
            settle(app, 2)
            shot("lesson-menu")
    last = len(lesson.steps) - 1
    table = GuidedTable(lesson, last)
    app.reset(table)
    for _ in range(3000):
        if table.showing:
            break
        settle(app, 1)
    action = lesson.steps[last].action
    assert isinstance(action, Play)
    start = table.tray.tile_center(action.tile)
    end = table.frame.plan.lanes[action.train].next_slot if table.frame is not None else None
    assert start is not None and end is not None
    table.handle(Intent("press", pos=start, button=1))
    table.handle(Intent("move", pos=(end.x, end.y)))
    table.handle(Intent("release", pos=(end.x, end.y), button=1))
    for _ in range(3000):
        if app.top is not table:
            break
        settle(app, 1)
    settle(app, 150)
    shot("lesson-summary")


SETS = ((6, 2, 7, 10), (12, 4, 15, 24), (18, 4, 15, 5))
"""The sets shot by --tables: highest double, seats, tiles dealt, actions into the round."""


def set_in_play(set_max: int, players: int, hand: int, actions: int, seed: int = 3) -> GameSession:
    """A classic table with a double-``set_max`` set ``actions`` moves into its first round, you to play."""
    names = ("You", "Ana", "Bruno", "Carmen")
    options = preset("classic").replace(set_max=set_max, hand_size=hand)
    session = GameSession(options, [SeatConfig(n, "human" if i == 0 else "easy")
                                    for i, n in enumerate(names[:players])], seed)
    rng = random.Random(seed)

    def mostly_plays(match: Match, seat: int) -> Action:
        legal = match.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        return rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal)

    def you_to_play(match: Match) -> bool:
        return (match.round is not None and len(match.action_log[-1]) >= actions and match.current_player() == 0
                and any(isinstance(a, Play) for a in match.legal_actions()))

    play_match(session.match, mostly_plays, until=you_to_play)
    return session


def table_set_shots(app: App, shot: Callable[[str], None]) -> None:
    """The table with each set of SETS in play, then the deal and a double's notice on their way."""
    from game.play import InlineWorker
    from game.ui.table.scene import TableScene

    for set_max, players, hand, actions in SETS:
        table = TableScene(set_in_play(set_max, players, hand, actions))
        app.reset(table)
        settle(app)
        select_playable(table)
        settle(app, 2)
        shot(f"table-double-{set_max}")
        table.close()
    app.settings.pace = "normal"
    table = TableScene(GameSession(preset("classic"), FOUR, 11), worker=InlineWorker())
    app.reset(table)
    settle(app, 45)
    shot("table-deal")
    for _ in range(4000):  # the computers (and you, at random) play until a double is left open
        if table.picture.notices and table.picture.notices[0].t > 0.3:
            shot("table-notice")
            break
        if table.human_turn():
            legal = table.controller.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            table.controller.act(plays[0] if plays else legal[0])
            table.catch_steps()
        settle(app, 1)
    app.settings.pace = "instant"
    table.close()


def other_shots(app: App, routes: GameRoutes, saves: SavesBridge, table: object,
                shot: Callable[[str], None]) -> None:
    """The pause menu and Save as over ``table``, then the Load screen with a few saves."""
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.save_as import SaveAsScene

    session = table.session  # type: ignore[attr-defined]
    pause = PauseScene(session, saves, False, lambda: None)
    app.push(pause)
    settle(app, 2)
    shot("pause")
    app.push(SaveAsScene(session, saves, pause.saved))
    settle(app, 2)
    shot("save-as")
    assert saves.store is not None, "the screenshots need a save folder"
    seed_saves(saves.store.folder)
    load = routes.load()
    app.reset(load)
    getattr(load, "settle", lambda: None)()
    settle(app, 3)
    shot("load")


def main() -> int:
    """Write one PNG per scene."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--size", default="1600x900")
    parser.add_argument("--scale", type=float, default=1.0, help="the text setting (0.75..2.0)")
    parser.add_argument("--palette", default="standard", choices=["standard", "colour-blind"])
    parser.add_argument("--lesson", action="store_true", help="only the Learn to play lesson's shots")
    parser.add_argument("--online", action="store_true", help="only the Play online shots (a server on 127.0.0.1)")
    parser.add_argument("--tables", action="store_true", help="only the table's shots")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("MEXICAN_TRAIN_DATA_DIR", tempfile.mkdtemp(prefix="mt-shots-"))

    from game.ui.scenes.round_summary import RoundSummaryScene
    from game.ui.table.scene import TableScene
    from game.ui.table.tips import TIPS
    from game.ui.tile_art import use_palette
    from game.ui.ui_scale import use_scale

    use_palette(args.palette)
    use_scale(args.scale)
    saves = SavesBridge.open()
    routes = GameRoutes(saves)
    app = App((w, h), headless=True, routes=routes)
    app.settings.ui_scale = args.scale
    app.settings.palette = args.palette
    app.settings.tips_seen = list(TIPS)  # tips have their own shot
    written: list[Path] = []

    def shot(name: str) -> None:
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)

    if args.online:
        from online_shots import online_shots

        online_shots(app, shot)
        for path in written:
            print(path)
        return 0
    if args.lesson:
        lesson_shots(app, shot)
        for scene in app.stack:
            scene.close()
        for path in written:
            print(path)
        return 0
    tables = args.tables
    if tables:
        table_set_shots(app, shot)
    house = preset("classic", discretionary_markers=True, knock="penalty")
    for name, scene in () if tables else (
            ("title", routes.title()), ("setup", routes.setup()), ("rules", routes.rules(players=4)),
            ("rules-why", routes.rules(house, "first-turn", players=4)), ("settings", routes.settings())):
        app.reset(scene)
        settle(app, 3)
        shot(name)
    if not tables:
        app.reset(routes.title())
        settle(app, 2)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0)])
        settle(app, 2)
        shot("quit-dialog")

    from game.memory.session import GameSession, SeatConfig

    people = [SeatConfig("Ana", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy")]
    shared = TableScene(GameSession(preset("classic"), people, 12))
    app.reset(shared)
    for _ in range(3000):
        if app.top is not shared:
            break
        settle(app, 1)
    shot("pass-to")
    shared.close()

    table = TableScene(mid_round())
    app.reset(table)
    settle(app)
    select_playable(table)
    settle(app, 2)
    shot("table")
    table.handle(Intent("key", char="l"))
    settle(app, 2)
    shot("table-log")
    table.handle(Intent("key", char="l"))
    table.handle(Intent("key", char="h"))
    settle(app, 1)
    shot("table-hint-finding")
    while table.hints.busy:  # the hint is found in a worker process
        settle(app, 1)
    settle(app, 2)
    shot("table-hint")
    table.say("You cannot start your train on the first turn: marker up, no draw in classic.", why="first-turn")
    settle(app, 2)
    shot("table-why")
    if tables:  # a message of three long sentences, which must keep clear of the trains at 200% text
        table.say("Every train starts at the roundhouse in the middle, from this round's engine. Nobody held it, "
                  "so players drew in turn and you drew it first: you open the round, then Bruno plays. "
                  "Your first turn may lay a line of tiles on your own train.", why="first-turn")
        settle(app, 2)
        shot("table-long-message")
    app.settings.tips_seen = []
    settle(app, 2)
    shot("table-tip")
    table.handle(Intent("key", char="l"))
    settle(app, 2)
    shot("table-tip-log")
    table.handle(Intent("key", char="l"))
    table.close_tip()
    table.open_scores()
    settle(app, 2)
    shot("table-scores")
    app.pop()
    app.settings.tips_seen = list(TIPS)
    if not tables:
        other_shots(app, routes, saves, table, shot)

    crowded = TableScene(crowded_session())
    app.reset(crowded)
    settle(app)
    select_playable(crowded)
    settle(app, 2)
    shot("table-crowded")
    if tables:
        for scene in app.stack:
            scene.close()
        for path in written:
            print(path)
        return 0

    session = finished_round()
    done = TableScene(session)
    app.reset(done)
    settle(app, 2)
    session.hints[0] = 2
    if not isinstance(app.top, RoundSummaryScene):
        app.push(RoundSummaryScene(session.match, session.match.is_over, False, done.next_round, session.hints,
                                   reviewable=Reviewable(session.reviews, [0]), you=0))
    settle(app, 120)
    shot("round-summary")
    review_shots(app, session, shot)

    ended = finished_match()
    from game.review import ReviewBudget
    from game.review.cache import review_cached

    for number in (1, 2):  # reviewed rounds reach the statistics
        review_cached(ended.match, number, [0], ended.reviews, budget=ReviewBudget(4, 12, 24))
    app.reset(app.routes.match_end(ended))
    settle(app, 3)
    reveal = getattr(app.top, "reveal", None)
    if reveal is not None:
        reveal.finish()  # every place shown, not the first still sliding in
    settle(app, 2)
    shot("match-end")

    replay = app.routes.replay(ended.match, 2, 0)
    app.push(replay)
    settle(app, 2)
    getattr(replay, "go", lambda _at: None)(40)
    settle(app, 2)
    shot("replay")

    app.reset(app.routes.statistics())
    settle(app, 2)
    shot("statistics")
    for scene in app.stack:
        scene.close()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
