"""Working out one frame of the table (``build_frame``): what the next draws
paint and the next clicks hit, from the parts as they stand. Reads the parts,
changes only the tray's and the log panel's layout."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import DRAW, Action, Play, RoundState
from ...words.movelog import MoveLog
from ..layout import Scaled
from .board import BoardPlan
from .draw import boneyard_pile
from .geometry import TableGeometry
from .input import TableInput, targets_of
from .log_panel import LogPanel
from .message_line import MessageLine, Present
from .paint import TableFrame
from .parts import WHY_LABEL, Pill, TipCard, buttons, pill_top, place_pill, place_tip, score_right, turn_hint
from .picture import TablePicture
from .tips import TIPS
from .tray import HandTray
from .turn_clock import ClockShown


@dataclass(frozen=True, slots=True)
class FrameFacts:
    """What the scene knows of the match for one frame: whose turn it is for the
    shown person and what they may do, the labels and lines of the top bar, the
    totals as the picture stands, and the states of tips, saving and undo."""

    your_turn: bool
    legal: tuple[Action, ...]
    thinking: int | None
    totals: tuple[int, ...]
    title: str
    detail: str
    score_text: str
    hand_label: str
    seat_labels: tuple[str, ...]
    hand_sort: str
    tip: str | None
    badge: str | None
    undo: bool
    clock: float
    you: int | None
    far_person: bool = False
    """The seat in ``thinking`` is a person at another screen, not a computer."""
    waiting_line: str | None = None
    """What the line says while another seat decides, when the table knows better than "X is
    thinking" (a network table: "Waiting for Ana: 1:32 left", "The computer plays for Ben")."""
    turn_clock: ClockShown | None = None
    """A live network table's turn clock (None: nothing is timed)."""
    extra_buttons: tuple[tuple[str, str], ...] = ()
    """Buttons the table offers beside the turn's own (key, label): "Take my seat back"."""


@dataclass(frozen=True, slots=True)
class Parts:
    """The table's parts a frame is built from."""

    geometry: TableGeometry
    picture: TablePicture
    tray: HandTray
    input: TableInput
    message_line: MessageLine
    log: MoveLog
    log_panel: LogPanel


def build_frame(size: tuple[int, int], state: RoundState, facts: FrameFacts, parts: Parts) -> TableFrame:
    """The frame of ``state`` as the picture shows it, at a window of ``size``."""
    geometry, picture, tray, hand = parts.geometry, parts.picture, parts.tray, parts.input
    scaled = geometry.scaled
    legal = facts.legal if facts.your_turn else ()
    drag = hand.drag
    carried = drag.tile if drag is not None and drag.carries_tile else None
    focus = carried if carried is not None else tray.selected
    playable = frozenset(a.tile for a in legal if isinstance(a, Play))
    numerals = geometry.numerals(state, in_tray=False)
    tray.layout(state, facts.hand_sort, playable, facts.hand_label, geometry.numerals(state, in_tray=True))
    dealt = picture.deal_progress >= 1.0
    hands = tuple(picture.shown_hand(state, seat) for seat in range(state.players))
    hidden = frozenset(picture.hidden_slots)
    mover = picture.mover()
    mover = state.to_move if mover is None else mover
    plan = geometry.plan(state)
    pill = message_pill(scaled, state, facts, parts)
    frame = TableFrame(
        size=size, scaled=scaled, plan=plan, state=state,
        seat_labels=facts.seat_labels, totals=facts.totals, hands=hands, boneyard_count=picture.shown_boneyard(state),
        dealt=dealt, engine_shown=picture.engine_shown,
        hidden_slots=hidden, numerals=numerals, title=facts.title, detail=facts.detail,
        score_text=facts.score_text, clock=facts.clock,
        turn_glow=not state.round_over and dealt, mover=mover, thinking=facts.thinking == mover,
        targets=targets_of(focus, legal),
        can_draw=facts.your_turn and DRAW in legal,
        boneyard=boneyard_pile(scaled.anchor("boneyard"), scaled.kc),
        buttons=buttons(scaled, legal, hand.knock_armed, hand.hover, facts.your_turn, facts.undo,
                        facts.extra_buttons),
        pill=pill,
        carried=(carried, drag.center(drag.pos)) if carried is not None and drag is not None else None,
        score_right=score_right(scaled),
        tip=tip_card(scaled, plan, state, facts, pill, parts),
        badge=facts.badge, turn_clock=facts.turn_clock,
    )
    lay_out_log(scaled, frame, state, facts, parts)
    return frame


