"""The table's words and places for one frame: the top bar's lines, what the
message pill says (and its "Why?"), the buttons on show and the tip card.

Worked out in the table scene's ``update``; ``table_paint`` only paints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...engine import DRAW, END, OPEN, Action, Play, RoundState
from ...engine.fairdeal import short
from ...words.rules_help import describe
from .. import theme
from ..fonts import capped, fit_text, font, text
from ..layout import Scaled

TURN_BUTTONS = (("end", "End turn  (E)"), ("open", "Open train  (O)"))
"""The turn's buttons other than Knock, in the order they stack."""

WHY_LABEL = "Why?  (W)"

PILL_LINES = 2
"""Lines a wrapped message takes at most in the message area's width (a longer one is
drawn wider, see ``place_pill``); the trains end above a pill of that many lines. One more
where the text setting makes the words much larger, two from 175% (``pill_lines``)."""


LEAST_PILL = 13
"""The least size of a message's words (design pixels, times ``kc``) when it must shrink to
keep within the room the trains leave it."""


def pill_lines(scaled: Scaled) -> int:
    """Lines a message may take at ``scaled``'s text size: ``PILL_LINES``, one more from 125%, two from 175%."""
    return PILL_LINES + (1 if scaled.c >= 1.25 else 0) + (1 if scaled.c >= 1.75 else 0)

TOP_BUTTONS = (("menu", "Menu (Esc)"), ("log", "Log (L)"), ("scores", "Scores (Tab)"), ("hint", "Hint (H)"))
"""The top bar's buttons from the right: Menu, Log, Scores and (on your turn) Hint."""
TOP_PAD, TOP_GAP, TOP_LEAST = 22, 8, 72
"""A top bar button's room around its label, the gap between two, its least width (design pixels)."""


@dataclass(frozen=True, slots=True)
class TableButton:
    """A button at the side of the table: what it does (``key``), its label and place."""

    key: str
    label: str
    rect: pygame.Rect
    hover: bool = False
    flat: bool = False


@dataclass(frozen=True, slots=True)
class Pill:
    """The message pill: its ``text`` and colour, its box, the width the text
    wraps at (pixels) and the "Why?" link's place (None: no reason to show)."""

    text: str
    color: theme.Color
    box: pygame.Rect
    wrap: int
    size: int
    why: pygame.Rect | None = None
    scale: float = 1.0
    """The text scale it is drawn at (the UI scale, or less where the line would not fit)."""
    why_key: str | None = None
    """The rules section the "Why?" link opens (None: no link)."""
    link_label: str = WHY_LABEL
    """The link's label ("Why?  (W)", or a lesson's "Next  (Enter)")."""
    stacked: bool = False
    """Whether the link lies under the words (a long message at large text) rather than beside them."""


@dataclass(frozen=True, slots=True)
class TipCard:
    """A first-match tip: its key, text and the card's place (pixels)."""

    key: str
    text: str
    box: pygame.Rect
    size: int


DEAL_MARK = "  \u00b7  deal "
"""What stands before the deal's fingerprint in the top bar's rules line."""


def detail_line(state: RoundState, fingerprint: str = "") -> str:
    """The top bar's rules ('Classic + 2 house rules'), set, engine and the
    deal's fingerprint (see docs/fair-deal.md)."""
    setup = state.setup
    line = f"{describe(setup.options, setup.players)}  \u00b7  double-{setup.set_max} set  \u00b7  engine {state.engine}-{state.engine}"
    return f"{line}{DEAL_MARK}{short(fingerprint)}" if fingerprint else line


