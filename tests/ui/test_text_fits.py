"""Every text fits: each scene of the game's routes, every dialog and a crowded
table, drawn at the smallest window (1024x640), 1920x1080 and 2560x1440, at
100%, 150% and 200% text, with pips and with numbers; each text must lie inside
its panel or button (and the window) and overlap no other text.

Where each text went comes from the drawing code itself (``fonts.TextLog``),
not from pixels. Each case is built and drawn once per configuration; the
matches behind them are played once for the module."""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import pygame
import pytest
from conftest import finished_match as played_match

from game.engine import Action, Match, Play, play_match, preset
from game.engine.length import with_length
from game.memory.session import GameSession, SeatConfig
from game.play import InlineWorker
from game.review import ReviewBudget
from game.review.cache import Reviewable, review_cached
from game.ui import fonts
from game.ui.app import App
from game.ui.fonts import Drawn, Panel, TextLog, recording
from game.ui.online.scene import OnlineScene
from game.ui.online.table import AWAY, GAVE_UP, OUT_OF_TIME, YOURS_PLAYED
from game.ui.routes import GameRoutes
from game.ui.saves_bridge import SavesBridge
from game.ui.scene import Scene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.round_summary import RoundSummaryScene
from game.ui.scenes.save_as import SaveAsScene
from game.ui.showcase import crowded_session
from game.ui.table.scene import TableScene
from game.ui.table.tips import TIPS
from game.ui.ui_scale import use_scale
from game.ui.widgets import Button

from .conftest import click, key

SIZES = ((1024, 640), (1920, 1080), (2560, 1440))
FACES = ("pips", "numbers")
CONFIGS = [((1024, 640), 1.0, "pips"), ((1024, 640), 1.5, "numbers"), ((1024, 640), 2.0, "pips"),
           ((1920, 1080), 1.0, "numbers"), ((1920, 1080), 1.5, "pips"), ((2560, 1440), 1.0, "numbers")]
"""The smallest window at every text size from 100% to 200%, a common one at 100% and 150%, and a
2560x1440 one; the tile faces take turns."""
FOUR = [SeatConfig("You", "human"), SeatConfig("Ana", "easy"), SeatConfig("Bruno", "medium"),
        SeatConfig("Carmen", "hard")]


# ---------------------------------------------------------------- what a text may not do

SIDE_GAP = 4
"""Pixels of clear felt two texts side by side keep between them at least (a value and its arrows)."""


def problems(drawn: Sequence[Drawn], size: tuple[int, int], panels: Sequence[Panel] = ()) -> list[str]:
    """What is wrong with the texts of one picture: a text outside its box (or the
    window), two texts of one scene overlapping, a text running over a smaller
    box (a button, a panel) it does not belong to, or past the edge of a panel
    it was drawn on."""
    window = pygame.Rect((0, 0), size)
    found = []
    for panel in panels:
        for d in drawn[panel.after:]:
            if d.layer == panel.layer and d.ink.colliderect(panel.rect) and not panel.rect.contains(d.ink):
                found.append(f"{d.line[:60]!r} at {tuple(d.ink)} runs past the edge of a panel "
                             f"{tuple(panel.rect)}")
        for d in drawn[:panel.after]:
            if d.layer == panel.layer and d.ink.colliderect(panel.rect):
                found.append(f"{d.line[:60]!r} at {tuple(d.ink)} is hidden under a panel {tuple(panel.rect)}")
    for d in drawn:
        box = d.box if d.box is not None else window
        if not box.contains(d.ink) or not window.contains(d.ink):
            found.append(f"{d.line[:60]!r} at {tuple(d.ink)} runs out of {tuple(box)}")
        if d.cut:
            found.append(f"{d.line[:60]!r} at {tuple(d.ink)} is cut at the side of its scrolling pane")
    for a, b in combinations(drawn, 2):
        if a.layer != b.layer or (a.line == b.line and a.ink.size == b.ink.size):
            continue  # another scene's, or the same words again as a shadow
        if a.ink.inflate(2 * SIDE_GAP, 0).colliderect(b.ink):
            found.append(f"{a.line[:40]!r} {tuple(a.ink)} overlaps or touches {b.line[:40]!r} {tuple(b.ink)}")
            continue
        for one, other in ((a, b), (b, a)):
            inner = other.box
            outer = one.box if one.box is not None else window
            if inner is not None and inner != outer and outer.contains(inner) and one.ink.colliderect(inner):
                found.append(f"{one.line[:40]!r} {tuple(one.ink)} runs over the box {tuple(inner)} "
                             f"of {other.line[:40]!r}")
    return found


