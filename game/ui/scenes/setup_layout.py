"""The new match screen's layout: players, rules and the match's length and deal in cards,
side by side when the window is wide enough, else one under another, scrolling when taller
than the window; Back and Start below, with the table in a line or what stops it."""

from __future__ import annotations

from typing import Protocol

import pygame

from ...words.option_words import label
from .. import theme
from ..boxes import Column, fitting, inset
from ..fonts import blit_text
from ..painted import Item, Shape, Words, paint
from ..pane import Pane
from ..sizing import Sizes
from ..widgets import Button, Picker, TextField
from .menu import clipped

HOUSE_HINT = "\u25c0 \u25b6 on any option makes a house rule"
TYPICAL_NAME = "Maximiliano"
"""As wide a name as a seat's field is made for (a longer one scrolls in its field)."""


class SetupScene(Protocol):
    """What the layout places and reads of the new match screen (``scenes.setup.SetupScene``)."""

    items: list[Item]
    boxes: dict[str, pygame.Rect]
    rule_labels: dict[str, pygame.Rect]
    pane: Pane
    seat_count: Picker
    preset: Picker
    length: Picker
    undo: Picker
    names: list[TextField]
    kinds: list[Picker]
    rules: dict[str, Picker]
    deal: TextField
    help_button: Button
    back_button: Button
    start_button: Button
    rules_label: str
    error: str

    def undo_offered(self) -> bool:
        """Whether Undo a turn is offered."""
        ...

    def people(self) -> int:
        """How many seats people play."""
        ...

    def table_words(self) -> str:
        """The table as set up now in a line."""
        ...


def lay_out_setup(scene: SetupScene, s: Sizes) -> None:
    """Place every widget of ``scene`` and note the words and cards to paint, for sizes ``s``."""
    frame = s.frame
    items: list[Item] = []
    scene.items = items
    title_h = s.line(s.title, "title")
    scene.boxes["title"] = pygame.Rect(frame.x, frame.y, frame.w, title_h)
    _footer(scene, s, frame)
    body = pygame.Rect(frame.x, frame.y + title_h + s.section, frame.w - s.gap,
                       scene.boxes["footer"].y - s.section - frame.y - title_h - s.section)
    players_w = _players_width(scene, s)
    top = scene.pane.top
    if body.w >= players_w + s.section + round(s.unit * 26):
        left = pygame.Rect(body.x, top, players_w, 0)
        right = pygame.Rect(body.x + players_w + s.section, top, body.w - players_w - s.section, 0)
        bottom_left = _match_card(scene, s, items, _players_card(scene, s, items, left) + s.section, left)
        bottom = max(bottom_left, _rules_card(scene, s, items, right))
    else:
        whole = pygame.Rect(body.x, top, body.w, 0)
        y = _players_card(scene, s, items, whole) + s.section
        y = _rules_card(scene, s, items, pygame.Rect(whole.x, y, whole.w, 0)) + s.section
        bottom = _match_card(scene, s, items, y, whole)
    scene.pane.set(body, bottom - top)


def _footer(scene: SetupScene, s: Sizes, frame: pygame.Rect) -> None:
    """Back on the left, Start on the right, and between them the table in a line or what stops it."""
    back_w, start_w = s.button_width("Back") + 2 * s.pad, s.button_width("Start match") + 2 * s.pad
    words_w = frame.w - back_w - start_w - 2 * s.section
    words = scene.error or scene.table_words()
    height = max(s.control, s.wrapped(words, s.small, words_w, "bold"))
    y = frame.bottom - height
    scene.back_button.place(pygame.Rect(frame.x, frame.bottom - s.control, back_w, s.control), s.label)
    scene.start_button.place(pygame.Rect(frame.right - start_w, frame.bottom - s.control, start_w, s.control), s.label)
    scene.boxes["footer"] = pygame.Rect(frame.x, y, frame.w, height)
    scene.boxes["words"] = pygame.Rect(frame.x + back_w + s.section, y, words_w, height)


