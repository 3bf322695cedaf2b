"""The table: play a match with the mouse or keyboard while computer players
think in a worker process and every move is animated from the engine's events.

The scene only wires its parts together: the controller (game.play) drives the
match, the picture (ui.picture) catches up with it, the tray (ui.tray) holds
the hand, and ``update`` works out a ``TableFrame`` that ``draw`` paints
(ui.table_paint) without changing anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import DRAW, Action, Phase, Play, RoundState
from ...engine.tiles import Tile
from ...movelog import MoveLog, rebuild
from ...narrate import Line, kind_label, ranking_text
from ...play import MatchController, ProcessWorker, Worker
from ...session import GameSession
from .. import theme
from ..intents import Intent
from ..layout import table_layout
from ..scene import FULL_RATE, PULSE_RATE, Scene
from ..settings import Settings
from .draw import boneyard_pile
from .geometry import TableGeometry
from .handover import Handover
from .input import TableInput
from .log_panel import LogPanel
from .message_line import MessageLine, Present
from .paint import StaticLayer, TableFrame, paint_moving, pulse_rects
from .parts import (
    Pill,
    buttons,
    detail_line,
    place_pill,
    place_tip,
    score_line,
    score_right,
    turn_hint,
)
from .picture import TablePicture
from .tips import TIPS, due_tip
from .tray import HandTray, Point
from .undo import can_undo

if TYPE_CHECKING:
    from ..app import App

INSTANT_THINKING = 0.012
"""Seconds a frame may wait for computer decisions at the instant pace (one frame is about 0.017)."""

class SavingStatus(Protocol):
    """What the table asks the saves about: can it save, why not, and save now."""

    @property
    def can_save(self) -> bool:
        """Whether this window may save."""
        ...

    @property
    def problem(self) -> str | None:
        """Why saving does not work right now (None: all saved)."""
        ...

    def save_now(self, session: GameSession) -> str | None:
        """Write the match's autosave now; why it failed, or None."""
        ...