def test_the_check_finds_a_text_outside_its_box_and_texts_on_top_of_each_other() -> None:
    """The check itself: a text past its button, two texts on one another, a body line under a button."""
    button = pygame.Rect(100, 100, 200, 50)
    inside = Drawn("OK", pygame.Rect(150, 110, 40, 20), button, 0)
    past = Drawn("A label far too long", pygame.Rect(110, 110, 260, 20), button, 0)
    under = Drawn("a body line", pygame.Rect(50, 120, 100, 20), None, 0)
    beside = Drawn("beside", pygame.Rect(400, 110, 50, 20), None, 0)
    assert problems([inside, beside], (1024, 640)) == []
    assert len(problems([past], (1024, 640))) == 1
    assert len(problems([inside, under], (1024, 640))) == 1
    assert problems([inside, Drawn("other layer", pygame.Rect(150, 110, 40, 20), None, 1)], (1024, 640)) == []
    card = Panel(pygame.Rect(400, 100, 100, 100), 0, 0)
    assert len(problems([beside], (1024, 640), [card])) == 0
    past_card = Drawn("past the card", pygame.Rect(380, 110, 60, 20), None, 0)
    assert len(problems([past_card], (1024, 640), [card])) == 1


# ---------------------------------------------------------------- the matches shown


def _random_player(rng: random.Random) -> Callable[[Match, int], Action]:
    """A decider that plays a random play when there is one, else any legal action."""

    def decide(match: Match, seat: int) -> Action:
        legal = match.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        return rng.choice(plays or legal)

    return decide


def _mid_round(seed: int = 4) -> GameSession:
    """A 4-seat classic table some way into round 2, you to move with a play."""
    session = GameSession(preset("classic"), FOUR, seed)

    def you_to_play(match: Match) -> bool:
        done = sum(len(log) for log in match.action_log[1:])
        return (match.round_number >= 2 and done >= 30 and match.current_player() == 0
                and any(isinstance(a, Play) for a in match.legal_actions()))

    play_match(session.match, _random_player(random.Random(seed)), until=you_to_play)
    return session


def _round_over(seed: int = 9) -> GameSession:
    """A 4-seat classic match just after its second round ended."""
    session = GameSession(preset("classic"), FOUR, seed)
    play_match(session.match, _random_player(random.Random(seed)), until=lambda m: len(m.round_scores) == 2)
    session.hints[0] = 2
    return session


def _ended_crowded(seed: int = 6) -> GameSession:
    """A finished Blitz match of 8 seats, long names among them, played at random."""
    names = ("Bartholomew", "Anastasia", "Bruno", "Carmen", "Diego", "Elena", "Maximiliano", "Gloria")
    kinds = ("human", "easy", "medium", "hard", "expert", "medium", "hard", "easy")
    session = GameSession(with_length(preset("classic"), 8, "blitz"),
                          [SeatConfig(n, k) for n, k in zip(names, kinds)], seed)
    session.hints[0] = 3
    play_match(session.match, _random_player(random.Random(seed)))
    return session


@dataclass
class Shown:
    """The matches the cases show, played once for the module."""

    mid: GameSession
    crowded: GameSession
    round_over: GameSession
    ended: GameSession
    ended_crowded: GameSession
    """A finished match of 8 seats with the longest names the setup gives."""


@pytest.fixture(scope="module")
def shown() -> Shown:
    """The matches, with the first round of the finished one reviewed (a small budget)."""
    ended = played_match(5, levels=("easy", "medium", "hard"))
    review_cached(ended.match, 1, [0], ended.reviews, budget=ReviewBudget(2, 4, 8))
    return Shown(_mid_round(), crowded_session(), _round_over(), ended, _ended_crowded())


# ---------------------------------------------------------------- the cases


def settle(app: App, count: int = 4) -> None:
    """Run ``count`` frames."""
    for _ in range(count):
        app.step([])


def press(app: App, label: str) -> None:
    """Click the button labelled ``label`` on the menu on top, as a person does."""
    top = app.top
    assert isinstance(top, MenuScene)
    button = next(w for w in top.widgets if isinstance(w, Button) and w.label == label)
    top.laid_out()
    click(app, button.rect.center)


