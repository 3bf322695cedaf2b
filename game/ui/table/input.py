"""The person's keys and mouse at the table: intents become plays, draws,
knocks, sorts, skips and a pause; a dragged tile snaps to the nearest legal
train on release or glides back to the tray."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai import hint
from ...engine import DRAW, END, MEXICAN, OPEN, Action, Phase, Play
from ...engine.tiles import TEXT
from ...narrate import sentence, where
from .. import theme
from ..hand import SORT_LABELS, SORTS
from ..intents import Intent
from .drag import BONEYARD, Drag, nearest_target
from .tray import Point
from .undo import take_back

if TYPE_CHECKING:
    from .scene import TableScene


class TableInput:
    """What the person does at ``table``: what the mouse carries (``drag``),
    where it hovers, and whether the next play knocks (``knock_armed``)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.tray = table.tray
        self.controller = table.controller
        self.drag: Drag | None = None
        self.knock_armed = False
        self.hover: Point = (0, 0)

    def handle(self, intent: Intent) -> None:
        """Mouse and keyboard play."""
        table = self.table
        assert table.app is not None
        kind = intent.kind
        if kind == "back":
            table.open_menu()
        elif kind == "move":
            self.hover = intent.pos
            if self.drag is not None:
                self.drag.move_to(intent.pos)
        elif kind == "skip":
            if not self.table.human_turn():
                self.table.skip()
        elif kind == "scroll":
            if table.log_panel.hits(intent.pos):
                table.log_panel.scroll_by(intent.amount * 2)
            else:
                self.tray.scroll_by(-intent.amount)
        elif kind in ("page_up", "page_down") and table.log_panel.open:
            table.log_panel.scroll_by(6 if kind == "page_up" else -6)
        elif kind == "press" and intent.button == 1:
            self._press(intent.pos)
        elif kind == "release" and intent.button == 1:
            self._release(intent.pos)
        elif kind in ("left", "right"):
            self.tray.step_selection(-1 if kind == "left" else 1)
        elif kind == "confirm":
            self._play_selected_anywhere()
        elif kind == "next_field":
            table.open_scores()
        elif kind == "key":
            self._key(intent.char)

    def _key(self, char: str) -> None:
        """The letter and digit keys."""
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
        elif char == "h":
            self.hint()
        elif char == "l":
            self.table.log_panel.toggle()
        elif char == "w":
            self.table.open_why()
        elif char == "g":
            self.table.close_tip()
        elif char == "u":
            take_back(self.table)
        elif char.isdigit() and char != "0" and self.table.shown is not None and int(char) <= self.table.shown.players:
            self._play_selected(int(char) - 1)

    def _press_button(self, key: str) -> None:
        """Do what the button ``key`` says."""
        if key == "end":
            self._try(END)
        elif key == "undo":
            take_back(self.table)
        elif key == "open":
            self._try(OPEN)
        elif key == "knock":
            self._toggle_knock()
        elif key == "menu":
            self.handle(Intent("back"))
        elif key == "hint":
            self.hint()
        elif key == "log":
            self.table.log_panel.toggle()
        elif key == "scores":
            self.table.open_scores()

    def act(self, action: Action, drop: Point | None = None) -> bool:
        """Apply the person's action (knocking if armed); show the reason if the engine refuses it."""
        if not self.controller.person_to_move():
            return False
        if isinstance(action, Play) and self.knock_armed and not action.knock:
            knocked = Play(action.tile, action.train, True)
            if knocked in self.controller.legal_actions():
                action = knocked
        refusal = self.controller.act(action)
        if refusal is not None:
            self.table.say(sentence(refusal), theme.WARN)
            return False
        self.knock_armed = False
        self.tray.selected = None
        self.table.catch_steps(drop)
        return True

    def _try(self, action: Action) -> None:
        """Act if it is your turn, else say to wait."""
        if not self.table.human_turn():
            if self.table.human is not None and self.controller.phase is Phase.PLAYING:
                self.table.say("Wait for your turn.", theme.INK_DIM, 1.5)
            return
        self.act(action)

    def _toggle_knock(self) -> None:
        """Arm (or disarm) the knock for the next play."""
        if not self.table.human_turn():
            return
        if any(isinstance(a, Play) and a.knock for a in self.controller.legal_actions()):
            self.knock_armed = not self.knock_armed
            self.table.say("Knock armed: your next play announces one tile left." if self.knock_armed
                           else "Knock cancelled.", theme.GOLD)
        else:
            self.table.say("You can knock only with the play that leaves you one tile.", theme.WARN)

    def _cycle_sort(self) -> None:
        """The next way of sorting the hand (remembered for the next run)."""
        how = self.table.settings.hand_sort
        self.table.settings.hand_sort = SORTS[(SORTS.index(how) + 1) % len(SORTS)] if how in SORTS else SORTS[0]
        self.table.settings.remember()
        self.table.say(f"Hand sorted {SORT_LABELS[self.table.settings.hand_sort]}.", theme.INK_DIM, 1.5)

    def _play_selected(self, train: int) -> None:
        """Play the selected tile on ``train``."""
        if self.tray.selected is None:
            self.table.say("Choose a tile first (arrow keys or a click).", theme.INK_DIM, 2)
        elif not self.table.human_turn():
            self.table.say("Wait for your turn.", theme.INK_DIM, 1.5)
        else:
            self.act(Play(self.tray.selected, train))

    def _play_selected_anywhere(self) -> None:
        """Enter: play the selected tile on the only train it fits."""
        tile = self.tray.selected
        if tile is None:
            return
        targets = self.table.legal_trains(tile)
        if len(targets) == 1:
            self._play_selected(targets[0])
        elif targets:
            names = ", ".join("M" if t == MEXICAN else str(t + 1) for t in targets)
            self.table.say(f"The {TEXT[tile]} fits several trains: press {names}.", theme.INK, 3)
        elif self.table.human_turn():
            self.table.say(f"The {TEXT[tile]} cannot be played now.", theme.WARN)

    def hint(self) -> None:
        """H or the Hint button: the computer's suggestion for your turn, with its
        reason (counted on the score sheet); the suggested tile is picked up."""
        table = self.table
        human = table.human
        if human is None or not table.human_turn():
            table.say("Hints are for your turn.", theme.INK_DIM, 1.5)
            return
        action, reason = hint(table.match.view(human))
        table.session.hints[human] += 1
        self.controller.save()
        if isinstance(action, Play):
            self.tray.selected = action.tile
            self.tray.step_selection(0)
            place = where(action.train, human, table.match.names, human)
            what = f"play the {TEXT[action.tile]} on {place}{' and knock (K)' if action.knock else ''}"
        else:
            what = {DRAW: "draw from the boneyard (D)", END: "end your turn (E)", OPEN: "open your train (O)"}.get(
                action, str(action))
        table.message_line.advise(f"Hint: {what} \u2014 {reason}.")

    def _press(self, pos: Point) -> None:
        """A press: the tip, "Why?", a button, a tray arrow, a tray tile or the
        boneyard to pick up, or a train for the selected tile."""
        frame = self.table.frame
        if frame is not None and frame.tip is not None and frame.tip.box.collidepoint(pos):
            self.table.close_tip()
            return
        if frame is not None and frame.pill is not None and frame.pill.why is not None \
                and frame.pill.why.collidepoint(pos):
            self.table.open_why()
            return
        if self.tray.hits_sort(pos):
            self._cycle_sort()
            return
        for button in frame.buttons if frame else ():
            if button.rect.collidepoint(pos):
                self._press_button(button.key)
                return
        arrow = self.tray.arrow_at(pos)
        if arrow:
            self.tray.page(arrow)
            return
        if self.table.log_panel.hits(pos):
            why = self.table.log_panel.why_at(pos)
            if why is not None:
                self.table.open_rules(why)
            return
        if not self.table.human_turn():
            if not self.controller.person_to_move():
                self.table.skip()
            return
        hit = self.tray.tile_at(pos)
        if hit is not None:
            tile, rect = hit
            self.drag = Drag(tile, pos, (pos[0] - rect.centerx, pos[1] - rect.centery))
        elif frame is not None and frame.boneyard.collidepoint(pos):
            self.drag = Drag(BONEYARD, pos)
        elif self.tray.selected is not None and frame is not None:
            train = frame.plan.lane_at(pos)
            if train is not None:
                self._play_selected(train)

    def _release(self, pos: Point) -> None:
        """A release: a click selects, a drop plays on the train under it or glides home."""
        drag, self.drag = self.drag, None
        frame = self.table.frame
        if drag is None or frame is None:
            return
        if drag.tile == BONEYARD:  # a click on the boneyard, or a drag from it onto the tray, draws
            if not drag.moved or self.tray.area.collidepoint(pos):
                self._try(DRAW)
            return
        if not drag.moved:
            self.tray.selected = None if self.tray.selected == drag.tile else drag.tile
            return
        plan = frame.plan
        train = plan.lane_at(pos)
        if train is None:
            train = nearest_target(plan, pos, self.table.legal_trains(drag.tile))
        center = drag.center(pos)
        if train is None:
            self.table.picture.glide_home(drag.tile, center, self.table.settings.anim_scale)
            self.table.say(f"Drop the {TEXT[drag.tile]} on a glowing train end.", theme.INK_DIM, 2.5)
        elif not self.act(Play(drag.tile, train), drop=center):
            self.table.picture.glide_home(drag.tile, center, self.table.settings.anim_scale)
