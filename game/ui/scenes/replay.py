"""The round replay: step or play through every move of a round with all hands shown.

Left and Right step back and forth, Home and End jump to the deal and the
end, Space plays or pauses, Esc goes back. Every train and every hand is
drawn as it stood after the step; the move log beside it lists the round's
moves in words, the current one marked. The last step is the round's final
table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from ...engine import MEXICAN, Match
from ...engine.history import Step, round_steps
from ...engine.round import RoundState
from ...engine.tiles import HI, LO
from ...review.cache import Reviewable
from ...review.results import Decision
from ...words.movelog import told
from .. import theme
from ..boxes import inset
from ..fonts import blit_text, fit_size, font
from ..intents import Intent
from ..scene import FULL_RATE
from ..sizing import Sizes
from ..table.draw import seat_color
from ..tile_art import face
from ..widgets import Button
from .menu import MenuScene, card, clipped, sentences
from .replay_marks import marks, place, sentence

PLAY_SECONDS = 0.7
"""Seconds per step while playing."""
READABLE = 0.75
"""The smallest a tile may shrink to in a long row, as a share of the row's tile size."""


def step_line(step: Step, names: Sequence[str], you: int | None = None) -> str:
    """A move in words: 'Ana plays 6-4 on the Mexican train', 'You draw', or the deal."""
    if step.action is None or step.seat is None:
        opener = "You open" if step.state.opener == you else f"{names[step.state.opener]} opens"
        return f"The deal: {opener} with the {step.state.engine}-{step.state.engine}"
    mine = step.seat == you
    who = "You" if mine else names[step.seat]
    words = step.action.split()
    if words[0] == "play":
        train = words[3]
        if train == "mexican":
            where = "the Mexican train"
        elif int(train) == step.seat:
            where = "your own train" if mine else "their own train"
        else:
            where = "your train" if int(train) == you else f"{names[int(train)]}'s train"
        knock = (" and knock" if mine else " and knocks") if words[-1] == "knock" else ""
        return f"{who} {'play' if mine else 'plays'} {words[1]} on {where}{knock}"
    verbs = {"draw": ("draw", "draws"), "end": ("end the turn", "ends the turn"),
             "open": ("open your train", "opens their train")}
    verb = verbs.get(words[0])
    return f"{who} {verb[0] if mine else verb[1]}" if verb else f"{who}: {step.action}"