def saves_routes(app: App) -> GameRoutes:
    """The game's own routes the app was made with."""
    routes = app.routes
    assert isinstance(routes, GameRoutes)
    return routes


def saves_of(app: App) -> SavesBridge:
    """The saves the app's routes hand the scenes."""
    return saves_routes(app).saves


def opened(make: Callable[[App, Shown], Scene], frames: int = 3) -> Callable[[App, Shown], None]:
    """A case that opens the scene ``make`` gives, alone, and runs ``frames`` frames."""

    def build(app: App, shown: Shown) -> None:
        app.reset(make(app, shown))
        settle(app, frames)

    return build


def table(app: App, session: GameSession) -> TableScene:
    """A table for a copy of ``session`` (decisions made here, not in a worker process)."""
    scene = TableScene(copy.deepcopy(session), worker=InlineWorker())
    app.reset(scene)
    settle(app, 6)
    return scene


def show_table(app: App, session: GameSession) -> None:
    """A table for a copy of ``session``, on its own."""
    table(app, session)


@dataclass(frozen=True)
class Case:
    """One picture to check: its name, the routes it shows and how to get there."""

    name: str
    routes: tuple[str, ...]
    build: Callable[[App, Shown], None]


def _title(app: App, shown: Shown) -> None:
    """The title with nothing in progress: Continue greyed, saying why."""
    app.reset(app.routes.title())
    settle(app, 2)


def _title_lesson_waiting(app: App, shown: Shown) -> None:
    """The title after the lesson's Continue later; Learn to play asks whether to go on."""
    app.settings.lesson_state, app.settings.lesson_step = "started", 8
    app.reset(app.routes.title())
    settle(app, 2)
    press(app, "Learn to play")
    settle(app, 2)


def _title_first_start(app: App, shown: Shown) -> None:
    """The very first start: the lesson offered over the title, a damaged settings file to tell of."""
    app.settings.lesson_state = "new"
    app.settings.note = ("The settings could not be read: the file is cut off (truncated) at line 1: it ends "
                         "before its end. The defaults are back; the old file is kept as "
                         "settings.damaged-20240102-030405.json.")
    app.reset(app.routes.title())
    settle(app, 3)


def _title_note(app: App, shown: Shown) -> None:
    """The title telling of a damaged settings file (no lesson offered), a match in progress."""
    saves_of(app).autosave(shown.mid)
    saves_of(app).flush()
    app.settings.note = ("The settings could not be read: the file is cut off (truncated) at line 1: it ends "
                         "before its end. The defaults are back; the old file is kept as "
                         "settings.damaged-20240102-030405.json.")
    app.reset(app.routes.title())
    settle(app, 2)


def _my_tables(app: App, shown: Shown) -> None:
    """My tables, two pages of long rows: a server that is not there, tables this game's own server
    does not know (its database is not there), names as long as names go."""
    from game.ui.online.kept import KeptSeat, keep_seat, kept_seats
    from game.ui.online.my_tables import MyTablesScene

    if not kept_seats():
        keep_seat(KeptSeat("ws://127.0.0.1:9/", "7RX7T-4KD2M", "0" * 32, "Bartholomew Fitzgerald"))
        for i in range(5):
            keep_seat(KeptSeat("ws://127.0.0.1:8765/", f"H0ST{i}-TABLE", f"{i + 1}" * 32, "Anastasia Wolkonsky",
                               "0.0.0.0", 8765))
    mine = MyTablesScene()
    app.reset(mine)
    for _ in range(3000):  # the answers come from threads: the rows are drawn once they have come
        if mine.lookup is not None and mine.lookup.done():
            break
        app.step([])
    mine.note = "Table ZZ7QX-1B2C3 is no longer in My tables."
    settle(app, 2)


def _quit(app: App, shown: Shown) -> None:
    """The quit dialog over the title, opened with Esc, a match in progress."""
    saves_of(app).autosave(shown.mid)
    saves_of(app).flush()
    app.reset(app.routes.title())
    settle(app, 2)
    key(app, pygame.K_ESCAPE)
    settle(app, 2)


def _rules_from_setup(app: App, shown: Shown) -> None:
    """The rules help as the setup's Rules help button opens it."""
    app.reset(app.routes.setup())
    settle(app, 2)
    press(app, "Rules help")
    settle(app, 2)


