"""Player actions: small hashable values with the scenario file's text form.

A train is a seat number (0..7) or ``MEXICAN`` (-1). ``parse_action`` reads
``play A-B on T [knock]``, ``draw``, ``end`` and ``open``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .frozen import Frozen
from .tiles import MAX_PIP, TEXT, Tile, TileSyntaxError, parse_tile

MEXICAN: Final = -1


def train_name(train: int) -> str:
    """A train's text form: the seat number, or ``mexican``."""
    return "mexican" if train == MEXICAN else str(train)


class ActionSyntaxError(ValueError):
    """Text that is not an action of the scenario vocabulary."""


@dataclass(frozen=True, slots=True)
class Play(Frozen):
    """Lay ``tile`` from hand on ``train``; ``knock`` declares one tile left."""

    tile: Tile
    train: int
    knock: bool = False

    def __eq__(self, other: object) -> bool:
        """Equal to a play of the same fields (as the dataclass compares; written out, so that
        compiled code compares plays without a call into Python, as it does for every log line)."""
        if type(other) is not Play:
            return NotImplemented
        return self.tile == other.tile and self.train == other.train and self.knock == other.knock

    def __hash__(self) -> int:
        """The hash the dataclass would give (of the fields in order), written out like ``__eq__``."""
        return hash((self.tile, self.train, self.knock))

    def __str__(self) -> str:
        text = f"play {TEXT[self.tile]} on {train_name(self.train)}"
        return text + " knock" if self.knock else text


@dataclass(frozen=True, slots=True)
class Draw(Frozen):
    """Draw the next boneyard tile."""

    def __eq__(self, other: object) -> bool:
        """Equal to any other draw (it has no fields; written out like ``Play.__eq__``)."""
        return True if type(other) is Draw else NotImplemented

    def __hash__(self) -> int:
        """The hash the dataclass would give (of no fields)."""
        return hash(())

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class End(Frozen):
    """Stop a turn where a further play is allowed but not required."""

    def __eq__(self, other: object) -> bool:
        """Equal to any other end (it has no fields; written out like ``Play.__eq__``)."""
        return True if type(other) is End else NotImplemented

    def __hash__(self) -> int:
        """The hash the dataclass would give (of no fields)."""
        return hash(())

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Open(Frozen):
    """Turn your own train public (presets with ``may_open_own``)."""

    def __eq__(self, other: object) -> bool:
        """Equal to any other open (it has no fields; written out like ``Play.__eq__``)."""
        return True if type(other) is Open else NotImplemented

    def __hash__(self) -> int:
        """The hash the dataclass would give (of no fields)."""
        return hash(())

    def __str__(self) -> str:
        return "open"


Action = Play | Draw | End | Open

DRAW: Final = Draw()
END: Final = End()
OPEN: Final = Open()

_PLAYS: dict[tuple[Tile, int, bool], Play] = {}


_TEXTS: dict[Action, str] = {}
"""Each action's text, made once (a match logs thousands)."""


def action_text(action: Action) -> str:
    """``str(action)``, cached: the text form logs and saves use."""
    text = _TEXTS.get(action)
    if text is None:
        text = _TEXTS[action] = str(action)
    return text


def play(tile: Tile, train: int, knock: bool = False) -> Play:
    """The interned Play value for these fields (cheap on the hot path)."""
    key = (tile, train, knock)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(tile, train, knock)
    return found


PLAIN_PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(play(t, train) for t in range(len(TEXT))) for train in (*range(8), MEXICAN)
)
"""``PLAIN_PLAYS[train][tile]``: the interned plain Play (the Mexican train, -1, is the last row)."""


def parse_train(text: str, players: int) -> int:
    """Parse a train name: a seat number below ``players`` or ``mexican``."""
    if text == "mexican":
        return MEXICAN
    if text.isdigit() and int(text) < players:
        return int(text)
    raise ActionSyntaxError(f"'{text}' is not a train: use a seat number 0..{players - 1} or mexican")


def parse_action(text: str, players: int, set_max: int = MAX_PIP) -> Action:
    """Parse an action's text form; raise ActionSyntaxError naming the problem."""
    words = text.split()
    if words == ["draw"]:
        return DRAW
    if words == ["end"]:
        return END
    if words == ["open"]:
        return OPEN
    if len(words) in (4, 5) and words[0] == "play" and words[2] == "on":
        if len(words) == 5 and words[4] != "knock":
            raise ActionSyntaxError(f"'{text}': only 'knock' may follow the train")
        try:
            tile = parse_tile(words[1], set_max)
        except TileSyntaxError as error:
            raise ActionSyntaxError(str(error)) from None
        return play(tile, parse_train(words[3], players), len(words) == 5)
    raise ActionSyntaxError(
        f"'{text}' is not an action: use 'play A-B on T', 'play A-B on T knock', 'draw', 'end' or 'open'"
    )
