"""The end of a match: the ranking and the tie-break that decided it."""

from __future__ import annotations

import pygame

from ...memory.session import GameSession
from ...review.cache import Reviewable
from ...words.narrate import deciding_rules, first_place_words, ranking_text
from .. import theme
from ..boxes import Column, inset
from ..fonts import blit_text
from ..intents import Intent
from ..painted import Item, Shape, Words, paint
from ..scene import FULL_RATE, Host
from ..score_sheet import SheetPlan, paint_score_sheet, plan_sheet
from ..sizing import Sizes
from ..table.draw import seat_color
from ..tally import Reveal
from ..widgets import Button
from .menu import MenuScene, buttons_row, clipped, sentences

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")

class MatchEndScene(MenuScene):
    """Winner, places, totals, and how each place was decided; ``note`` is what
    the player must know about the statistics (the match not counted, and why)."""

    def __init__(self, session: GameSession, note: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.note = note or ""
        self.match = session.match
        self.ranking = self.match.ranking()
        self.widgets = [
            Button("New match", self.new_match, primary=True),
            Button("Replay rounds", self.replay),
            Button("Title screen", self.title_screen),
        ]
        self.boxes: dict[str, pygame.Rect] = {}
        self.items: list[Item] = []
        self.rows: list[tuple[pygame.Rect, list[Item]]] = []
        """Each place's row (in the order of the ranking) and what it paints."""
        self.reveal = Reveal(self.match.players, 0.0)
        """The places shown one by one, the last first and the winner last (started in ``attach``)."""
        self.plan: SheetPlan | None = None

    def spoken_body(self) -> str:
        """The final ranking, how first place was decided, and any note about the statistics."""
        return sentences(*ranking_text(self.match).splitlines(), self.note)

    def new_match(self) -> None:
        """Set up another match."""
        assert self.app is not None
        self.app.reset(self.app.routes.setup())

    def replay(self) -> None:
        """Step through the rounds of the match (PageUp/PageDown change round)."""
        assert self.app is not None
        reviewable = Reviewable(self.session.reviews, self.session.human_seats)
        self.app.push(self.app.routes.replay(self.match, len(self.match.round_scores) - 1, self.session.human_seat,
                                             reviewable=reviewable if reviewable.seats else None))

    def title_screen(self) -> None:
        """Back to the title screen."""
        assert self.app is not None
        self.app.reset(self.app.routes.title())

    def back(self) -> None:
        """Esc goes to the title screen."""
        self.title_screen()

    def layout(self, s: Sizes) -> None:
        """The headline and how first place was decided; then (scrolling when taller than
        the room) the places, the score sheet on its card and any note; the buttons at the bottom."""
        frame = s.frame
        width = min(frame.w, round(s.unit * 56))
        column = Column(pygame.Rect(frame.centerx - width // 2, frame.y, width, frame.h), s.gap)
        headline = self._headline()
        rules = deciding_rules(self.match)
        first = first_place_words(rules[0]) if rules else ""
        self.boxes["headline"] = column.take(s.wrapped(headline, s.title, width, "title"))
        self.boxes["first"] = column.take(s.wrapped(first, s.body, width)) if first else pygame.Rect(0, 0, 0, 0)
        column.skip(s.section - s.gap)
        buttons = pygame.Rect(frame.x, frame.bottom - s.control, frame.w, s.control)
        view = pygame.Rect(column.rect.x, column.bottom, width, buttons.y - s.section - column.bottom)
        self.items = []
        self.rows = []
        y = self._places(s, pygame.Rect(view.x, self.pane.top, width, 0), rules)
        y += s.section
        self.plan = plan_sheet(self.match, s, width - 2 * s.inside, self.session.hints)
        sheet_card = pygame.Rect(view.x, y, width, self.plan.height + 2 * s.inside)
        self.items.append(Shape(sheet_card, theme.PANEL, 2 * s.radius, card=True))
        self.boxes["sheet"] = inset(sheet_card, s.inside)
        y = sheet_card.bottom
        if self.note:  # under the sheet, above the buttons
            y += s.gap
            self.items.append(Words(self.note, s.small, theme.RED, (view.x, y), style="bold", wrap=width))
            y += s.wrapped(self.note, s.small, width, "bold")
        self.pane.set(view, y - self.pane.top)
        buttons_row(buttons, self.widgets, s)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The headline, how first place was decided; in the pane the places, the sheet and the note."""
        box = self.boxes["headline"]
        blit_text(surface, self._headline(), s.title, theme.GOLD, box.midtop, "midtop", "title", wrap=box.w)
        rules = deciding_rules(self.match)
        if rules:
            box = self.boxes["first"]
            blit_text(surface, first_place_words(rules[0]), s.body, theme.INK, box.midtop, "midtop", wrap=box.w)
        with clipped(surface, self.pane.view):
            for k, (box, row) in enumerate(self.rows):
                shown = self.reveal.shown(len(self.rows) - 1 - k)  # the last place first, the winner last
                if shown >= 1:
                    paint(surface, row, self.pane.view)
                elif shown > 0:  # wiped in from the left
                    with clipped(surface, pygame.Rect(box.x, box.y, round(box.w * shown), box.h)):
                        paint(surface, row, self.pane.view)
            paint(surface, self.items, self.pane.view)
            if self.plan is not None:
                paint_score_sheet(surface, self.plan, self.boxes["sheet"].topleft, self.match, s, self.session.hints)

    def attach(self, app: Host) -> None:
        """Start showing the places, from the last up to the winner (at once with reduced motion)."""
        super().attach(app)
        self.reveal = Reveal(self.match.players, 0.0 if app.settings.reduced_motion else app.settings.anim_scale)

    def update(self, dt: float) -> None:
        """The places slide in."""
        super().update(dt)
        self.reveal.update(dt)

    def handle(self, intent: Intent) -> None:
        """Space, or a click beside the buttons, shows every place at once; the rest is the menu's."""
        if self.reveal.busy and (intent.kind == "skip" or (intent.kind == "press" and not any(
                w.rect.collidepoint(intent.pos) for w in self.widgets))):
            self.reveal.finish()
            return
        super().handle(intent)

    def frame_rate(self) -> int:
        """Full speed while the places slide in."""
        return FULL_RATE if self.reveal.busy else super().frame_rate()

    def _headline(self) -> str:
        """Who won, in the person's words when the person is among the winners."""
        winners = self.ranking[0]
        human = self.session.human_seat
        if human is not None and human in winners:
            return "You win the match!" if len(winners) == 1 else "You share first place!"
        names = " and ".join(self.match.names[s] for s in winners)
        return f"{names} win{'s' if len(winners) == 1 else ''} the match"

    def _seat_label(self, seat: int) -> str:
        """A seat's name, marked "(you)" for the person or with its kind of computer player."""
        name = self.match.names[seat]
        if seat == self.session.human_seat:
            return name if name == "You" else f"{name}  (you)"
        return f"{name}  ({self.session.seats[seat].kind})"

    def _places(self, s: Sizes, room: pygame.Rect, rules: list[str]) -> int:
        """A row per seat in the order of the ranking, from ``room``'s top: the place, the
        name, the rounds at zero, the total and the tie-break that placed it; the y under them."""
        y = room.y
        totals = self.match.totals()
        place_w = s.width("8th", s.heading, "title") + s.section
        total_w = s.width("888 pts", s.heading, "bold") + s.section
        for g, group in enumerate(self.ranking):
            for seat in group:
                tie_break = rules[g - 1] if g > 0 and seat == group[0] and rules[g - 1] != "total" else None
                zeros = sum(1 for r in self.match.round_scores if r[seat] == 0)
                zero_words = f"{zeros} round{'s' if zeros != 1 else ''} at 0"
                label = self._seat_label(seat)
                room_w = room.w - 2 * s.pad - place_w - total_w
                name_h = s.wrapped(label, s.body, room_w, "bold")
                height = max(s.line(s.heading, "title"), name_h + s.line(s.fine)
                             + (s.line(s.fine) if tie_break else 0)) + 2 * s.gap
                box = pygame.Rect(room.x, y, room.w, height)
                row: list[Item] = []
                self.rows.append((box, row))
                row.append(Shape(box, (70, 58, 24) if g == 0 else theme.PANEL_LIGHT, s.radius))
                row.append(Shape(pygame.Rect(box.x, box.y, max(4, s.gap // 2), box.h), seat_color(seat),
                                        s.radius // 2))
                x = box.x + s.pad
                row.append(Words(PLACES[g] if g < len(PLACES) else str(g + 1), s.heading, theme.GOLD,
                                        (x, box.centery), "midleft", "title"))
                x += place_w
                top = box.y + s.gap
                row.append(Words(label, s.body, theme.INK, (x, top), style="bold", wrap=room_w))
                top += name_h
                row.append(Words(zero_words, s.fine, theme.INK_DIM, (x, top)))
                if tie_break:
                    row.append(Words(f"tie-break: {tie_break}", s.fine, theme.RED,
                                            (x, top + s.line(s.fine)), style="bold"))
                row.append(Words(f"{totals[seat]} pts", s.heading, theme.GOLD, (box.right - s.pad, box.centery),
                                        "midright", "bold"))
                y += height + s.gap // 2
        return y