def fit_detail(detail: str, size: int, width: int) -> list[str]:
    """The rules line in ``width`` pixels at ``size``: whole if it fits; else the
    rules shortened and the deal's fingerprint whole after them; where even that
    leaves the rules too little, two lines, the fingerprint whole on the second.
    The fingerprint is never cut: a player checks it after the round."""
    face = font(size)
    if face.size(detail)[0] <= width:
        return [detail]
    rules, mark, deal = detail.partition(DEAL_MARK)
    if not mark:
        return [fit_text(detail, size, "regular", width)]
    tail = mark + deal
    room = width - face.size(tail)[0]
    if room >= face.size(rules[:12] + "\u2026")[0]:
        return [fit_text(rules, size, "regular", room) + tail]
    return [fit_text(rules, size, "regular", width), "deal " + deal]


def score_line(state: RoundState, totals: Sequence[int], human: int | None) -> str:
    """Your score and place, or who leads when watching."""
    if human is not None:
        place = sorted(range(state.players), key=lambda s: totals[s]).index(human) + 1
        return f"You: {totals[human]} pts  \u00b7  place {place} of {state.players}"
    leader = min(range(state.players), key=lambda s: totals[s])
    return f"Watching  \u00b7  leader {state.names[leader]} ({totals[leader]} pts)"


def turn_hint(legal: Sequence[Action], state: RoundState) -> str:
    """What the person can do on their turn."""
    if list(legal) == [DRAW]:
        return "Your turn: nothing fits, so draw from the boneyard (click it or press D)."
    if END in legal:
        return "Play another tile, or end your turn (E)."
    if state.open_doubles:
        return "Your turn: cover the open double."
    return "Your turn: drag a tile to a glowing train (or arrows + 1-8 / M).  H: a hint"


def buttons(scaled: Scaled, legal: Sequence[Action], knock_armed: bool, hover: tuple[float, float],
            hint: bool, undo: bool = False, extra: Sequence[tuple[str, str]] = ()) -> tuple[TableButton, ...]:
    """The turn's buttons (only on your turn; ``undo``: Undo too; ``extra``: the
    table's own, as key and label) at the bottom right, and along the top bar
    Hint (``hint``: on your turn), Log and Menu."""
    k = scaled.kc
    offered = [(key, label) for key, label in TURN_BUTTONS if {"end": END, "open": OPEN}[key] in legal]
    if any(isinstance(a, Play) and a.knock for a in legal):
        offered.append(("knock", "Knocking \u2714  (K)" if knock_armed else "Knock!  (K)"))
    if undo:
        offered.append(("undo", "Undo (U)"))
    offered += extra
    area = scaled.anchor("buttons")
    bh = 40 * k
    y = area.y + 10 * k
    out = []
    for key, label in offered:
        rect = pygame.Rect(round(area.x + 10 * k), round(y), round(area.w - 20 * k), round(bh))
        out.append(TableButton(key, label, rect, rect.collidepoint(hover)))
        y += bh + 8 * k
    bar = scaled.anchor("top_bar")
    for (key, label), rect in zip(TOP_BUTTONS, _top_rects(scaled)):
        if key != "hint" or hint:
            rect.centery = round(bar.centery)
            out.append(TableButton(key, label, rect, rect.collidepoint(hover), flat=True))
    return tuple(out)


def _top_rects(scaled: Scaled) -> list[pygame.Rect]:
    """The top bar's buttons' places from the right, each as wide as its label needs."""
    k = scaled.kc
    right = scaled.size[0] - 10 * k
    rects = []
    with capped(1.0):
        for _key, label in TOP_BUTTONS:
            width = max(TOP_LEAST * k, font(int(15 * k), "bold").size(label)[0] + TOP_PAD * k)
            rects.append(pygame.Rect(round(right - width), round(6 * k), round(width), round(32 * k)))
            right -= width + TOP_GAP * k
    return rects


def score_right(scaled: Scaled) -> float:
    """Where the score line ends (pixels): left of the top bar's buttons (Hint's place kept)."""
    return _top_rects(scaled)[-1].left - 6 * scaled.kc