def _table_log_and_why(app: App, shown: Shown) -> None:
    """A table with the move log open, a tip and a Why? line."""
    app.settings.tips_seen = []
    scene = table(app, shown.mid)
    scene.log_panel.toggle()
    scene.say("You cannot start your train on the first turn: marker up, no draw in classic.",
              why="first-turn")
    settle(app, 3)


def _crowded(app: App, shown: Shown) -> None:
    """The crowded 8-seat table, a tile picked up, persons played by the computer (away, out of time,
    gone, this one's own seat), a long line said."""
    scene = table(app, shown.crowded)
    labels = list(scene.seat_labels)
    labels[3], labels[4], labels[5], labels[6] = AWAY, OUT_OF_TIME, GAVE_UP, YOURS_PLAYED
    scene.seat_labels = tuple(labels)
    plays = [a for a in scene.controller.legal_actions() if isinstance(a, Play)]
    scene.tray.selected = plays[0].tile if plays else None
    scene.say(LONG_LINE)
    settle(app, 3)


def _pause(app: App, shown: Shown) -> None:
    """The pause menu over a table, saving on the way out having failed."""
    scene = table(app, shown.mid)
    failure = "The disk is full: nothing could be written."
    app.push(app.routes.pause(scene.session, False, lambda: None, failure))
    settle(app, 2)


def _save_as(app: App, shown: Shown) -> None:
    """Save as over the pause menu, a long name typed."""
    scene = table(app, shown.mid)
    app.push(app.routes.pause(scene.session, False, lambda: None))
    app.push(app.routes.save_as(scene.session, lambda name: None))
    top = app.top
    assert isinstance(top, SaveAsScene)
    top.field.value = "Sunday with the cousins and neighbours"
    settle(app, 2)


def _summary(app: App, shown: Shown) -> None:
    """The round summary over the table, counted up."""
    scene = table(app, shown.round_over)
    summary = app.routes.round_summary(scene.match, False, False, lambda: None, scene.session.hints,
                                       you=0, reviewable=Reviewable(scene.session.reviews, [0]))
    assert isinstance(summary, RoundSummaryScene)
    app.push(summary)
    summary.tally.finish()  # counted up
    settle(app, 2)


def _lesson(app: App, shown: Shown) -> None:
    """The lesson's first step, its Esc menu over it."""
    app.reset(app.routes.lesson(0))
    settle(app, 8)
    app.push(app.routes.lesson_pause(preset("classic"), 4, "Step 9 of 25", lambda: None, lambda: None))
    settle(app, 2)


def _scores(app: App, shown: Shown) -> None:
    """The score sheet over the table."""
    scene = table(app, shown.round_over)
    app.push(app.routes.scores(scene.match, scene.session.hints, Reviewable(scene.session.reviews, [0]), 0))
    settle(app, 2)


def _replay(app: App, shown: Shown) -> None:
    """A finished round's replay part way."""
    replay = app.routes.replay(shown.ended.match, 0, 0)
    assert isinstance(replay, ReplayScene)
    app.reset(replay)
    replay.go(20)
    settle(app, 2)


def _load(app: App, shown: Shown) -> None:
    """The list of saves: the autosave, a named one, a damaged file."""
    store = saves_of(app).store
    assert store is not None
    store.autosave(shown.mid)
    store.save_named(shown.round_over, "Sunday with the cousins and neighbours", replace=True)
    (store.folder / "old-laptop.json").write_text('{"format": "mexican-train-save"', encoding="utf-8")
    load = app.routes.load()
    assert isinstance(load, LoadScene)
    app.reset(load)
    load.settle()
    settle(app, 2)


def _match_end_stats_damaged(app: App, shown: Shown) -> None:
    """The match end, the statistics file found damaged (set aside) as the match is counted."""
    store = saves_of(app).store
    assert store is not None
    cut_off = '{"format": "mexican-train statistics", "rows": ['
    (store.folder.parent / "stats.json").write_text(cut_off, "utf-8")
    app.reset(app.routes.match_end(shown.ended))
    settle(app, 3)


