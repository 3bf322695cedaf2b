"""What the table shows while it catches up with the engine.

The engine has already applied every move; the picture replays the steps the
controller emitted one at a time, with tiles flying (tweens), their
destinations hidden until they land, markers popping and the deal dealt.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from ...engine import RoundState
from ...engine import events as ev
from ...engine.tiles import HI, LO, Tile
from ...play import RoundStart, Step
from ...words.narrate import Line, round_opening_lines, tell
from ..tween import Tween, Tweens
from .board import BoardPlan
from .handover import Viewer
from .motion import Flyer, Notice, notice_words

Point = tuple[float, float]

FLIGHT = 0.45
"""Seconds a computer's tile flies at the normal pace (a person's: ``OWN_FLIGHT``)."""

FADE = 0.25
"""Seconds a tile takes to fade in where it lands with reduced motion, at the normal pace."""

DEAL_SECONDS = 1.3
"""Seconds over which the deal's tiles leave the boneyard, at the normal pace."""

DEAL_FLIGHT = 0.34
"""Seconds one dealt tile flies, at the normal pace."""

NOTICE_SECONDS = 1.5
"""Seconds a double's notice shows, at the normal pace."""

OWN_FLIGHT = 0.2
"""Seconds the person's own tile flies from where it was dropped, at the normal pace."""
Tell = Callable[[Sequence[Line], bool], None]
"""Hears what a shown step (or a deal) says, and whether the next computer step waits for it to be read."""


class Places(Protocol):
    """Where the picture sends tiles (see geometry.TableGeometry)."""

    def plan(self, state: RoundState) -> BoardPlan:
        """Where every train tile of ``state`` lies."""
        ...

    def seat_center(self, players: int, seat: int) -> Point:
        """The middle of ``seat``'s panel."""
        ...

    def boneyard_center(self) -> Point:
        """The middle of the boneyard."""
        ...

    def tray_center(self, state: RoundState, tile: Tile) -> Point:
        """Where ``tile`` lies in the tray of ``state``."""
        ...

    @property
    def tray_unit(self) -> int:
        """The short side of a tray tile, in pixels."""
        ...

    def numerals(self, state: RoundState, in_tray: bool) -> bool:
        """Whether tiles of ``state`` show numerals on the table (or, ``in_tray``, in the hand)."""
        ...


class _Pop:
    """Adapter so a tween can animate one entry of a dict."""

    def __init__(self, store: dict[int, float], key: int) -> None:
        self.store, self.key = store, key

    @property
    def value(self) -> float:
        """The entry's value (1.0 when absent)."""
        return self.store.get(self.key, 1.0)

    @value.setter
    def value(self, v: float) -> None:
        self.store[self.key] = v


@dataclass(frozen=True, slots=True)
class Shown:
    """A step waiting to be shown, and where the person dropped the tile it played (if they did)."""

    step: Step
    drop: Point | None = None


