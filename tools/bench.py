"""Benchmarks: prints one JSON object of figures as its last line.

    python tools/bench.py [--only GROUP] [--repeat N]
    python tools/bench.py --only engine --compiled VENV/bin/python [--repeat N]

Groups: engine, table, ai, saves, idle, review, title, motion, guest (``--video x11`` measures the idle
group in a real window on $DISPLAY, e.g. under Xvfb; ``title`` times the title's and My
tables' frames while a kept table's server never answers; ``motion`` the table at 1920x1080 with
all of its animation running, and the round summary's tally; ``guest`` the browser's guest page, its plays and draws flying with the
CPU slowed four times, in the browser's own frame timing). Each figure is the median of ``--repeat``
runs (default 5) so that a noisy, shared machine gives a steady number.

``--compiled PYTHON`` measures the pure and the compiled build side by side
in one sitting: each run of a group is a process of this Python (the game as
this tree has it, pure in a development install) and then one of ``PYTHON``,
an environment with the compiled wheel installed (run outside the tree, it
imports that wheel), taking turns; the figures come out as ``NAME_pure``,
``NAME_compiled`` and their ratio ``NAME_x``. It stops if that environment
does not run the compiled core. ``--installed`` measures the installed game
instead of this tree (what the compiled side runs).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # this tree's game, whatever is installed

from game.engine import RoundState, deal_round, preset


def _random_round(setup: object, seed: int) -> RoundState:
    """One complete round of random legal play (no events recorded)."""
    rng = random.Random(seed)
    state = deal_round(setup, 12, 0, rng, record_events=False)  # type: ignore[arg-type]
    choice = rng.choice
    while not state.round_over:
        state.apply(choice(state.legal_actions()))
    return state


def engine_rounds_per_s(seconds: float = 2.0) -> float:
    """Complete rounds of random legal play per second: 4 players, classic, double-12.

    Seconds are this process's CPU time (``time.process_time``), so other work
    on a shared machine does not count against the engine."""
    setup = preset("classic").setup(4)
    count = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        _random_round(setup, count)
        count += 1
    return count / (clock() - start)


def legal_actions_us(positions: int = 400, loops: int = 200) -> float:
    """Median microseconds to list the legal actions in mid-round positions."""
    setup = preset("classic").setup(4)
    samples: list[RoundState] = []
    rng = random.Random(7)
    while len(samples) < positions:
        state = deal_round(setup, 12, 0, rng, record_events=False)
        stop = rng.randrange(5, 60)
        for _ in range(stop):
            if state.round_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.round_over:
            samples.append(state)
    timings = []
    clock = time.perf_counter  # process_time is too coarse for one position
    for state in samples:
        start = clock()
        for _ in range(loops):
            state._legal = None
            state.legal_actions()
        timings.append((clock() - start) / loops * 1e6)
    return statistics.median(timings)


def group_engine() -> dict[str, float]:
    """The engine's figures."""
    return {
        "engine_rounds_per_s": round(engine_rounds_per_s(), 1),
        "legal_actions_us": round(legal_actions_us(), 2),
    }


def _late_match_session() -> object:
    """A classic 8-seat session halfway through round 13 of 13, played by random players."""
    from game.ai import ComputerSeats
    from game.engine import Match, Phase, play_match
    from game.memory.session import GameSession, SeatConfig

    seats = [SeatConfig("You", "human")] + [SeatConfig(f"CPU {i}", "random") for i in range(1, 8)]
    session = GameSession(preset("classic"), seats, "bench-saves")
    last = session.match.setup.rounds

    def halfway_through_the_last_round(match: Match) -> bool:
        return match.round_number == last and match.phase is Phase.PLAYING and len(match.action_log[-1]) >= 40

    play_match(session.match, ComputerSeats(["random"] * 8), until=halfway_through_the_last_round)
    return session