class TableScene(Scene):
    """The game table for one ``GameSession``. ``watching`` plays every seat by
    computer (a demo); ``exit_at_end`` prints the ranking and quits when the
    match ends; ``note`` is shown once the table is open; ``autosave`` saves the
    session after every change and returns a problem to show (or None)."""

    geometry: TableGeometry
    picture: TablePicture
    settings: Settings

    def __init__(
        self,
        session: GameSession,
        watching: bool = False,
        exit_at_end: bool = False,
        note: str = "",
        autosave: Callable[[GameSession], str | None] | None = None,
        worker: Worker | None = None,
        saving: SavingStatus | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.watching = watching
        self.exit_at_end = exit_at_end
        self.note = note
        self.save_to = autosave
        self.saving = saving
        self.quit_refused = False
        self.controller = MatchController(session, worker or ProcessWorker(), self._autosave, watching)
        self.handover = Handover(self, [] if watching else session.human_seats)
        self.human = self.controller.human = self.handover.shown
        self.you = None if self.handover.several else self.human
        """The seat called "You" (None when several people share the screen: they go by name)."""
        self.seat_labels = tuple("Person" if c.is_human and self.you is None else kind_label(c.kind)
                                 for c in session.seats)
        self.layout = table_layout()
        self.tray = HandTray(self.human, follow_mover=watching)
        self.message_line = MessageLine()
        self.static = StaticLayer()
        self.frame: TableFrame | None = None
        self.input = TableInput(self)
        self.clock = 0.0
        self.summary_timer: float | None = None
        self.summary_shown = False
        self.error_note = ""
        self.log = MoveLog()
        self.log_panel = LogPanel()
        self.tip: str | None = None
        self._still: object = None
        self._dirty: list[pygame.Rect] | None = None

    # ------------------------------------------------------------- lifecycle
    def attach(self, app: App) -> None:
        """Start the worker and show the first (or resumed) round."""
        super().attach(app)
        self.settings = app.settings
        self.geometry = TableGeometry(self.layout, self.tray, app.settings, app.size)
        self.picture = TablePicture(self.geometry, self.human, self.told)
        self.picture.you = self.you
        if app.sounds is not None and not self.watching:
            self.picture.hear = app.sounds.hear
        phase, live = self.controller.phase, self.controller.live
        if phase is Phase.DEALING:
            self.start_round()
        elif live is not None:
            self.picture.show_now(live.copy())
            self.log.replace(self.match.round_number, rebuild(self.match, self.you))
            if phase is not Phase.PLAYING:
                self.summary_timer = 0.0
            self.controller.save()  # a loaded match goes on in its own autosave at once: Continue brings it back
        self.controller.warm_up()
        self._layout()

    def close(self) -> None:
        """Stop the worker."""
        self.controller.close()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again for a window of ``size`` pixels."""
        self._layout()

    def pause(self) -> None:
        """A menu opens over the table: drop whatever the mouse carried."""
        self.input.drag = None
        self._layout()

    def _autosave(self, session: GameSession) -> None:
        """The controller's autosave hook: save, and say a new problem once."""
        if self.watching or self.save_to is None:
            return
        problem = self.save_to(session)
        if problem and problem != self.error_note:
            self.error_note = problem
            self.say(problem, theme.RED)

    def save_now(self) -> None:
        """Autosave now (before leaving the table)."""
        self.controller.save()

    def allow_quit(self) -> bool:
        """Closing the window: save now and wait for the disk; if that fails, stay
        open with the pause menu saying why (closing again quits without saving)."""
        if self.watching or self.saving is None or self.quit_refused or not self.saving.can_save:
            return True
        problem = self.saving.save_now(self.session)
        if problem is None:
            return True
        self.quit_refused = True
        assert self.app is not None
        self.app.push(self.app.routes.pause(self.session, self.watching, self.save_now, failure=problem))
        return False

    def saving_badge(self) -> str | None:
        """'Not saving: <reason>' while saves fail (or cannot be made), else None."""
        if self.watching or self.saving is None:
            return None
        problem = self.saving.problem
        return None if problem is None else f"Not saving: {problem}"

    def say(self, text: str, color: theme.Color = theme.INK, seconds: float = 3.0, why: str | None = None) -> None:
        """Answer what the person just did on the message line for ``seconds``
        (``why``: the rules section a "Why?" opens); the next step clears it."""
        self.message_line.answer(text, color, seconds, why)

    def told(self, lines: Sequence[Line]) -> None:
        """What a step (or a deal) says: every line goes to the move log, the
        most telling one to the message line (replacing what earlier steps said)."""
        self.log.add(lines)
        self.message_line.step(lines)

    def open_why(self) -> None:
        """W or a click on "Why?": the rules, open at the section behind the line
        on show (or, when it has none, behind the latest move log line that has one)."""
        if self.app is None:
            return
        why = self.frame.pill.why_key if self.frame is not None and self.frame.pill is not None else None
        if why is None:
            why = next((line.why for line in reversed(self.log.lines) if line.why), None)
        if why is None:
            self.say("Nothing on the table needs explaining yet: Rules help is in the menu (Esc).", theme.INK_DIM)
            return
        self.open_rules(why)

    def open_rules(self, why: str) -> None:
        """The rules help, open at section ``why``."""
        assert self.app is not None
        self.app.push(self.app.routes.rules(self.match.setup.options, why, self.match.players))

    def open_menu(self) -> None:
        """Esc: the pause menu (over the round summary too)."""
        assert self.app is not None
        self.app.push(self.app.routes.pause(self.session, self.watching, self.save_now))

    def open_scores(self) -> None:
        """Tab or the Scores button: the score sheet so far, over the table."""
        assert self.app is not None
        self.input.drag = None
        self.app.push(self.app.routes.scores(self.match, self.session.hints))

    def close_tip(self) -> None:
        """The player closed the tip (it is not shown again)."""
        self.tip = None

    # ----------------------------------------------------------------- rounds
    def start_round(self) -> None:
        """Deal the next round and show the deal."""
        self.summary_shown = False
        self.summary_timer = None
        start = self.controller.start_next_round()
        self.log.begin(start.number)
        self.picture.deal(start, self.settings.anim_scale)
        self._layout()

    def next_round(self) -> None:
        """After the round summary: deal again, or show the match result."""
        if self.controller.phase is Phase.MATCH_OVER:
            self.finish_match()
        else:
            self.start_round()

    def finish_match(self) -> None:
        """The match is over: show the ranking (or print it and exit in a fast demo)."""
        assert self.app is not None
        self.save_now()
        if self.exit_at_end:
            print(ranking_text(self.match))
            self.app.quit(0)
            return
        self.app.replace(self.app.routes.match_end(self.session))

    # -------------------------------------------------------------- queries
    @property
    def shown(self) -> RoundState | None:
        """The round as the picture shows it now."""
        return self.picture.shown

    @property
    def selected(self) -> Tile | None:
        """The tile picked in the tray."""
        return self.tray.selected

    def select(self, tile: Tile | None) -> None:
        """Pick ``tile`` in the tray (None: none), as a click on it does."""
        self.tray.selected = tile

    @property
    def message(self) -> str:
        """The line the message area shows now ('' when it shows none)."""
        pill = self.frame.pill if self.frame is not None else None
        return "" if pill is None else pill.text

    def lines_said(self) -> list[str]:
        """The lines said in the message area lately, oldest first."""
        return list(self.message_line.history)

    def human_turn(self) -> bool:
        """Whether the person may act now (it is their turn and the picture has caught up)."""
        return (self.controller.person_to_move() and self.controller.to_move() == self.human
                and self.picture.ready())

    def legal_trains(self, tile: Tile) -> list[int]:
        """Trains the person may play ``tile`` on now."""
        if not self.human_turn():
            return []
        return sorted({a.train for a in self.controller.legal_actions() if isinstance(a, Play) and a.tile == tile})

    def shown_totals(self) -> list[int]:
        """Each seat's total as the picture stands: a round the engine has
        finished counts only once the picture has caught up with its end."""
        shown = self.picture.shown
        return self.controller.totals(counting_this_round=shown is not None and shown.round_over)

    def tile_center(self, tile: Tile) -> Point | None:
        """Where ``tile`` lies in the hand tray now, or None if it is not in view."""
        return self.tray.tile_center(tile)

    def tray_shows(self, tile: Tile) -> bool:
        """Whether ``tile`` is in view in the tray (not in flight, not carried)."""
        carried = self.frame.carried if self.frame else None
        return (self.tray.tile_center(tile) is not None and tile not in self.picture.hidden_hand
                and (carried is None or carried[0] != tile))

    def button_labels(self) -> list[str]:
        """The labels of the buttons on show (the sort button first, the menu last)."""
        sort = [self.tray.sort_label] if self.tray.showing is not None else []
        return sort + [b.label for b in self.frame.buttons] if self.frame else sort

    def boneyard_center(self) -> Point:
        """The middle of the boneyard's pile (a click there draws)."""
        return self.frame.boneyard.center if self.frame else self.geometry.boneyard_center()

    def train_end(self, train: int) -> Point | None:
        """Where the next tile of ``train`` would go on the table (None if it has no room)."""
        if self.frame is None:
            return None
        slot = self.frame.plan.lanes[train].next_slot
        return None if slot is None else (slot.x, slot.y)

    def hub_center(self) -> Point:
        """The middle of the roundhouse hub."""
        assert self.frame is not None
        return self.frame.plan.hub

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Drive computers, play the animation queue, open the summary when due, lay out the frame."""
        assert self.app is not None
        if self.note:  # say first what happened on the way here (a save restored from its backup)
            note, self.note = self.note, ""
            self.app.push(self.app.routes.dialog("Your match goes on", note, [("OK", lambda: None)]))
            return
        self.clock += dt
        self.message_line.tick(dt, self.human_turn())
        self.picture.advance(dt)
        scale = self.settings.anim_scale
        fast = scale <= 0
        if fast:
            self.controller.think_for(INSTANT_THINKING)
        else:
            self.controller.think()
        self.catch_steps()
        self.picture.catch_up(scale, self.settings.turn_seconds)
        ended = self.controller.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        if ended and not self.summary_shown and self.picture.idle() and self.summary_timer is None:
            self.summary_timer = 0.0 if fast else 1.1 * scale + 0.4
        if self.summary_timer is not None and not self.summary_shown:
            self.summary_timer -= dt
            if self.summary_timer <= 0:
                self._open_summary()
        self._offer_tip()
        self.handover.check()
        self._layout()

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While the table only pulses, the few places that pulse (else None: all of it)."""
        return self._dirty

    def frame_rate(self) -> int:
        """Full speed while anything moves or a computer decides; slower while the
        table only pulses, waiting for the person."""
        moving = (not self.picture.ready() or self.controller.computer_to_move() or self.input.drag is not None
                  or self.summary_timer is not None or self.picture.tweens.busy)
        return FULL_RATE if moving else PULSE_RATE

    def _offer_tip(self) -> None:
        """Show a first-match tip when the table first shows what it explains."""
        state = self.picture.shown
        if self.tip is not None or self.watching or state is None or not self.picture.ready():
            return
        key = due_tip(state, self.human, self.human_turn(), self.settings.tips_seen)
        if key is not None:
            self.tip = key
            self.settings.saw_tip(key)

    def _open_summary(self) -> None:
        """Show the summary of the round that ended."""
        assert self.app is not None
        self.summary_shown = True
        self.summary_timer = None
        last = self.controller.phase is Phase.MATCH_OVER
        self.app.push(self.app.routes.round_summary(self.match, last, self.watching, self.next_round,
                                                    hints=self.session.hints, on_menu=self.open_menu,
                                                    you=self.human))

    def catch_steps(self, drop: Point | None = None) -> None:
        """Hand the controller's new steps to the picture (``drop``: where the person let go of the tile)."""
        for step in self.controller.take_steps():
            self.picture.enqueue(step, None if step.computer else drop)

    def skip(self) -> None:
        """Catch the picture up at once (Space or a click while computers play)."""
        self.picture.skip()
        if self.summary_timer is not None:
            self.summary_timer = min(self.summary_timer, 0.05)

    # ---------------------------------------------------------------- layout
    def _layout(self) -> None:
        """Work out what the next draws paint and the next clicks hit."""
        assert self.app is not None
        size = self.app.size
        self.geometry.resize(size)
        state = self.picture.shown
        if state is None:
            self.frame = None
            return
        picture, scaled = self.picture, self.geometry.scaled
        plan = self.geometry.plan(state)
        your_turn = self.human_turn()
        legal = self.controller.legal_actions() if your_turn else []
        drag = self.input.drag
        carried = drag.tile if drag is not None and drag.carries_tile else None
        focus = carried if carried is not None else self.tray.selected
        seat = self.tray.seat_of(state)
        label = "" if seat is None else self.handover.hand_label(seat, state.names[seat])
        playable = frozenset(a.tile for a in legal if isinstance(a, Play))
        numerals = self.geometry.numerals(state, in_tray=False)
        self.tray.layout(state, self.settings.hand_sort, picture.deal_progress, playable, label,
                         self.geometry.numerals(state, in_tray=True))
        totals = self.shown_totals()
        dealt = picture.deal_progress >= 1.0
        hidden = frozenset(picture.hidden_slots)
        mover = picture.mover()
        mover = state.to_move if mover is None else mover
        score_text = self.handover.turn_title() or score_line(state, totals, self.human)
        detail = detail_line(state, self.match.fingerprints[-1] if self.match.fingerprints else "")
        self.frame = TableFrame(
            size=size, scaled=scaled, plan=plan, state=state,
            static_key=(size, picture.version, hidden, picture.engine_shown, tuple(totals), dealt, numerals,
                        theme.PALETTE_VERSION, score_text, detail),
            seat_labels=self.seat_labels,
            totals=tuple(totals), dealt=dealt, engine_shown=picture.engine_shown, hidden_slots=hidden,
            numerals=numerals, title=f"Round {self.match.round_number} of {self.match.setup.rounds}",
            detail=detail,
            score_text=score_text, clock=self.clock,
            turn_glow=not state.round_over and dealt, mover=mover,
            thinking=self.controller.thinking_seat == mover,
            targets=tuple(self.legal_trains(focus)) if focus is not None else (),
            can_draw=your_turn and DRAW in legal,
            boneyard=boneyard_pile(scaled.anchor("boneyard"), scaled.k),
            buttons=buttons(scaled, legal, self.input.knock_armed, self.input.hover, your_turn, can_undo(self)),
            pill=self._message(your_turn, legal, state),
            carried=(carried, drag.center(drag.pos)) if carried is not None and drag is not None else None,
            score_right=score_right(scaled),
            tip=None if self.tip is None else place_tip(scaled, self.tip, TIPS[self.tip]),
            badge=self.saving_badge(),
        )
        self.static.refresh(self.frame, self.layout)
        still = (dataclasses.replace(self.frame, clock=0.0), self.log.version, self.log_panel.open, self.log_panel.back)
        self._dirty = pulse_rects(self.frame) if still == self._still else None
        self._still = still
        area, k = scaled.anchor("felt"), scaled.k
        width = min(420 * k, area.w * 0.45)
        bottom = scaled.anchor("message_area").y - 4 * k
        left = round(area.right - width - 6 * k)
        top = area.y + 6 * k
        tip = self.frame.tip
        if tip is not None and tip.box.right > left:  # the log opens under the tip card, never beneath it
            top = max(top, tip.box.bottom + 6 * k)
        self.log_panel.layout(pygame.Rect(left, round(top), round(width), round(max(80 * k, bottom - top))), k,
                              self.log, state.names, self.you)

    def _message(self, your_turn: bool, legal: Sequence[Action], state: RoundState) -> Pill | None:
        """The message pill: what the message line says now (see ui.message_line)."""
        thinking = self.controller.thinking_seat
        present = Present(
            turn_line=turn_hint(legal, state) if your_turn else None,
            thinking=None if thinking is None else state.names[state.to_move],
            catching_up=not self.picture.idle(), round_over=state.round_over)
        said = self.message_line.on_show(present)
        return None if said is None else place_pill(self.geometry.scaled, said.text, said.color, said.why)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame worked out in the last update (changes nothing)."""
        frame = self.frame
        if frame is None:
            assert self.app is not None
            surface.blit(self.layout.felt(self.app.size), (0, 0))
            return
        self.static.blit(surface, frame, self.layout)
        paint_moving(surface, frame, self.picture, self.tray, (self.log_panel, self.log))

    def handle(self, intent: Intent) -> None:
        """Mouse and keyboard play (see table_input)."""
        self.input.handle(intent)