class ReplayScene(MenuScene):
    """Round ``index`` (0-based) of ``match``, move by move."""

    title = ""

    def __init__(self, match: Match, index: int, you: int | None = None, at: int = 0,
                 compare: Decision | None = None, reviewable: Reviewable | None = None) -> None:
        super().__init__()
        self.match = match
        self.index = index
        self.you = you
        self.compare = compare
        """A reviewed decision: at its step, the move made and the best found are drawn."""
        self.reviewable = reviewable
        self.steps = round_steps(match, index)
        self.names = match.names
        self.lines = [step_line(step, self.names, you) for step in self.steps]
        self.notes = self._notes()
        self.unit = 16
        """A tile's short side in pixels (the layout sets it from the room and the text size)."""
        self.label_w = 0
        self.row_h = 0
        self.mexican_h = 0
        """A seat's rows' height in pixels: its train and hand, or its three labels when taller."""
        self.boxes: dict[str, pygame.Rect] = {}
        self.boxes_hint = pygame.Rect(0, 0, 0, 0)
        self.at = 0
        self.playing = False
        self.timer = 0.0
        self.widgets = [
            Button("|\u25c0", self.first),
            Button("\u25c0", self.backward),
            Button("Play", self.toggle, primary=True),
            Button("\u25b6", self.forward),
            Button("\u25b6|", self.last),
            Button("Back", self.back),
        ]
        for button, said in zip(self.widgets, ("First step", "Step back", "", "Step on", "Last step")):
            button.speak_as = said
        if reviewable is not None and reviewable.seats:
            self.widgets.insert(5, Button("Review this round", self.review))
            self._review_button()
        self.go(at)

    def review(self) -> None:
        """Review the people's decisions in the round shown (a finished one)."""
        assert self.app is not None and self.reviewable is not None
        if self.index < len(self.match.round_scores):
            self.app.push(self.app.routes.review(self.match, self.index + 1, self.reviewable.seats,
                                                 self.reviewable.cache, self.you))

    def _review_button(self) -> None:
        """Review is offered for finished rounds only."""
        for widget in self.widgets:
            if widget.label == "Review this round":
                widget.enabled = self.index < len(self.match.round_scores)

    def _notes(self) -> list[str]:
        """What the table said aloud at each step (its automatic steps explained), as one text per step."""
        return ["  ".join(line.text for line in lines if line.aloud)
                for lines in told(self.match, self.index, self.steps, self.you)]

    @property
    def note(self) -> str:
        """What the table said at the step shown ('' when nothing)."""
        return self.notes[self.at]

    # ---------------------------------------------------------------- moving
    def spoken_title(self) -> str:
        """Which round is replayed."""
        return f"Replay of round {self.index + 1}: Left and Right step, Home and End jump, PageUp and PageDown change round"

    def spoken_body(self) -> str:
        """The step shown, in words."""
        return sentences(f"Step {self.at + 1} of {len(self.steps)}", self.lines[self.at], self.note)

    def said_notes(self) -> str:
        """Each step's note is said with the step (``go``)."""
        return ""

    def go(self, at: int) -> None:
        """Show step ``at`` (clamped), and say it."""
        moved = at != self.at
        self.at = max(0, min(len(self.steps) - 1, at))
        if moved and self.app is not None:
            self.speak(self.spoken_body())
        if self.at == len(self.steps) - 1:
            self.playing = False
        self.widgets[2].label = "Pause" if self.playing else "Play"

    def first(self) -> None:
        """The deal."""
        self.playing = False
        self.go(0)

    def last(self) -> None:
        """The round's end."""
        self.playing = False
        self.go(len(self.steps) - 1)

    def forward(self) -> None:
        """One move on."""
        self.go(self.at + 1)

    def backward(self) -> None:
        """One move back."""
        self.playing = False
        self.go(self.at - 1)

    def toggle(self) -> None:
        """Play or pause (playing from the end starts again from the deal)."""
        self.playing = not self.playing
        if self.playing and self.at == len(self.steps) - 1:
            self.at = 0
        self.timer = 0.0
        self.go(self.at)

    def other_round(self, step: int) -> None:
        """PageUp/PageDown: the previous or next round of the match, from its deal."""
        index = self.index + step
        if 0 <= index < max(self.index + 1, len(self.match.round_scores)):  # never a round still in play
            self.index = index
            self.steps = round_steps(self.match, index)
            self.lines = [step_line(s, self.names, self.you) for s in self.steps]
            self.notes = self._notes()
            self.playing = False
            self.compare = None
            self._review_button()
            self.go(0)

    def handle(self, intent: Intent) -> None:
        """Arrows step, Home/End jump, PageUp/PageDown change round, Space plays or pauses, Esc goes back."""
        moves: dict[str, Callable[[], None]] = {
            "left": self.backward, "right": self.forward, "home": self.first, "end_key": self.last,
            "skip": self.toggle, "page_up": partial(self.other_round, -1), "page_down": partial(self.other_round, 1),
        }
        if intent.kind in moves:
            moves[intent.kind]()
            return
        super().handle(intent)

    def frame_rate(self) -> int:
        """Steps on time while playing; a menu's few frames while paused."""
        return FULL_RATE if self.playing else super().frame_rate()

    def update(self, dt: float) -> None:
        """Advance while playing."""
        super().update(dt)
        if self.playing:
            self.timer += dt
            if self.timer >= PLAY_SECONDS:
                self.timer = 0.0
                self.go(self.at + 1)

    # --------------------------------------------------------------- layout
    def layout_key(self) -> tuple[object, ...]:
        """The step and round shown (the banner under the table and the log move with them)."""
        return (self.index, self.at, self.compare is not None and self.at == self.compare.index)

    def layout(self, s: Sizes) -> None:
        """The controls along the bottom; above them the table of the step (scrolling when the
        seats do not fit at a readable tile size) and, where there is room, the move log beside it."""
        frame = s.frame
        controls = pygame.Rect(frame.x, frame.bottom - s.control, frame.w, s.control)
        self._controls(s, controls)
        body = pygame.Rect(frame.x, frame.y, frame.w, controls.y - s.section - frame.y)
        log_w = round(s.unit * 22)
        beside = body.w - log_w - s.section >= round(s.unit * 36)
        table = pygame.Rect(body.x, body.y, body.w - (log_w + s.section if beside else 0), body.h)
        self.boxes = {"table": table, "log": pygame.Rect(table.right + s.section, body.y, log_w, body.h) if beside
                      else pygame.Rect(0, 0, 0, 0)}
        inner = inset(table, s.inside)
        self.boxes["head"] = pygame.Rect(inner.x, inner.y, inner.w, s.line(s.heading, "title"))
        said = self._step_words() if not beside else []  # no room for the log: the move in words instead
        said_h = sum(s.wrapped(words, size, inner.w, "bold") for words, size, _ in said)
        self.boxes["said"] = pygame.Rect(inner.x, self.boxes["head"].bottom + s.gap, inner.w, said_h)
        top = self.boxes["said"].bottom if said else self.boxes["head"].bottom
        view = pygame.Rect(inner.x, top + s.section, inner.w - s.gap, inner.bottom - top - s.section)
        players = self.match.players
        self.label_w = max([s.width("You" if i == self.you else n, s.small, "bold") for i, n in enumerate(self.names)]
                           + [s.width("train private", s.fine)]) + s.section
        banner = self._banner_words()
        banner_h = sum(s.wrapped(w, s.small, view.w, "bold") + s.gap for w in banner)
        fits = (view.h - banner_h) / (players * 2.9 + 1.6)
        self.unit = round(max(s.unit * 0.7, min(s.unit * 1.5, fits)))
        labels = s.line(s.small, "bold") + 2 * s.line(s.fine)
        self.row_h = max(round(self.unit * 2.9), labels) + s.gap
        mexican = s.wrapped("Mexican train", s.small, self.label_w - s.gap, "bold")
        self.mexican_h = max(round(self.unit * 1.6), mexican) + s.gap
        height = players * self.row_h + self.mexican_h + banner_h + s.gap
        self.pane.set(view, height)
        self.boxes["rows"] = pygame.Rect(view.x, self.pane.top, view.w, height)

    def _step_words(self) -> list[tuple[str, int, theme.Color]]:
        """The move shown in words, and what the table said at it (where the log has no room)."""
        s = self.sizes
        step = self.steps[self.at]
        said = [(self.lines[self.at], s.small, seat_color(step.seat) if step.seat is not None else theme.GOLD)]
        return said + ([(self.note, s.fine, theme.GOLD)] if self.note else [])

    def _controls(self, s: Sizes, row: pygame.Rect) -> None:
        """The step buttons on the left, Review and Back on the right, the keys' hint between when it fits."""
        steps = self.widgets[:5]
        glyph = max(s.button_width(b.label) for b in steps if b.label != "Play")
        play = max(s.button_width("Play"), s.button_width("Pause"))
        x = row.x
        for button in steps:
            width = play if button is self.widgets[2] else glyph
            button.place(pygame.Rect(x, row.y, width, row.h), s.label)
            x += width + s.gap
        right = row.right
        for button in reversed(self.widgets[5:]):
            width = s.button_width(button.label)
            button.place(pygame.Rect(right - width, row.y, width, row.h), s.label)
            right -= width + s.gap
        self.boxes_hint = pygame.Rect(x + s.section, row.y, right - s.section - x - s.section, row.h)

    def _banner_words(self) -> list[str]:
        """What the table's card says under the trains at this step: the reviewed decision, the round's end."""
        lines = [self._compare_line()]
        state = self.steps[self.at].state
        if state.round_over and state.scores is not None:
            out = state.went_out
            how = "Blocked" if out is None else f"{'You' if out == self.you else self.names[out]} went out"
            scores = "  \u00b7  ".join(f"{'You' if s == self.you else n} {state.scores[s]}"
                                        for s, n in enumerate(self.names))
            lines.append(f"{how}:  {scores}")
        return [line for line in lines if line]

    # --------------------------------------------------------------- drawing
    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The table of the current step, the move log, and where we are."""
        state = self.steps[self.at].state
        card(surface, self.boxes["table"], s)
        head = self.boxes["head"]
        title = f"Round {self.index + 1} replay  \u00b7  engine {state.engine}-{state.engine}"
        where = f"step {self.at} of {len(self.steps) - 1}"
        right = blit_text(surface, where, s.small, theme.INK_DIM, head.midright, "midright")
        line, size = fit_size(title, s.heading, "title", right.x - s.section - head.x, s.body)
        blit_text(surface, line, size, theme.GOLD, head.midleft, "midleft", "title")
        with clipped(surface, self.pane.view):
            rows = self.boxes["rows"]
            y = rows.y
            for seat in range(state.players):
                y = self._seat_rows(surface, s, state, seat, y)
            y = self._train_row(surface, s, state, MEXICAN, "Mexican train", theme.MEXICAN, y)
            for words in self._banner_words():
                color = theme.GOLD
                y = blit_text(surface, words, s.small, color, (rows.x, y), "topleft", "bold", wrap=rows.w).bottom + s.gap
        if self.boxes["log"].w:
            self._log(surface, s)
        else:
            y = self.boxes["said"].y
            for words, size, color in self._step_words():
                y = blit_text(surface, words, size, color, (head.x, y), "topleft", "bold",
                              wrap=self.boxes["said"].w).bottom
        hint = self.boxes_hint
        keys = "\u2190 \u2192 step  \u00b7  Home/End  \u00b7  Space plays  \u00b7  PgUp/PgDn round"
        if hint.w >= s.width(keys, s.fine):
            blit_text(surface, keys, s.fine, theme.INK_DIM, hint.center, "center")

    def _seat_rows(self, surface: pygame.Surface, s: Sizes, state: RoundState, seat: int, y: int) -> int:
        """A seat's name, marker, train and hand; returns the next row's top."""
        x0 = self.boxes["rows"].x
        name = "You" if seat == self.you else self.names[seat]
        blit_text(surface, name, s.small, seat_color(seat), (x0, y), "topleft", "bold")
        marker = "train public" if state.public[seat] else "train private"
        below = y + s.line(s.small, "bold")
        blit_text(surface, marker, s.fine, theme.INK_DIM, (x0, below), "topleft")
        blit_text(surface, f"hand {len(state.hands[seat])}", s.fine, theme.INK_DIM, (x0, below + s.line(s.fine)),
                  "topleft")
        hand_y = y + round(self.unit * 1.35)
        tiles_x = x0 + self.label_w
        self._tiles(surface, s, [(a, b) for a, b in state.train_tiles(seat)], tiles_x, y)
        hand = sorted(state.hands[seat], reverse=True)
        spots = self._tiles(surface, s, [(HI[t], LO[t]) for t in hand], tiles_x, hand_y, dim=True)
        if self.compare is not None and self.compare.seat == seat and self.at == self.compare.index:
            self._both_moves(surface, s, dict(zip(hand, spots)))
        return y + self.row_h

    def _both_moves(self, surface: pygame.Surface, s: Sizes, spots: dict[int, pygame.Rect]) -> None:
        """The reviewed decision's marks in the hand (``replay_marks``): orange "made" and
        green "best", or one mark that says both; never two in one place."""
        assert self.compare is not None
        found = marks(self.compare.valuation, self.match.setup.set_max)
        size = s.fine
        for placed in place(found, spots, max(2, s.gap // 2), lambda word: font(size, "bold").size(word)):
            pygame.draw.rect(surface, placed.mark.color, placed.ring, max(2, s.line_width + 1),
                             border_radius=s.radius)
            blit_text(surface, placed.mark.word, size, placed.mark.color, placed.label.topleft, "topleft", "bold")

    def _compare_line(self) -> str:
        """The reviewed decision in words, under the table, at its step ('' at any other step)."""
        if self.compare is None or self.at != self.compare.index:
            return ""
        return sentence(self.compare.valuation, self.compare.seat, self.names, self.you, self.match.setup.set_max)

    def _train_row(self, surface: pygame.Surface, s: Sizes, state: RoundState, train: int, label: str,
                   color: theme.Color, y: int) -> int:
        """The Mexican train's row; the y under it."""
        x0 = self.boxes["rows"].x
        blit_text(surface, label, s.small, color, (x0, y), "topleft", "bold", wrap=self.label_w - s.gap)
        self._tiles(surface, s, list(state.train_tiles(train)), x0 + self.label_w, y)
        return y + self.mexican_h

    def _tiles(self, surface: pygame.Surface, s: Sizes, tiles: list[tuple[int, int]], x: int, y: int,
               dim: bool = False) -> list[pygame.Rect]:
        """Tiles in a row from ``x``, shrunk to fit the card but never below a readable
        size: a train too long for the row keeps its newest tiles and says how many older
        ones are not shown ("+5 ◀"), a hand its first ones ("+5 more"). Returns where each
        tile shown was drawn."""
        if not tiles:
            return []
        room = self.boxes["rows"].right - x
        gap = max(2, self.unit // 6)
        pitch = min(self.unit * 2 + gap, room / len(tiles))
        smallest = self.unit * READABLE
        hidden = 0
        label_room = s.width("+88 more", s.fine, "bold") + s.gap
        if pitch < smallest * 2 + gap:
            pitch = smallest * 2 + gap
            fits = max(1, int((room - label_room) // pitch))
            hidden = len(tiles) - fits
            tiles = tiles[:fits] if dim else tiles[-fits:]
        unit = max(6, round(min(self.unit, (pitch - gap) / 2)))
        if hidden and not dim:
            blit_text(surface, f"+{hidden} \u25c0", s.fine, theme.INK_DIM, (x, y + unit // 2), "midleft", "bold")
            x += label_room
        spots = []
        for i, (a, b) in enumerate(tiles):
            image = face(a, b, unit, True, True)
            if dim:
                image = image.copy()
                image.set_alpha(200)
            spots.append(surface.blit(image, (round(x + i * pitch), y)))
        if hidden and dim:
            blit_text(surface, f"+{hidden} more", s.fine, theme.INK_DIM, (round(x + len(tiles) * pitch) + gap,
                                                                       y + unit // 2), "midleft", "bold")
        return spots

    def _log(self, surface: pygame.Surface, s: Sizes) -> None:
        """The move log around the current step (each line whole, wrapped), the current one
        marked; what the table said at this step under it."""
        box = card(surface, self.boxes["log"], s)
        inner = inset(box, s.pad)
        blit_text(surface, "Moves", s.heading, theme.GOLD, inner.topleft, "topleft", "title")
        note_h = (s.wrapped(self.note, s.fine, inner.w) + s.section) if self.note else 0
        room = pygame.Rect(inner.x, inner.y + s.line(s.heading, "title") + s.gap, inner.w,
                           inner.h - s.line(s.heading, "title") - s.gap - note_h)
        heights = [s.wrapped(line, s.small, room.w - s.gap, "bold" if i == self.at else "regular") + s.gap // 2
                   for i, line in enumerate(self.lines)]
        first = last = self.at
        used = heights[self.at]
        while True:  # widen around the current line while the lines fit, later ones first
            grown = False
            if last + 1 < len(self.lines) and used + heights[last + 1] <= room.h and (last - self.at <= self.at - first
                                                                                     or first == 0):
                last += 1
                used += heights[last]
                grown = True
            if first > 0 and used + heights[first - 1] <= room.h:
                first -= 1
                used += heights[first]
                grown = True
            if not grown:
                break
        y = room.y
        for index in range(first, last + 1):
            step = self.steps[index]
            current = index == self.at
            line_box = pygame.Rect(room.x - s.gap // 2, y - s.gap // 4, room.w + s.gap // 2, heights[index])
            if current:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line_box, border_radius=s.radius)
            if self.compare is not None and self.at == self.compare.index and index == self.at + 1:
                v = self.compare.valuation  # the reviewed move, made next: green when it was the best
                pygame.draw.rect(surface, theme.GREEN if v.made == v.best else theme.WARN, line_box,
                                 max(1, s.line_width), border_radius=s.radius)
            color = seat_color(step.seat) if step.seat is not None else theme.GOLD
            blit_text(surface, self.lines[index], s.small, color if current else theme.INK_DIM, (room.x + s.gap // 2, y),
                      "topleft", "bold" if current else "regular", wrap=room.w - s.gap)
            y += heights[index]
        if self.note:  # what the table said at this step, under the moves
            top = room.bottom + s.section // 2
            pygame.draw.line(surface, theme.PANEL_EDGE, (inner.x, top), (inner.right, top), s.line_width)
            blit_text(surface, self.note, s.fine, theme.GOLD, (inner.x, top + s.section // 2), "topleft",
                      wrap=inner.w)
