"""The table: play a match with the mouse or keyboard while computer players
think in a worker process and every move is animated from the engine's events.

The scene wires its parts together and nothing holds it: input turns events
into commands (``input``), the controller (``game.play``) applies actions,
the picture catches up with the engine (``picture``), ``update`` works out a
``TableFrame`` (``frame``) and ``draw`` paints it (``paint``) without changing
anything. The seat whose hand is shown is kept once, by the handover.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pygame

from ...engine import Phase, Play
from ...memory.session import GameSession
from ...play import MatchController, ProcessWorker, TableDriver, Worker
from ...review.cache import Reviewable
from ...words.movelog import MoveLog, rebuild
from ...words.narrate import Line, kind_label, ranking_text, sentence
from ...words.rules_help import refusal_why
from .. import theme
from ..fonts import logging_text
from ..intents import Intent
from ..layout import table_layout
from ..scene import FULL_RATE, PULSE_RATE, Host
from ..settings import Settings
from .asks import TableAsks
from .frame import FrameFacts, Parts, build_frame
from .geometry import TableGeometry
from .handover import Handover
from .hinting import TableHints
from .input import Command, InputView, TableInput
from .log_panel import LogPanel
from .message_line import MessageLine
from .paint import TableFrame, paint_moving, pulse_rects
from .parts import detail_line, score_line
from .picture import TablePicture
from .saving import SavingStatus
from .speaking import Sight, TableSpeech
from .still import StaticLayer
from .tips import next_tip
from .tray import HandTray, Point

INSTANT_THINKING = 0.012
"""Seconds a frame may wait for computer decisions at the instant pace (one frame is about 0.017)."""


class TableScene(TableAsks):
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
        controller: TableDriver | None = None,  # a match played elsewhere (a network table)
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
        self.controller: TableDriver = controller or MatchController(
            session, worker or ProcessWorker(), self._autosave, watching)
        self.handover = Handover([] if watching else session.human_seats)
        self.you = None if self.handover.several else self.human
        """The seat called "You" (None when several people share the screen: they go by name)."""
        self.seat_labels = tuple("Person" if c.is_human and self.you is None else kind_label(c.kind)
                                 for c in session.seats)
        self.layout = table_layout()
        self.tray = HandTray(self.handover.viewer, follow_mover=watching)
        self.message_line = MessageLine()
        self.hints = TableHints(self.message_line)
        self.static = StaticLayer()
        self.frame: TableFrame | None = None
        self.log = MoveLog()
        self.log_panel = LogPanel()
        self.input = TableInput(self.tray, self.log_panel)
        self.clock = 0.0
        self.summary_timer: float | None = None
        self.summary_shown = False
        self.error_note = ""
        self.tip: str | None = None
        self._still: object = None
        self._dirty: list[pygame.Rect] | None = None
        self._kept: tuple[TableFrame, pygame.Surface] | None = None
        """What the table last painted under another scene, and the frame it showed."""

    # ------------------------------------------------------------- lifecycle
    def attach(self, app: Host) -> None:
        """Start the worker and show the first (or resumed) round."""
        super().attach(app)
        self.settings = app.settings
        self.geometry = TableGeometry(self.layout, self.tray, app.settings, app.size)
        self.picture = TablePicture(self.geometry, self.handover.viewer, self.told)
        self.picture.you = self.you
        self.speech = self.narrator = TableSpeech(app.voice, app.settings, Sight(
            self.picture, self.tray, self.match, self.controller, self.you, self.log), self.watching)
        self.message_line.listener = app.voice.say
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
        """Stop the workers."""
        self.controller.close()
        self.hints.close()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again for a window of ``size`` pixels."""
        self._layout()

    def pause(self) -> None:
        """A menu opens over the table: drop whatever the mouse carried."""
        self.input.drag = None
        self._layout()

    @property
    def human(self) -> int | None:
        """The seat whose hand is shown (kept by the handover)."""
        return self.handover.shown

    def told(self, lines: Sequence[Line], wait: bool = True) -> None:
        """What a step (or a deal) says: every line goes to the move log, the
        most telling one to the message line (replacing what earlier steps said;
        ``wait``: the next computer step waits until it can be read)."""
        self.log.add(lines)
        self.message_line.step(lines, wait)
        self.speech.told(lines)

    # ----------------------------------------------------------------- rounds
    def start_round(self) -> None:
        """Deal the next round and show the deal."""
        self.summary_shown = False
        self.summary_timer = None
        start = self.controller.start_next_round()
        self.log.begin(start.number)
        self.picture.reduced = self.settings.reduced_motion
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
    def human_turn(self) -> bool:
        """Whether the person may act now (it is their turn and the picture has caught up)."""
        return (self.controller.person_to_move() and self.controller.to_move() == self.human
                and self.picture.ready())

    def shown_totals(self) -> list[int]:
        """Each seat's total as the picture stands: a round the engine has
        finished counts only once the picture has caught up with its end."""
        shown = self.picture.shown
        return self.controller.totals(counting_this_round=shown is not None and shown.round_over)

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Drive computers, play the animation queue, open the summary when due, lay out the frame."""
        assert self.app is not None
        if self.note:  # say first what happened on the way here (a save restored from its backup)
            note, self.note = self.note, ""
            self.app.push(self.app.routes.dialog("Your match goes on", note, [("OK", lambda: None)]))
            return
        self.clock += dt
        self.message_line.tick(dt, self.human_turn() or self.controller.waiting_for_person())
        self.picture.reduced = self.settings.reduced_motion
        self.picture.advance(dt)
        scale = self.animation_scale()
        fast = scale <= 0
        if fast:
            self.controller.think_for(INSTANT_THINKING)
        else:
            self.controller.think()
        self.catch_steps()
        self._say_hint()
        if fast or not (self.picture.next_is_computers()
                        and self.message_line.reading(scale, self.picture.lead(scale))):  # read, then heard:
            self.picture.catch_up(scale, self.settings.turn_seconds, self.app.voice.busy)
        self.speech.frame(self.human_turn(), self.controller.legal_actions(), self.tip)
        ended = self.controller.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        if ended and not self.summary_shown and self.picture.idle() and self.summary_timer is None:
            self.summary_timer = 0.0 if fast else 1.1 * scale + 0.4
        if self.summary_timer is not None and not self.summary_shown:
            self.summary_timer -= dt
            if self.summary_timer <= 0:
                self._open_summary()
        self._offer_tip()
        self._offer_handover()
        self._layout()

    def animation_scale(self) -> float:
        """How slowly the picture replays the steps now: the settings' pace (0: at once)."""
        return self.settings.anim_scale

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
        """Show a first-match tip when the table first shows what it explains; take
        one down when the moment it explains is over."""
        yours = self.controller.person_to_move() and self.controller.to_move() == self.human
        shown = None if self.watching or not self.picture.ready() else self.picture.shown
        self.tip = next_tip(self.tip, shown, self.human, yours, self.settings)  # shown: caught up, so yours is shown

    def _offer_handover(self) -> None:
        """Put the pass screen up when another person's turn comes (pass and play)."""
        self.handover.follow(self.controller.to_move())
        seat = self.handover.due(self.controller.to_move(), self.picture.ready())
        if seat is None or self.app is None:
            return
        news = self.handover.start(seat, self.log, self.match.fingerprints)  # since they last looked; the deal
        self._new_person()
        self.app.push(self.app.routes.pass_to(self.match.names[seat], self._handed_over, self.open_menu, *news))

    def _handed_over(self) -> None:
        """The person passed to is ready: show their hand."""
        self.handover.done()
        self._new_person()

    def _new_person(self) -> None:
        """Another person (or nobody, behind the pass screen) has the table: drop
        the last one's selection, drag, knock and everything said to them."""
        self.hints.cancel()
        self.tray.selected = None
        self.input.reset()
        self.message_line.forget()

    def _open_summary(self) -> None:
        """Show the summary of the round that ended."""
        assert self.app is not None
        self.summary_shown = True
        self.summary_timer = None
        last = self.controller.phase is Phase.MATCH_OVER
        self.app.push(self.app.routes.round_summary(self.match, last, self.watching, self.next_round,
                                                    hints=self.session.hints, on_menu=self.open_menu,
                                                    you=self.human, reviewable=None if self.watching
                                                    else Reviewable(self.session.reviews, self.session.human_seats)))

    def catch_steps(self, drop: Point | None = None) -> None:
        """Hand the controller's new steps to the picture (``drop``: where the person let go of the tile)."""
        for step in self.controller.take_steps():
            self.picture.enqueue(step, None if step.computer else drop)

    def skip(self) -> None:
        """Catch the picture up at once (Space or a click while computers play)."""
        self.picture.skip()
        self.message_line.skipped()
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
        self.frame = build_frame(size, state, self._facts(), Parts(
            self.geometry, self.picture, self.tray, self.input, self.message_line, self.log, self.log_panel))
        self.static.refresh(self.frame, self.layout)
        still = (dataclasses.replace(self.frame, clock=0.0), self.log.version, self.log_panel.open, self.log_panel.back)
        self._dirty = pulse_rects(self.frame) if still == self._still else None
        self._still = still

    def _facts(self) -> FrameFacts:
        """What the frame needs to know of the match now."""
        assert self.picture.shown is not None
        shown = self.picture.shown
        your_turn = self.human_turn()
        totals = tuple(self.shown_totals())
        seat = self.tray.seat_of(shown)
        names = self.match.names
        score = self.handover.turn_title(self.controller.to_move(), names, totals) or score_line(
            shown, totals, self.human)
        return FrameFacts(
            your_turn=your_turn, legal=self.controller.legal_actions() if your_turn else (),
            thinking=self.controller.thinking_seat, far_person=self.controller.waiting_for_person(), totals=totals,
            title=f"Round {self.match.round_number} of {self.match.setup.rounds}",
            detail=detail_line(shown, self.match.fingerprints[-1] if self.match.fingerprints else ""),
            score_text=score, hand_label="" if seat is None else self.handover.hand_label(seat, shown.names[seat]),
            seat_labels=self.seat_labels, hand_sort=self.settings.hand_sort, tip=self.tip,
            badge=self.saving_badge(), undo=self._may_undo(), clock=self.clock, you=self.you)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame worked out in the last update (changes nothing). Under another scene
        (a menu, the round summary) the table stands still: what it last painted is shown again."""
        frame = self.frame
        if frame is None:
            assert self.app is not None
            surface.blit(self.layout.felt(self.geometry.scaled), (0, 0))
            return
        covered = self.app is not None and self.app.top is not self and logging_text() is None
        kept = self._kept
        if covered and kept is not None and kept[0] is frame and kept[1].get_size() == surface.get_size():
            surface.blit(kept[1], (0, 0))
            return
        self.static.blit(surface, frame, self.layout)
        paint_moving(surface, frame, self.picture, self.tray, (self.log_panel, self.log))
        self._kept = (frame, surface.copy()) if covered else None

    def handle(self, intent: Intent) -> None:
        """Mouse and keyboard play: input turns them into commands (see ``input``), done here."""
        view = InputView(
            frame=self.frame, your_turn=self.human_turn(), person_to_move=self.controller.person_to_move(),
            legal=self.controller.legal_actions(), players=self.match.players,
            has_person=self.human is not None, playing=self.controller.phase is Phase.PLAYING,
            catching_up=not self.picture.ready())
        for command in self.input.handle(intent, view):
            self.carry_out(command)

    def carry_out(self, command: Command) -> None:
        """Do what input asked for."""
        simple: dict[str, Callable[[], object]] = {
            "menu": self.open_menu, "why": self.open_why, "scores": self.open_scores, "skip": self.skip,
            "close_tip": self.close_tip, "sort": self.cycle_sort, "hint": self.hint, "undo": self.take_back,
        }
        if command.kind in simple:
            simple[command.kind]()
        elif command.kind == "say":
            self.say(command.text, command.color, command.seconds)
        elif command.kind == "rules":
            self.open_rules(command.text)
        elif command.kind in ("hear", "reclaim"):  # T (reclaim) at a local table: whose move it is
            self.speak(self.speech.hear(command.text or "turn"))
        elif command.kind == "act" and command.action is not None:
            self._act(command)
        elif command.kind == "glide" and command.tile is not None and command.pos is not None:
            self.picture.glide_home(command.tile, command.pos, self.settings.anim_scale)

    def _act(self, command: Command) -> None:
        """Apply the person's action; a refusal is said (and a dropped tile glides home)."""
        assert command.action is not None
        self.hints.cancel()
        refusal = self.controller.act(command.action)
        if refusal is None:
            self.input.acted()
            self.catch_steps(command.pos)
            return
        why = refusal_why(self.controller.live, command.action, refusal)
        self.say(sentence(refusal), theme.WARN, 6.0 if why else 3.0, why)
        if command.pos is not None and isinstance(command.action, Play):
            self.picture.glide_home(command.action.tile, command.pos, self.settings.anim_scale)
