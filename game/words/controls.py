"""Every key of the table in words, written once: for the Controls of Rules help
and for the line the table says of the keys that ask without looking."""

from __future__ import annotations

ASKING = (
    ("A", "your hand"),
    ("P", "the table at a glance"),
    ("Shift with a train's number, or Shift+M", "that train"),
    ("T", "whose move"),
    ("C", "the scores"),
    ("B", "the boneyard"),
    ("R", "the last turn again (again: the turn before)"),
    ("V", "more or fewer words"),
    ("L", "the move log, read with Up and Down"),
    ("question mark", "these keys"),
)
"""The keys that ask the table something without looking, and what each answers."""

PLAYING = (
    ("Left and Right", "pick a tile"),
    ("Up and Down", "the next tile that plays"),
    ("Home and End", "the first and the last tile"),
    ("1 to 8, or M", "play the tile picked on that train"),
    ("Enter", "play it on the only train it fits"),
    ("D", "draw"),
    ("E", "end the turn"),
    ("K", "knock"),
    ("O", "open your train"),
    ("U", "undo your last turn (where the table allows it)"),
    ("S", "sort your hand"),
    ("H", "a hint"),
    ("W", "why the last automatic move happened"),
    ("G", "close a tip"),
    ("Tab", "the score sheet"),
    ("Space", "skip the computer players' animation"),
    ("Esc", "the menu"),
    ("F11", "fullscreen"),
)
"""The keys that play, and what each does."""

SPEECH_KEY = "Ctrl+Alt+S turns speech on or off on any screen."


def _listed(keys: tuple[tuple[str, str], ...]) -> str:
    """'A your hand, P the table at a glance, ...'."""
    return ", ".join(f"{key} {what}" for key, what in keys)


def asking_line() -> str:
    """The line the table says of the keys that ask (once a run, and on the question mark)."""
    return f"Keys to ask: {_listed(ASKING)}; Esc the menu."


def controls() -> str:
    """Every control of the table, for Rules help."""
    return (f"Drag a tile to a glowing train end, or click a tile then a train. Keys: {_listed(PLAYING)}. "
            f"Keys that ask without looking (they say the answer aloud with speech on): {_listed(ASKING)}; "
            f"at a network table where the computer plays your seat, T takes it back. {SPEECH_KEY}")