def place_pill(scaled: Scaled, line: str, color: theme.Color, why_key: str | None,
               label: str = WHY_LABEL) -> Pill:
    """The message pill for ``line`` in the message area, its words at the text size in
    force: one line when it fits, else wrapped and grown upward (wider than the area, up to
    the felt's width, and then smaller, rather than above ``pill_lines`` lines; failing that,
    ``stacked``: the words take the felt's width and the link goes by their last line or under
    them, within the room the trains leave, ``pill_top``); a link (``label``, a "Why?" by default)
    opening the rules section ``why_key`` (None: no link)."""
    why = why_key is not None
    area = scaled.anchor("message_area")
    k = scaled.kc
    stacked = under = False
    with capped(1.0):  # ``kc`` holds the text size already
        size = int(19 * k)
        link, wrap = _pill_room(k, area.w, why, label)
        body = text(line, size, color, "bold", wrap=wrap).get_height()
        lines = pill_lines(scaled)
        if body > font(size, "bold").get_linesize() * lines + 2:  # wider, then smaller
            link, wrap = _pill_room(k, scaled.anchor("felt").w - 24 * k, why, label)
            for size in range(int(19 * k), max(6, int(14 * k)) - 1, -1):
                body = text(line, size, color, "bold", wrap=wrap).get_height()
                if body <= font(size, "bold").get_linesize() * lines + 2:
                    break
            else:  # the words across the felt's width, the link by their last line or under them
                stacked = True
                wrap = int(scaled.anchor("felt").w - 64 * k)
                size, under = _stacked_size(scaled, line, wrap, label if why else None)
                body = stacked_height(line, size, wrap)
                link = _stacked_link(k, size, label)
        one_line = font(size, "bold").size(line)[0] <= wrap
        width = (font(size, "bold").size(line)[0] if one_line else wrap) + 40 * k + (0 if stacked else link)
        step = font(size, "bold").get_linesize()
    box = pygame.Rect(0, 0, int(width), round(max(area.h * 0.8, body + 14 * k + (step + 6 * k if under else 0))))
    box.midbottom = (round(area.centerx), round(area.centery + area.h * 0.4))
    why_rect = None
    if why and stacked:  # as tall as a line of the words, at the last line's right or under it
        why_rect = pygame.Rect(0, 0, link - int(8 * k), step)
        why_rect.bottomright = (round(box.right - 20 * k), round(box.bottom - 7 * k))
    elif why:
        why_rect = pygame.Rect(0, 0, link - int(8 * k), round(min(box.h - 8 * k, 30 * k)))
        why_rect.midright = (round(box.right - 8 * k), box.centery)
    return Pill(line, color, box, wrap, size, why_rect, 1.0, why_key, label, stacked)


def _stacked_link(k: float, size: int, label: str) -> int:
    """The room a stacked pill's link takes across (pixels): its label a little smaller than the words."""
    return text(label, size - 1, theme.GLOW, "bold").get_width() + int(24 * k)


def _stacked_size(scaled: Scaled, line: str, wrap: int, label: str | None) -> tuple[int, bool]:
    """The size of a stacked pill's words, and whether its link (``label``, None: none) goes under
    them: the largest size from the designed one down to ``LEAST_PILL`` at which words and link
    fit the room ``pill_top`` keeps (the least size when none does)."""
    k = scaled.kc
    area = scaled.anchor("message_area")
    room = area.centery + area.h * 0.4 - pill_top(scaled) - 14 * k
    size, under = int(19 * k), False
    for size in range(int(19 * k), max(6, int(LEAST_PILL * k)) - 1, -1):
        link = 0 if label is None else _stacked_link(k, size, label)
        under = link > 0 and last_line_width(line, size, wrap) + link + 16 * k > wrap
        step = font(size, "bold").get_linesize()
        if stacked_height(line, size, wrap) + (step + 6 * k if under else 0) <= room:
            break
    return size, under


