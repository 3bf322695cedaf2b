"""The table: play a round with the mouse or keyboard while computer players
think in a worker process and every move is animated from the engine's events."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine import DRAW, END, MEXICAN, OPEN, Action, Phase, Play, RoundState
from ...engine import events as ev
from ...engine.tiles import HI, LO, TEXT
from ...narrate import Tone, kind_label, narrate, round_opening, sentence, tone
from ...play import MatchController, ProcessWorker, RoundStart
from ...session import GameSession
from .. import theme
from ..board import BoardPlan, plan_board
from ..draw import panel
from ..fonts import blit_text
from ..hand import SORT_LABELS, SORTS, sort_hand
from ..intents import Intent
from ...narrate import ranking_text
from ..layout import Scaled, table_layout
from ..scene import Scene
from ..table_draw import (
    draw_boneyard,
    draw_hub,
    draw_lane_background,
    draw_marker,
    draw_mexican_panel,
    draw_seat_panel,
    draw_spoke,
    draw_trains,
    marker_pos,
)
from ..tile_art import back, face
from ..tween import Tween, Tweens

INSTANT_THINKING = 0.012
"""Seconds a frame may wait for computer decisions at the instant pace (one frame is about 0.017)."""

TONE_COLORS: dict[Tone, tuple[int, int, int]] = {"plain": theme.INK, "news": theme.GOLD, "alert": theme.RED}


@dataclass
class Entry:
    """A step for the picture to catch up on: the table after it and its events."""

    snapshot: RoundState
    events: list[ev.Event]
    seat: int
    computer: bool
    drop: tuple[float, float] | None = None


class Flyer:
    """A tile travelling across the table (``tile`` None: face down)."""

    def __init__(self, tile: tuple[int, int] | None, start: tuple[float, float], end: tuple[float, float],
                 unit0: float, unit1: float, angle0: float, angle1: float) -> None:
        self.tile = tile
        self.start, self.end = start, end
        self.unit0, self.unit1 = unit0, unit1
        self.angle0, self.angle1 = angle0, angle1
        self.t = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Paint at the current progress ``t`` (0..1), lifted with a shadow."""
        t = self.t
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(math.pi * min(1.0, t)) * 30
        unit = max(6, round(self.unit0 + (self.unit1 - self.unit0) * t))
        angle = self.angle0 + (self.angle1 - self.angle0) * t
        base = back(unit, horizontal=True) if self.tile is None else face(self.tile[0], self.tile[1], unit)
        img = pygame.transform.rotate(base, round(angle / 5) * 5)
        rect = img.get_rect(center=(round(x), round(y)))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 50))
        surface.blit(shade, rect.move(6, 10), special_flags=0)
        surface.blit(img, rect)


class Drag:
    """A tile picked up from the hand."""

    def __init__(self, tile: int, press: tuple[float, float], grab: tuple[float, float]) -> None:
        self.tile = tile
        self.press = press
        self.pos = press
        self.grab = grab
        self.moved = False


