"""Statistics: the person's matches and rounds per rules preset and per
opponent level, best and average totals, and a chart of the last matches."""

from __future__ import annotations

import pygame

from ...memory.session import is_you
from ...memory.stats import Statistics, Tally
from .. import theme
from ..fonts import blit_text
from ..intents import Intent
from ..scene import Space
from ..spoken_rows import TextRow
from ..widgets import Button
from .menu import MenuScene, card, sentences

CHART_MATCHES = 12
COLUMNS = ("matches", "won", "rounds won", "went out", "best", "average", "longest train", "hints")


def tally_cells(tally: Tally) -> tuple[str, ...]:
    """One row of the table, in ``COLUMNS`` order."""
    return (
        str(tally.matches),
        f"{tally.wins} ({100 * tally.wins // tally.matches}%)" if tally.matches else "0",
        f"{tally.round_wins} of {tally.rounds}",
        str(tally.went_out),
        "-" if tally.best_total is None else str(tally.best_total),
        f"{tally.average_total:.0f}" if tally.matches else "-",
        str(tally.longest_train),
        str(tally.hints),
    )


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
    """Everything recorded for one person (Left/Right switch people at a shared table)."""

    title = "Statistics"

    def __init__(self, stats: Statistics, note: str | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.note = note or ""
        self.people = stats.players()
        self.person = 0
        self.widgets = [Button("Back", (700, 820, 200, 56), self.back, primary=True)]
        if len(self.people) > 1:
            self.widgets += [
                Button("\u25c0", (420, 128, 56, 44), lambda: self.switch(-1), size=20, speak_as="Previous person"),
                Button("\u25b6", (1124, 128, 56, 44), lambda: self.switch(1), size=20, speak_as="Next person"),
            ]

    def switch(self, step: int) -> None:
        """Show the next (or previous) person's figures (and say whose they are)."""
        if self.people:
            self.person = (self.person + step) % len(self.people)
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
            return sentences("No finished match yet: play one to the end and it is counted here", self.note)
        return sentences(self.whose(), "Up and Down read the figures row by row", self.note)

    def spoken_rows(self) -> list[TextRow]:
        """The shown person's figures, a row at a time: every table's rows, the chart and the reviews' trend."""
        if not self.people:
            return []
        name = self.people[self.person]
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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """Overall figures, the tables per preset and per level, and the chart."""
        super().draw_body(surface, space)
        card(surface, space, 60, 120, 1480, 680)
        if not self.people:
            blit_text(surface, "No finished match yet: play one to the end and it is counted here.",
                      space.px(22), theme.INK_DIM, space.point(800, 420), "center")
            self._note(surface, space)
            return
        name = self.people[self.person]
        blit_text(surface, name, space.px(28), theme.GOLD, space.point(800, 134), "midtop", "title")
        y = self._table(surface, space, "All matches", {"": self.stats.overall(name)}, 200)
        y = self._table(surface, space, "By rules", self.stats.by_preset(name), y + 18)
        self._table(surface, space, "By opponents", self.stats.by_level(name), y + 18)
        self._chart(surface, space, self.stats.recent_totals(name, CHART_MATCHES))
        self._mistakes(surface, space, self.stats.recent_mistakes(name, CHART_MATCHES))
        self._note(surface, space)

    def _mistakes(self, surface: pygame.Surface, space: Space, per_round: list[float]) -> None:
        """Marked decisions per reviewed round over the last reviewed matches, and the trend."""
        left, top = 1030, 520
        blit_text(surface, "Round reviews: costly or clear mistakes per round", space.px(16), theme.GOLD,
                  space.point(left, top), "topleft", "bold")
        if not per_round:
            blit_text(surface, "No reviewed round yet: \"Review this round\" after a round counts it here.",
                      space.px(14), theme.INK_DIM, space.point(left, top + 30), "topleft", wrap=space.px(480))
            return
        figures = "  \u00b7  ".join(f"{v:.1f}" for v in per_round)
        blit_text(surface, f"last matches, oldest first: {figures}", space.px(14), theme.INK,
                  space.point(left, top + 30), "topleft", wrap=space.px(480))
        blit_text(surface, trend_words(per_round), space.px(14), theme.INK_DIM, space.point(left, top + 78),
                  "topleft", wrap=space.px(480))

    def _table(self, surface: pygame.Surface, space: Space, heading: str, rows: dict[str, Tally], y: float) -> float:
        """A heading, the column names and one row per key; returns the next free y."""
        blit_text(surface, heading, space.px(19), theme.GOLD, space.point(90, y), "topleft", "bold")
        xs = [316 + i * 92 for i in range(len(COLUMNS))]
        for x, column in zip(xs, COLUMNS):
            blit_text(surface, column, space.px(13), theme.INK_DIM, space.point(x, y + 4), "topleft")
        y += 30
        for key, tally in sorted(rows.items()):
            label = key.replace("-", " ").title() if key else "Total"
            blit_text(surface, label, space.px(16), theme.INK, space.point(110, y), "topleft", "bold")
            for x, cell in zip(xs, tally_cells(tally)):
                blit_text(surface, cell, space.px(16), theme.INK, space.point(x, y), "topleft")
            y += 26
        return y

    def _chart(self, surface: pygame.Surface, space: Space, totals: list[int]) -> None:
        """Bars of the last matches' totals, oldest on the left (lower is better)."""
        left, top, width, height = 1030, 220, 480, 260
        blit_text(surface, f"Last {len(totals)} match totals (lower is better)", space.px(16), theme.GOLD,
                  space.point(left, top - 30), "topleft", "bold")
        pygame.draw.rect(surface, theme.PANEL_LIGHT, space.rect(left, top, width, height),
                         border_radius=space.px(8))
        if not totals:
            return
        peak = max(max(totals), 1)
        slot = width / CHART_MATCHES
        best = min(totals)
        for i, total in enumerate(totals):
            bar_h = (height - 40) * total / peak
            x = left + i * slot + slot * 0.18
            color = theme.GREEN if total == best else theme.BLUE
            pygame.draw.rect(surface, color, space.rect(x, top + height - 20 - bar_h, slot * 0.64, bar_h),
                             border_radius=space.px(3))
            blit_text(surface, str(total), space.px(12), theme.INK, space.point(x + slot * 0.32, top + height - 18),
                      "midtop")

    def _note(self, surface: pygame.Surface, space: Space) -> None:
        """A note from loading the statistics (a damaged file started afresh)."""
        if self.note:
            blit_text(surface, self.note, space.px(16), theme.WARN, space.point(800, 770), "midtop", wrap=space.px(1400))