def _online_forms(mode: str) -> Callable[[App, Shown], None]:
    """The Play online scene in ``mode`` (choose, host or join), with a long error."""

    def build(app: App, shown: Shown) -> None:
        online = app.routes.online()
        assert isinstance(online, OnlineScene)
        app.reset(online)
        if mode == "host":
            online.host_form()
        elif mode == "join":
            online.join_form()
        if mode != "choose":
            online.note = ("No table server answered there (Connection refused: is the server running, "
                           "and does the firewall let the game through to 192.168.100.200:8765?). Check the "
                           "address.")
        settle(app, 2)

    return build


LONG_LINE = ("Every train starts at the roundhouse in the middle, from this round's engine, the 15-15. "
             "Nobody held it, so players drew in turn and you drew it first: you open the round, then Bruno "
             "plays.")
"""A line said at the table long enough to wrap past two lines in the message area's width."""

NEWS = tuple(f"Cy plays {i}-0 and {i}-{i} on their own train. The {i}-{i} needs no cover: in classic a double "
             "laid in a first-turn line is not open (the doubles rule starts with the second turn)." for i in range(1, 9))
"""What happened since a person last looked at a shared table: more than the pass screen has room for."""

CASES = (
    Case("title", ("title",), _title),
    Case("title, lesson waiting", ("title", "dialog"), _title_lesson_waiting),
    Case("first start", ("title", "dialog"), _title_first_start),
    Case("title note", ("title",), _title_note),
    Case("quit", ("title", "dialog"), _quit),
    Case("setup", ("setup",), opened(lambda app, s: app.routes.setup("K3F9Q-2XAMB"))),
    Case("rules", ("rules",), opened(lambda app, s: app.routes.rules(players=4, lesson=True))),
    Case("rules from setup", ("rules", "setup"), _rules_from_setup),
    Case("rules why", ("rules",), opened(lambda app, s: app.routes.rules(preset("classic", knock="penalty"),
                                                                         "first-turn", players=4))),
    Case("settings", ("settings",), opened(lambda app, s: app.routes.settings())),
    Case("table", ("table",), lambda app, s: show_table(app, s.mid)),
    Case("table log why", ("table",), _table_log_and_why),
    Case("crowded", ("table",), _crowded),
    Case("watch", ("watch",), opened(lambda app, s: saves_routes(app).watch(copy.deepcopy(s.mid)), 6)),
    Case("pass to", ("pass_to",), opened(lambda app, s: app.routes.pass_to("Bartholomew", lambda: None,
                                                                            lambda: None, NEWS, "6176 3467 72ce f99a"))),
    Case("pause", ("pause",), _pause),
    Case("save as", ("save_as",), _save_as),
    Case("summary", ("round_summary",), _summary),
    Case("scores", ("scores",), _scores),
    Case("lesson", ("lesson", "lesson_pause"), _lesson),
    Case("replay", ("replay",), _replay),
    Case("review", ("review",), opened(lambda app, s: app.routes.review(s.ended.match, 1, [0],
                                                                         s.ended.reviews, 0))),
    Case("match end", ("match_end",), opened(lambda app, s: app.routes.match_end(s.ended))),
    Case("match end, statistics damaged", ("match_end",), _match_end_stats_damaged),
    Case("match end, 8 seats", ("match_end",), opened(lambda app, s: app.routes.match_end(s.ended_crowded))),
    Case("statistics", ("statistics",), opened(lambda app, s: app.routes.statistics())),
    Case("load", ("load",), _load),
    Case("online", ("online",), _online_forms("choose")),
    Case("online host", ("online",), _online_forms("host")),
    Case("online join", ("online",), _online_forms("join")),
    Case("my tables", ("my_tables",), _my_tables),
)
TABLE_SCALES = (1.0, 1.5, 2.0)
"""Text settings the table's own texts are held to here (every text fits, the hand)."""
ONLINE_ROUTES = ("lobby", "online_table")
"""Routes drawn by tests/ui/test_online.py's text check (they need a table server)."""


def test_the_cases_draw_every_route_of_the_game() -> None:
    """No scene escapes the check: every route of GameRoutes is drawn by a case."""
    members = inspect.getmembers(GameRoutes, inspect.isfunction)
    routes = {name for name, _ in members if not name.startswith("_")}
    drawn = {route for case in CASES for route in case.routes} | set(ONLINE_ROUTES)
    assert routes - drawn == set()


# ---------------------------------------------------------------- drawing and checking