def group_saves(repeats: int = 9) -> dict[str, float]:
    """Saving and loading a save late in a 13-round 8-seat match (milliseconds).

    save_ms: a durable autosave (serialize, write, fsync, replace, folder fsync);
    load_ms: read, validate, replay the whole action log and compare;
    autosave_frame_ms: what a frame waits with the background writer (serialize, hand over)."""
    import tempfile

    from game.saves import SaveStore

    session = _late_match_session()
    clock = time.perf_counter
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        saves, loads, frames = [], [], []
        slot = store.autosave(session)  # type: ignore[arg-type]
        for _ in range(repeats):
            start = clock()
            store.autosave(session)  # type: ignore[arg-type]
            saves.append((clock() - start) * 1000)
        for _ in range(repeats):
            start = clock()
            store.load(slot)
            loads.append((clock() - start) * 1000)
        background = SaveStore(Path(folder) / "bg", background=True)
        for _ in range(repeats):
            start = clock()
            background.autosave(session)  # type: ignore[arg-type]
            frames.append((clock() - start) * 1000)
            time.sleep(0.02)
        background.flush()
    first, every = _list_2000()
    cli_first = _cli_list_2000()
    return {
        "save_ms": round(statistics.median(saves), 2),
        "load_ms": round(statistics.median(loads), 2),
        "autosave_frame_ms": round(statistics.median(frames), 2),
        "saves_list_ms_2000": round(first, 1),
        "saves_list_all_indexed_ms_2000": round(every, 1),
        "saves_list_cli_first_s_2000": round(cli_first, 2),
    }


SCREENFUL = 12
"""Rows the Load screen shows at once."""


def _list_2000(count: int = 2000) -> tuple[float, float]:
    """Listing a folder of ``count`` saves (ms): the first screenful with nothing
    remembered (folder scan, then check and replay of the rows shown), and the
    whole list once the summaries are in the folder's index."""
    import tempfile

    from game.memory.session import GameSession, SeatConfig
    from game.saves import SaveStore
    from game.saves.codec import dumps

    session = GameSession(preset("classic"), [SeatConfig("You", "human"), SeatConfig("Ana", "easy")], 1)
    session.match.start_next_round()
    clock = time.perf_counter
    with tempfile.TemporaryDirectory() as folder:
        for i in range(count):
            Path(folder, f"save-{i}.json").write_bytes(dumps(session, f"save {i}"))
        store = SaveStore(Path(folder))
        start = clock()
        entries = store.scan()
        for entry in entries[:SCREENFUL]:
            store.info(entry)
        first = (clock() - start) * 1000
        store.list_saves()
        fresh = SaveStore(Path(folder))
        start = clock()
        fresh.list_saves()
        every = (clock() - start) * 1000
    return first, every


def _cli_list_2000(count: int = 2000) -> float:
    """`mexican-train saves list` over ``count`` saves seen for the first time
    (seconds): each a different save of a match in round 7 (the classic sample
    under its own name), plus one damaged file; every save checked and replayed,
    on every core."""
    import io
    import tempfile

    from game.saves import SaveStore, dumps, load_file
    from game.saves.commands import list_command

    session = load_file(ROOT / "saves" / "classic-round-7.json")
    with tempfile.TemporaryDirectory() as folder:
        for i in range(count):
            Path(folder, f"save-{i}.json").write_bytes(dumps(session, f"Game number {i}"))
        Path(folder, "damaged.json").write_bytes(b"{")
        start = time.perf_counter()
        list_command(io.StringIO(), SaveStore(Path(folder)), io.StringIO())
        return time.perf_counter() - start


def _ai_positions(count: int) -> list[object]:
    """Views of ``count`` decisions with a real choice (two or more legal
    actions), from Medium self-play in 4-player classic, fixed by seed, at
    most six per deal so that they spread over many deals and round stages."""
    from game.ai import make_player
    from game.engine import seat_view

    setup = preset("classic").setup(4)
    views: list[object] = []
    deal = 0
    while len(views) < count:
        engine = setup.engines[deal % len(setup.engines)] if setup.engines else None
        state = deal_round(setup, engine, deal % 4, random.Random(f"bench/ai/{deal}"), record_events=False)
        players = [make_player("medium", f"bench/{deal}/{s}") for s in range(4)]
        step = taken = 0
        while not state.round_over:
            view = seat_view(state, state.to_move)
            if len(view.legal) > 1 and step % 5 == 0 and taken < 6 and len(views) < count:
                views.append(view)
                taken += 1
            step += 1
            state.apply(players[state.to_move].choose(view))
        deal += 1
    return views


