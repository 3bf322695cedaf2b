"""Undo at the table (a house setting for one person against computers): U or
the "Undo (U)" button takes back the person's last turn and shows it at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...movelog import rebuild
from .. import theme

if TYPE_CHECKING:
    from .scene import TableScene


def can_undo(table: TableScene) -> bool:
    """Whether the person may take back their last turn now (on their turn, with undo on)."""
    human = table.human
    return (not table.watching and human is not None and table.human_turn()
            and table.session.may_undo(human))


def take_back(table: TableScene) -> bool:
    """Take back the person's last turn (and the computers' turns after it); whether one was."""
    human = table.human
    if human is None or not can_undo(table) or not table.controller.undo(human):
        return False
    live = table.controller.live
    if live is not None:
        table.picture.show_now(live.copy())
    table.log.replace(table.match.round_number, rebuild(table.match, table.you))
    table.tray.selected = None
    table.input.drag = None
    table.input.knock_armed = False
    table.message_line.forget()
    table.say("Your last turn is taken back.", theme.GOLD)
    return True