@pytest.fixture
def configured(saves: SavesBridge) -> Iterator[Callable[[tuple[int, int], float, str], App]]:
    """Makes the app for one configuration (size, text scale, tile faces)."""
    made: list[App] = []

    def make(size: tuple[int, int], scale: float, faces: str) -> App:
        use_scale(scale)
        fonts.forget_fonts()
        app = App(size, headless=True, routes=GameRoutes(saves))
        app.settings.pace = "instant"
        app.settings.ui_scale = scale
        app.settings.tile_faces = faces
        app.settings.tips_seen = list(TIPS)
        made.append(app)
        return app

    yield make
    for app in made:
        for scene in app.stack:
            scene.close()
    use_scale(1.0)


def reconfigure(app: App, size: tuple[int, int], scale: float, faces: str) -> None:
    """Turn ``app`` into another configuration as the game does when the window or
    the settings change: every scene on the stack is told the new size."""
    use_scale(scale)
    fonts.forget_fonts()
    app.screen = pygame.Surface(size)
    app.settings.ui_scale = scale
    app.settings.tile_faces = faces
    for scene in app.stack:
        with fonts.room(scene.text_room):
            scene.resize(size)


def drawn_now(app: App) -> TextLog:
    """Every text and panel of the picture as it stands."""
    with recording(TextLog()) as log:
        app.draw()
    return log


def without_table(app: App, log: TextLog, scale: float) -> TextLog:
    """``log`` without the texts and panels of a table scene when ``scale`` is past ``TABLE_SCALES``."""
    if scale <= max(TABLE_SCALES):
        return log
    tables = {place for place, scene in enumerate(app.stack) if isinstance(scene, TableScene)}
    kept = TextLog([d for d in log.drawn if d.layer not in tables], [], log.layer)
    for panel in log.panels:
        if panel.layer not in tables:
            after = sum(1 for d in log.drawn[:panel.after] if d.layer not in tables)
            kept.panels.append(Panel(panel.rect, panel.layer, after))
    return kept


@pytest.mark.parametrize("size,scale,faces", CONFIGS,
                         ids=[f"{w}x{h}-{round(s * 100)}pc-{f}" for (w, h), s, f in CONFIGS])
def test_every_text_fits(configured: Callable[[tuple[int, int], float, str], App], shown: Shown,
                         size: tuple[int, int], scale: float, faces: str) -> None:
    """Every case, drawn in this configuration: no text out of its box, none on another."""
    app = configured(size, scale, faces)
    found = []
    for case in CASES:
        app.settings.tips_seen = list(TIPS)
        app.settings.lesson_state = "offered"
        case.build(app, shown)
        log = without_table(app, drawn_now(app), scale)
        found += [f"{case.name}: {p}" for p in problems(log.drawn, size, log.panels)]
    assert found == [], "\n".join(found)


# ---------------------------------------------------------------- tiles clear of the rim, the message, the edge


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", TABLE_SCALES, ids=[f"{round(s * 100)}pc" for s in TABLE_SCALES])
def test_wrapped_trains_keep_clear_of_the_felt_rim_and_of_a_long_message(app: App, size: tuple[int, int],
                                                                         scale: float) -> None:
    """Long trains of doubles wrap in every lane; no tile (a crosswise double included)
    touches the felt's rim or lies under a message of three long sentences, at 200% text too
    (there its link goes under or beside its last line so the words take the felt's width)."""
    from game.engine import MEXICAN
    from game.ui import theme
    from game.ui.layout import Scaled, table_layout
    from game.ui.table.board import plan_board
    from game.ui.table.parts import place_pill

    use_scale(scale)
    try:
        for players in (4, 8):
            scaled = Scaled(table_layout(), size)
            trains = [*range(players), MEXICAN]
            plan = plan_board(scaled, players, {t: [i % 3 == 1 for i in range(14 + t % 3)] for t in trains})
            pill = place_pill(scaled, LONG_LINE, theme.INK, "first-turn")
            rim = pygame.Rect(scaled.anchor("felt")).inflate(-round(28 * scaled.k), -round(28 * scaled.k))
            unit = plan.unit
            assert any(len({round(slot.y) for slot in lane.slots}) > 1 for lane in plan.lanes.values()), \
                "the trains are long enough to wrap"
            for lane in plan.lanes.values():
                for slot in lane.slots:
                    w, h = (unit, 2 * unit) if slot.crosswise else (2 * unit, unit)
                    tile = pygame.Rect(0, 0, w, h)
                    tile.center = (round(slot.x), round(slot.y))
                    where = f"{players} seats, train {lane.train}"
                    assert rim.contains(tile), f"{where}: a tile touches the rim"
                    assert not tile.colliderect(pill.box), f"{where}: the message covers a tile"
    finally:
        use_scale(1.0)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", TABLE_SCALES, ids=[f"{round(s * 100)}pc" for s in TABLE_SCALES])