def _players_width(scene: SetupScene, s: Sizes) -> int:
    """How wide the players' card is: a stripe, a name field and the kind picker (or the length
    picker with its label, when wider), with the card's padding."""
    name = s.width(TYPICAL_NAME, s.body) + 2 * s.pad
    kind = max(k.needs(s.label) for k in scene.kinds[:1])
    match = max(s.width("Length", s.body, "bold"), s.width("Deal code", s.body, "bold")) + s.section \
        + scene.length.needs(s.label)
    return 2 * s.inside + max(s.gap * 2 + name + s.gap + kind, match)


def _card(items: list[Item], s: Sizes, box: pygame.Rect) -> None:
    """A card behind a section (added first: it is painted under its words)."""
    items.insert(0, Shape(box, theme.PANEL, 2 * s.radius, card=True))


def _heading_row(scene: SetupScene, s: Sizes, items: list[Item], column: Column, heading: str,
                 widgets: list[object]) -> None:
    """A section's heading with ``widgets`` (pickers, buttons) after it on its row, or under it when they do not fit."""
    widths = [w.needs(s.label) if hasattr(w, "needs") else s.button_width(w.label) for w in widgets]  # type: ignore[attr-defined]
    head_w = s.width(heading, s.heading, "bold") + s.section
    row = column.take(s.control)
    items.append(Words(heading, s.heading, theme.INK, row.midleft, "midleft", "bold"))
    x = row.x + head_w
    if head_w + sum(widths) + s.gap * len(widths) > row.w:
        row = column.take(s.control)
        x = row.x
    for widget, width in zip(widgets, widths):
        widget.place(pygame.Rect(x, row.y, min(width, row.right - x), s.control), s.label)  # type: ignore[attr-defined]
        x += width + s.gap