def group_ai() -> dict[str, float]:
    """95th percentile think time per decision of each level, in ms, over
    fixed positions that offer a real choice (forced moves are left out)."""
    from game.ai import LEVELS, make_player

    counts = {"easy": 200, "medium": 200, "hard": 40, "expert": 20}
    figures = {}
    clock = time.perf_counter
    for level in LEVELS:
        views = _ai_positions(counts[level])
        timings = []
        for i, view in enumerate(views):
            player = make_player(level, f"bench/{i}")
            start = clock()
            player.choose(view)  # type: ignore[arg-type]
            timings.append((clock() - start) * 1000.0)
        timings.sort()
        figures[f"ai_ms_p95_{level}"] = round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 2)
    return figures


def _table_frames(frames: int = 600, thinking: bool = False) -> list[float]:
    """Milliseconds per frame drawing the crowded 8-seat double-15 table at
    1600x900 (dummy video driver) with tiles flying and targets glowing; with
    ``thinking``, the strongest computer level keeps deciding in the worker."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.engine import Play, seat_view
    from game.play import ProcessWorker
    from game.ui.app import App
    from game.ui.showcase import crowded_session
    from game.ui.table.picture import Flyer
    from game.ui.table.scene import TableScene

    app = App((1600, 900))
    app.settings.tips_seen = ["first-turn", "open-double", "public-train", "empty-boneyard"]  # the table, no tip
    table = TableScene(crowded_session())
    app.push(table)
    state = table.match.round
    assert state is not None
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    table.tray.selected = plays[0].tile if plays else None
    thinker = ProcessWorker() if thinking else None
    pending = None
    view = seat_view(state, state.to_move)
    if thinker is not None:
        thinker.warm_up()
        pending = thinker.submit("expert", "bench", view)
        pending.result(timeout=30)
    for _ in range(30):
        app.step([])
    times = []
    clock = time.perf_counter
    plan = table.geometry.plan(state)
    slots = [(t, i) for t, lane in plan.lanes.items() for i in range(len(lane.slots))]
    for frame in range(frames):
        if thinker is not None and (pending is None or pending.done()):
            pending = thinker.submit("expert", f"bench/{frame}", view)
        if frame % 12 == 0:  # a tile in flight most of the time, as in a computer's turn
            train, index = slots[frame % len(slots)]
            slot = plan.lanes[train].slots[index]
            flyer = Flyer((frame % 16, (frame // 3) % 16), (80, 450), (slot.x, slot.y), 30, plan.unit, 30, 0)
            table.picture.fly(flyer, 0.45, "out_cubic", slot_key=(train, index))
        start = clock()
        app.step(pygame.event.get(), 1 / 60)
        pygame.display.flip()
        times.append((clock() - start) * 1000)
    if thinker is not None:
        thinker.close()
    table.close()
    pygame.quit()
    return times


def _startup_s() -> float:
    """Seconds from process start to the first frame of the title screen."""
    import os
    import subprocess
    import tempfile

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    root = Path(__file__).resolve().parent.parent
    start = time.perf_counter()
    where = Path(tempfile.gettempdir()) if "--installed" in sys.argv else root  # outside the tree: the installed game
    subprocess.run([sys.executable, "-m", "game.commands.cli", "--exit-after-first-frame"], cwd=where, env=env,
                   check=True, capture_output=True)
    return time.perf_counter() - start


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def group_table() -> dict[str, float]:
    """The table's figures: frame time (ms, p50/p99, and p99 while the
    strongest level thinks in the worker) and startup time (s)."""
    plain = _table_frames()
    thinking = _table_frames(thinking=True)
    return {
        "frame_ms_p50": round(statistics.median(plain), 2),
        "frame_ms_p99": round(_percentile(plain, 0.99), 2),
        "frame_ms_p99_thinking": round(_percentile(thinking, 0.99), 2),
        "startup_s": round(_startup_s(), 3),
    }


def _waiting_table_save(folder: Path) -> Path:
    """A save of a 4-seat classic table where the person is to move (a play possible)."""
    from game.engine import Match, Play, play_match
    from game.memory.session import GameSession, SeatConfig
    from game.saves.codec import dumps

    seats = [SeatConfig("You", "human")] + [SeatConfig(n, "medium") for n in ("Ana", "Bruno", "Carmen")]
    session = GameSession(preset("classic"), seats, "bench-idle")
    rng = random.Random(3)

    def you_to_play(match: Match) -> bool:
        return (match.round_number >= 2 and match.current_player() == 0
                and any(isinstance(a, Play) for a in match.legal_actions()))

    play_match(session.match, lambda match, seat: rng.choice(match.legal_actions()), until=you_to_play)
    path = folder / "waiting.json"
    path.write_bytes(dumps(session, "waiting"))
    return path


def _cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far (Linux /proc)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _idle_run(args: list[str], video: str, settle_s: float, measure_s: float) -> tuple[float, float]:
    """Start the game with ``args``, let it settle, then: the percent of one core it
    used while left alone for ``measure_s`` seconds, and the seconds it took to
    close after the window was asked to (SIGTERM: SDL turns it into a window close)."""
    import os
    import signal
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER=video, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   MEXICAN_TRAIN_DATA_DIR=str(Path(home, "data")), MEXICAN_TRAIN_CONFIG_DIR=str(Path(home, "config")))
        process = subprocess.Popen([sys.executable, "-m", "game.commands.cli", *args], cwd=root, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(settle_s)
            before, start = _cpu_seconds(process.pid), time.perf_counter()
            time.sleep(measure_s)
            cpu = (_cpu_seconds(process.pid) - before) / (time.perf_counter() - start) * 100
            asked = time.perf_counter()
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
            return cpu, time.perf_counter() - asked
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


BUSY_WORKER = """
import sys, time
from game.play.worker import ProcessWorker
worker = ProcessWorker()
worker._submit(time.sleep, 6.0)  # a decision that would take 6 s more
time.sleep(1.5)
print("closing", flush=True)
worker.close()
"""


def _busy_worker_exit_s() -> float:
    """Seconds from closing a table whose computer player is still thinking (its
    worker busy for 6 s more) to the end of the process."""
    import os
    import subprocess

    root = Path(__file__).resolve().parent.parent
    child = subprocess.Popen([sys.executable, "-c", BUSY_WORKER], cwd=root, stdout=subprocess.PIPE,
                             env=dict(os.environ, PYTHONPATH=str(root)))
    assert child.stdout is not None
    child.stdout.readline()
    asked = time.perf_counter()
    child.wait(timeout=30)
    return time.perf_counter() - asked


def group_idle(video: str = "dummy") -> dict[str, float]:
    """An idle game's cost and how fast it closes: CPU percent of one core while
    the title screen, and the table waiting for the person, sit untouched for 4 s;
    the seconds from the window close to the process's end (the worse of the two);
    and the seconds a process takes to end when its computer player is still
    thinking. ``video`` is the SDL video driver (``dummy``, or ``x11`` with a display)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        save = _waiting_table_save(Path(folder))
        title_cpu, title_close = _idle_run([], video, 3.0, 4.0)
        table_cpu, table_close = _idle_run(["--load", str(save)], video, 4.0, 4.0)
    return {
        "idle_cpu_percent_title": round(title_cpu, 1),
        "idle_cpu_percent_table": round(table_cpu, 1),
        "close_s": round(max(title_close, table_close), 3),
        "busy_worker_exit_s": round(_busy_worker_exit_s(), 3),
    }


