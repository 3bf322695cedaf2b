"""Checking a scenario against the format key by key, and turning its steps
into engine values (``check``); ``game.scenarios.files.load_scenario`` runs it."""

from __future__ import annotations

import re
from typing import Any

from ..engine import PRESETS, Action, RuleOptions, SetupError, parse_action, preset
from ..engine.actions import ActionSyntaxError, parse_train
from ..engine.tiles import SET_SIZES, TileSyntaxError, parse_tiles
from .format import EXPECT_KEYS, SETUP_KEYS, STEP_KINDS, TABLE_KEYS, Scenario, ScenarioFormatError


def check(scenario: Scenario) -> None:
    """Check ``scenario`` against the format and fill in its options, setup and steps."""
    Checker(scenario).check()


class Checker:
    """Validates a scenario's keys and converts steps to engine values."""

    def __init__(self, scenario: Scenario) -> None:
        self.s = scenario
        self.d = scenario.data

    def fail(self, key: str | None, message: str, step: int | None = None) -> ScenarioFormatError:
        """A format error for this file."""
        return ScenarioFormatError(self.s.file, step, key, message)

    def check(self) -> None:
        """Check everything and fill in the scenario."""
        d = self.d
        if "match_rounds" in d:
            self.check_match()
            return
        self.s.options = self.rules()
        players = d.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            raise self.fail("players", "must be a seat count (a whole number)")
        self.s.players = players
        options = self.s.options
        if "set" in d:
            if d["set"] not in (6, 9, 12, 15, 18):
                raise self.fail("set", "must be the highest double of a set: 6, 9, 12, 15 or 18")
            try:
                options = options.replace(set_max=d["set"])
            except SetupError as error:
                raise self.fail("set", str(error)) from None
            self.s.options = options
        if "set" not in d:
            options = self.fit_set(options, players)
            self.s.options = options
        try:
            self.s.setup = options.setup(players)
        except SetupError as error:
            self.s.setup_error = str(error)
        steps = d.get("steps", [])
        if "expect_setup" in d:
            steps = [{"expect_setup": d["expect_setup"]}, *steps] if isinstance(steps, list) else steps
        if not isinstance(steps, list):
            raise self.fail("steps", "must be a list of steps")
        if self.s.setup is not None and ("hands" in d or "engine" in d):
            self.check_table()
        elif self.s.setup is None and ("hands" in d or "engine" in d):
            raise self.fail("players", f"this table cannot be set up: {self.s.setup_error}")
        for index, step in enumerate(steps, start=1):
            self.s.steps.append(self.step(index, step))

    def fit_set(self, options: RuleOptions, players: int) -> RuleOptions:
        """Only the tiles listed are in play: widen the preset's set when the
        table lists a higher tile (the format document's own example puts a
        12-12 engine on a 3-player classic table)."""
        d = self.d
        hands = d.get("hands")
        texts = [h for h in hands if isinstance(h, str)] if isinstance(hands, list) else []
        texts.append(d.get("boneyard", "") if isinstance(d.get("boneyard"), str) else "")
        table = d.get("table")
        if isinstance(table, dict) and isinstance(table.get("trains"), dict):
            texts.extend(v for v in table["trains"].values() if isinstance(v, str))
        pips = [int(x) for text in texts for x in re.findall(r"\d+", text)]
        engine = d.get("engine")
        if isinstance(engine, int) and not isinstance(engine, bool):
            pips.append(engine)
        try:
            default = options.setup(players).set_max
        except SetupError:
            return options
        highest = max(pips, default=0)
        if highest <= default:
            return options
        fitting = [size for size in SET_SIZES if size >= highest]
        if not fitting:
            return options
        return options.replace(set_max=fitting[0])

    def rules(self) -> RuleOptions:
        """The rule options named by the ``rules`` key."""
        rules = self.d.get("rules", "classic")
        house: dict[str, Any] = {}
        if isinstance(rules, dict):
            unknown = sorted(set(rules) - {"preset", "options"})
            if unknown:
                raise self.fail("rules", f"unknown key '{unknown[0]}' (use preset and options)")
            house = rules.get("options", {})
            if not isinstance(house, dict):
                raise self.fail("rules", "options must be an object of option names and values")
            rules = rules.get("preset", "classic")
        if not isinstance(rules, str) or rules not in PRESETS:
            raise self.fail("rules", f"unknown preset {rules!r} (one of {', '.join(PRESETS)})")
        try:
            return preset(rules, **house)
        except SetupError as error:
            raise self.fail("rules", str(error)) from None

    def tiles(self, text: Any, key: str, step: int | None = None) -> list[int]:
        """Parse a tile list string."""
        if not isinstance(text, str):
            raise self.fail(key, "must be a string of tiles like \"12-5 5-3\"", step)
        assert self.s.setup is not None
        try:
            return parse_tiles(text, self.s.setup.set_max)
        except TileSyntaxError as error:
            raise self.fail(key, str(error), step) from None

    def seat(self, value: Any, key: str, step: int | None = None) -> int:
        """A seat number."""
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.s.players:
            raise self.fail(key, f"{value!r} is not a seat (0..{self.s.players - 1})", step)
        return value

    def train(self, value: Any, key: str, step: int | None = None) -> int:
        """A train name."""
        try:
            return parse_train(str(value), self.s.players)
        except ActionSyntaxError as error:
            raise self.fail(key, str(error), step) from None

    def check_table(self) -> None:
        """Check the starting position keys."""
        d = self.d
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != self.s.players:
            raise self.fail("hands", f"must be a list of {self.s.players} strings, one per seat")
        for i, hand in enumerate(hands):
            self.tiles(hand, f"hands[{i}]")
        self.tiles(d.get("boneyard", ""), "boneyard")
        if "engine" in d:
            self.mid_round()
        else:
            self.fresh_deal()

    def mid_round(self) -> None:
        """The keys of a scenario that starts mid-round: engine, to_move and the table."""
        d = self.d
        engine = d["engine"]
        assert self.s.setup is not None
        if not isinstance(engine, int) or isinstance(engine, bool) or not 0 <= engine <= self.s.setup.set_max:
            raise self.fail("engine", f"must be the hub double's pips, 0..{self.s.setup.set_max}")
        if "to_move" not in d:
            raise self.fail("to_move", "a mid-round scenario must say whose move it is")
        self.seat(d["to_move"], "to_move")
        table = d.get("table", {})
        if not isinstance(table, dict):
            raise self.fail("table", "must be an object")
        for key in table:
            if key not in TABLE_KEYS:
                raise self.fail(f"table.{key}", f"unknown table key (one of {', '.join(TABLE_KEYS)})")
        self.tile_map(table.get("trains", {}), "table.trains")
        self.seats(table.get("public", []), "table.public")
        self.seats(table.get("suspended", []), "table.suspended")
        if not isinstance(table.get("opening_done", True), bool):
            raise self.fail("table.opening_done", "must be true or false")
        self.trains(table.get("open_doubles", []), "table.open_doubles")
        owners = table.get("double_owner", {})
        if not isinstance(owners, dict):
            raise self.fail("table.double_owner", "must map trains to seats")
        for name, seat in owners.items():
            self.train(name, "table.double_owner")
            self.seat(seat, "table.double_owner")

    def fresh_deal(self) -> None:
        """The keys of a scenario that starts from a fresh deal: the start seat and the round."""
        d = self.d
        if "start_seat" in d:
            self.seat(d["start_seat"], "start_seat")
        rnd = d.get("round", 1)
        assert self.s.setup is not None
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= self.s.setup.rounds:
            raise self.fail("round", f"must be a round number 1..{self.s.setup.rounds}")

    def seats(self, value: Any, where: str, step: int | None = None) -> None:
        """A list of seat numbers."""
        if not isinstance(value, list):
            raise self.fail(where, "must be a list of seats", step)
        for seat in value:
            self.seat(seat, where, step)

    def trains(self, value: Any, where: str, step: int | None = None) -> None:
        """A list of train names."""
        if not isinstance(value, list):
            raise self.fail(where, "must be a list of trains", step)
        for name in value:
            self.train(name, where, step)

    def tile_map(self, value: Any, where: str, step: int | None = None) -> None:
        """Train names mapped to tile strings."""
        if not isinstance(value, dict):
            raise self.fail(where, "must map train names to tile strings", step)
        for name, text in value.items():
            self.train(name, where, step)
            self.tiles(text, f"{where}.{name}", step)

    def step(self, index: int, step: Any) -> tuple[str, Any]:
        """Check one step and convert it."""
        if not isinstance(step, dict) or len(step) != 1:
            raise self.fail(None, f"a step is an object with exactly one of {', '.join(STEP_KINDS)}", index)
        (kind, value), = step.items()
        if kind not in STEP_KINDS:
            raise self.fail(kind, f"unknown step kind (one of {', '.join(STEP_KINDS)})", index)
        if kind == "expect_setup":
            return kind, self.expect_setup(value, index)
        if self.s.setup is None or ("hands" not in self.d and "engine" not in self.d):
            raise self.fail(kind, "this step needs a table: give hands and boneyard (and engine mid-round)", index)
        return kind, self.table_step(kind, value, index)

    def expect_setup(self, value: Any, index: int) -> Any:
        """An ``expect_setup`` step: an object of the setup keys."""
        if not isinstance(value, dict):
            raise self.fail("expect_setup", "must be an object", index)
        for key in value:
            if key not in SETUP_KEYS:
                raise self.fail(f"expect_setup.{key}", f"unknown key (one of {', '.join(SETUP_KEYS)})", index)
        return value

    def table_step(self, kind: str, value: Any, index: int) -> Any:
        """A step at the table (``legal``, ``do``, ``reject``, ``auto`` or ``expect``), converted."""
        if kind == "legal":
            if not isinstance(value, list):
                raise self.fail(kind, "must be a list of actions", index)
            return [self.action(a, index, kind) for a in value]
        if kind in ("do", "reject"):
            return self.action(value, index, kind)
        if kind == "auto":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise self.fail(kind, "must be a count of actions", index)
            return value
        if not isinstance(value, dict):
            raise self.fail(kind, "must be an object", index)
        for key, expected in value.items():
            if key not in EXPECT_KEYS:
                raise self.fail(f"expect.{key}", f"unknown key (one of {', '.join(EXPECT_KEYS)})", index)
            self.expected(key, expected, index)
        return value

    def action(self, text: Any, index: int, key: str) -> Action:
        """Parse an action string."""
        if not isinstance(text, str):
            raise self.fail(key, f"{text!r} is not an action string", index)
        assert self.s.setup is not None
        try:
            return parse_action(text, self.s.players, self.s.setup.set_max)
        except ActionSyntaxError as error:
            raise self.fail(key, str(error), index) from None

    def expected(self, key: str, value: Any, index: int) -> None:
        """Check the type of one expected value."""
        where = f"expect.{key}"
        if key == "to_move":
            self.seat(value, where, index)
        elif key in ("boneyard_size", "engine"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise self.fail(where, "must be a number", index)
        elif key == "round_over":
            if not isinstance(value, bool):
                raise self.fail(where, "must be true or false", index)
        elif key == "hands":
            if not isinstance(value, list) or len(value) != self.s.players:
                raise self.fail(where, f"must be a list of {self.s.players} tile strings", index)
            for hand in value:
                self.tiles(hand, where, index)
        elif key in ("hand_sizes", "round_scores"):
            if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
                raise self.fail(where, "must be a list of numbers, one per seat", index)
        elif key in ("public", "suspended"):
            self.seats(value, where, index)
        elif key == "open_doubles":
            self.trains(value, where, index)
        elif key == "trains":
            self.tile_map(value, where, index)

    def check_match(self) -> None:
        """Check a match-level scenario."""
        rounds = self.d["match_rounds"]
        if not isinstance(rounds, list) or not rounds or not all(isinstance(r, list) for r in rounds):
            raise self.fail("match_rounds", "must be a list of rounds, each a list of scores per seat")
        width = len(rounds[0])
        for r in rounds:
            if len(r) != width or not all(isinstance(x, int) and not isinstance(x, bool) for x in r):
                raise self.fail("match_rounds", "every round needs one whole-number score per seat")
        expect = self.d.get("expect")
        if not isinstance(expect, dict) or "ranking" not in expect:
            raise self.fail("expect", "a match scenario expects a ranking")
        ranking = expect["ranking"]
        if not isinstance(ranking, list) or not all(isinstance(g, list) for g in ranking):
            raise self.fail("expect.ranking", "must be a list of groups of seats")
        self.s.players = width
        self.s.steps.append(("ranking", (rounds, ranking)))