def test_the_hand_keeps_whole_inside_the_window_under_its_heading(app: App, size: tuple[int, int],
                                                                  scale: float) -> None:
    """Every tile of a full hand, its playable mark and its shadow lie inside the tray and the
    window, below the heading's line."""
    from .conftest import position

    use_scale(scale)
    try:
        reconfigure(app, size, scale, "pips")
        scene = TableScene(position([(12, 5), (4, 1), (3, 3), (9, 2), (6, 6), (6, 0), (11, 3), (8, 8)]),
                           worker=InlineWorker())
        app.push(scene)
        settle(app, 3)
        tray = scene.tray
        heading = drawn_now(app).drawn
        top = max(d.ink.bottom for d in heading if d.line == tray.heading)
        window = pygame.Rect((0, 0), size)
        assert tray.tiles
        for _tile, rect in tray.tiles:
            whole = rect.union(rect.move(4, 6))  # with its shadow
            whole.h = max(whole.h, rect.h + round(10 * tray.k))  # and the playable mark under it
            assert window.contains(whole) and tray.area.contains(whole), f"a tile of the hand is cut: {rect}"
            assert rect.top > top, "a tile of the hand covers its heading"
    finally:
        use_scale(1.0)


# ---------------------------------------------------------------- text grows with the setting

GROWTH_SIZES = ((1024, 640), (2560, 1440))
GROWTH = 1.45
"""At 150% every screen's text is at least this much larger than at 100% (the median height of its ink)."""


def inks(app: App) -> dict[str, float]:
    """Each text the scene on top draws once and the height of its ink (a paragraph's per line), in
    pixels (words drawn twice, a section's name in an index and over its page, cannot be told apart)."""
    top = len(app.stack) - 1
    found: dict[str, list[float]] = {}
    for d in drawn_now(app).drawn:
        if d.layer == top:
            found.setdefault(d.line, []).append(d.line_ink)
    assert found, "the scene on top draws some text"
    return {line: heights[0] for line, heights in found.items() if len(heights) == 1}


def median(values: Sequence[float]) -> float:
    """The median of ``values``."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def growth_by_case(configured: Callable[[tuple[int, int], float, str], App], shown: Shown,
                   size: tuple[int, int]) -> dict[str, tuple[float, float]]:
    """Each case's median text height at 100% and at 150% in a window of ``size``, over the texts it
    shows at both (a list that shows fewer rows at 150% is measured on the rows both show)."""
    seen: dict[str, list[dict[str, float]]] = {case.name: [] for case in CASES}
    for scale in (1.0, 1.5):
        app = configured(size, scale, "pips")
        for case in CASES:
            app.settings.tips_seen = list(TIPS)
            app.settings.lesson_state = "offered"
            case.build(app, shown)
            seen[case.name].append(inks(app))
    medians = {}
    for name, (low, high) in seen.items():
        both = [line for line in low if line in high]
        assert both, f"{name}: no text is shown at both sizes"
        medians[name] = (median([low[line] for line in both]), median([high[line] for line in both]))
    return medians


@pytest.mark.parametrize("size", GROWTH_SIZES, ids=[f"{w}x{h}" for w, h in GROWTH_SIZES])
def test_every_screens_text_is_half_again_as_large_at_150_percent(
        configured: Callable[[tuple[int, int], float, str], App], shown: Shown, size: tuple[int, int]) -> None:
    """From the text log: on every screen (the scene on top), the median height of the text's ink at 150%
    is at least 1.45 times its height at 100%, in the smallest window and in a 2560x1440 one."""
    short = [f"{name}: {low:.1f} px at 100%, {high:.1f} px at 150% (x{high / low:.2f})"
             for name, (low, high) in growth_by_case(configured, shown, size).items() if high < GROWTH * low]
    assert short == [], "\n".join(short)
