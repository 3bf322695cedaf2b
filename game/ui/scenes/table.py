"""The table: play a match with the mouse or keyboard while computer players
think in a worker process and every move is animated from the engine's events.

The scene only wires its parts together: the controller (game.play) drives the
match, the picture (ui.picture) catches up with it, the tray (ui.tray) holds
the hand, and ``update`` works out a ``TableFrame`` that ``draw`` paints
(ui.table_paint) without changing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import DRAW, END, OPEN, Action, Phase, Play, RoundState
from ...engine.tiles import Tile
from ...narrate import kind_label, ranking_text
from ...play import MatchController, ProcessWorker, Worker
from ...session import GameSession
from .. import theme
from ..geometry import TableGeometry
from ..intents import Intent
from ..layout import table_layout
from ..picture import TablePicture
from ..scene import Scene
from ..settings import Settings
from ..table_draw import boneyard_pile
from ..table_input import TableInput
from ..table_paint import StaticLayer, TableButton, TableFrame, paint_moving
from ..toast import Toast
from ..tray import HandTray, Point

if TYPE_CHECKING:
    from ..app import App

INSTANT_THINKING = 0.012
"""Seconds a frame may wait for computer decisions at the instant pace (one frame is about 0.017)."""

TURN_BUTTONS = (("end", "End turn  (E)"), ("open", "Open train  (O)"))
"""The turn's buttons other than Knock, in the order they stack."""


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
        self.human = self.controller.human
        self.seat_labels = tuple("You" if s == self.human else kind_label(c.kind) for s, c in enumerate(session.seats))
        self.layout = table_layout()
        self.tray = HandTray(self.human, follow_mover=watching)
        self.toast = Toast()
        self.static = StaticLayer()
        self.frame: TableFrame | None = None
        self.input = TableInput(self)
        self.clock = 0.0
        self.summary_timer: float | None = None
        self.summary_shown = False
        self.error_note = ""

    # ------------------------------------------------------------- lifecycle
    def attach(self, app: App) -> None:
        """Start the worker and show the first (or resumed) round."""
        super().attach(app)
        self.settings = app.settings
        self.geometry = TableGeometry(self.layout, self.tray, app.settings, app.size)
        self.picture = TablePicture(self.geometry, self.human, self.say)
        if app.sounds is not None and not self.watching:
            self.picture.hear = app.sounds.hear
        phase, live = self.controller.phase, self.controller.live
        if phase is Phase.DEALING:
            self.start_round()
        elif live is not None:
            self.picture.show_now(live.copy())
            if phase is not Phase.PLAYING:
                self.summary_timer = 0.0
        self.controller.warm_up()
        if self.note:
            self.say(self.note, theme.GOLD)
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

    def say(self, text: str, color: theme.Color = theme.INK, seconds: float = 4.0) -> None:
        """Show a line in the message area for ``seconds``."""
        self.toast.say(text, color, seconds)

    # ----------------------------------------------------------------- rounds
    def start_round(self) -> None:
        """Deal the next round and show the deal."""
        self.summary_shown = False
        self.summary_timer = None
        self.picture.deal(self.controller.start_next_round(), self.settings.anim_scale)
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
        """The line last said in the message area."""
        return self.toast.text

    def lines_said(self) -> list[str]:
        """The lines said in the message area lately, oldest first."""
        return list(self.toast.history)

    def human_turn(self) -> bool:
        """Whether the person may act now (it is their turn and the picture has caught up)."""
        return self.controller.person_to_move() and self.picture.ready()

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
        self.clock += dt
        self.toast.tick(dt)
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
        self._layout()

    def _open_summary(self) -> None:
        """Show the summary of the round that ended."""
        assert self.app is not None
        self.summary_shown = True
        self.summary_timer = None
        last = self.controller.phase is Phase.MATCH_OVER
        self.app.push(self.app.routes.round_summary(self.match, last, self.watching, self.next_round))

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
        label = "" if seat is None else "Your hand" if seat == self.human else f"{state.names[seat]}'s hand (watching)"
        playable = frozenset(a.tile for a in legal if isinstance(a, Play))
        self.tray.layout(state, self.settings.hand_sort, picture.deal_progress, playable, label)
        totals = self.shown_totals()
        dealt = picture.deal_progress >= 1.0
        numerals = True if self.settings.show_numbers else None
        hidden = frozenset(picture.hidden_slots)
        self.frame = TableFrame(
            size=size, scaled=scaled, plan=plan, state=state,
            static_key=(size, picture.version, hidden, picture.engine_shown, tuple(totals), dealt, numerals),
            seat_labels=self.seat_labels,
            totals=tuple(totals), dealt=dealt, engine_shown=picture.engine_shown, hidden_slots=hidden,
            numerals=numerals, title=f"Round {self.match.round_number} of {self.match.setup.rounds}",
            detail=self._detail(state), score_text=self._score_text(state, totals), clock=self.clock,
            turn_glow=not state.round_over and dealt,
            thinking=self.controller.thinking_seat == state.to_move,
            targets=tuple(self.legal_trains(focus)) if focus is not None else (),
            can_draw=your_turn and DRAW in legal,
            boneyard=boneyard_pile(scaled.anchor("boneyard"), scaled.k),
            buttons=self._buttons(legal), message=self._message(your_turn, legal, state),
            carried=(carried, drag.center(drag.pos)) if carried is not None and drag is not None else None,
            badge=self.saving_badge(),
        )
        self.static.refresh(self.frame, self.layout)

    def _detail(self, state: RoundState) -> str:
        """The top bar's rules, set and engine."""
        setup = self.match.setup
        rules = setup.options.preset.replace("-", " ").title()
        return f"{rules} rules  \u00b7  double-{setup.set_max} set  \u00b7  engine {state.engine}-{state.engine}"

    def _score_text(self, state: RoundState, totals: list[int]) -> str:
        """Your score and place, or who leads when watching."""
        if self.human is not None:
            place = sorted(range(state.players), key=lambda s: totals[s]).index(self.human) + 1
            return f"You: {totals[self.human]} pts  \u00b7  place {place} of {state.players}"
        leader = min(range(state.players), key=lambda s: totals[s])
        return f"Watching  \u00b7  leader {state.names[leader]} ({totals[leader]} pts)"

    def _buttons(self, legal: list[Action]) -> tuple[TableButton, ...]:
        """The turn's buttons (only on your turn) and the Menu button, with their places."""
        assert self.app is not None
        scaled = self.geometry.scaled
        k = scaled.k
        offered = [(key, label) for key, label in TURN_BUTTONS if {"end": END, "open": OPEN}[key] in legal]
        if any(isinstance(a, Play) and a.knock for a in legal):
            offered.append(("knock", "Knocking \u2714  (K)" if self.input.knock_armed else "Knock!  (K)"))
        area = scaled.anchor("buttons")
        bh = 40 * k
        y = area.y + 10 * k
        out = []
        for key, label in offered:
            rect = pygame.Rect(round(area.x + 10 * k), round(y), round(area.w - 20 * k), round(bh))
            out.append(TableButton(key, label, rect, rect.collidepoint(self.input.hover)))
            y += bh + 8 * k
        menu = pygame.Rect(round(scaled.size[0] - 110 * k), round(6 * k), round(100 * k), round(32 * k))
        out.append(TableButton("menu", "Menu (Esc)", menu, menu.collidepoint(self.input.hover), flat=True))
        return tuple(out)

    def _message(self, your_turn: bool, legal: list[Action], state: RoundState) -> tuple[str, theme.Color] | None:
        """The message pill: the last line said, else what to do or who is thinking."""
        if self.toast.showing:
            return self.toast.text, self.toast.color
        if your_turn:
            return self._turn_hint(legal, state), theme.INK
        if self.controller.thinking_seat is not None and not state.round_over:
            return f"{state.names[state.to_move]} is thinking\u2026  (Space skips ahead)", theme.INK_DIM
        if not self.picture.idle():
            return "Space or a click skips ahead", theme.INK_DIM
        return None

    @staticmethod
    def _turn_hint(legal: list[Action], state: RoundState) -> str:
        """What the person can do on their turn."""
        if legal == [DRAW]:
            return "Your turn: nothing fits, so draw from the boneyard (click it or press D)."
        if END in legal:
            return "Play another tile, or end your turn (E)."
        if state.open_doubles:
            return "Your turn: cover the open double."
        return "Your turn: drag a tile to a glowing train (or arrows + 1-8 / M)."

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame worked out in the last update (changes nothing)."""
        frame = self.frame
        if frame is None:
            assert self.app is not None
            surface.blit(self.layout.felt(self.app.size), (0, 0))
            return
        self.static.blit(surface, frame, self.layout)
        paint_moving(surface, frame, self.picture, self.tray)

    def handle(self, intent: Intent) -> None:
        """Mouse and keyboard play (see table_input)."""
        self.input.handle(intent)