def _players_card(scene: SetupScene, s: Sizes, items: list[Item], room: pygame.Rect) -> int:
    """The players: how many, then a row per seat (its colour, name and who plays it), then
    Undo a turn (one person) or the pass-and-play note (several); the y under the card."""
    inner = inset(room, s.inside, 0)
    column = Column(pygame.Rect(inner.x, room.y + s.inside, inner.w, 0), s.gap)
    _heading_row(scene, s, items, column, "Players", [scene.seat_count])
    kind_w = scene.kinds[0].needs(s.label)
    name_x = inner.x + 2 * s.gap
    kind_x = min(inner.right - kind_w, name_x + round(s.unit * 20))  # a name field no wider than names need
    heads = column.take(s.line(s.fine))
    items.append(Words("Name", s.fine, theme.INK_DIM, (name_x, heads.y)))
    items.append(Words("Plays as", s.fine, theme.INK_DIM, (kind_x, heads.y)))
    for i in range(scene.seat_count.value):
        row = column.take(s.control)
        items.append(Shape(pygame.Rect(inner.x, row.y + s.gap // 2, max(4, s.gap // 2), row.h - s.gap),
                           theme.SEAT_COLORS[i], 2))
        scene.names[i].place(pygame.Rect(name_x, row.y, kind_x - s.gap - name_x, row.h), s.body)
        scene.kinds[i].place(pygame.Rect(kind_x, row.y, kind_w, row.h), s.label)
    column.skip(s.gap)
    if scene.undo_offered():
        row = column.take(s.control)
        items.append(Words("Undo a turn", s.body, theme.INK, row.midleft, "midleft", "bold"))
        scene.undo.place(pygame.Rect(kind_x, row.y, kind_w, row.h), s.label)
    elif scene.people() > 1:
        note = "Pass and play: the screen hides the hands between people"
        items.append(Words(note, s.fine, theme.INK_DIM, column.take(s.wrapped(note, s.fine, inner.w)).topleft,
                           wrap=inner.w))
    bottom = column.bottom + s.inside
    _card(items, s, pygame.Rect(room.x, room.y, room.w, bottom - room.y))
    return bottom


def _rules_card(scene: SetupScene, s: Sizes, items: list[Item], room: pygame.Rect) -> int:
    """The rules: the preset and Rules help, what they add up to, then every house rule with
    its label, in as many columns as fit; the y under the card."""
    inner = inset(room, s.inside, 0)
    column = Column(pygame.Rect(inner.x, room.y + s.inside, inner.w, 0), s.gap)
    _heading_row(scene, s, items, column, "Rules", [scene.preset, scene.help_button])
    said = column.take(s.wrapped(scene.rules_label, s.body, inner.w, "bold"))
    items.append(Words(scene.rules_label, s.body, theme.GOLD, said.topleft, style="bold", wrap=inner.w))
    items.append(Words(HOUSE_HINT, s.fine, theme.INK_DIM, column.take(s.line(s.fine)).topleft))
    column.skip(s.gap)
    size = s.small
    pickers = list(scene.rules.values())
    label_w = min(round(s.unit * 11), max(s.width(label(name), size) for name in scene.rules))
    picker_w = min(round(s.unit * 15), max(p.needs(size) for p in pickers))
    cell_w = label_w + s.gap + picker_w
    columns = fitting(inner.w, cell_w, s.section, 3)
    width = (inner.w - s.section * (columns - 1)) // columns
    label_w = width - s.gap - picker_w
    row_h = max(s.control, max(s.wrapped(label(name), size, label_w) for name in scene.rules))
    rows = -(-len(pickers) // columns)
    top = column.take(rows * (row_h + s.gap) - s.gap).y
    scene.rule_labels = {}
    for i, (name, picker) in enumerate(scene.rules.items()):
        c, r = divmod(i, rows)
        x, y = inner.x + c * (width + s.section), top + r * (row_h + s.gap)
        box = pygame.Rect(x, y, label_w, row_h)
        scene.rule_labels[name] = box
        items.append(Words(label(name), size, theme.INK_DIM, (box.right, box.centery), "midright", wrap=label_w))
        picker.place(pygame.Rect(x + label_w + s.gap, y + (row_h - s.control) // 2, picker_w, s.control), size)
    bottom = column.bottom + s.inside
    _card(items, s, pygame.Rect(room.x, room.y, room.w, bottom - room.y))
    return bottom


def _match_card(scene: SetupScene, s: Sizes, items: list[Item], y: int, room: pygame.Rect) -> int:
    """The match's length and its deal code (same code, same deals); the y under the card."""
    inner = inset(pygame.Rect(room.x, y, room.w, 0), s.inside, 0)
    column = Column(pygame.Rect(inner.x, y + s.inside, inner.w, 0), s.gap)
    label_w = max(s.width("Length", s.body, "bold"), s.width("Deal code", s.body, "bold")) + s.section
    length_w = min(inner.w - label_w, scene.length.needs(s.label))
    row = column.take(s.control)
    items.append(Words("Length", s.body, theme.INK, row.midleft, "midleft", "bold"))
    scene.length.place(pygame.Rect(row.x + label_w, row.y, length_w, row.h), s.label)
    row = column.take(s.control)
    items.append(Words("Deal code", s.body, theme.INK, row.midleft, "midleft", "bold"))
    field_w = min(inner.w - label_w, s.width("WWWWW-WWWWW", s.body) + 2 * s.pad)
    scene.deal.place(pygame.Rect(row.x + label_w, row.y, field_w, row.h), s.body)
    same = "same code, same deals"
    items.append(Words(same, s.fine, theme.INK_DIM, column.take(s.line(s.fine)).move(label_w, 0).topleft))
    bottom = column.bottom + s.inside
    _card(items, s, pygame.Rect(room.x, y, room.w, bottom - y))
    return bottom


def draw_setup(scene: SetupScene, surface: pygame.Surface, s: Sizes) -> None:
    """The title, the cards and their words (in the pane), and the line between Back and Start."""
    blit_text(surface, "New match", s.title, theme.GOLD, scene.boxes["title"].midtop, "midtop", "title")
    with clipped(surface, scene.pane.view):
        paint(surface, scene.items, scene.pane.view)
    words = scene.boxes["words"]
    if scene.error:
        blit_text(surface, scene.error, s.small, theme.RED, words.midleft, "midleft", "bold", wrap=words.w)
    else:
        blit_text(surface, scene.table_words(), s.small, theme.GOLD, words.center, "center", "bold", wrap=words.w)
