"""The statistics' tables: a row per group of matches, a column per figure, each column as
wide as its figures and the longest word of its heading (a heading wraps on two lines).
Columns that do not fit across the room go on in a second band under the first, each band
with its own column names, never squeezed or cut."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...memory.stats import Tally
from .. import theme
from ..painted import Item, Words
from ..sizing import Sizes

COLUMNS = ("matches", "won", "rounds won", "went out", "best", "average", "longest train", "hints")


def tally_cells(tally: Tally) -> tuple[str, ...]:
    """One row of the table, in ``COLUMNS`` order."""
    return (
        str(tally.matches),
        f"{tally.wins} ({100 * tally.wins // tally.matches}%)" if tally.matches else "0",
        f"{tally.round_wins} of {tally.rounds}",
        str(tally.went_out),
        "-" if tally.best_total is None else str(tally.best_total),
        f"{tally.average_total:.0f}" if tally.matches else "-",
        str(tally.longest_train),
        str(tally.hints),
    )


def row_label(key: str) -> str:
    """A row's label: the preset or level named, or Total."""
    return key.replace("-", " ").title() if key else "Total"


@dataclass(frozen=True)
class TablePlan:
    """The columns' widths of every table on the screen (one plan, so the tables line up),
    and which columns each band holds (one band when they all fit across)."""

    label_w: int
    widths: tuple[int, ...]
    head_h: int
    bands: tuple[tuple[int, ...], ...]

    @property
    def width(self) -> int:
        """The tables' whole width (the widest band)."""
        return self.label_w + max(sum(self.widths[i] for i in band) for band in self.bands)

    def place(self, items: list[Item], s: Sizes, heading: str, rows: dict[str, Tally], at: tuple[int, int],
              boxes: list[pygame.Rect]) -> int:
        """One table's heading, then each band's column names and rows from ``at`` into ``items``
        (each row's box in the first band added to ``boxes``, for the keyboard's ring); the y under it."""
        x, y = at
        items.append(Words(heading, s.body, theme.GOLD, (x, y), style="bold"))
        y += s.line(s.body, "bold") + s.gap // 2
        for number, band in enumerate(self.bands):
            if number:
                y += s.gap
            cx = x + self.label_w
            for i in band:
                items.append(Words(COLUMNS[i], s.fine, theme.INK_DIM, (cx, y), wrap=self.widths[i] - s.gap))
                cx += self.widths[i]
            y += self.head_h + s.gap // 2
            for key, tally in sorted(rows.items()):
                if not number:
                    boxes.append(pygame.Rect(x, y - s.gap // 4, self.width, s.line(s.small) + s.gap // 2))
                items.append(Words(row_label(key), s.small, theme.INK, (x + s.gap, y), style="bold"))
                cells = tally_cells(tally)
                cx = x + self.label_w
                for i in band:
                    items.append(Words(cells[i], s.small, theme.INK, (cx, y)))
                    cx += self.widths[i]
                y += s.line(s.small) + s.gap // 2
        return y


def plan_columns(s: Sizes, tables: Sequence[tuple[str, dict[str, Tally]]], room: int) -> TablePlan:
    """The columns for ``tables`` (heading and rows each) at the sizes ``s`` in ``room`` pixels
    across: spaced by a section, or closer when that fits, else in as many bands as needed."""
    rows = [(key, tally) for _, table in tables for key, tally in table.items()]
    label_w = max(s.width(row_label(key), s.small, "bold") for key, _ in rows) + s.gap + s.section
    needs = []
    for i, column in enumerate(COLUMNS):
        word = max(s.width(part, s.fine) for part in column.split())
        cells = max(s.width(tally_cells(tally)[i], s.small) for _, tally in rows)
        needs.append(max(word, cells))
    space = s.section if label_w + sum(needs) + s.section * len(needs) <= room else s.gap
    widths = tuple(need + space for need in needs)
    bands: list[tuple[int, ...]] = []
    band: list[int] = []
    for i, width in enumerate(widths):
        if band and label_w + sum(widths[j] for j in band) + width > room:
            bands.append(tuple(band))
            band = []
        band.append(i)
    bands.append(tuple(band))
    head_h = max(s.wrapped(column, s.fine, width - s.gap) for column, width in zip(COLUMNS, widths))
    return TablePlan(label_w, widths, head_h, tuple(bands))
