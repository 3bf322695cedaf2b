"""A player who only hears and presses keys: it imports nothing of the game.

It is handed a keyboard (``Keys``): pressing a key or typing gives back the
lines spoken since, and ``wait`` lets time pass until the game waits for the
player (or a screen other than the table is up), giving back what was said
meanwhile. Every choice it makes (which button, which value, which tile and
which train) comes from those words alone."""

from __future__ import annotations

import re
from typing import Protocol

PLAYS = re.compile(r"Plays now: (.*?)\.(?: No play:|$)")
ONE_PLAY = re.compile(r"(?:double (\d+)|(\d+) (\d+)) on (.*)")
"""A tile as it is said ("12 5", "double 6") and where it plays."""
KEY = re.compile(r"\((\w)\)")


class Keys(Protocol):
    """The keyboard, and the ears: what each key made the game say."""

    def press(self, key: str, shift: bool = False) -> list[str]:
        """Press ``key`` (a letter, a digit, or up, down, left, right, enter, backspace, escape)."""
        ...

    def type(self, text: str) -> list[str]:
        """Type ``text``."""
        ...

    def wait(self) -> list[str]:
        """Let time pass until the game waits for the player."""
        ...


class BlindPlayer:
    """Plays by ear: sets a match up, then plays each turn from its hand as it is spoken."""

    def __init__(self, keys: Keys) -> None:
        self.keys = keys
        self.heard: list[str] = []
        self.played = 0
        self.refused = 0
        self.turn_line = ""
        self.over = False
        """Whether the round's end was said."""

    def _hear(self, lines: list[str]) -> list[str]:
        """Keep what was said; note the turn's line."""
        self.heard += lines
        for line in lines:
            if line.startswith(("Your turn", "Play another tile")):
                self.turn_line = line
            self.over = self.over or " is over." in line
        return lines

    def press(self, key: str, shift: bool = False) -> list[str]:
        """Press a key and listen."""
        return self._hear(self.keys.press(key, shift))

    def wait(self) -> list[str]:
        """Wait for the game and listen."""
        return self._hear(self.keys.wait())

    def focus_on(self, words: str, limit: int = 60) -> None:
        """Press Down until the element reached is said to start with ``words``."""
        for _ in range(limit):
            if any(line.startswith(words) for line in self.press("down")):
                return
        raise AssertionError(f"never heard {words!r}")

    def choose(self, name: str, value: str, limit: int = 12) -> None:
        """Press Right on the choice ``name`` until it says ``value``."""
        for _ in range(limit):
            if any(line.startswith(f"{name}: {value},") for line in self.press("right")):
                return
        raise AssertionError(f"{name} never said {value!r}")

    def set_up(self, players: int, level: str, code: str) -> None:
        """From the title: a new match of ``players`` seats, the others at ``level``, dealt by ``code``."""
        self.focus_on("New match, button")
        self.press("enter")
        self.focus_on("Players:")
        self.choose("Players", str(players))
        for seat in range(2, players + 1):
            self.focus_on(f"Seat {seat} plays as:")
            self.choose(f"Seat {seat} plays as", level)
        self.focus_on("Deal code, text field")
        for _ in range(16):
            self.press("backspace")
        self._hear(self.keys.type(code))
        self.press("enter")

    def play_round(self, turns: int = 200) -> None:
        """Play every turn until the round's end is said."""
        for _ in range(turns):
            self.wait()
            if self.over:
                return
            self.take_turn()
        raise AssertionError("the round never ended")

    def take_turn(self) -> None:
        """Ask for the hand; play the heaviest tile that fits where it was said to fit, else draw or end."""
        hand = " ".join(self.press("a"))
        found = PLAYS.search(hand)
        if found is None:
            self.press("e" if "(E)" in self.turn_line else "d")
            return
        options = []
        for part in found.group(1).split("; "):
            play = ONE_PLAY.match(part)
            if play is not None:
                double, high, low = play.group(1), play.group(2), play.group(3)
                pips = 2 * int(double) if double else int(high) + int(low)
                said = f"double {double}" if double else f"{high} {low}"
                options.append((pips, said, KEY.findall(play.group(4))[0]))
        _, tile, key = max(options)
        for _ in range(40):
            if any(line.startswith(f"{tile} plays on") for line in self.press("right")):
                break
        said = self.press(key.lower())
        if any(line.startswith(f"You play {tile} on") for line in said + self.wait()):
            self.played += 1
        else:
            self.refused += 1