class TableScene(Scene):
    """The game table for one ``GameSession``; ``demo`` watches computers only."""

    def __init__(self, session: GameSession, demo: bool = False, exit_at_end: bool = False, note: str = "",
                 autosave: Callable[[GameSession], str | None] | None = None) -> None:
        super().__init__()
        self.note = note
        self.session = session
        self.match = session.match
        self.demo = demo
        self.save_to = autosave
        self.controller = MatchController(session, ProcessWorker(), self._autosave, watching=demo)
        self.human = self.controller.human
        self.exit_at_end = exit_at_end
        self.layout = table_layout()
        self.queue: deque[Entry] = deque()
        self.tweens = Tweens()
        self.flyers: list[Flyer] = []
        self.hidden_slots: set[tuple[int, int]] = set()
        self.hidden_hand: set[int] = set()
        self.marker_pop: dict[int, float] = {}
        self.hold = 0.0
        self.clock = 0.0
        self.message = ""
        self.message_color = theme.INK
        self.message_ttl = 0.0
        self.drag: Drag | None = None
        self.selected: int | None = None
        self.knock_armed = False
        self.scroll = 0
        self.summary_timer: float | None = None
        self.summary_shown = False
        self.deal_progress = 1.0
        self.engine_shown = True
        self._plan_key: tuple | None = None
        self._plan: BoardPlan | None = None
        self._static_key: tuple | None = None
        self._static: pygame.Surface | None = None
        self._tray_rects: list[tuple[int, pygame.Rect]] = []
        self._buttons: list[tuple[str, pygame.Rect, Callable[[], None]]] = []
        self._boneyard_rect = pygame.Rect(0, 0, 0, 0)
        self.hover: tuple[float, float] = (0, 0)
        self.error_note = ""
        self.shown: RoundState | None = None

    # ------------------------------------------------------------- lifecycle
    def attach(self, app) -> None:  # type: ignore[no-untyped-def]
        """Start the worker and the first (or resumed) round."""
        super().attach(app)
        phase = self.controller.phase
        live = self.controller.live
        if phase is Phase.DEALING:
            self.start_round()
        elif live is not None:
            self.shown = live.copy()
            if phase is not Phase.PLAYING:
                self.summary_timer = 0.0
        self.controller.warm_up()
        if self.note:
            self.say(self.note, theme.GOLD)

    def close(self) -> None:
        """Stop the worker."""
        self.controller.close()

    @property
    def settings(self):  # type: ignore[no-untyped-def]
        """The app's settings."""
        assert self.app is not None
        return self.app.settings

    def _autosave(self, session: GameSession) -> None:
        """The controller's autosave hook: save, and say a new problem once."""
        if self.demo or self.save_to is None:
            return
        problem = self.save_to(session)
        if problem and problem != self.error_note:
            self.error_note = problem
            self.say(problem, theme.RED)

    def on_state_changed(self) -> None:
        """Autosave now (before leaving the table)."""
        self.controller.save()

    # ----------------------------------------------------------------- rounds
    def start_round(self) -> None:
        """Deal the next round and queue its opening for the picture."""
        start = self.controller.start_next_round()
        self.summary_shown = False
        self.summary_timer = None
        self.shown = start.state
        self.engine_shown = False
        self.deal_progress = 0.0
        self._animate_deal(start)

    def _animate_deal(self, start_of_round: RoundStart) -> None:
        """Tiles fly from the boneyard to every seat, then the engine double goes to the hub."""
        events = start_of_round.events
        scale = self.settings.anim_scale
        self.tweens.add(Tween(self, {"deal_progress": 1.0}, 0.9 * scale, "in_out_cubic"))
        self.hold = 0.9 * scale + 0.3 * scale
        assert self.shown is not None
        if scale > 0 and self.app is not None:
            scaled = self.scaled()
            plan = self.plan()
            start = scaled.anchor("boneyard").center
            for i in range(3):
                for seat in range(self.shown.players):
                    end = self._tray_center(self.shown, self.shown.hands[seat][0]) if seat == self.human and self.shown.hands[seat] else scaled.seat_panel(self.shown.players, seat).center
                    flyer = Flyer(None, start, end, plan.unit, plan.unit * 0.8, 0, 90)
                    self._fly(flyer, 0.35 * scale, "out_cubic", delay=(i * self.shown.players + seat) * 0.6 * scale / (3 * self.shown.players))
            placed = next((e for e in events if isinstance(e, ev.EnginePlaced)), None)
            origin = scaled.seat_panel(self.shown.players, placed.seat).center if placed is not None and placed.seat >= 0 else start
            engine = Flyer((self.shown.engine, self.shown.engine), origin, plan.hub, plan.unit, plan.hub_radius * 0.5, 0, -90)

            def show_engine() -> None:
                self.engine_shown = True

            self._fly(engine, 0.45 * scale, "out_back", delay=0.85 * scale, then=show_engine)
        else:
            self.engine_shown = True
        self.say(round_opening(start_of_round.number, start_of_round.rounds, self.shown.engine,
                               self.shown.to_move, events, self.shown.names))

    def next_round(self) -> None:
        """After the round summary: deal again, or show the match result."""
        assert self.app is not None
        if self.controller.phase is Phase.MATCH_OVER:
            self.finish_match()
        else:
            self.start_round()

    def finish_match(self) -> None:
        """The match is over: show the ranking (or print it and exit in a fast demo)."""
        assert self.app is not None
        self.on_state_changed()
        if self.exit_at_end:
            print(ranking_text(self.match))
            self.app.quit(0)
            return
        self.app.replace(self.app.routes.match_end(self.session))

    # ------------------------------------------------------------ the engine
    @property
    def live(self) -> RoundState | None:
        """The engine's current round."""
        return self.controller.live

    def idle(self) -> bool:
        """Whether the picture has caught up with the engine."""
        return not self.queue and not self.flyers and self.deal_progress >= 1.0

    def human_turn(self) -> bool:
        """Whether the person may act now."""
        return self.controller.person_to_move() and self.idle() and self.hold <= 0

    def act(self, action: Action, drop: tuple[float, float] | None = None) -> bool:
        """Apply the person's action; show the reason if the engine refuses it."""
        if not self.controller.person_to_move():
            return False
        if isinstance(action, Play) and self.knock_armed and not action.knock:
            knocked = Play(action.tile, action.train, True)
            if knocked in self.controller.legal_actions():
                action = knocked
        refusal = self.controller.act(action)
        if refusal is not None:
            self.say(sentence(refusal), theme.WARN)
            return False
        self.knock_armed = False
        self.selected = None
        self._take_steps(drop)
        return True

    def _take_steps(self, drop: tuple[float, float] | None = None) -> None:
        """Queue the controller's new steps for the picture (``drop``: where the person let go of the tile)."""
        for step in self.controller.take_steps():
            self.queue.append(Entry(step.state, list(step.events), step.seat, step.computer,
                                    None if step.computer else drop))

    # --------------------------------------------------------------- picture
    def shown_totals(self) -> list[int]:
        """Each seat's total as the picture stands: a round the engine has
        finished counts only once the picture has caught up with its end."""
        return self.controller.totals(counting_this_round=self.shown is not None and self.shown.round_over)

    def say(self, text: str, color: tuple[int, int, int] = theme.INK, seconds: float = 4.0) -> None:
        """Show a line in the message area."""
        self.message, self.message_color, self.message_ttl = text, color, seconds

    def scaled(self) -> Scaled:
        """The layout at the current window size."""
        assert self.app is not None
        return Scaled(self.layout, self.app.size)

    def plan(self) -> BoardPlan:
        """Train positions for the picture's table (cached)."""
        state = self.shown
        assert state is not None and self.app is not None
        doubles = {t: tuple(HI[x] == LO[x] for x in state.trains[t]) for t in [*range(state.players), MEXICAN]}
        key = (self.app.size, state.players, tuple(sorted(doubles.items())))
        if key != self._plan_key:
            self._plan_key = key
            self._plan = plan_board(self.scaled(), state.players, doubles)
        assert self._plan is not None
        return self._plan

    def _process_queue(self) -> None:
        """Start animating the next step once the previous one has played."""
        while self.queue and not self.flyers and self.hold <= 0 and self.deal_progress >= 1.0:
            entry = self.queue.popleft()
            self._show(entry)
            if self.settings.anim_scale > 0:
                break

    def _show(self, entry: Entry) -> None:
        """Make ``entry`` the picture and animate what its events say happened."""
        prev = self.shown
        self.shown = entry.snapshot
        plan = self.plan()
        scale = self.settings.anim_scale
        fast = scale <= 0
        scaled = self.scaled()
        names = self.match.names
        duration = (0.45 if entry.computer else 0.2) * scale
        for event in entry.events:
            line = narrate(event, names, self.human, self.shown.options)
            if line is not None:
                self.say(line, TONE_COLORS[tone(event)])
            if isinstance(event, ev.TilePlayed):
                index = len(entry.snapshot.trains[event.train]) - 1
                lane = plan.lanes[event.train]
                if fast or index >= len(lane.slots):
                    continue
                slot = lane.slots[index]
                if entry.drop is not None:
                    start = entry.drop
                elif entry.seat == self.human and prev is not None:
                    start = self._tray_center(prev, event.tile)
                else:
                    start = scaled.seat_panel(self.shown.players, entry.seat).center
                near, far = event.near, event.far
                shown_pair = (far, near) if slot.flip and not slot.crosswise else (near, far)
                angle1 = -90.0 if slot.crosswise else 0.0
                flyer = Flyer(shown_pair, start, (slot.x, slot.y), plan.unit * 1.2, plan.unit, 90.0 if entry.seat == self.human else 30.0, angle1)
                self._fly(flyer, duration, "out_back" if entry.drop is not None else "out_cubic", slot_key=(event.train, index))
            elif isinstance(event, ev.TileDrawn):
                if fast:
                    continue
                start = scaled.anchor("boneyard").center
                if entry.seat == self.human and event.tile is not None:
                    end = self._tray_center(entry.snapshot, event.tile)
                    pair = (HI[event.tile], LO[event.tile])
                    self.hidden_hand.add(event.tile)
                    tile = event.tile
                    flyer = Flyer(pair, start, end, plan.unit, self._tray_unit(), 0, 90)
                    self._fly(flyer, duration * 1.2, "out_cubic", hand_tile=tile)
                else:
                    end = scaled.seat_panel(self.shown.players, event.seat).center
                    self._fly(Flyer(None, start, end, plan.unit, plan.unit * 0.6, 0, 60), duration, "out_cubic")
            elif isinstance(event, (ev.MarkerUp, ev.MarkerDown)):
                self.marker_pop[event.seat] = 0.0
                holder = _Pop(self.marker_pop, event.seat)
                self.tweens.add(Tween(holder, {"value": 1.0}, 0.6 * scale, "out_elastic", delay=duration))
        if entry.computer:
            self.hold = self.settings.turn_seconds * 0.55

    def _fly(self, flyer: Flyer, duration: float, easing: str, slot_key: tuple[int, int] | None = None,
             hand_tile: int | None = None, delay: float = 0.0, then: Callable[[], None] | None = None) -> None:
        """Send ``flyer`` on its way; its destination stays hidden until it lands."""
        if slot_key is not None:
            self.hidden_slots.add(slot_key)

        def landed() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            if slot_key is not None:
                self.hidden_slots.discard(slot_key)
            if hand_tile is not None:
                self.hidden_hand.discard(hand_tile)
            if then is not None:
                then()

        self.flyers.append(flyer)
        self.tweens.add(Tween(flyer, {"t": 1.0}, duration, easing, delay=delay, on_done=landed))

    def skip(self) -> None:
        """Catch the picture up at once (Space or a click while computers play)."""
        self.hold = 0
        self.tweens.finish_all()
        self.flyers.clear()
        self.hidden_slots.clear()
        self.hidden_hand.clear()
        self.deal_progress = 1.0
        self.engine_shown = True
        while self.queue:
            self.shown = self.queue.popleft().snapshot
        if self.summary_timer is not None:
            self.summary_timer = min(self.summary_timer, 0.05)

    # ------------------------------------------------------------------ loop
    def update(self, dt: float) -> None:
        """Drive computers, play the animation queue, open the summary when due."""
        self.clock += dt
        self.message_ttl -= dt
        self.tweens.update(dt)
        if self.hold > 0:
            self.hold -= dt
        fast = self.settings.anim_scale <= 0
        if fast:
            self.controller.think_for(INSTANT_THINKING)
        else:
            self.controller.think()
        self._take_steps()
        self._process_queue()
        if (self.controller.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and not self.summary_shown and self.idle()
                and self.summary_timer is None):
            self.summary_timer = 0.0 if fast else 1.1 * self.settings.anim_scale + 0.4
        if self.summary_timer is not None and not self.summary_shown:
            self.summary_timer -= dt
            if self.summary_timer <= 0:
                self.summary_shown = True
                self.summary_timer = None
                assert self.app is not None
                last = self.controller.phase is Phase.MATCH_OVER
                self.app.push(self.app.routes.round_summary(self.match, last, self.demo, self.next_round))

    # ----------------------------------------------------------------- input
    def handle(self, intent: Intent) -> None:
        """Mouse and keyboard play."""
        assert self.app is not None
        kind = intent.kind
        if kind == "back":
            self.drag = None
            self.app.push(self.app.routes.pause(self.session, self.demo, self.on_state_changed))
            return
        if kind == "move":
            self.hover = intent.pos
            if self.drag is not None:
                self.drag.pos = intent.pos
                if math.dist(intent.pos, self.drag.press) > 6:
                    self.drag.moved = True
            return
        if kind == "skip":
            if not self.human_turn():
                self.skip()
            return
        if kind == "scroll":
            self.scroll = max(0, self.scroll - intent.amount)
            return
        if kind == "press" and intent.button == 1:
            self._press(intent.pos)
            return
        if kind == "release" and intent.button == 1:
            self._release(intent.pos)
            return
        if kind in ("left", "right"):
            self._move_selection(-1 if kind == "left" else 1)
            return
        if kind == "confirm":
            self._play_selected_anywhere()
            return
        if kind == "key":
            self._key(intent.char)

    def _key(self, char: str) -> None:
        if char == "d":
            self._try(DRAW)
        elif char == "e":
            self._try(END)
        elif char == "o":
            self._try(OPEN)
        elif char == "k":
            self._toggle_knock()
        elif char == "s":
            self._cycle_sort()
        elif char == "m":
            self._play_selected(MEXICAN)
        elif char.isdigit() and char != "0" and self.shown is not None and int(char) <= self.shown.players:
            self._play_selected(int(char) - 1)

    def _try(self, action: Action) -> None:
        if not self.human_turn():
            if self.human is not None and self.controller.phase is Phase.PLAYING:
                self.say("Wait for your turn.", theme.INK_DIM, 1.5)
            return
        self.act(action)

    def _toggle_knock(self) -> None:
        if self.human_turn() and any(isinstance(a, Play) and a.knock for a in self.controller.legal_actions()):
            self.knock_armed = not self.knock_armed
            self.say("Knock armed: your next play announces one tile left." if self.knock_armed else "Knock cancelled.", theme.GOLD)
        elif self.human_turn():
            self.say("You can knock only with the play that leaves you one tile.", theme.WARN)

    def _cycle_sort(self) -> None:
        order = SORTS
        self.settings.hand_sort = order[(order.index(self.settings.hand_sort) + 1) % len(order)] if self.settings.hand_sort in order else order[0]
        self.say(f"Hand sorted {SORT_LABELS[self.settings.hand_sort]}.", theme.INK_DIM, 1.5)

    def _hand_order(self, state: RoundState) -> list[int]:
        seat = self._tray_seat(state)
        if seat is None:
            return []
        return sort_hand(state.hands[seat], self.settings.hand_sort, state.ends[seat])

    def _tray_seat(self, state: RoundState) -> int | None:
        if self.human is not None:
            return self.human
        return state.to_move if self.demo else None

    def _move_selection(self, delta: int) -> None:
        if self.shown is None:
            return
        order = self._hand_order(self.shown)
        if not order:
            return
        if self.selected not in order:
            self.selected = order[0 if delta > 0 else -1]
        else:
            self.selected = order[(order.index(self.selected) + delta) % len(order)]
        self._ensure_visible(order.index(self.selected))

    def _ensure_visible(self, index: int) -> None:
        visible = self._tray_capacity()
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + visible:
            self.scroll = index - visible + 1

    def legal_trains(self, tile: int) -> list[int]:
        """Trains the person may play ``tile`` on now."""
        if not self.human_turn():
            return []
        return sorted({a.train for a in self.controller.legal_actions() if isinstance(a, Play) and a.tile == tile})

    def _play_selected(self, train: int) -> None:
        if self.selected is None:
            self.say("Choose a tile first (arrow keys or a click).", theme.INK_DIM, 2)
            return
        if not self.human_turn():
            self.say("Wait for your turn.", theme.INK_DIM, 1.5)
            return
        self.act(Play(self.selected, train))

    def _play_selected_anywhere(self) -> None:
        if self.selected is None:
            return
        targets = self.legal_trains(self.selected)
        if len(targets) == 1:
            self._play_selected(targets[0])
        elif targets:
            names = ", ".join("M" if t == MEXICAN else str(t + 1) for t in targets)
            self.say(f"The {TEXT[self.selected]} fits several trains: press {names}.", theme.INK, 3)
        elif self.human_turn():
            self.say(f"The {TEXT[self.selected]} cannot be played now.", theme.WARN)

    def _press(self, pos: tuple[float, float]) -> None:
        for _label, rect, callback in self._buttons:
            if rect.collidepoint(pos):
                callback()
                return
        if not self.human_turn():
            if not self.controller.person_to_move():
                self.skip()
            return
        for tile, rect in reversed(self._tray_rects):
            if rect.collidepoint(pos):
                self.drag = Drag(tile, pos, (pos[0] - rect.centerx, pos[1] - rect.centery))
                return
        if self._boneyard_rect.collidepoint(pos):
            self.drag = Drag(-1, pos, (0, 0))
            return
        if self.selected is not None and self._plan is not None:
            train = self._plan.lane_at(pos)
            if train is not None:
                self._play_selected(train)

    def _release(self, pos: tuple[float, float]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.tile == -1:  # the boneyard: a click or a drag onto the tray draws
            if not drag.moved or self.scaled().anchor("hand_tray").collidepoint(pos):
                self._try(DRAW)
            return
        if not drag.moved:
            self.selected = None if self.selected == drag.tile else drag.tile
            return
        plan = self.plan()
        train = plan.lane_at(pos)
        if train is None:
            train = self._nearest_target(pos, drag.tile)
        if train is None:
            self._glide_back(drag, pos)
            self.say(f"Drop the {TEXT[drag.tile]} on a glowing train end.", theme.INK_DIM, 2.5)
            return
        center = (pos[0] - drag.grab[0], pos[1] - drag.grab[1])
        if not self.act(Play(drag.tile, train), drop=center):
            self._glide_back(drag, pos)

    def _nearest_target(self, pos: tuple[float, float], tile: int) -> int | None:
        plan = self.plan()
        best, best_d = None, plan.unit * 3.0
        for train in self.legal_trains(tile):
            slot = plan.lanes[train].next_slot
            if slot is not None and math.dist(pos, (slot.x, slot.y)) < best_d:
                best, best_d = train, math.dist(pos, (slot.x, slot.y))
        return best

    def _glide_back(self, drag: Drag, pos: tuple[float, float]) -> None:
        if self.shown is None:
            return
        home = self._tray_center(self.shown, drag.tile)
        unit = self._tray_unit()
        flyer = Flyer((HI[drag.tile], LO[drag.tile]), (pos[0] - drag.grab[0], pos[1] - drag.grab[1]), home, unit, unit, 90, 90)
        self._fly(flyer, 0.25 * max(0.4, self.settings.anim_scale), "out_cubic", hand_tile=drag.tile)
        self.hidden_hand.add(drag.tile)

    # ------------------------------------------------------------------ tray
    def _tray_unit(self) -> int:
        tray = self.scaled().anchor("hand_tray")
        return max(12, int(tray.h * 0.34))

    def _tray_capacity(self) -> int:
        tray = self.scaled().anchor("hand_tray")
        unit = self._tray_unit()
        return max(1, int((tray.w - unit * 2) // (unit + unit * 0.22)))

    def _tray_positions(self, order: list[int]) -> list[tuple[int, pygame.Rect]]:
        tray = self.scaled().anchor("hand_tray")
        unit = self._tray_unit()
        step = unit + unit * 0.22
        capacity = self._tray_capacity()
        self.scroll = max(0, min(self.scroll, max(0, len(order) - capacity)))
        visible = order[self.scroll:self.scroll + capacity]
        width = len(visible) * step - unit * 0.22
        x0 = tray.centerx - width / 2
        y = tray.y + tray.h * 0.56 - unit
        out = []
        for i, tile in enumerate(visible):
            rect = pygame.Rect(round(x0 + i * step), round(y), unit, 2 * unit)
            out.append((tile, rect))
        return out

    def _tray_center(self, state: RoundState, tile: int) -> tuple[float, float]:
        order = self._hand_order(state)
        for t, rect in self._tray_positions(order):
            if t == tile:
                return rect.center
        tray = self.scaled().anchor("hand_tray")
        return tray.center

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table (a cached static layer, then what moves)."""
        state = self.shown
        assert self.app is not None
        if state is None:
            surface.blit(self.layout.felt(self.app.size), (0, 0))
            return
        plan = self.plan()
        scaled = self.scaled()
        k = scaled.k
        key = (self.app.size, id(state), frozenset(self.hidden_slots), self.engine_shown, tuple(self.shown_totals()), self.deal_progress >= 1.0)
        if key != self._static_key or self._static is None or self._static.get_size() != self.app.size:
            self._static_key = key
            self._static = self._paint_static(state, plan, scaled)
        surface.blit(self._static, (0, 0))
        self._draw_dynamic(surface, state, plan, scaled, k)

    def _paint_static(self, state: RoundState, plan: BoardPlan, scaled: Scaled) -> pygame.Surface:
        assert self.app is not None
        surf = self.layout.felt(self.app.size).copy()
        k = scaled.k
        numerals = True if self.settings.show_numbers else None
        for lane in plan.lanes.values():
            draw_lane_background(surf, lane, plan.unit, k, state.names)
        for lane in plan.lanes.values():
            draw_spoke(surf, plan, lane, k)
        draw_hub(surf, plan, state.engine, k, self.engine_shown)
        draw_trains(surf, state, plan, self.hidden_slots, numerals)
        totals = self.shown_totals()
        dealt = self.deal_progress >= 1.0
        for seat in range(state.players):
            config = self.session.seats[seat]
            label = "You" if seat == self.human else kind_label(config.kind)
            size = len(state.hands[seat]) if dealt else 0
            draw_seat_panel(surf, scaled.seat_panel(state.players, seat), k, seat, state.names[seat], label,
                            size, totals[seat], state.public[seat], state.suspended[seat])
        draw_mexican_panel(surf, scaled.mexican_panel(state.players), k, len(state.trains[MEXICAN]))
        self._paint_top_bar(surf, state, scaled)
        return surf

    def _paint_top_bar(self, surf: pygame.Surface, state: RoundState, scaled: Scaled) -> None:
        k = scaled.k
        bar = scaled.anchor("top_bar")
        opts = self.match.setup
        title = f"Round {self.match.round_number} of {opts.rounds}"
        blit_text(surf, title, int(22 * k), theme.GOLD, (bar.x + 16 * k, bar.centery), "midleft", "title")
        detail = f"{opts.options.preset.replace('-', ' ').title()} rules  \u00b7  double-{opts.set_max} set  \u00b7  engine {state.engine}-{state.engine}"
        blit_text(surf, detail, int(16 * k), theme.INK_DIM, (bar.x + 230 * k, bar.centery), "midleft")
        score = scaled.anchor("score_panel")
        totals = self.shown_totals()
        if self.human is not None:
            ranking = sorted(range(state.players), key=lambda s: totals[s])
            place = ranking.index(self.human) + 1
            text = f"You: {totals[self.human]} pts  \u00b7  place {place} of {state.players}"
        else:
            leader = min(range(state.players), key=lambda s: totals[s])
            text = f"Watching  \u00b7  leader {state.names[leader]} ({totals[leader]} pts)"
        blit_text(surf, text, int(17 * k), theme.INK, (score.right - 130 * k, score.centery), "midright", "bold")

    def _draw_dynamic(self, surface: pygame.Surface, state: RoundState, plan: BoardPlan, scaled: Scaled, k: float) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        live_turn = self.human_turn()
        # whose turn
        if state.round_over is False and self.deal_progress >= 1.0:
            mover = state.to_move
            rect = pygame.Rect(scaled.seat_panel(state.players, mover)).inflate(6, 6)
            pygame.draw.rect(surface, theme.GLOW, rect, max(2, int((2 + 2 * pulse) * k)), border_radius=int(14 * k))
            lane = plan.lanes[mover]
            pygame.draw.rect(surface, (*theme.GLOW,), lane.rect.inflate(4, 4), max(1, int(2 * k)), border_radius=max(4, int(plan.unit * 0.4)))
            if self.controller.thinking_seat == mover:
                self._draw_thinking(surface, rect, k)
        # markers (pop when they change)
        for seat in range(state.players):
            lane = plan.lanes[seat]
            pop = self.marker_pop.get(seat, 1.0)
            draw_marker(surface, marker_pos(plan, lane), state.public[seat], plan.unit * 1.15, pop)
        mex = plan.lanes[MEXICAN]
        mx, my = marker_pos(plan, mex)
        pygame.draw.circle(surface, (70, 26, 18), (mx, my), plan.unit * 0.62)
        pygame.draw.circle(surface, theme.GOLD, (mx, my), plan.unit * 0.62, max(1, int(2 * k)))
        blit_text(surface, "M", int(max(11, plan.unit * 0.75)), theme.GOLD, (mx, my), "center", "title")
        # uncovered doubles
        for train in state.open_doubles:
            lane = plan.lanes[train]
            if lane.slots:
                slot = lane.slots[len(state.trains[train]) - 1] if len(state.trains[train]) - 1 < len(lane.slots) else lane.slots[-1]
                w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
                ring = pygame.Rect(0, 0, w + 10, h + 10)
                ring.center = (round(slot.x), round(slot.y))
                pygame.draw.rect(surface, theme.RED if pulse > 0.5 else theme.GLOW, ring, max(2, int(3 * k)), border_radius=6)
        # legal targets
        focus = self.drag.tile if self.drag is not None and self.drag.tile >= 0 else self.selected
        targets = self.legal_trains(focus) if focus is not None else []
        for train in targets:
            lane = plan.lanes[train]
            slot = lane.next_slot
            if slot is None:
                continue
            w, h = (plan.unit, 2 * plan.unit) if slot.crosswise else (2 * plan.unit, plan.unit)
            glow = pygame.Rect(0, 0, w + 6, h + 6)
            glow.center = (round(slot.x), round(slot.y))
            halo = pygame.Surface(glow.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (*theme.GLOW, int(70 + 90 * pulse)), halo.get_rect(), border_radius=8)
            surface.blit(halo, glow.inflate(16, 16).topleft)
            pygame.draw.rect(surface, theme.GLOW, glow, max(2, int(3 * k)), border_radius=6)
            pygame.draw.rect(surface, theme.GLOW, lane.rect.inflate(4, 4), max(1, int(2 * k)), border_radius=8)
        # boneyard, tray, buttons, message
        can_draw = live_turn and DRAW in self.controller.legal_actions()
        self._boneyard_rect = draw_boneyard(surface, scaled.anchor("boneyard"), k, len(state.boneyard), pulse if can_draw else 0)
        self._draw_tray(surface, state, scaled, k, live_turn)
        self._draw_buttons(surface, scaled, k, live_turn)
        self._draw_message(surface, scaled, k, live_turn, state)
        for flyer in self.flyers:
            if flyer.t > 0:
                flyer.draw(surface)
        if self.drag is not None and self.drag.moved and self.drag.tile >= 0:
            unit = self._tray_unit()
            img = face(HI[self.drag.tile], LO[self.drag.tile], unit, horizontal=False)
            rect = img.get_rect(center=(self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1]))
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 70))
            surface.blit(shade, rect.move(8, 12))
            surface.blit(img, rect)

    def _draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect, k: float) -> None:
        cx, cy = rect.right - 28 * k, rect.bottom - 22 * k
        for i in range(8):
            a = self.clock * 6 + i * math.pi / 4
            alpha = (i + 1) / 8
            color = tuple(int(c * alpha) for c in theme.GLOW)
            pygame.draw.circle(surface, color, (cx + math.cos(a) * 9 * k, cy + math.sin(a) * 9 * k), max(1.5, 2.6 * k))

    def _draw_tray(self, surface: pygame.Surface, state: RoundState, scaled: Scaled, k: float, live_turn: bool) -> None:
        tray = scaled.anchor("hand_tray")
        seat = self._tray_seat(state)
        order = self._hand_order(state)
        if self.deal_progress < 1.0:
            order = order[: int(len(order) * self.deal_progress)]
        positions = self._tray_positions(order)
        self._tray_rects = positions
        unit = self._tray_unit()
        if seat is None:
            return
        label = "Your hand" if seat == self.human else f"{state.names[seat]}'s hand (watching)"
        hand_pips = sum(HI[t] + LO[t] for t in state.hands[seat])
        blit_text(surface, f"{label}  \u00b7  {len(state.hands[seat])} tiles, {hand_pips} pips", int(16 * k), theme.INK_DIM,
                  (tray.x + 14 * k, tray.y + 8 * k), "topleft", "bold")
        sort_text = f"Sort: {SORT_LABELS.get(self.settings.hand_sort, self.settings.hand_sort)}  (S)"
        sort_rect = blit_text(surface, sort_text, int(16 * k), theme.GOLD, (tray.right - 14 * k, tray.y + 8 * k), "topright", "bold")
        self._buttons = [("sort", sort_rect.inflate(10, 8), self._cycle_sort)]
        playable = set()
        if live_turn:
            playable = {a.tile for a in self.controller.legal_actions() if isinstance(a, Play)}
        for tile, rect in positions:
            if tile in self.hidden_hand or (self.drag is not None and self.drag.moved and self.drag.tile == tile):
                pygame.draw.rect(surface, (40, 26, 16), rect, border_radius=6)
                continue
            lift = int(14 * k) if tile == self.selected else 0
            r = rect.move(0, -lift)
            img = face(HI[tile], LO[tile], unit, horizontal=False)
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 80))
            surface.blit(shade, r.move(4, 6))
            surface.blit(img, r)
            if tile == self.selected:
                pygame.draw.rect(surface, theme.GLOW, r.inflate(6, 6), max(2, int(3 * k)), border_radius=8)
            if tile in playable:
                pygame.draw.line(surface, theme.GREEN, (r.x + 4, r.bottom + 6 * k), (r.right - 4, r.bottom + 6 * k), max(2, int(4 * k)))
        if self.scroll > 0:
            blit_text(surface, "\u25c0", int(30 * k), theme.GOLD, (tray.x + 16 * k, tray.y + tray.h * 0.56), "midleft")
        if self.scroll + len(positions) < len(order):
            blit_text(surface, "\u25b6", int(30 * k), theme.GOLD, (tray.right - 16 * k, tray.y + tray.h * 0.56), "midright")

    def _draw_buttons(self, surface: pygame.Surface, scaled: Scaled, k: float, live_turn: bool) -> None:
        area = scaled.anchor("buttons")
        offered: list[tuple[str, Callable[[], None]]] = []
        if live_turn:
            legal = self.controller.legal_actions()
            if END in legal:
                offered.append(("End turn  (E)", lambda: self._try(END)))
            if OPEN in legal:
                offered.append(("Open train  (O)", lambda: self._try(OPEN)))
            if any(isinstance(a, Play) and a.knock for a in legal):
                offered.append(("Knock!  (K)" if not self.knock_armed else "Knocking \u2714  (K)", self._toggle_knock))
        bh = 40 * k
        y = area.y + 10 * k
        for label, callback in offered:
            rect = pygame.Rect(round(area.x + 10 * k), round(y), round(area.w - 20 * k), round(bh))
            hover = rect.collidepoint(self.hover)
            panel(surface, rect, theme.BUTTON_HOVER if hover else theme.BUTTON, 255, radius=int(10 * k), edge=theme.GOLD if hover else None)
            blit_text(surface, label, int(18 * k), theme.INK, rect.center, "center", "bold")
            self._buttons.append((label, rect, callback))
            y += bh + 8 * k
        menu = pygame.Rect(round(scaled.size[0] - 110 * k), round(6 * k), round(100 * k), round(32 * k))
        hover = menu.collidepoint(self.hover)
        panel(surface, menu, theme.PANEL_EDGE if hover else theme.PANEL_LIGHT, 255, radius=int(8 * k), edge=None)
        blit_text(surface, "Menu (Esc)", int(15 * k), theme.INK, menu.center, "center", "bold")
        self._buttons.append(("menu", menu, lambda: self.handle(Intent("back"))))

    def _draw_message(self, surface: pygame.Surface, scaled: Scaled, k: float, live_turn: bool, state: RoundState) -> None:
        area = scaled.anchor("message_area")
        if self.message_ttl > 0 and self.message:
            text, color = self.message, self.message_color
        elif live_turn:
            text, color = self._turn_hint(), theme.INK
        elif self.controller.thinking_seat is not None and not state.round_over:
            text, color = f"{state.names[state.to_move]} is thinking\u2026  (Space skips ahead)", theme.INK_DIM
        elif not self.idle():
            text, color = "Space or a click skips ahead", theme.INK_DIM
        else:
            return
        rendered = blit_text(pygame.Surface((1, 1)), text, int(19 * k), color, (0, 0), "topleft", "bold")
        box = pygame.Rect(0, 0, rendered.w + 40 * k, area.h * 0.8)
        box.center = (round(area.centerx), round(area.centery))
        panel(surface, box, (12, 16, 22), 210, radius=int(box.h / 2), edge=None)
        blit_text(surface, text, int(19 * k), color, box.center, "center", "bold")

    def _turn_hint(self) -> str:
        legal = self.controller.legal_actions()
        if legal == [DRAW]:
            return "Your turn: nothing fits, so draw from the boneyard (click it or press D)."
        if END in legal:
            return "Play another tile, or end your turn (E)."
        if self.live is not None and self.live.open_doubles:
            return "Your turn: cover the open double."
        return "Your turn: drag a tile to a glowing train (or arrows + 1-8 / M)."


class _Pop:
    """Adapter so a tween can animate one entry of a dict."""

    def __init__(self, store: dict[int, float], key: int) -> None:
        self.store, self.key = store, key

    @property
    def value(self) -> float:
        return self.store.get(self.key, 1.0)

    @value.setter
    def value(self, v: float) -> None:
        self.store[self.key] = v

