"""A line as it is said aloud: tiles as numbers ("12-7" is "12 7", "6-6" is
"double 6", never "twelve dash seven") and the separators drawn between figures
("·", "—") as the pause of a comma, so names and scores do not run together;
"±" and "pts" in words."""

from __future__ import annotations

import re

DOUBLE = re.compile(r"\b(?:double )?(\d{1,2})-\1\b")
"""A double as the game writes it ("6-6"), with a "double" already before it."""
TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")
"""Any other tile as the game writes it ("12-7")."""
SPAN = re.compile(r"(\d)\s*\u2013\s*(\d)")
"""A span of numbers drawn with an en dash ("1–7 of 20")."""
POINTS = re.compile(r"\bpts\b")
"""The points abbreviated as drawn ('35 pts'), which a voice spells out letter by letter."""
SEPARATOR = re.compile(r"\s*[\u00b7\u2014\u2013\u2022]\s*")
"""The dots, dashes and bars drawn between the parts of a line."""


def spoken(line: str) -> str:
    """``line`` in the words a voice should say."""
    line = POINTS.sub("points", line.replace("\u00b1", " give or take "))
    line = DOUBLE.sub(r"double \1", line)
    line = TILE.sub(r"\1 \2", line)
    line = SPAN.sub(r"\1 to \2", line)
    line = SEPARATOR.sub(", ", line).strip(", ")
    return " ".join(re.sub(r",\s*([,.:;!?])", r"\1", line).split())
