"""The person's keys and mouse at the table, turned into commands.

``TableInput`` keeps only what the hand is doing (what the mouse carries,
where it hovers, whether the next play knocks) and works the tray and the
move log panel it was given. Everything else it returns as ``Command``
values for the scene to carry out: play an action, say something, open a
screen, skip ahead, glide a refused tile home. It reads the table through an
``InputView`` the scene hands it with each intent, and never holds the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import DRAW, END, MEXICAN, OPEN, Action, Play
from ...engine.tiles import TEXT, Tile
from .. import theme
from ..intents import Intent
from .drag import BONEYARD, Drag, nearest_target
from .log_panel import LogPanel
from .paint import TableFrame
from .speaking import HEAR_KEYS
from .tray import HandTray, Point


@dataclass(frozen=True, slots=True)
class InputView:
    """What input may know of the table now: the frame on show, whether it is
    the shown person's turn (``your_turn``) or any person's (``person_to_move``),
    whether the picture is still catching up with the engine (``catching_up``: the
    deal or a computer's moves still moving), the legal actions, and whether a
    person sits at this table at all."""

    frame: TableFrame | None
    your_turn: bool
    person_to_move: bool
    legal: tuple[Action, ...]
    players: int
    has_person: bool
    playing: bool
    catching_up: bool = False


@dataclass(frozen=True, slots=True)
class Command:
    """Something for the scene to do: ``kind`` names it (``act``, ``say``,
    ``menu``, ``why``, ``rules``, ``scores``, ``skip``, ``close_tip``, ``sort``,
    ``hint``, ``undo``, ``glide``, ``hear``: say ``text``'s answer aloud); the
    other fields carry what it needs."""

    kind: str
    action: Action | None = None
    pos: Point | None = None
    tile: Tile | None = None
    text: str = ""
    color: theme.Color = theme.INK
    seconds: float = 3.0


def say(text: str, color: theme.Color = theme.INK, seconds: float = 3.0) -> Command:
    """A line for the message area."""
    return Command("say", text=text, color=color, seconds=seconds)


WAIT = say("Wait for your turn.", theme.INK_DIM, 1.5)
KEYS: dict[str, str] = {"w": "why", "g": "close_tip", "u": "undo", "h": "hint", "s": "sort", "t": "reclaim"}
"""Letter keys that only ask the scene for something (T: take my seat back at a network table where
the computer plays it, else whose move it is)."""
BUTTONS: dict[str, str] = {"undo": "undo", "menu": "menu", "hint": "hint", "scores": "scores",
                           "reclaim": "reclaim"}
"""Buttons that only ask the scene for something."""


class TableInput:
    """What the person does at the table: what the mouse carries (``drag``),
    where it hovers, and whether the next play knocks (``knock_armed``); it
    works ``tray`` and ``log_panel`` directly and returns the rest as commands."""

    def __init__(self, tray: HandTray, log_panel: LogPanel) -> None:
        self.tray = tray
        self.log_panel = log_panel
        self.drag: Drag | None = None
        self.knock_armed = False
        self.hover: Point = (0, 0)

    def reset(self) -> None:
        """Drop what the mouse carries and a knock armed (a handover, an undo, a menu)."""
        self.drag = None
        self.knock_armed = False

    def acted(self) -> None:
        """The person's play was applied: the knock and the selection are spent (the arrows go on
        from where the tile was)."""
        self.knock_armed = False
        self.tray.forget_selection()

    def handle(self, intent: Intent, view: InputView) -> list[Command]:
        """The commands ``intent`` asks for (empty when it only moved the hand)."""
        kind = intent.kind
        if kind == "back":
            return [Command("menu")]
        if kind == "move":
            self.hover = intent.pos
            if self.drag is not None:
                self.drag.move_to(intent.pos)
            return []
        if kind == "press" and intent.button == 1:
            return self._press(intent.pos, view)
        if kind == "release" and intent.button == 1:
            return self._release(intent.pos, view)
        if kind == "key":
            if intent.shift and (intent.char == "m" or intent.char.isdigit() and intent.char != "0"):
                return [Command("hear", text=f"train:{MEXICAN if intent.char == 'm' else int(intent.char) - 1}")]
            return self._key(intent.char, view)
        return self._other(intent, view)

    def _other(self, intent: Intent, view: InputView) -> list[Command]:
        """Space, the wheel, page keys, arrows, Enter and Tab."""
        kind = intent.kind
        if kind == "skip":
            return [] if view.your_turn else [Command("skip")]
        if kind == "scroll":
            if self.log_panel.hits(intent.pos):
                self.log_panel.scroll_by(intent.amount * 2)
            else:
                self.tray.scroll_by(-intent.amount)
        elif kind in ("page_up", "page_down") and self.log_panel.open:
            self.log_panel.scroll_by(6 if kind == "page_up" else -6)
        elif kind in ("left", "right"):
            self.tray.step_selection(-1 if kind == "left" else 1)
            return [Command("hear", text="selected")]
        elif kind in ("up", "down", "home", "end_key"):
            return self._walk(kind, view)
        elif kind == "confirm":
            return self._play_selected_anywhere(view)
        elif kind == "next_field":
            return [Command("scores")]
        return []

    def _key(self, char: str, view: InputView) -> list[Command]:
        """The letter and digit keys."""
        if char in KEYS:
            return [Command(KEYS[char])]
        if char in HEAR_KEYS:
            return [Command("hear", text=HEAR_KEYS[char])]
        actions: dict[str, Action] = {"d": DRAW, "e": END, "o": OPEN}
        if char in actions:
            return self._try(actions[char], view)
        if char == "k":
            return self._toggle_knock(view)
        if char == "m":
            return self._play_selected(MEXICAN, view)
        if char == "l":
            self.log_panel.toggle()
            return [Command("hear", text="log:open" if self.log_panel.open else "log:closed")]
        if char.isdigit() and char != "0" and int(char) <= view.players:
            return self._play_selected(int(char) - 1, view)
        return []

    def _walk(self, kind: str, view: InputView) -> list[Command]:
        """Up/Down and Home/End: the move log's lines while it is open, else the tiles that play
        (Up and Down) and the hand's first and last tile (Home and End)."""
        if self.log_panel.open:
            at = self.log_panel.read(kind)
            return [Command("hear", text="log:none" if at is None else f"log:{at}")]
        if kind in ("home", "end_key"):
            self.tray.step_selection(0, first=kind == "home")
            return [Command("hear", text="selected")]
        plays = frozenset(a.tile for a in view.legal if isinstance(a, Play)) if view.your_turn else frozenset()
        self.tray.step_selection(-1 if kind == "up" else 1, among=plays)
        return [Command("hear", text="playable")]

    def _press_button(self, key: str, view: InputView) -> list[Command]:
        """Do what the button ``key`` says."""
        if key in BUTTONS:
            return [Command(BUTTONS[key])]
        if key == "end":
            return self._try(END, view)
        if key == "open":
            return self._try(OPEN, view)
        if key == "knock":
            return self._toggle_knock(view)
        if key == "log":
            self.log_panel.toggle()
        return []

    def play(self, action: Action, view: InputView, drop: Point | None = None) -> list[Command]:
        """The person's ``action`` (with the knock when armed and offered), for the scene to apply."""
        if not view.person_to_move:
            return []
        if isinstance(action, Play) and self.knock_armed and not action.knock:
            knocked = Play(action.tile, action.train, True)
            if knocked in view.legal:
                action = knocked
        return [Command("act", action=action, pos=drop)]

    def _try(self, action: Action, view: InputView) -> list[Command]:
        """Act if it is your turn, else say to wait."""
        if not view.your_turn:
            return [WAIT] if view.has_person and view.playing else []
        return self.play(action, view)

    def _toggle_knock(self, view: InputView) -> list[Command]:
        """Arm (or disarm) the knock for the next play."""
        if not view.your_turn:
            return []
        if any(isinstance(a, Play) and a.knock for a in view.legal):
            self.knock_armed = not self.knock_armed
            return [say("Knock armed: your next play announces one tile left." if self.knock_armed
                        else "Knock cancelled.", theme.GOLD)]
        return [say("You can knock only with the play that leaves you one tile.", theme.WARN)]

    def _play_selected(self, train: int, view: InputView) -> list[Command]:
        """Play the selected tile on ``train``."""
        if self.tray.selected is None:
            return [say("Choose a tile first (arrow keys or a click).", theme.INK_DIM, 2)]
        if not view.your_turn:
            return [WAIT]
        return self.play(Play(self.tray.selected, train), view)

    def _play_selected_anywhere(self, view: InputView) -> list[Command]:
        """Enter: play the selected tile on the only train it fits."""
        tile = self.tray.selected
        if tile is None:
            if not view.your_turn:
                return []
            return [say("Choose a tile first (\u2190 \u2192 or a click), then Enter plays it.", theme.INK_DIM, 2.5)]
        targets = legal_trains(tile, view)
        if len(targets) == 1:
            return self._play_selected(targets[0], view)
        if targets:
            keys = ["M" if t == MEXICAN else str(t + 1) for t in sorted(targets, key=lambda t: (t == MEXICAN, t))]
            names = f"{', '.join(keys[:-1])} or {keys[-1]}"
            return [say(f"The {TEXT[tile]} fits several trains: press {names}.", theme.INK, 3)]
        if view.your_turn:
            return [say(f"The {TEXT[tile]} cannot be played now.", theme.WARN)]
        return []

    def _press(self, pos: Point, view: InputView) -> list[Command]:
        """A press: the tip, "Why?", a button, a tray arrow, a tray tile or the
        boneyard to pick up, or a train for the selected tile."""
        frame = view.frame
        if frame is not None and frame.tip is not None and frame.tip.box.collidepoint(pos):
            return [Command("close_tip")]
        if frame is not None and frame.pill is not None and frame.pill.why is not None \
                and frame.pill.why.collidepoint(pos):
            return [Command("why")]
        if self.tray.hits_sort(pos):
            return [Command("sort")]
        for button in frame.buttons if frame else ():
            if button.rect.collidepoint(pos):
                return self._press_button(button.key, view)
        arrow = self.tray.arrow_at(pos)
        if arrow:
            self.tray.page(arrow)
            return []
        if self.log_panel.hits(pos):
            why = self.log_panel.why_at(pos)
            return [] if why is None else [Command("rules", text=why)]
        if not view.your_turn:  # a click skips what is still moving, even when a person moves next
            return [Command("skip")] if view.catching_up or not view.person_to_move else []
        return self._pick_up(pos, view)

    def _pick_up(self, pos: Point, view: InputView) -> list[Command]:
        """A press on your turn: a tile or the boneyard picked up, or a train for the selected tile."""
        frame = view.frame
        hit = self.tray.tile_at(pos)
        if hit is not None:
            tile, rect = hit
            self.drag = Drag(tile, pos, (pos[0] - rect.centerx, pos[1] - rect.centery))
        elif frame is not None and frame.boneyard.collidepoint(pos):
            self.drag = Drag(BONEYARD, pos)
        elif self.tray.selected is not None and frame is not None:
            train = frame.plan.lane_at(pos)
            if train is not None:
                return self._play_selected(train, view)
        return []

    def _release(self, pos: Point, view: InputView) -> list[Command]:
        """A release: a click selects, a drop plays on the train under it or glides home."""
        drag, self.drag = self.drag, None
        frame = view.frame
        if drag is None or frame is None:
            return []
        if drag.tile == BONEYARD:  # a click on the boneyard, or a drag from it onto the tray, draws
            return self._try(DRAW, view) if not drag.moved or self.tray.area.collidepoint(pos) else []
        if not drag.moved:
            self.tray.selected = None if self.tray.selected == drag.tile else drag.tile
            return []
        plan = frame.plan
        train = plan.lane_at(pos)
        if train is None:
            train = nearest_target(plan, pos, legal_trains(drag.tile, view))
        center = drag.center(pos)
        if train is None:
            return [Command("glide", tile=drag.tile, pos=center),
                    say(f"Drop the {TEXT[drag.tile]} on a glowing train end.", theme.INK_DIM, 2.5)]
        played = self.play(Play(drag.tile, train), view, drop=center)
        return played or [Command("glide", tile=drag.tile, pos=center)]


def legal_trains(tile: Tile, view: InputView) -> list[int]:
    """Trains the person may play ``tile`` on now (none when it is not their turn)."""
    if not view.your_turn:
        return []
    return sorted({a.train for a in view.legal if isinstance(a, Play) and a.tile == tile})


def targets_of(tile: Tile | None, legal: Sequence[Action]) -> tuple[int, ...]:
    """The trains ``tile`` may go on among ``legal`` (empty for no tile)."""
    if tile is None:
        return ()
    return tuple(sorted({a.train for a in legal if isinstance(a, Play) and a.tile == tile}))
