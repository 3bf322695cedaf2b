"""Statistics: the person's matches and rounds per rules preset and per
opponent level, best and average totals, and a chart of the last matches."""

from __future__ import annotations

import pygame

from ...memory.session import is_you
from ...memory.stats import Statistics, Tally
from .. import theme
from ..boxes import Column
from ..fonts import blit_text
from ..intents import Intent
from ..painted import Item, Shape, Words, paint
from ..sizing import Sizes
from ..spoken_rows import TextRow
from ..widgets import Button
from .menu import MenuScene, card, clipped, sentences
from .stats_table import COLUMNS, plan_columns, tally_cells

CHART_MATCHES = 12


def trend_words(per_round: list[float]) -> str:
    """Whether the later matches have fewer marked decisions per round than the earlier ones."""
    if len(per_round) < 4:
        return "A trend shows after four reviewed matches."
    half = len(per_round) // 2
    early = sum(per_round[:half]) / half
    late = sum(per_round[half:]) / (len(per_round) - half)
    if late < early * 0.8:
        return f"Fewer than before: {late:.1f} a round lately, {early:.1f} earlier."
    if late > early * 1.25:
        return f"More than before: {late:.1f} a round lately, {early:.1f} earlier."
    return f"About the same as before: {late:.1f} a round lately, {early:.1f} earlier."


