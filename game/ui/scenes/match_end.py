"""The end of a match: the ranking and the tie-break that decided it."""

from __future__ import annotations

import pygame

from ...memory.session import GameSession
from ...review.cache import Reviewable
from ...words.narrate import deciding_rules, first_place_words, ranking_text
from .. import theme
from ..fonts import blit_text, fit_size
from ..intents import Intent
from ..scene import FULL_RATE, Host, Space
from ..score_sheet import paint_score_sheet
from ..table.draw import seat_color
from ..tally import Reveal
from ..widgets import Button
from .menu import MenuScene, card, sentences

BUTTONS_TOP = 800
"""Where the buttons start (design y): the ranking, the sheet and any note end above."""
NOTE_ROOM = 56
"""Design pixels kept under the sheet for a note about the statistics."""

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
        self.reveal = Reveal(self.match.players, 0.0)
        """The places shown one by one, the last first and the winner last (started in ``attach``)."""
        self.widgets = [
            Button("New match", (435, BUTTONS_TOP, 230, 60), self.new_match, primary=True),
            Button("Replay rounds", (685, BUTTONS_TOP, 230, 60), self.replay),
            Button("Title screen", (935, BUTTONS_TOP, 230, 60), self.title_screen),
        ]

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
                w.screen_rect(self.space()).collidepoint(intent.pos) for w in self.widgets))):
            self.reveal.finish()
            return
        super().handle(intent)

    def frame_rate(self) -> int:
        """Full speed while the places slide in."""
        return FULL_RATE if self.reveal.busy else super().frame_rate()

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

    def draw_body(self, surface: pygame.Surface, space: Space) -> None:
        """The headline, the places with totals and tie-breaks, and the score sheet."""
        match = self.match
        blit_text(surface, self._headline(), space.px(52), theme.GOLD, space.point(800, 50), "midtop", "title")
        rules = deciding_rules(match)
        if rules:
            blit_text(surface, first_place_words(rules[0]), space.px(20), theme.INK, space.point(800, 124),
                      "midtop")
        n = match.players
        sheet = 40 + (26 if n <= 5 else 21) * (n + 1)
        room = BUTTONS_TOP - 14 - (NOTE_ROOM if self.note else 0) - 165 - 40 - 26 - sheet
        row = max(28.0, min(60.0, room / max(1, n)))  # rows give way: the sheet keeps clear of the buttons
        card(surface, space, 330, 165, 940, row * n + 40)
        y = 185.0
        order = [seat for group in self.ranking for seat in group]
        for g, group in enumerate(self.ranking):
            for seat in group:
                tie_break = rules[g - 1] if g > 0 and seat == group[0] and rules[g - 1] != "total" else None
                shown = self.reveal.shown(len(order) - 1 - order.index(seat))  # the last place first
                if shown >= 1:
                    self._place_row(surface, space, (g, seat), (y, row), tie_break)
                elif shown > 0:  # wiped in from the left
                    surface.set_clip(space.rect(340, y - 4, 920 * shown, row + 4))
                    self._place_row(surface, space, (g, seat), (y, row), tie_break)
                    surface.set_clip(None)
                y += row
        bottom = self._sheet(surface, space, y + 40, sheet)
        if self.note:  # under the sheet, above the buttons
            blit_text(surface, self.note, space.px(17), theme.RED, space.point(340, bottom + 14), "topleft",
                      "bold", wrap=space.px(920))

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

    def _place_row(self, surface: pygame.Surface, space: Space, place: tuple[int, int],
                   band: tuple[float, float], tie_break: str | None) -> None:
        """One seat's row: place, name, rounds at zero, total and the tie-break that placed it."""
        g, seat = place
        y, row = band
        middle = y + (row - 8) / 2
        big = min(1.0, row / 50)  # a short row (many seats) takes smaller words
        color = (70, 58, 24) if g == 0 else theme.PANEL_LIGHT
        pygame.draw.rect(surface, color, space.rect(360, y, 880, row - 8), border_radius=space.px(10))
        pygame.draw.rect(surface, seat_color(seat), space.rect(360, y, 10, row - 8), border_radius=space.px(4))
        blit_text(surface, PLACES[g] if g < len(PLACES) else str(g + 1), space.px(26 * big), theme.GOLD,
                  space.point(395, middle), "midleft", "title")
        name, size = fit_size(self._seat_label(seat), space.px(24 * big), "bold", space.px(360), space.px(14))
        blit_text(surface, name, size, theme.INK, space.point(480, middle), "midleft", "bold")
        zeros = sum(1 for r in self.match.round_scores if r[seat] == 0)
        blit_text(surface, f"{zeros} round{'s' if zeros != 1 else ''} at 0", space.px(max(12, 15 * big)),
                  theme.INK_DIM, space.point(1010, middle), "midright")
        blit_text(surface, f"{self.match.totals()[seat]} pts", space.px(26 * big), theme.GOLD,
                  space.point(1220, middle), "midright", "bold")
        if tie_break:
            blit_text(surface, f"tie-break: {tie_break}", space.px(13), theme.RED, space.point(1010, y + 4), "topright", "bold")

    def _sheet(self, surface: pygame.Surface, space: Space, top: float, height: float) -> float:
        """Every round's score, seat by seat, under the ranking, in a card ``height`` tall;
        where the card ends (design y)."""
        match = self.match
        card(surface, space, 330, top - 14, 940, height)
        paint_score_sheet(surface, space, match, (340, top, 920, height - 30), self.session.hints)
        return top - 14 + height