def _frames_with_a_silent_server(frames: int = 300) -> dict[str, list[float]]:
    """Milliseconds per frame of the title and of My tables (1600x900, dummy video driver; after
    five frames that load fonts) while one of the kept tables' servers accepts the connection and
    never answers
    (a socket on 127.0.0.1), another kept table being this game's own (read from its database)."""
    import os
    import socket
    import tempfile

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.app import App
    from game.ui.online.kept import KeptSeat, keep_seat
    from game.ui.online.my_tables import MyTablesScene
    from game.ui.routes import GameRoutes
    from game.ui.saves_bridge import SavesBridge

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()  # the connection is accepted by the system and never answered
    times: dict[str, list[float]] = {"title": [], "my_tables": []}
    with tempfile.TemporaryDirectory() as home:
        before = os.environ.get("MEXICAN_TRAIN_DATA_DIR")
        os.environ["MEXICAN_TRAIN_DATA_DIR"] = home
        saves = SavesBridge.open()
        try:
            keep_seat(KeptSeat(f"ws://127.0.0.1:{silent.getsockname()[1]}/", "SILNT-12345", "1" * 32, "Ana"))
            keep_seat(KeptSeat("ws://127.0.0.1:8765/", "HOSTD-12345", "2" * 32, "Ana", "127.0.0.1", 8765))
            app = App((1600, 900), routes=GameRoutes(saves))
            app.settings.lesson_state = "offered"
            for name, scene in (("title", app.routes.title()), ("my_tables", MyTablesScene())):
                app.reset(scene)
                for _ in range(5):  # the first frames load fonts and draw the fan: not what is measured
                    app.step(pygame.event.get(), 1 / 60)
                for _ in range(frames):
                    start = time.perf_counter()
                    app.step(pygame.event.get(), 1 / 60)
                    pygame.display.flip()
                    times[name].append((time.perf_counter() - start) * 1000)
            for scene in app.stack:
                scene.close()
            pygame.quit()
        finally:
            saves.close()
            silent.close()
            if before is None:
                os.environ.pop("MEXICAN_TRAIN_DATA_DIR", None)
            else:
                os.environ["MEXICAN_TRAIN_DATA_DIR"] = before
    return times


