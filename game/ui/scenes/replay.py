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
from ..fonts import blit_text, font
from ..intents import Intent
from ..scene import FULL_RATE, Space
from ..table.draw import seat_color
from ..tile_art import face
from ..widgets import Button
from .menu import MenuScene, card, sentences
from .replay_marks import marks, place, sentence

PLAY_SECONDS = 0.7
"""Seconds per step while playing."""
LOG_ROWS = 18
MAX_UNIT = 28
"""Largest design-space size of a tile's half in the replay (pixels)."""
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
        self.unit = min(MAX_UNIT, 640 / (match.players + 1) / 2.95)
        self.at = 0
        self.playing = False
        self.timer = 0.0
        self.widgets = [
            Button("|\u25c0", (60, 820, 70, 56), self.first, size=22),
            Button("\u25c0", (140, 820, 70, 56), self.backward, size=22),
            Button("Play", (220, 820, 130, 56), self.toggle, primary=True),
            Button("\u25b6", (360, 820, 70, 56), self.forward, size=22),
            Button("\u25b6|", (440, 820, 70, 56), self.last, size=22),
            Button("Back", (1380, 820, 160, 56), self.back),
        ]
        for button, said in zip(self.widgets, ("First step", "Step back", "", "Step on", "Last step")):
            button.speak_as = said
        if reviewable is not None and reviewable.seats:
            self.widgets.insert(5, Button("Review this round", (1120, 820, 240, 56), self.review, size=20))
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

    # --------------------------------------------------------------- drawing
    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The table of the current step, the move log, and where we are."""
        state = self.steps[self.at].state
        card(surface, space, 40, 30, 1090, 770)
        card(surface, space, 1150, 30, 410, 770)
        head = f"Round {self.index + 1} replay  \u00b7  engine {state.engine}-{state.engine}"
        blit_text(surface, head, space.px(26), theme.GOLD, space.point(70, 48), "topleft", "title")
        where = f"step {self.at} of {len(self.steps) - 1}"
        blit_text(surface, where, space.px(18), theme.INK_DIM, space.point(1100, 56), "topright")
        y = 100.0
        for seat in range(state.players):
            y = self._seat_rows(surface, space, state, seat, y)
        self._train_row(surface, space, state, MEXICAN, "Mexican train", theme.MEXICAN, y)
        self._compare_banner(surface, space, y + self.unit * 1.6 + 16)
        if state.round_over and state.scores is not None:
            out = state.went_out
            how = "Blocked" if out is None else f"{'You' if out == self.you else self.names[out]} went out"
            scores = "  \u00b7  ".join(f"{'You' if s == self.you else n} {state.scores[s]}"
                                        for s, n in enumerate(self.names))
            blit_text(surface, f"{how}:  {scores}", space.px(18), theme.GOLD,
                      space.point(70, y + self.unit * 1.6 + 16), "topleft", "bold", wrap=space.px(1030))
        if self.note:  # what the table said at this step, under the moves
            pygame.draw.line(surface, theme.PANEL_EDGE, space.point(1170, 660), space.point(1540, 660), space.px(2))
            blit_text(surface, self.note, space.px(15), theme.GOLD, space.point(1175, 672), "topleft",
                      wrap=space.px(370))
        self._log(surface, space)
        blit_text(surface, "\u2190 \u2192 step  \u00b7  Home/End  \u00b7  Space plays  \u00b7  PgUp/PgDn round",
                  space.px(15),
                  theme.INK_DIM, space.point(540, 848), "midleft")

    def _seat_rows(self, surface: pygame.Surface, space: Space, state: RoundState, seat: int, y: float) -> float:
        """A seat's name, marker, train and hand; returns the next row's top."""
        color = seat_color(seat)
        name = "You" if seat == self.you else self.names[seat]
        blit_text(surface, name, space.px(18), color, space.point(70, y), "topleft", "bold")
        marker = "train public" if state.public[seat] else "train private"
        blit_text(surface, marker, space.px(14), theme.INK_DIM, space.point(70, y + 24), "topleft")
        blit_text(surface, "train", space.px(14), theme.INK_DIM, space.point(238, y + 3), "topright")
        blit_text(surface, f"hand {len(state.hands[seat])}", space.px(14), theme.INK_DIM,
                  space.point(238, y + self.unit * 1.35 + 3), "topright")
        self._tiles(surface, space, [(a, b) for a, b in state.train_tiles(seat)], 250, y)
        hand = sorted(state.hands[seat], reverse=True)
        spots = self._tiles(surface, space, [(HI[t], LO[t]) for t in hand], 250, y + self.unit * 1.35, dim=True)
        if self.compare is not None and self.compare.seat == seat and self.at == self.compare.index:
            self._both_moves(surface, space, dict(zip(hand, spots)))
        return y + self.unit * 2.9 + 10

    def _both_moves(self, surface: pygame.Surface, space: Space, spots: dict[int, pygame.Rect]) -> None:
        """The reviewed decision's marks in the hand (``replay_marks``): orange "made" and
        green "best", or one mark that says both; never two in one place."""
        assert self.compare is not None
        found = marks(self.compare.valuation, self.match.setup.set_max)
        size = space.px(14)
        for placed in place(found, spots, space.px(4), lambda word: font(size, "bold").size(word)):
            pygame.draw.rect(surface, placed.mark.color, placed.ring, max(2, space.px(4)), border_radius=space.px(6))
            blit_text(surface, placed.mark.word, size, placed.mark.color, placed.label.topleft, "topleft", "bold")

    def _compare_banner(self, surface: pygame.Surface, space: Space, y: float) -> None:
        """The reviewed decision in words, under the table, at its step."""
        if self.compare is None or self.at != self.compare.index:
            return
        line = sentence(self.compare.valuation, self.compare.seat, self.names, self.you, self.match.setup.set_max)
        blit_text(surface, line, space.px(17), theme.GOLD, space.point(70, y), "topleft", "bold", wrap=space.px(1030))

    def _train_row(self, surface: pygame.Surface, space: Space, state: RoundState, train: int, label: str,
                   color: theme.Color, y: float) -> None:
        """The Mexican train's row."""
        blit_text(surface, label, space.px(17), color, space.point(70, y), "topleft", "bold")
        self._tiles(surface, space, list(state.train_tiles(train)), 250, y)

    def _tiles(self, surface: pygame.Surface, space: Space, tiles: list[tuple[int, int]], x: float, y: float,
               dim: bool = False) -> list[pygame.Rect]:
        """Tiles in a row from ``x`` (design space), shrunk to fit the card but
        never below a readable size: a train too long for the row keeps its
        newest tiles and says how many older ones are not shown ("+5 ◀"), a hand
        its first ones ("+5 more"). Returns where each tile shown was drawn."""
        if not tiles:
            return []
        room = 1100 - x
        smallest = self.unit * READABLE
        pitch = min(self.unit * 2 + 4, room / len(tiles))
        hidden = 0
        if pitch < smallest * 2 + 4:
            pitch = smallest * 2 + 4
            label_room = 56
            fits = max(1, int((room - label_room) // pitch))
            hidden = len(tiles) - fits
            tiles = tiles[:fits] if dim else tiles[-fits:]
        unit = space.px(min(self.unit, (pitch - 4) / 2))
        if hidden and not dim:
            blit_text(surface, f"+{hidden} \u25c0", space.px(14), theme.INK_DIM, space.point(x, y + self.unit * 0.5),
                      "midleft", "bold")
            x += 56
        spots = []
        for i, (a, b) in enumerate(tiles):
            image = face(a, b, unit, True, True)
            if dim:
                image = image.copy()
                image.set_alpha(200)
            spots.append(surface.blit(image, space.point(x + i * pitch, y)))
        if hidden and dim:
            blit_text(surface, f"+{hidden} more", space.px(14), theme.INK_DIM,
                      space.point(x + len(tiles) * pitch + 4, y + self.unit * 0.5), "midleft", "bold")
        return spots

    def _log(self, surface: pygame.Surface, space: Space) -> None:
        """The move log around the current step, the current line marked."""
        blit_text(surface, "Moves", space.px(22), theme.GOLD, space.point(1175, 48), "topleft", "title")
        top = max(0, min(self.at - LOG_ROWS // 2, len(self.lines) - LOG_ROWS))
        for row, index in enumerate(range(top, min(len(self.lines), top + LOG_ROWS))):
            step = self.steps[index]
            y = 92 + row * 31
            current = index == self.at
            if current:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, space.rect(1162, y - 3, 386, 29),
                                 border_radius=space.px(6))
            if self.compare is not None and self.at == self.compare.index and index == self.at + 1:
                v = self.compare.valuation  # the reviewed move, made next: green when it was the best
                pygame.draw.rect(surface, theme.GREEN if v.made == v.best else theme.WARN,
                                 space.rect(1162, y - 3, 386, 29), max(1, space.px(2)), border_radius=space.px(6))
            color = seat_color(step.seat) if step.seat is not None else theme.GOLD
            line = self.lines[index]
            while len(line) > 8 and space.px(15) * len(line) * 0.52 > space.px(360):
                line = line[:-2]
            if line != self.lines[index]:
                line = line.rstrip() + "\u2026"
            blit_text(surface, line, space.px(15), color if current else theme.INK_DIM,
                      space.point(1175, y), "topleft", "bold" if current else "regular")
