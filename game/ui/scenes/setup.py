"""Match setup: seats (people and computer players), rules and house rules, length, undo, deal code."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import pygame

from ...ai import LEVELS
from ...engine import PRESETS, RuleOptions, SetupError, option_names, preset
from ...engine.dealcode import DealCodeError, decode, encode, new_seed
from ...engine.length import LENGTHS, Length, rounds_for, with_length
from ...engine.option_ranges import NOT_HOUSE_RULES
from ...engine.options import allowed_values
from ...engine.tiles import SET_SIZES
from ...memory.names import seat_name
from ...memory.session import HUMAN, GameSession, SeatConfig, people_named
from ...words.counting import counted
from ...words.option_words import label, phrase
from ...words.rules_help import describe
from ..intents import Intent
from ..last_setup import length_of_setup, options_of, record, seats_of, undo_of_setup
from ..painted import Item
from ..scene import Host
from ..sizing import Sizes
from ..widgets import Button, Picker, TextField
from .menu import MenuScene, sentences
from .setup_layout import draw_setup, lay_out_setup

NAMES = ("You", "Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria")
HIDDEN_OPTIONS = NOT_HOUSE_RULES
"""Options not offered as house rules (``rounds`` is the match length picker's)."""
KINDS = (HUMAN, *LEVELS)
"""Who may play a seat: a person or a computer level."""


def show_kind(kind: str) -> str:
    """A seat's kind as its picker shows it."""
    return "person" if kind == HUMAN else kind


def deal_char(ch: str) -> bool:
    """Whether ``ch`` may be typed into the deal code field."""
    return ch.isascii() and (ch.isalnum() or ch in "- ")


def option_choices(name: str) -> list[Any]:
    """The values offered for a house rule."""
    fixed = allowed_values(name)
    if fixed is not None:
        return list(fixed)
    default = getattr(RuleOptions(), name)
    if isinstance(default, bool):
        return [False, True]
    if name == "set_max":
        return [None, *SET_SIZES]
    if name == "hand_size":
        return [None, *range(4, 21)]
    if name == "first_engine":
        return [None, *range(19)]
    if name == "rounds":
        return [None, *range(1, 20)]
    if name == "zero_zero_value":
        return [0, 10, 25, 50]
    return [default]


def show_value(value: Any) -> str:
    """A house-rule value as the picker shows it."""
    if value is None:
        return "auto"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


class SetupScene(MenuScene):
    """Choose seats, rules, length and a deal code, then start. Opens on the last
    table set up (seats, names, levels, preset, house rules, length and undo),
    which starting remembers; ``deal`` fills the deal code in (``--deal``)."""

    title = "New match"

    def __init__(self, deal: str | None = None) -> None:
        super().__init__()
        self.error = ""
        self.rules_label = ""
        self.seat_count = Picker(list(range(2, 9)), index=2, on_change=lambda _v: self._rebuild())
        self.preset = Picker(list(PRESETS), on_change=lambda _v: self._reset_rules(),
                             labels=lambda v: v.replace("-", " ").title())
        self.names = [TextField(NAMES[i], max_len=14) for i in range(8)]
        self.kinds = [Picker(list(KINDS), index=0 if i == 0 else 2, labels=show_kind,
                             on_change=lambda _v: self._rebuild()) for i in range(8)]
        self.length = Picker(list(LENGTHS), labels=self._length_label)
        self.undo = Picker([False, True], labels=show_value)
        self.deal = TextField(deal or encode(new_seed()), max_len=11, allowed=deal_char, placeholder="random")
        self.seat_count.name, self.preset.name, self.length.name, self.undo.name, self.deal.name = (
            "Players", "Rules", "Length", "Undo a turn", "Deal code")
        for i in range(8):
            self.names[i].name, self.kinds[i].name = f"Seat {i + 1} name", f"Seat {i + 1} plays as"
        self.rules: dict[str, Picker] = {}
        self.start_button = Button("Start match", self.start, primary=True)
        self.help_button = Button("Rules help", self.rules_help)
        self.back_button = Button("Back", self.back)
        self.boxes: dict[str, pygame.Rect] = {}
        self.rule_labels: dict[str, pygame.Rect] = {}
        """Where each house rule's label goes."""
        self.items: list[Item] = []
        """The cards and words the layout placed."""
        self._reset_rules()

    def attach(self, app: Host) -> None:
        """Set the table up as it was last time."""
        super().attach(app)
        last = app.settings.last_setup
        seats = seats_of(last)
        if len(seats) < 2:
            return
        options, players = options_of(last)
        self.seat_count.set(min(8, players))
        self.preset.set(options.preset)
        self._reset_rules()
        for name, picker in self.rules.items():
            picker.set(getattr(options, name))
        for i, seat in enumerate(seats[:8]):
            self.names[i].value = seat.name[: self.names[i].max_len]
            self.kinds[i].set(seat.kind)
        self.length.set(length_of_setup(last))
        self.undo.set(undo_of_setup(last))
        self._rebuild()

    def _length_label(self, length: str) -> str:
        """'Short: 7 rounds' for the table as set up now."""
        try:
            rounds = rounds_for(self.house_options(), self.seat_count.value, cast(Length, length))
        except SetupError:
            return length.title()
        return f"{length.title()}: {rounds} round{'s' if rounds != 1 else ''}"

    def spoken_body(self) -> str:
        """The table as set up now, in words; then what Enter does."""
        n = self.seat_count.value
        seats = ", ".join(f"{self.names[i].value or NAMES[i]} ({show_kind(self.kinds[i].value)})" for i in range(n))
        return sentences(f"{counted(n, 'player')}: {seats}", f"Rules: {self.rules_label}",
                         f"Length: {self._length_label(self.length.value)}",
                         f"Deal code: {self.deal.value or 'random'}", self.error, "Enter starts the match")

    def people(self) -> int:
        """How many seats people play."""
        return sum(1 for k in self.kinds[: self.seat_count.value] if k.value == HUMAN)

    def undo_offered(self) -> bool:
        """Undo is a house setting only with exactly one person at the table."""
        return self.people() == 1

    def rules_help(self) -> None:
        """Open the rules of the table as set up now."""
        assert self.app is not None
        try:
            options = self.options()
        except SetupError:
            options = preset(self.preset.value)
        self.app.push(self.app.routes.rules(options, players=self.seat_count.value, lesson=True))


    def _reset_rules(self) -> None:
        base = preset(self.preset.value)
        self.rules = {}
        names = [n for n in option_names() if n not in HIDDEN_OPTIONS]
        for name in names:
            choices = option_choices(name)
            picker = Picker(choices, labels=partial(phrase, name), on_change=lambda _v: self._validate())
            picker.set(getattr(base, name))
            picker.name = label(name)
            self.rules[name] = picker
        self._rebuild()

    def _rebuild(self) -> None:
        n = self.seat_count.value
        self.widgets = [self.seat_count]  # in reading order: the keyboard focus follows it
        for i in range(n):
            self.widgets.extend([self.names[i], self.kinds[i]])
        if self.undo_offered():
            self.widgets.append(self.undo)
        self.widgets.extend([self.preset, self.help_button])
        self.widgets.extend(self.rules.values())
        self.widgets.extend([self.length, self.deal, self.back_button, self.start_button])
        self.scrolled = [w for w in self.widgets if w is not self.back_button and w is not self.start_button]
        for widget in self.scrolled:
            if isinstance(widget, Picker):
                widget.wheel = False  # the wheel scrolls the screen when it does not fit
        self._validate()
        self.relayout()

    def house_options(self) -> RuleOptions:
        """The chosen preset with the changed house rules (every round)."""
        base = preset(self.preset.value)
        changes = {name: p.value for name, p in self.rules.items() if p.value != getattr(base, name)}
        return preset(self.preset.value, **changes)

    def options(self) -> RuleOptions:
        """The chosen preset with the changed house rules, at the chosen length."""
        return with_length(self.house_options(), self.seat_count.value, cast(Length, self.length.value))

    def _validate(self) -> None:
        """Check the table can be dealt, and name its rules ('Classic + 2 house rules')."""
        try:
            self.rules_label = describe(self.house_options())
            self.options().setup(self.seat_count.value)
            self.error = ""
        except SetupError as problem:
            self.error = str(problem)
        self.start_button.enabled = not self.error
        self.relayout()

    def handle(self, intent: Intent) -> None:
        """Tab, Up and Down move the focus over every field, picker and button
        (Left/Right change a picker); Enter presses a focused button and
        otherwise starts; Esc leaves a text field first."""
        fields = [f for f in self.names[: self.seat_count.value]] + [self.deal]
        typing = next((f for f in fields if f.focused), None)
        if typing is not None and intent.kind in ("next_field", "up", "down", "confirm"):
            self.focus = self.focusables().index(typing)  # a click may have put the typing there
        if intent.kind == "confirm" and not isinstance(self.focused(), Button):
            if typing is not None:
                typing.focus(False)
            self.start()
            return
        if intent.kind == "back" and typing is not None:
            typing.focus(False)
            return
        super().handle(intent)

    def start(self) -> None:
        """Start the match with these seats, rules and seed."""
        assert self.app is not None
        self._validate()
        if self.error:
            return
        n = self.seat_count.value
        typed = [SeatConfig(seat_name(self.names[i].value) or NAMES[i], self.kinds[i].value) for i in range(n)]
        seats = people_named(typed)
        code = self.deal.value.strip()
        try:
            seed = decode(code) if code else new_seed()
        except DealCodeError as problem:
            self.error = str(problem)
            return
        allow_undo = bool(self.undo.value) and self.undo_offered()
        try:
            session = GameSession(self.options(), seats, seed, allow_undo=allow_undo)
        except SetupError as problem:
            self.error = str(problem)
            return
        settings = self.app.settings
        settings.last_setup = record(typed, self.house_options(), settings.last_setup,
                                     length=self.length.value, allow_undo=bool(self.undo.value))
        settings.remember()
        self.app.reset(self.app.routes.table(session))

    def table_words(self) -> str:
        """The table as set up now in a line: the set, the tiles dealt, the rounds ('' when it cannot be dealt)."""
        try:
            setup = self.options().setup(self.seat_count.value)
        except SetupError:
            return ""
        return (f"double-{setup.set_max} set  \u00b7  {counted(setup.hand_size, 'tile')} each  \u00b7  "
                f"{counted(setup.rounds, 'round')}")

    def layout(self, s: Sizes) -> None:
        """Players, rules and the match's length and deal, side by side when the window is
        wide enough, else one under another; the whole scrolls when it is taller than the window."""
        lay_out_setup(self, s)

    def draw_body(self, surface: pygame.Surface, s: Sizes) -> None:
        """The title, the cards, their headings and labels, the seat colours, the table in a line and any refusal."""
        draw_setup(self, surface, s)