def group_title() -> dict[str, float]:
    """Frame times (ms, p50/p99/max) of the title and of My tables while a kept table's server
    never answers: its rows wait on their own thread, never in a frame (the mark is 50 ms)."""
    times = _frames_with_a_silent_server()
    figures: dict[str, float] = {}
    for name, values in times.items():
        figures[f"{name}_frame_ms_p50"] = round(statistics.median(values), 2)
        figures[f"{name}_frame_ms_p99"] = round(_percentile(values, 0.99), 2)
        figures[f"{name}_frame_ms_max"] = round(max(values), 2)
    return figures


_REVIEW_ROUND: list[object] = []
"""The played match the review group reviews (played once per process)."""


def group_review() -> dict[str, float]:
    """A classic round's review, 4 seats, one person: round 1 (double-12, the longest hands) of
    seed 3 played by Medium, Medium, Hard and Expert, seat 0 reviewed with the game's budget
    (``DEFAULT_BUDGET``). ``review_round_s``: as the game does it, a ``ReviewJob`` valuing the
    decisions in the game's worker processes (``worker_count()``: every core but one, one to
    four; ``review_workers``), polled once a frame, from its start (the pool's start included)
    to its result, in wall-clock seconds as the person waits them. ``review_cpu_s``: the CPU
    seconds of the same valuations in this one process, steadier on a shared machine."""
    from game.ai import ComputerSeats
    from game.engine import Match, Phase, play_match
    from game.play.review_job import ReviewJob, worker_count
    from game.review.cache import ReviewCache
    from game.review.rounds import round_tasks
    from game.review.value import value_decision

    if not _REVIEW_ROUND:
        match = Match(preset("classic"), 4, 3)
        play_match(match, ComputerSeats(["medium", "medium", "hard", "expert"]),
                   until=lambda m: m.phase is Phase.ROUND_OVER)
        _REVIEW_ROUND.append(match)
    match = _REVIEW_ROUND[0]
    start = time.perf_counter()
    job = ReviewJob(match, 1, [0], ReviewCache())  # type: ignore[arg-type]
    while not job.finished:
        job.poll()
        time.sleep(1 / 60)
    wall = time.perf_counter() - start
    if job.problem:
        sys.exit(f"bench: the review failed: {job.problem}")
    tasks, _ = round_tasks(match, 1, [0])  # type: ignore[arg-type]
    clock = time.process_time()
    for task in tasks:
        value_decision(task.view, task.made)
    return {"review_round_s": round(wall, 2), "review_cpu_s": round(time.process_time() - clock, 2),
            "review_workers": worker_count()}


def group_motion() -> dict[str, float]:
    """The table at 1920x1080 with all of its motion running (the deal, tiles flying, notices,
    markers dropping, a carried tile, the move log), then the round summary's tally: frame
    time in ms, p50 and p99, wall-clock and this process's CPU (see tools/bench_motion.py)."""
    from bench_motion import motion_frames

    table, tally = motion_frames()
    figures = {}
    for name, (wall, cpu) in (("motion", table), ("tally", tally)):
        figures[f"{name}_frame_ms_p50"] = round(statistics.median(wall), 2)
        figures[f"{name}_frame_ms_p99"] = round(_percentile(wall, 0.99), 2)
        figures[f"{name}_cpu_ms_p50"] = round(statistics.median(cpu), 2)
        figures[f"{name}_cpu_ms_p99"] = round(_percentile(cpu, 0.99), 2)
    return figures


