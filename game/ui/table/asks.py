"""What the person asks of the table besides a move, and the table's care for the save:
the rules (W), the menu (Esc), the score sheet (Tab), a hint (H), the hand's order (S),
taking a turn back (U), closing a tip (G); autosaving after every change and refusing to
close while a save fails.

``TableAsks`` is the part of the table scene (``scene.TableScene``) that answers them; it
reads the scene's parts, which the scene makes.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Match, Play
from ...memory.session import GameSession
from ...play import TableDriver
from ...review.cache import Reviewable
from ...words.movelog import MoveLog, rebuild
from .. import theme
from ..hand import SORT_LABELS, SORTS
from ..scene import Scene
from ..settings import Settings
from .hinting import TableHints
from .input import TableInput
from .message_line import MessageLine
from .paint import TableFrame
from .picture import TablePicture
from .saving import SavingStatus
from .tray import HandTray
from .undo import can_undo


class TableAsks(Scene):
    """The table's answers to what the person asks besides a move (see the module's docstring)."""

    session: GameSession
    match: Match
    controller: TableDriver
    watching: bool
    save_to: Callable[[GameSession], str | None] | None
    saving: SavingStatus | None
    error_note: str
    quit_refused: bool
    message_line: MessageLine
    hints: TableHints
    frame: TableFrame | None
    log: MoveLog
    input: TableInput
    tray: HandTray
    settings: Settings
    picture: TablePicture
    you: int | None
    tip: str | None

    @property
    def human(self) -> int | None:
        """The seat whose hand is shown."""
        raise NotImplementedError

    def human_turn(self) -> bool:
        """Whether the person may act now."""
        raise NotImplementedError

    def _new_person(self) -> None:
        """Drop what was said and held for the last person."""
        raise NotImplementedError

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
        problem = None if self.watching or self.saving is None else self.saving.problem
        return None if problem is None else f"Not saving: {problem}"

    def say(self, text: str, color: theme.Color = theme.INK, seconds: float = 3.0, why: str | None = None) -> None:
        """Answer what the person just did on the message line for ``seconds``
        (``why``: the rules section a "Why?" opens); the next step clears it."""
        self.message_line.answer(text, color, seconds, why)

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
        self.app.push(self.app.routes.rules(self.match.setup.options, why, players=self.match.players))

    def open_menu(self) -> None:
        """Esc: the pause menu (over the round summary too)."""
        assert self.app is not None
        self.hints.cancel()
        self.app.push(self.app.routes.pause(self.session, self.watching, self.save_now))

    def open_scores(self) -> None:
        """Tab or the Scores button: the score sheet so far, over the table."""
        assert self.app is not None
        self.input.drag = None
        self.app.push(self.app.routes.scores(self.match, self.session.hints, None if self.watching else
                                             Reviewable(self.session.reviews, self.session.human_seats), self.human))

    def hint(self) -> None:
        """H or the Hint button: start finding the hint for your turn (the review's own
        pick, in a worker; ``update`` says it with its reason once found)."""
        if self.human is None or not self.human_turn():
            self.say("Hints are for your turn.", theme.INK_DIM, 1.5)
            return
        self.hints.ask(self.match.view(self.human))

    def _say_hint(self) -> None:
        """A hint found for the person to move: say it, pick its tile up, count it on the score sheet."""
        found, human = self.hints.collect(), self.human
        if found is None or human is None:
            return
        if self.session.count_hint(human):
            self.controller.save()
        if isinstance(found.action, Play):
            self.tray.selected = found.action.tile
            self.tray.step_selection(0)
        self.message_line.advise(found.text)

    def cycle_sort(self) -> None:
        """The next way of sorting the hand (remembered for the next run)."""
        how = self.settings.hand_sort
        self.settings.hand_sort = SORTS[(SORTS.index(how) + 1) % len(SORTS)] if how in SORTS else SORTS[0]
        self.settings.remember()
        self.say(f"Hand sorted {SORT_LABELS[self.settings.hand_sort]}.", theme.INK_DIM, 1.5)

    def take_back(self) -> bool:
        """Take back the person's last turn (and the computers' turns after it); whether one was."""
        human = self.human
        if human is None or not self._may_undo() or not self.controller.undo(human):
            return False
        live = self.controller.live
        if live is not None:
            self.picture.show_now(live.copy())
        self.log.replace(self.match.round_number, rebuild(self.match, self.you))
        self._new_person()  # the same person, but nothing said or held before the undo stays
        self.say("Your last turn is taken back.", theme.GOLD)
        return True

    def _may_undo(self) -> bool:
        """Whether the person may take back their last turn now."""
        return can_undo(self.session, self.human, self.human_turn(), self.watching)

    def close_tip(self) -> None:
        """The player closed the tip (it is not shown again)."""
        self.tip = None

