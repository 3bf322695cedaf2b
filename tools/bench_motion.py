"""The table with all of its motion running, timed frame by frame (``bench.py --only motion``).

At 1920x1080 (dummy video driver), on the crowded 8-seat double-15 table: a deal replayed
every 2.5 s (some 90 tiles leaving the boneyard, the engine to the hub), a tile flying to a
train end every 12 frames, a double's notice and a marker drop every 40, a tile carried by
the mouse and moved every frame, the move log open; then the round summary over it, its
tally counted again and again. Each figure is milliseconds per frame (update, draw and the
display's flip), as ``App.step`` runs it: wall-clock time, and this process's CPU time (which a
machine shared with other work disturbs far less).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from game.memory.session import GameSession

FRAMES = 600
"""Frames timed on the table, and as many again on the round summary."""


Timings = tuple[list[float], list[float]]
"""Milliseconds per frame: wall-clock, and CPU."""


def motion_frames(size: tuple[int, int] = (1920, 1080), frames: int = FRAMES) -> tuple[Timings, Timings]:
    """Milliseconds per frame at the table with everything moving, then over the round summary's tally."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.play import RoundStart
    from game.ui.app import App
    from game.ui.scenes.round_summary import RoundSummaryScene
    from game.ui.showcase import crowded_session
    from game.ui.table.drag import Drag
    from game.ui.table.motion import Flyer
    from game.ui.table.scene import TableScene
    from game.ui.table.tips import TIPS
    from game.ui.tween import Tween

    app = App(size)
    app.settings.pace = "normal"
    app.settings.tips_seen = list(TIPS)
    session = crowded_session()
    table = TableScene(session)
    app.push(table)
    for _ in range(30):
        app.step([], 1 / 60)
    state = table.match.round
    assert state is not None
    picture = table.picture
    plan = table.geometry.plan(state)
    slots = [(t, i) for t, lane in plan.lanes.items() for i in range(len(lane.slots))]
    laid = [t for t in plan.lanes if state.trains[t] and len(plan.lanes[t].slots) >= len(state.trains[t])]
    table.log_panel.toggle()
    rng = random.Random(5)
    times: Timings = ([], [])
    for frame in range(frames):
        if frame % 150 == 0:
            picture.deal(RoundStart(state, (), table.match.round_number, table.match.setup.rounds), 1.0)
        if frame % 12 == 0:
            train, index = slots[frame % len(slots)]
            slot = plan.lanes[train].slots[index]
            flyer = Flyer((frame % 16, (frame // 3) % 16), table.geometry.seat_center(state.players, frame % 8),
                          (slot.x, slot.y), plan.unit * 1.2, plan.unit, 30, 0)
            picture.fly(flyer, 0.45, "out_cubic", slot_key=(train, index))
        if frame % 40 == 0 and laid:
            picture._notice(state, rng.choice(laid), 1.5, 0.0)
            seat = rng.randrange(state.players)
            picture.marker_pop[seat] = 0.0
            picture.tweens.add(Tween(_Pop(picture.marker_pop, seat), {"value": 1.0}, 0.7, "out_bounce"))
        if table.tray.tiles:
            tile, rect = table.tray.tiles[frame % len(table.tray.tiles)]
            drag = table.input.drag or Drag(tile, rect.center, (0.0, 0.0), moved=True)
            drag.move_to((rect.centerx + 300 * (frame % 50) / 50, rect.centery - 400 * (frame % 50) / 50))
            table.input.drag = drag
        _timed(times, lambda: (app.step([], 1 / 60), pygame.display.flip()))
    table.input.drag = None
    ended = _ended_round()
    summary = RoundSummaryScene(ended.match, False, False, lambda: None, ended.hints, you=0)
    app.push(summary)
    tallies: Timings = ([], [])
    for frame in range(frames):
        if frame % 120 == 0:
            summary.tally.elapsed = 0.0
        _timed(tallies, lambda: (app.step([], 1 / 60), pygame.display.flip()))
    table.close()
    pygame.quit()
    return times, tallies


def _timed(into: Timings, work: Callable[[], object]) -> None:
    """Run ``work`` once and add its wall-clock and CPU milliseconds to ``into``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    into[0].append((time.perf_counter() - wall) * 1000)
    into[1].append((time.process_time() - cpu) * 1000)


def _ended_round() -> GameSession:
    """An 8-seat double-15 match just after its first round, played at random (seeded)."""
    from game.engine import play_match, preset
    from game.memory.session import SeatConfig
    from game.ui.showcase import CROWD_KINDS, CROWD_NAMES

    session = GameSession(preset("star-ranch"), [SeatConfig(n, k) for n, k in zip(CROWD_NAMES, CROWD_KINDS)], 7)
    rng = random.Random(7)
    play_match(session.match, lambda match, seat: rng.choice(match.legal_actions()),
               until=lambda match: len(match.round_scores) == 1)
    return session


class _Pop:
    """A tween's handle on one seat's marker drop."""

    def __init__(self, store: dict[int, float], key: int) -> None:
        self.store, self.key = store, key

    @property
    def value(self) -> float:
        """How far the marker has dropped (0..1)."""
        return self.store.get(self.key, 1.0)

    @value.setter
    def value(self, v: float) -> None:
        self.store[self.key] = v