def group_guest() -> dict[str, float]:
    """The guest page in headless Chromium at 360x640, its CPU slowed four times, over one played round:
    milliseconds between the browser's frames while a played or drawn tile flies (median, p95), the
    share of dropped frames, and long animation frames (see tools/bench_guest.py)."""
    from bench_guest import guest_frames

    return guest_frames()


GROUPS: dict[str, Callable[[], dict[str, float]]] = {
    "engine": group_engine, "saves": group_saves, "ai": group_ai, "table": group_table, "idle": group_idle,
    "review": group_review, "title": group_title, "motion": group_motion,
    "guest": group_guest,
}


def _group_in(python: str, name: str, installed: bool) -> tuple[str, dict[str, float]]:
    """One run of group ``name`` in a process of ``python``: which build ran it, and its figures."""
    import subprocess
    import tempfile

    code = ("import json, sys; sys.argv += {flags!r}; sys.path.insert(0, {tools!r}); import bench; "
            "from game.core_build import build_label; print(build_label()); "
            "print(json.dumps(bench.GROUPS[{name!r}]()))").format(
        flags=["--installed"] if installed else [], tools=str(ROOT / "tools"), name=name)
    with tempfile.TemporaryDirectory(prefix="bench-") as empty:  # an empty folder: nothing in it shadows a module
        where = empty if installed else str(ROOT)
        done = subprocess.run([python, "-c", code], cwd=where, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"bench: the {name} group failed in {python}:\n{done.stderr[-2000:]}")
    label, figures = done.stdout.strip().splitlines()[-2:]
    return label, json.loads(figures)


def compare(names: list[str], compiled: str, repeat: int) -> dict[str, float]:
    """Each group in the pure build (this Python, this tree) and the compiled one (``compiled``,
    installed), taking turns run by run; the medians of both and their ratio."""
    from game.core_build import COMPILED_LABEL, PURE_LABEL

    figures: dict[str, float] = {}
    for name in names:
        runs: dict[str, list[dict[str, float]]] = {"pure": [], "compiled": []}
        for _ in range(repeat):
            for build, python, installed, wanted in (("pure", sys.executable, False, PURE_LABEL),
                                                       ("compiled", compiled, True, COMPILED_LABEL)):
                label, result = _group_in(python, name, installed)
                if label != wanted:
                    sys.exit(f"bench: {python} runs '{label}', not the {wanted} build")
                runs[build].append(result)
        for key in runs["pure"][0]:
            for build, results in runs.items():
                values = [r[key] for r in results]
                figures[f"{key}_{build}"] = round(statistics.median(values), 3)
                print(f"{key} ({build}): runs {values}", file=sys.stderr)
            pure, fast = figures[f"{key}_pure"], figures[f"{key}_compiled"]
            if pure and fast:
                higher_is_better = key.endswith("_per_s")
                figures[f"{key}_x"] = round(fast / pure if higher_is_better else pure / fast, 2)
    return figures


def main() -> None:
    """Run the chosen groups, each several times, and print the medians as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(GROUPS), help="run one group")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median reported)")
    parser.add_argument("--video", default="dummy",
                        help="SDL video driver of the idle group: dummy (default) or x11 (needs DISPLAY)")
    parser.add_argument("--compiled", metavar="PYTHON",
                        help="also run each group in this Python's installed compiled build, side by side")
    parser.add_argument("--installed", action="store_true", help="measure the installed game, not this tree")
    args = parser.parse_args()
    GROUPS["idle"] = lambda: group_idle(args.video)
    names = [args.only] if args.only else list(GROUPS)
    if args.compiled:
        print(json.dumps(compare(names, args.compiled, args.repeat)))
        return
    figures: dict[str, float] = {}
    for name in names:
        runs = [GROUPS[name]() for _ in range(args.repeat)]
        for key in runs[0]:
            values = [r[key] for r in runs]
            figures[key] = round(statistics.median(values), 3)
            print(f"{key}: runs {values}", file=sys.stderr)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
