"""A form: a label and a widget per row, side by side when both fit across (else the label
above its widget), placed from a top in window pixels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme
from ..painted import Item, Words
from ..sizing import Sizes
from ..widgets import Picker, TextField


def widget_width(widget: Any, s: Sizes, least: int) -> int:
    """How wide ``widget`` wants to be: a picker its widest value, a field or a button ``least``."""
    if isinstance(widget, Picker):
        return max(least, widget.needs(s.label))
    if isinstance(widget, TextField):
        return least
    return max(least, s.button_width(widget.label))


def form_width(rows: Sequence[tuple[str, Any]], s: Sizes, least: int) -> int:
    """The width a form of ``rows`` needs with labels beside their widgets."""
    label_w = max((s.width(label, s.body) for label, _ in rows if label), default=0)
    widget_w = max(widget_width(widget, s, least) for _, widget in rows)
    return label_w + s.section + widget_w


def place_form(rows: Sequence[tuple[str, Any]], s: Sizes, room: pygame.Rect, items: list[Item]) -> int:
    """Place each row's widget in ``room`` (from its top, as wide as it) and note its label
    in ``items``, right-aligned beside it or above it when the room is too narrow; the y under the last."""
    label_w = max((s.width(label, s.body) for label, _ in rows if label), default=0)
    beside = label_w + s.section + round(s.unit * 14) <= room.w
    y = room.y
    for label, widget in rows:
        if beside:
            box = pygame.Rect(room.x + label_w + s.section, y, room.w - label_w - s.section, s.control)
            if label:
                items.append(Words(label, s.body, theme.INK_DIM, (room.x + label_w, box.centery), "midright"))
        else:
            if label:
                items.append(Words(label, s.body, theme.INK_DIM, (room.x, y)))
                y += s.line(s.body) + s.gap // 2
            box = pygame.Rect(room.x, y, room.w, s.control)
        widget.place(box, s.body if isinstance(widget, TextField) else s.label)
        y = box.bottom + s.gap
    return y - s.gap