def busy_places(plan: BoardPlan, state: RoundState) -> list[pygame.Rect]:
    """What a tip card should not cover on the felt: every tile laid, each train's free end and
    marker, and the roundhouse (pixels)."""
    unit = plan.unit
    places = []
    for train, lane in plan.lanes.items():
        laid = min(len(state.trains[train]), len(lane.slots))
        for slot in [*lane.slots[:laid], *([lane.next_slot] if lane.next_slot is not None else [])]:
            w, h = (unit, 2 * unit) if slot.crosswise else (2 * unit, unit)
            places.append(pygame.Rect(round(slot.x - w / 2), round(slot.y - h / 2), w, h))
        x, y = lane.start
        places.append(pygame.Rect(round(x - 2 * unit), round(y - unit), 4 * unit, 2 * unit))
    r = round(plan.hub_radius)
    places.append(pygame.Rect(round(plan.hub[0]) - r, round(plan.hub[1]) - r, 2 * r, 2 * r))
    return places


def tip_card(scaled: Scaled, plan: BoardPlan, state: RoundState, facts: FrameFacts, pill: Pill | None,
             parts: Parts) -> TipCard | None:
    """The tip card to show, if any. While the move log is open a card that finds no place clear
    of the log's column has the log under it; where that leaves the log too little room (large
    text in a small window), the log the person opened is shown and the tip waits until it closes."""
    if facts.tip is None:
        return None
    card = place_tip(scaled, facts.tip, TIPS[facts.tip], facts.badge is not None, busy_places(plan, state),
                     kept_clear(scaled, plan, facts, pill, parts))
    if parts.log_panel.open and card.box.colliderect(log_column(scaled)) \
            and log_bottom(scaled) - card.box.bottom < LOG_LEAST * scaled.kc:
        return None
    return card


LOG_LEAST = 150
"""The least height of an open move log under a tip card (design pixels: its heading and three lines)."""


def log_bottom(scaled: Scaled) -> float:
    """The lowest the move log reaches (window y): above the message area and a message pill."""
    return min(scaled.anchor("message_area").y, pill_top(scaled)) - 4 * scaled.kc


def log_column(scaled: Scaled) -> pygame.Rect:
    """The felt's right column the open move log takes (pixels)."""
    area, k = scaled.anchor("felt"), scaled.kc
    width = min(420 * k, area.w * 0.45)
    return pygame.Rect(round(area.right - width - 6 * k), round(area.y), round(width), round(area.h))


def kept_clear(scaled: Scaled, plan: BoardPlan, facts: FrameFacts, pill: Pill | None, parts: Parts) -> list[pygame.Rect]:
    """What a tip card never covers: your own train, the message and the open move log's column (pixels)."""
    keep = [] if pill is None else [pill.box]
    if facts.you is not None and facts.you in plan.lanes:
        keep.append(pygame.Rect(plan.lanes[facts.you].rect))
    if parts.log_panel.open:
        keep.append(log_column(scaled))
    return keep


def message_pill(scaled: Scaled, state: RoundState, facts: FrameFacts, parts: Parts) -> Pill | None:
    """The message pill: what the message line says now (see ``message_line``)."""
    present = Present(
        turn_line=turn_hint(facts.legal, state) if facts.your_turn else None,
        thinking=None if facts.thinking is None else state.names[state.to_move], far_person=facts.far_person,
        catching_up=not parts.picture.idle(), round_over=state.round_over, waiting=facts.waiting_line)
    said = parts.message_line.on_show(present)
    if said is None:
        return None
    return place_pill(scaled, said.text, said.color, said.why, said.link or WHY_LABEL)


def lay_out_log(scaled: Scaled, frame: TableFrame, state: RoundState, facts: FrameFacts, parts: Parts) -> None:
    """Place the move log panel in the felt's right column, under a tip card, never beneath it, above the message."""
    column, k = log_column(scaled), scaled.kc
    bottom = log_bottom(scaled)  # never over a message
    top = column.y + 6 * k
    if frame.tip is not None and frame.tip.box.right > column.x:
        top = max(top, frame.tip.box.bottom + 6 * k)
    parts.log_panel.layout(pygame.Rect(column.x, round(top), column.w, round(max(80 * k, bottom - top))), k,
                           parts.log, state.names, facts.you)
