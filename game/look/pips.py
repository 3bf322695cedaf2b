"""Where the pips of one end of a domino lie, as on a real set up to double-18.

Real sets draw 1 to 6 as on dice, 7 to 9 on a 3 by 3 grid (7: the six with a
centre pip; 8: the ring; 9: the full grid), and every larger value in three
columns: two outer columns of as many rows as the value needs (four rows for
10 to 12, five for 13 to 15, six for 16 to 18) and a middle column that holds
the rest: the two inner rows (10, 13: 5 + 3 + 5 holds three, 16), the gaps
between the rows (11, 14, 17: the middle pips sit between the outer ones) or
every row (12, 15, 18). So a value reads as its columns: 18 is three columns
of six, 17 two of six with five between them.

Positions are fractions (0..1) of the end's square; ``pip_radius`` is the pip's
radius as a fraction of it, the same for every value with as many rows.
"""

from __future__ import annotations

from math import ceil

Point = tuple[float, float]

LOW = 0.22
HIGH = 0.78
"""The outer columns and rows of the 3 by 3 grid (1 to 9)."""

DICE: dict[int, tuple[Point, ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((LOW, LOW), (HIGH, HIGH)),
    3: ((LOW, LOW), (0.5, 0.5), (HIGH, HIGH)),
    4: ((LOW, LOW), (HIGH, LOW), (LOW, HIGH), (HIGH, HIGH)),
    5: ((LOW, LOW), (HIGH, LOW), (0.5, 0.5), (LOW, HIGH), (HIGH, HIGH)),
}
"""The dice faces, 0 to 5."""

MIDDLE_3: dict[int, tuple[float, ...]] = {6: (), 7: (1.0,), 8: (0.0, 2.0), 9: (0.0, 1.0, 2.0)}
"""The middle column's rows (0..2) for 6 to 9: none, the centre, top and bottom (the ring), all three."""

MOST = 18
"""The largest value drawn in pips (a double-18 set)."""


def rows_for(value: int) -> int:
    """How many rows the outer columns of ``value`` have (3 up to 9, then one more for every three)."""
    return 3 if value <= 9 else ceil(value / 3)


def _span(rows: int) -> tuple[float, float]:
    """The top and bottom row's centres for ``rows`` rows: the grid of 1 to 9, spreading toward the edge."""
    if rows <= 3:
        return LOW, HIGH
    margin = {4: 0.16, 5: 0.125, 6: 0.1}.get(rows, 0.1)
    return margin, 1 - margin


def _middle(value: int, rows: int) -> tuple[float, ...]:
    """The middle column's places, in rows (0 is the top row, halves fall between rows)."""
    if value <= 9:
        return MIDDLE_3[value]
    count = value - 2 * rows
    if count == rows:
        return tuple(float(r) for r in range(rows))
    if count == rows - 1:
        return tuple(r + 0.5 for r in range(rows - 1))
    return tuple(float(r) for r in range(1, rows - 1))  # rows - 2: the inner rows


def pip_layout(value: int) -> tuple[Point, ...]:
    """The centres of ``value``'s pips (0..18) in the unit square, left to right, top to bottom."""
    if not 0 <= value <= MOST:
        raise ValueError(f"no pip layout for {value} (0 to {MOST})")
    if value in DICE:
        return DICE[value]
    rows = rows_for(value)
    top, bottom = _span(rows)
    pitch = (bottom - top) / (rows - 1)
    left, right = (LOW, HIGH) if rows <= 3 else (top + 0.02, bottom - 0.02)
    outer = [top + r * pitch for r in range(rows)]
    points = [(left, y) for y in outer]
    points += [(0.5, top + r * pitch) for r in _middle(value, rows)]
    points += [(right, y) for y in outer]
    return tuple(points)


def pip_radius(value: int) -> float:
    """The radius of ``value``'s pips as a fraction of the end's square: large on
    the dice faces, smaller as the rows crowd (two fifths of a row's pitch: a fifth of it stays clear between two pips)."""
    rows = rows_for(value)
    if rows <= 3:
        return 0.1
    top, bottom = _span(rows)
    return 0.4 * (bottom - top) / (rows - 1)
