"""Words for the player: engine events, refusals, round openings and the final ranking.

Pure functions with no pygame, so the table's toasts and a move log say the
same thing and tests can read every line without a window.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

from .ai import KINDS
from .engine import Match, RuleOptions, tie_break
from .engine import events as ev
from .session import HUMAN

Tone = Literal["plain", "news", "alert"]
"""How a line should stand out: ``plain`` facts, ``news`` that changes the game, an ``alert`` against a seat."""


def _who(seat: int, names: Sequence[str], human_seat: int | None) -> str:
    """'You' for the person's seat, else the seat's name."""
    return "You" if seat == human_seat else names[seat]


def narrate(event: ev.Event, names: Sequence[str], human_seat: int | None, options: RuleOptions) -> str | None:
    """The sentence a player is told about ``event``, or None when the picture says it all.

    ``names`` are the seats' names, ``human_seat`` the person's seat (None when
    only computers play) and ``options`` the match's rules."""
    if isinstance(event, ev.TileDrawn):
        return f"{names[event.seat]} draws a penalty tile." if event.penalty else None
    if isinstance(event, ev.MarkerUp):
        return None if event.seat == human_seat else f"{names[event.seat]}'s train is now public."
    if isinstance(event, ev.DoubleOpened):
        return f"{_who(event.seat, names, human_seat)} left a double open: it must be covered next."
    if isinstance(event, ev.DoubleCovered):
        return f"{names[event.seat]} covered the double."
    if isinstance(event, ev.Knocked):
        you = event.seat == human_seat
        who = _who(event.seat, names, human_seat)
        if options.knock == "courtesy":
            return f"{who} {'have' if you else 'has'} one tile left!"
        return f"{who} {'knock' if you else 'knocks'}: one tile left!"
    if isinstance(event, ev.Passed):
        return "You pass." if event.seat == human_seat else f"{names[event.seat]} passes."
    if isinstance(event, ev.SeatSuspended):
        return f"{names[event.seat]} is suspended until a double is played."
    if isinstance(event, ev.RoundEnded):
        if event.went_out is not None:
            return f"{names[event.went_out]} went out!"
        return "Nobody can play: the round is blocked."
    return None


def tone(event: ev.Event) -> Tone:
    """How ``event``'s sentence should stand out (see ``Tone``)."""
    if isinstance(event, ev.SeatSuspended) or isinstance(event, ev.TileDrawn) and event.penalty:
        return "alert"
    if isinstance(event, (ev.DoubleOpened, ev.Knocked, ev.RoundEnded)):
        return "news"
    return "plain"


def round_opening(
    number: int, rounds: int, engine: int, first: int, events: Sequence[ev.Event], names: Sequence[str]
) -> str:
    """The line that opens round ``number`` of ``rounds``: its engine double and who
    plays first (``first``), or who won the draw-off among ``events``."""
    text = f"Round {number} of {rounds}: engine {engine}-{engine}"
    drew = any(isinstance(e, ev.DrawOffTile) for e in events)
    starter = next((e.seat for e in events if isinstance(e, ev.StarterChosen)), None)
    if drew and starter is not None:
        return f"{text}. Draw-off: {names[starter]} drew highest and starts."
    return f"{text}. {names[first]} plays first."


def sentence(reason: str) -> str:
    """An engine refusal's ``reason`` as a sentence: capital first letter, closing stop."""
    reason = reason.strip()
    if not reason:
        return "That move is not allowed now."
    return reason[0].upper() + reason[1:] + ("" if reason.endswith((".", "!")) else ".")


def kind_label(kind: str) -> str:
    """Who plays a seat, as a seat panel labels it: 'You' or the computer level's name."""
    if kind == HUMAN:
        return "You"
    return kind.title() if kind in KINDS else kind


def deciding_rules(match: Match) -> list[str]:
    """For each place after the first, what separated it from the place above."""
    ranking = match.ranking()
    out = []
    for above, below in itertools.pairwise(ranking):
        out.append(tie_break(match.round_scores, above[0], below[0]))
    return out


def ranking_text(match: Match) -> str:
    """The final ranking as text lines (what a fast demo prints)."""
    totals = match.totals()
    lines = ["Final ranking:"]
    for place, group in enumerate(match.ranking()):
        names = " = ".join(match.names[s] for s in group)
        lines.append(f"{place + 1}. {names}  {totals[group[0]]} pts")
    rules = deciding_rules(match)
    if rules:
        lines.append(f"1st place decided by: {rules[0]}")
    return "\n".join(lines)