def wrapped_lines(line: str, size: int, wrap: int) -> list[str]:
    """``line`` wrapped at ``wrap`` pixels in the bold font of ``size``: at spaces, greedily, a word
    longer than a line alone on its line (a stacked pill's words are drawn line by line from these)."""
    face = font(size, "bold")
    lines: list[str] = []
    for part in line.split("\n"):
        last = ""
        for word in part.split(" "):
            longer = f"{last} {word}" if last else word
            if face.size(longer)[0] <= wrap or not last:
                last = longer
            else:
                lines.append(last)
                last = word
        lines.append(last)
    return lines


def last_line_width(line: str, size: int, wrap: int) -> int:
    """The width of the last of ``wrapped_lines`` (pixels)."""
    return int(font(size, "bold").size(wrapped_lines(line, size, wrap)[-1])[0])


def stacked_height(line: str, size: int, wrap: int) -> int:
    """The height of ``line`` drawn line by line as a stacked pill draws it (pixels)."""
    return font(size, "bold").get_linesize() * len(wrapped_lines(line, size, wrap))


def pill_top(scaled: Scaled) -> float:
    """The highest a message pill of ``pill_lines`` lines reaches (window y): the trains keep above it."""
    area = scaled.anchor("message_area")
    k = scaled.kc
    with capped(1.0):
        lines = font(int(19 * k), "bold").get_linesize() * pill_lines(scaled) + 2
    return area.centery + area.h * 0.4 - max(area.h * 0.8, lines + 14 * k)


def _pill_room(k: float, area_width: float, why: bool, label: str = WHY_LABEL) -> tuple[int, int]:
    """The link's width and the width the message wraps at (pixels), words at the designed size times ``k``."""
    link = text(label, int(16 * k), theme.GLOW, "bold").get_width() + int(24 * k) if why else 0
    return link, int(area_width - 40 * k - link)


def badge_band(scaled: Scaled) -> pygame.Rect:
    """The band under the top bar where the lasting badge (reconnecting, saves failing, a seat
    handed over) shows: the badge's top and height, across the bar's width."""
    k = scaled.kc
    bar = scaled.anchor("top_bar")
    return pygame.Rect(bar.x, round(bar.bottom + 6 * k), bar.w, round(30 * k))


def place_tip(scaled: Scaled, key: str, tip: str, under_badge: bool = False, busy: Sequence[pygame.Rect] = (),
              keep: Sequence[pygame.Rect] = ()) -> TipCard:
    """The tip card on the felt where it covers the fewest of the ``busy`` places (tiles laid,
    the trains' free ends and markers, the roundhouse) and none of ``keep`` (your own train,
    the message, an open move log); with a badge on show (``under_badge``), never above
    the badge, which says what matters more. Top middle when all else is equal."""
    k = scaled.kc
    felt = pygame.Rect(scaled.anchor("felt")).inflate(-round(12 * k), -round(12 * k))
    size = int(18 * k)
    width = round(min(760 * k, max(felt.w * 0.5, min(felt.w, 460 * k))))
    with capped(1.0):
        body = text(tip, size, theme.INK, wrap=width - round(40 * k))
    box = pygame.Rect(0, 0, width, body.get_height() + round(62 * k))
    top = max(felt.top, badge_band(scaled).bottom + round(6 * k) if under_badge else felt.top)
    bottom = max(top + box.h, pill_top(scaled) - 6 * k)
    best: tuple[float, int, pygame.Rect] | None = None
    for row, y in enumerate((top, (top + bottom - box.h) / 2, bottom - box.h)):
        for column, x in enumerate((felt.centerx - width / 2, felt.left, felt.right - width)):
            place = pygame.Rect(round(x), round(y), width, box.h)
            if place.collidelistall(list(keep)):
                continue
            covered = sum(place.clip(other).w * place.clip(other).h for other in busy)
            if best is None or (covered, row + column) < best[:2]:
                best = (covered, row + column, place)
    if best is None:  # nowhere clear of all it must keep clear of: the top middle
        box.midtop = (felt.centerx, round(top))
    else:
        box = best[2]
    return TipCard(key, tip, box, size)
