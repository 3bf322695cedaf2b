"""A domino's proportions, as fractions of its short side (``unit``, in pixels when drawn)."""

from __future__ import annotations

from typing import Final

DEPTH: Final = 0.07
"""How thick a tile looks: the strip of its side under the face."""
BEVEL: Final = 0.045
"""The width of the face's bevelled rim."""
CORNER: Final = 0.17
"""The radius of a tile's rounded corners."""
GROOVE_WIDTH: Final = 0.05
"""The width of the engraved bar across the middle."""
GROOVE_REACH: Final = 0.4
"""How far the bar reaches from the middle, as a fraction of the face's short side."""
SPINNER: Final = 0.075
"""The radius of the brass spinner on the bar."""
PIP_LEAST: Final = 4.0
"""The smallest pip drawn in a hand (pixels across): where a set's most crowded pips would be smaller, numerals."""
BOARD_PIP_LEAST: Final = 5.0
"""The smallest pip on the trains (pixels across): read from further off than the hand's."""
NUMERALS_BELOW: Final = 16
"""Tiles narrower than this many pixels always show numerals."""
