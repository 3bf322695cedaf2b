"""A turn told in one: the move log's lines cut into turns, and a seat's run of
tiles laid on one train said as one sentence ("Ana laid 5 tiles on their own
train, ending at 8.") instead of a sentence a tile, as players say it at a
real table. No pygame."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.tiles import TEXT
from .narrate import Line, where


def turns(lines: Sequence[Line]) -> list[list[Line]]:
    """``lines`` cut into turns: each run of lines about one seat (a line about no seat,
    the round's opening, is a turn of its own)."""
    out: list[list[Line]] = []
    for line in lines:
        if out and line.seat is not None and out[-1][-1].seat == line.seat:
            out[-1].append(line)
        else:
            out.append([line])
    return out


def said_of(lines: Sequence[Line]) -> list[Line]:
    """``lines`` less a draw the next line tells again ('Carmen draws a tile.' before 'Carmen drew
    a tile that does not fit and passes.'): what the voice needs of a step."""
    return [line for line, after in zip(lines, [*lines[1:], None][:len(lines)], strict=True)
            if not (after is not None and after.seat == line.seat and after.why == "drawing"
                    and not line.aloud and line.play is None and line.why is None)]


def _joins(run: Sequence[Line], line: Line) -> bool:
    """Whether ``line`` goes on the run of tiles ``run`` (a tile on the same train by the same
    seat, or what the rules say of a double in a first-turn line)."""
    first = run[0]
    assert first.play is not None
    if line.seat != first.seat:
        return False
    if line.play is not None:
        return line.play[1] == first.play[1]
    return line.why == "first-turn" and line.tone == "news"


def told_in_one(lines: Sequence[Line], names: Sequence[str], you: int | None, tiles: bool = False) -> list[str]:
    """The sentences of ``lines``, every run of two tiles or more laid on one train by a
    seat other than ``you`` told in one (``tiles``: naming each tile of it)."""
    out: list[str] = []
    run: list[Line] = []
    lines = said_of(lines)

    def close() -> None:
        laid = [line for line in run if line.play is not None]
        out.extend([run_words(laid, names, you, tiles)] if len(laid) > 1 else [line.text for line in run])
        run.clear()

    for line in lines:
        if run and _joins(run, line):
            run.append(line)
            continue
        close()
        if line.play is not None and line.seat != you:
            run.append(line)
        else:
            out.append(line.text)
    close()
    return out


def run_words(laid: Sequence[Line], names: Sequence[str], you: int | None, tiles: bool = False) -> str:
    """'Ana laid 5 tiles on their own train, ending at 8.' for the lines of a run of tiles
    (``tiles``: 'Ana laid 3 tiles on the Mexican train: 12-5, 5-3, 3-3; it ends at 3.')."""
    seat = laid[0].seat
    first, last = laid[0].play, laid[-1].play
    assert seat is not None and first is not None and last is not None
    who = "You" if seat == you else names[seat]
    head = f"{who} laid {len(laid)} tiles on {where(first[1], seat, names, you)}"
    if tiles:
        named = ", ".join(TEXT[line.play[0]] for line in laid if line.play is not None)
        return f"{head}: {named}; it ends at {last[2]}."
    return f"{head}, ending at {last[2]}."