class StatisticsScene(MenuScene):
    """Everything recorded for one person (Left/Right switch people at a shared table);
    ``in_progress``: a match is being played that is not counted yet."""

    title = "Statistics"

    def __init__(self, stats: Statistics, note: str | None = None, in_progress: bool = False) -> None:
        super().__init__()
        self.stats = stats
        self.note = note or ""
        self.in_progress = in_progress
        self.people = stats.players()
        self.person = 0
        self.back_button = Button("Back", self.back, primary=True)
        self.widgets: list[Button] = [self.back_button]
        if len(self.people) > 1:
            self.widgets = [Button("\u25c0", lambda: self.switch(-1), speak_as="Previous person"),
                            Button("\u25b6", lambda: self.switch(1), speak_as="Next person"), self.back_button]
        self.items: list[Item] = []
        self.boxes: dict[str, pygame.Rect] = {}
        self.rows: list[TextRow] = []
        """The shown person's figures as rows read aloud (placed by the layout, in the pane)."""
        self._rows_for = ""

    def switch(self, step: int) -> None:
        """Show the next (or previous) person's figures (and say whose they are)."""
        if self.people:
            self.person = (self.person + step) % len(self.people)
            self.relayout()
            self.speak(self.whose())

    def whose(self) -> str:
        """'Ana's figures, 1 of 2 people: Left and Right change person' (or only the name)."""
        name = self.people[self.person]
        whose = "Your figures" if is_you(name) else f"{name}'s figures"
        if len(self.people) == 1:
            return f"{whose}."
        return f"{whose}, {self.person + 1} of {len(self.people)} people: Left and Right change person."

    def spoken_body(self) -> str:
        """Whose figures these are and how to hear them, or that there are none yet."""
        if not self.people:
            return sentences(self.empty_words(), *self.notes())
        return sentences(self.whose(), "Up and Down read the figures row by row", *self.notes())

    def spoken_rows(self) -> list[TextRow]:
        """The shown person's figures, a row at a time: every table's rows, the chart and the
        reviews' trend (each row's box where the layout puts it, in the scrolling pane)."""
        if not self.people:
            return []
        name = self.people[self.person]
        if self.rows and self._rows_for == name:
            return self.rows
        rows = [self._said_row("All matches", self.stats.overall(name))]
        rows += [self._said_row(f"{key.replace('-', ' ').title()} rules", tally)
                 for key, tally in sorted(self.stats.by_preset(name).items())]
        rows += [self._said_row(f"Against {key.replace('-', ' ').title()}", tally)
                 for key, tally in sorted(self.stats.by_level(name).items())]
        totals = self.stats.recent_totals(name, CHART_MATCHES)
        if totals:
            head = "Last match total" if len(totals) == 1 else f"Last {len(totals)} match totals, oldest first"
            rows.append(TextRow(f"{head}, lower is better: {', '.join(str(t) for t in totals)}."))
        mistakes = self.stats.recent_mistakes(name, CHART_MATCHES)
        rows.append(TextRow("Round reviews, costly or clear mistakes per round: " + (
            f"last matches, oldest first, {', '.join(f'{v:.1f}' for v in mistakes)}. {trend_words(mistakes)}"
            if mistakes else "no reviewed round yet.")))
        self.rows, self._rows_for = rows, name
        return rows

    @staticmethod
    def _said_row(label: str, tally: Tally) -> TextRow:
        """A row of a table read aloud: its label, then each column's name and figure."""
        cells = ", ".join(f"{column} {'none' if cell == '-' else cell}"
                          for column, cell in zip(COLUMNS, tally_cells(tally)))
        return TextRow(f"{label}: {cells}.")

    def handle(self, intent: Intent) -> None:
        """Left and Right switch people; the rest as any menu."""
        if intent.kind in ("left", "right"):
            self.switch(-1 if intent.kind == "left" else 1)
            return
        super().handle(intent)

    def notes(self) -> list[str]:
        """The lines under the figures: the scene's note, and that a match in progress is counted when it ends."""
        progress = "Your match in progress is counted when it ends." if self.in_progress and self.people else ""
        return [n for n in (self.note, progress) if n]

    def empty_words(self) -> str:
        """What the screen says with no finished match: what is counted, and when."""
        if self.in_progress:
            return ("No finished match yet. A match is counted here when its last round ends: the one in "
                    "progress will be, with every round won in it.")
        return "No finished match yet: a match is counted here when its last round ends."

    def layout(self, s: Sizes) -> None:
        """The title and the person (with arrows when there are several); in a scrolling
        pane the three tables and, beside them when there is room (else under them), the
        chart of the last totals and the reviews' trend; the note; Back at the bottom."""
        frame = s.frame
        column = Column(frame, s.gap)
        self.boxes["title"] = column.take(s.line(s.title, "title"))
        self.items = []
        back = pygame.Rect(0, frame.bottom - s.control, s.button_width("Back") + 2 * s.pad, s.control)
        back.centerx = frame.centerx
        self.back_button.place(back, s.label)
        notes = self.notes()
        note_h = sum(s.wrapped(n, s.small, frame.w) for n in notes)
        self.boxes["note"] = pygame.Rect(frame.x, back.y - s.section - note_h, frame.w, note_h)
        if not self.people:
            self.pane.set(pygame.Rect(frame.x, column.bottom, frame.w, 0), 0)
            words = self.empty_words()
            width = min(frame.w, round(s.unit * 40))
            self.items.append(Words(words, s.heading, theme.INK_DIM, (frame.centerx - width // 2, frame.centery
                                    - s.wrapped(words, s.heading, width) // 2), wrap=width))
            return
        name_row = column.take(s.control)
        if len(self.widgets) > 2:
            arrow = s.button_width("\u25c0")
            name_w = s.width(self.people[self.person], s.heading, "title") + 2 * s.section
            self.widgets[0].place(pygame.Rect(name_row.centerx - name_w // 2 - arrow, name_row.y, arrow, s.control),
                                  s.label)
            self.widgets[1].place(pygame.Rect(name_row.centerx + name_w // 2, name_row.y, arrow, s.control), s.label)
        self.boxes["name"] = name_row
        column.skip(s.section - s.gap)
        plan = plan_columns(s, self._tables(), frame.w - s.gap - 2 * s.section)
        wanted = plan.width + 2 * s.section + round(s.unit * 24)  # the tables with the chart beside them
        width = min(frame.w - s.gap, wanted)
        view = pygame.Rect(frame.centerx - width // 2, column.bottom, width,
                           self.boxes["note"].y - s.section - column.bottom)
        self.pane.set(view, self._content(s, view))

    def _content(self, s: Sizes, view: pygame.Rect) -> int:
        """The tables, the chart and the trend from the pane's top; the content's height."""
        name = self.people[self.person]
        top = self.pane.top
        tables = self._tables()
        plan = plan_columns(s, tables, view.w - 2 * s.section)  # the scroll bar's room kept
        side_w = round(s.unit * 24)
        beside = plan.width + s.section * 2 + side_w <= view.w
        left = view.x if beside else view.centerx - min(view.w, plan.width) // 2
        y = top
        boxes: list[pygame.Rect] = []  # each row read aloud: every table's rows, the chart (with bars), the trend
        for heading, rows in tables:
            y = plan.place(self.items, s, heading, rows, (left, y), boxes) + s.section
        if beside:
            x, y2, width = view.right - side_w, top, side_w
        else:
            x, y2, width = left, y, min(view.w, max(plan.width, side_w))
        totals = self.stats.recent_totals(name, CHART_MATCHES)
        chart_bottom = self._chart(s, pygame.Rect(x, y2, width, 0), totals)
        if totals:
            boxes.append(pygame.Rect(x, y2, width, chart_bottom - y2))
        y2 = chart_bottom + s.section
        trend_bottom = self._mistakes(s, pygame.Rect(x, y2, width, 0), self.stats.recent_mistakes(name, CHART_MATCHES))
        boxes.append(pygame.Rect(x, y2, width, trend_bottom - y2 - s.gap // 2))
        for row, box in zip(self.spoken_rows(), boxes, strict=True):
            row.rect = box
        self.scrolled = list(self.rows)
        return max(y - s.section, trend_bottom) - top

    def _tables(self) -> list[tuple[str, dict[str, Tally]]]:
        """The person's three tables: all matches, by rules, by opponents (heading and rows each)."""
        name = self.people[self.person]
        return [("All matches", {"": self.stats.overall(name)}), ("By rules", self.stats.by_preset(name)),
                ("By opponents", self.stats.by_level(name))]

    def _mistakes(self, s: Sizes, room: pygame.Rect, per_round: list[float]) -> int:
        """Marked decisions per reviewed round over the last reviewed matches, and the trend; the y under."""
        lines = [("Round reviews: costly or clear mistakes per round", theme.GOLD, "bold")]
        if not per_round:
            lines.append(("No reviewed round yet: \"Review this round\" after a round counts it here.",
                          theme.INK_DIM, "regular"))
        else:
            figures = "  \u00b7  ".join(f"{v:.1f}" for v in per_round)
            lines += [(f"last matches, oldest first: {figures}", theme.INK, "regular"),
                      (trend_words(per_round), theme.INK_DIM, "regular")]
        y = room.y
        for words, color, style in lines:
            self.items.append(Words(words, s.small, color, (room.x, y), style=style, wrap=room.w))
            y += s.wrapped(words, s.small, room.w, style) + s.gap // 2
        return y

    def _chart(self, s: Sizes, room: pygame.Rect, totals: list[int]) -> int:
        """Bars of the last matches' totals, oldest on the left (lower is better); the y under."""
        heading = f"Last {len(totals)} match totals (lower is better)"
        self.items.append(Words(heading, s.small, theme.GOLD, room.topleft, style="bold", wrap=room.w))
        top = room.y + s.wrapped(heading, s.small, room.w, "bold") + s.gap
        label_h = s.line(s.fine)
        box = pygame.Rect(room.x, top, room.w, max(round(s.unit * 9), room.w // 2))
        self.items.append(Shape(box, theme.PANEL_LIGHT, s.radius))
        if totals:
            peak = max(max(totals), 1)
            slot = box.w / CHART_MATCHES
            best = min(totals)
            for i, total in enumerate(totals):
                bar_h = round((box.h - 2 * label_h - s.gap) * total / peak)
                x = round(box.x + i * slot + slot * 0.18)
                bar = pygame.Rect(x, box.bottom - label_h - s.gap // 2 - bar_h, max(2, round(slot * 0.64)), bar_h)
                self.items.append(Shape(bar, theme.GREEN if total == best else theme.BLUE, max(2, s.radius // 3)))
                self.items.append(Words(str(total), s.fine, theme.INK, (bar.centerx, box.bottom - s.gap // 4),
                                        "midbottom"))
        return box.bottom

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the person, the figures (in the pane) and the notes."""
        blit_text(surface, self.title, s.title, theme.GOLD, self.boxes["title"].midtop, "midtop", "title")
        if self.people:
            box = self.boxes["name"]
            blit_text(surface, self.people[self.person], s.heading, theme.GOLD, box.center, "center", "title")
            card(surface, self.pane.view.inflate(2 * s.pad, 2 * s.pad), s)
        with clipped(surface, self.pane.view if self.people else None):
            paint(surface, self.items, self.pane.view if self.people else None)
        y = self.boxes["note"].y
        for note in self.notes():
            y = blit_text(surface, note, s.small, theme.WARN if note == self.note else theme.INK_DIM,
                              (self.boxes["note"].centerx, y), "midtop", wrap=self.boxes["note"].w).bottom