class TablePicture:
    """The round as the picture stands (``shown``), the steps still to show and
    what is in flight. ``tell`` hears what each shown step (and each deal) says,
    in words; ``viewer`` holds the seat whose hand is shown (None when only computers play)."""

    def __init__(self, places: Places, viewer: Viewer, tell: Tell) -> None:
        self.places = places
        self.viewer = viewer
        self.you = viewer.seat
        """The seat narration calls "You" (None when several people share the screen)."""
        self.tell = tell
        self.acting: int | None = None
        self.shown: RoundState | None = None
        self.version = 0
        self.queue: deque[Shown] = deque()
        self.tweens = Tweens()
        self.flyers: list[Flyer] = []
        self.hidden_slots: set[tuple[int, int]] = set()
        self.hidden_hand: set[Tile] = set()
        self.marker_pop: dict[int, float] = {}
        """How far each seat's marker has dropped onto its train (0..1; 1 when absent)."""
        self.notices: list[Notice] = []
        """A double's notices on show."""
        self.hold = 0.0
        self.deal_progress = 1.0
        self.dealt: dict[int, int] | None = None
        """While a deal is shown: how many tiles have reached each seat (None: none is being dealt)."""
        self.engine_shown = True
        self.reduced = False
        """Reduced motion: tiles fade in where they land instead of flying, markers and notices
        change at once (Settings)."""
        self.hear: Callable[[ev.Event], None] | None = None
        """Called for each event as the picture shows it (the sound effects)."""
        self._untold: tuple[list[Flyer], list[Line], bool] | None = None
        """A shown step's words, told once the tiles it sent flying have landed."""

    # ------------------------------------------------------------------ state
    def idle(self) -> bool:
        """Whether the picture has caught up with the engine."""
        return not self.queue and not self.flyers and self.deal_progress >= 1.0

    def ready(self) -> bool:
        """Whether the picture has caught up and finished lingering on a computer's move."""
        return self.idle() and self.hold <= 0

    def next_is_computers(self) -> bool:
        """Whether the next step waiting to be shown is a computer's."""
        return bool(self.queue) and self.queue[0].step.computer

    def lead(self, scale: float) -> float:
        """Seconds the next step, a computer's, takes before it says anything: its
        tile's flight (its words come as the tile lands), else 0."""
        if not self.next_is_computers() or scale <= 0:
            return 0.0
        events = self.queue[0].step.events
        return FLIGHT * scale if any(isinstance(e, (ev.TilePlayed, ev.TileDrawn)) for e in events) else 0.0

    def mover(self) -> int | None:
        """The seat the turn highlight marks: the one whose move is still being
        shown, else the one to move in the picture."""
        if self.acting is not None and not self.ready():
            return self.acting
        return None if self.shown is None else self.shown.to_move

    def _set_shown(self, state: RoundState) -> None:
        self.shown = state
        self.version += 1

    def show_now(self, state: RoundState) -> None:
        """Show ``state`` as it is (a resumed table)."""
        self._set_shown(state)

    def enqueue(self, step: Step, drop: Point | None = None) -> None:
        """Queue ``step`` to be shown after the ones before it."""
        self.queue.append(Shown(step, drop))

    # ------------------------------------------------------------------- time
    def advance(self, dt: float) -> None:
        """Let ``dt`` seconds of animation pass."""
        self.tweens.update(dt)
        if self.hold > 0:
            self.hold -= dt

    def catch_up(self, scale: float, turn_seconds: float, speaking: Callable[[], bool] | None = None) -> None:
        """Start showing the next step once the previous one has played (every
        queued step at once when ``scale``, the animation speed, is 0); a
        computer's step waits while ``speaking`` says the voice still speaks."""
        while self.queue and not self.flyers and self.hold <= 0 and self.deal_progress >= 1.0:
            if speaking is not None and self.queue[0].step.computer and speaking():
                break
            self._show(self.queue.popleft(), scale, turn_seconds)
            if scale > 0:
                break

    def skip(self) -> None:
        """Catch up at once (Space or a click while computers play)."""
        self.hold = 0
        self.tweens.finish_all()
        self.flyers.clear()
        self.hidden_slots.clear()
        self.hidden_hand.clear()
        self.deal_progress = 1.0
        self.dealt = None
        self.notices.clear()
        self.engine_shown = True
        while self.queue:  # shown at once, and every word of them kept in the move log
            step = self.queue.popleft().step
            self._set_shown(step.state)
            self.acting = step.seat
            state = step.state
            self.tell(tell(step.events, state.names, self.you, state.options, len(state.boneyard)), False)

    # ------------------------------------------------------------------- deal
    def deal(self, start: RoundStart, scale: float) -> None:
        """Show a new round: the tiles leave the boneyard one at a time for each seat
        in turn (face up into the person's tray, face down to the others' panels,
        whose counts tick up as they land), then the engine double goes to the hub;
        ``scale`` is the animation speed (0, or reduced motion: all at once)."""
        self._set_shown(start.state)
        state = start.state
        self.acting = None
        self.tell(round_opening_lines(start.number, start.rounds, state.engine, state.opener, start.events,
                                      state.names, self.you, state.options, len(state.boneyard)), True)
        if scale <= 0 or self.reduced:
            self.engine_shown = True
            self.deal_progress = 1.0
            self.dealt = None
            return
        self.engine_shown = False
        self.deal_progress = 0.0
        self.dealt = dict.fromkeys(range(state.players), 0)
        places = self.places
        plan = places.plan(state)
        origin = places.boneyard_center()
        flight = DEAL_FLIGHT * scale
        gap = DEAL_SECONDS * scale / max(1, sum(len(hand) for hand in state.hands))
        mine = self.viewer.seat if not self.viewer.face_down else None
        numerals = places.numerals(state, in_tray=True)
        delay = 0.0
        for index in range(max(len(hand) for hand in state.hands)):
            for seat in range(state.players):
                hand = state.hands[seat]
                if index >= len(hand):
                    continue
                landed = partial(self._dealt_one, seat)
                if seat == mine:
                    tile = hand[index]
                    self.hidden_hand.add(tile)
                    flyer = Flyer(None, origin, places.tray_center(state, tile), plan.unit, places.tray_unit, 0, -90,
                                  numerals, reveal=(HI[tile], LO[tile]))
                    self.fly(flyer, flight, "out_cubic", hand_tile=tile, delay=delay, then=landed)
                else:
                    flyer = Flyer(None, origin, places.seat_center(state.players, seat), plan.unit, plan.unit * 0.7,
                                  0, 70)
                    self.fly(flyer, flight, "out_cubic", delay=delay, then=landed)
                delay += gap
        dealt = delay + flight
        self.tweens.add(Tween(self, {"deal_progress": 1.0}, dealt, "linear", on_done=self._dealt_all))
        placed = next((e for e in start.events if isinstance(e, ev.EnginePlaced)), None)
        if placed is not None and placed.seat >= 0:
            origin = places.seat_center(state.players, placed.seat)
        engine = Flyer((state.engine, state.engine), origin, plan.hub, plan.unit, plan.hub_radius * 0.5, 0, -90,
                       places.numerals(state, in_tray=False))
        self.fly(engine, 0.45 * scale, "out_back", delay=dealt, then=self._show_engine)
        self.hold = dealt + 0.65 * scale

    def _dealt_one(self, seat: int) -> None:
        """A dealt tile reached ``seat``: its count goes up by one."""
        if self.dealt is not None:
            self.dealt[seat] += 1

    def _dealt_all(self) -> None:
        """Every tile of the deal has landed: counts are the hands' own again."""
        self.dealt = None

    def shown_hand(self, state: RoundState, seat: int) -> int:
        """How many tiles ``seat``'s panel shows: those dealt so far while a deal is shown."""
        return len(state.hands[seat]) if self.dealt is None else min(len(state.hands[seat]), self.dealt[seat])

    def shown_boneyard(self, state: RoundState) -> int:
        """How many tiles the boneyard shows: those not dealt yet too, while a deal is shown."""
        if self.dealt is None:
            return len(state.boneyard)
        return len(state.boneyard) + sum(len(state.hands[s]) - self.shown_hand(state, s) for s in range(state.players))

    def _show_engine(self) -> None:
        self.engine_shown = True

    # ------------------------------------------------------------------ steps
    def _show(self, item: Shown, scale: float, turn_seconds: float) -> None:
        """Make ``item``'s step the picture and animate what its events say happened."""
        step = item.step
        prev = self.shown
        self._set_shown(step.state)
        state = step.state
        fast = scale <= 0
        self.acting = step.seat
        duration = (FADE if self.reduced else FLIGHT if step.computer else OWN_FLIGHT) * scale
        # a person's own move needs no reading time, unless the game moved for them (a draw that did not fit)
        waits = step.computer or any(isinstance(e, ev.Passed) for e in step.events)
        lines = tell(step.events, state.names, self.you, state.options, len(state.boneyard))
        before = len(self.flyers)
        for event in step.events:
            if self.hear is not None and not fast:
                self.hear(event)
            if isinstance(event, ev.TilePlayed) and not fast:
                self._fly_played(item, event, prev, duration)
            elif isinstance(event, ev.TileDrawn) and not fast:
                self._fly_drawn(step, event, duration)
            elif isinstance(event, (ev.MarkerUp, ev.MarkerDown)) and not fast and not self.reduced:
                self.marker_pop[event.seat] = 0.0  # it drops onto its train once the tile has landed
                holder = _Pop(self.marker_pop, event.seat)
                self.tweens.add(Tween(holder, {"value": 1.0}, 0.7 * scale, "out_bounce", delay=duration))
            elif isinstance(event, ev.DoubleOpened) and not fast:
                self._notice(state, event.train, NOTICE_SECONDS * scale, duration)
        if step.computer:
            self.hold = turn_seconds * 0.55
        flying = self.flyers[before:]
        if flying:  # what the step did is said as its tile lands, not while it flies
            self._untold = (list(flying), lines, waits)
            if not step.computer:
                self.tell([], False)  # the person moved: nothing said of earlier steps stays meanwhile
        else:
            self.tell(lines, waits)

    def _notice(self, state: RoundState, train: int, seconds: float, delay: float) -> None:
        """A double's notice at the double just left open at the end of ``train``, once it has landed
        (with reduced motion it shows without bursting, for as long)."""
        lane = self.places.plan(state).lanes[train]
        index = len(state.trains[train]) - 1
        if not 0 <= index < len(lane.slots):
            return
        slot, unit = lane.slots[index], self.places.plan(state).unit
        near, far = state.train_tiles(train)[index]
        size = (unit, 2 * unit) if slot.crosswise else (2 * unit, unit)
        notice = Notice((slot.x, slot.y), size, notice_words(near, far), 0.35 if self.reduced else 0.0)
        self.notices.append(notice)

        def gone() -> None:
            """The notice has been read: it goes."""
            if notice in self.notices:
                self.notices.remove(notice)

        goal = 0.35 if self.reduced else 1.0
        self.tweens.add(Tween(notice, {"t": goal}, seconds, "linear", delay=delay, on_done=gone))

    def _landed(self, flyer: Flyer) -> None:
        """``flyer`` has landed: once a shown step's tiles all have, its words are told."""
        untold = self._untold
        if untold is None or flyer not in untold[0]:
            return
        untold[0].remove(flyer)
        if not untold[0]:
            self._untold = None
            self.tell(untold[1], untold[2])

    def _fly_played(self, item: Shown, event: ev.TilePlayed, prev: RoundState | None, duration: float) -> None:
        """A played tile flies to its slot: from where the person dropped it, from
        the viewer's tray, or from the player's panel."""
        step, places = item.step, self.places
        state = step.state
        plan = places.plan(state)
        index = len(state.trains[event.train]) - 1
        lane = plan.lanes[event.train]
        if index >= len(lane.slots):
            return
        slot = lane.slots[index]
        mine = step.seat == self.viewer.seat
        if item.drop is not None:
            start = item.drop
        elif mine and prev is not None:
            start = places.tray_center(prev, event.tile)
        else:
            start = places.seat_center(state.players, step.seat)
        near, far = event.near, event.far
        pair = (far, near) if slot.flip and not slot.crosswise else (near, far)
        angle1 = -90.0 if slot.crosswise else 0.0
        # from the tray it leaves as the tray shows it: the high end on top
        angle0 = (-90.0 if pair[0] == HI[event.tile] else 90.0) if mine else 30.0
        flyer = Flyer(pair, start, (slot.x, slot.y), plan.unit * 1.2, plan.unit, angle0, angle1,
                      places.numerals(state, in_tray=False), fade=self.reduced)
        self.fly(flyer, duration, "out_back" if item.drop is not None else "out_cubic",
                 slot_key=(event.train, index))

    def _fly_drawn(self, step: Step, event: ev.TileDrawn, duration: float) -> None:
        """A drawn tile flies from the boneyard: face up into the viewer's tray, face down to another panel."""
        places, state = self.places, step.state
        unit = places.plan(state).unit
        origin = places.boneyard_center()
        if step.seat == self.viewer.seat and event.tile is not None and not self.viewer.face_down:
            end = places.tray_center(state, event.tile)
            self.hidden_hand.add(event.tile)
            flyer = Flyer((HI[event.tile], LO[event.tile]), origin, end, unit, places.tray_unit, 0, -90,
                          places.numerals(state, in_tray=True), fade=self.reduced)
            self.fly(flyer, duration * 1.2, "out_cubic", hand_tile=event.tile)
        else:
            end = places.seat_center(state.players, event.seat)
            self.fly(Flyer(None, origin, end, unit, unit * 0.6, 0, 60, fade=self.reduced), duration, "out_cubic")

    def fly(self, flyer: Flyer, duration: float, easing: str, slot_key: tuple[int, int] | None = None,
            hand_tile: Tile | None = None, delay: float = 0.0, then: Callable[[], None] | None = None) -> None:
        """Send ``flyer`` on its way for ``duration`` seconds after ``delay``; the
        train slot ``slot_key`` or tray tile ``hand_tile`` it goes to stays hidden
        until it lands, and ``then`` runs when it does."""
        if slot_key is not None:
            self.hidden_slots.add(slot_key)

        def landed() -> None:
            """Show the destination again and run ``then``."""
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            self._landed(flyer)
            if slot_key is not None:
                self.hidden_slots.discard(slot_key)
            if hand_tile is not None:
                self.hidden_hand.discard(hand_tile)
            if then is not None:
                then()

        self.flyers.append(flyer)
        self.tweens.add(Tween(flyer, {"t": 1.0}, duration, easing, delay=delay, on_done=landed))

    def glide_home(self, tile: Tile, center: Point, scale: float) -> None:
        """A dropped ``tile`` whose play was refused glides from ``center`` back to its tray place."""
        if self.shown is None:
            return
        home = self.places.tray_center(self.shown, tile)
        unit = self.places.tray_unit
        # upright as in the tray, high end on top, all the way home
        flyer = Flyer((HI[tile], LO[tile]), center, home, unit, unit, -90, -90,
                      self.places.numerals(self.shown, in_tray=True), fade=self.reduced)
        self.fly(flyer, 0.25 * max(0.4, scale), "out_cubic", hand_tile=tile)
        self.hidden_hand.add(tile)

    def draw_flyers(self, surface: pygame.Surface) -> None:
        """Paint the tiles in flight that have set off."""
        for flyer in self.flyers:
            if flyer.t > 0:
                flyer.draw(surface)
