"""Rule options: one immutable, typed object, and the five presets built from it.

What each field may hold is ``option_ranges.OPTION_RANGES`` (which fields a
table may change as house rules too). ``RuleOptions.setup(players)`` resolves the
fields that depend on the player count (set, hand size, round engines) and
refuses a table that cannot be dealt, naming the limit.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import SetupError
from .frozen import Frozen
from .option_ranges import (
    OPTION_RANGES,
    AfterDouble,
    DoubleOrder,
    GoingOutOnDouble,
    Knock,
    MultiTileStart,
    RoundStart,
    option_problem,
    option_value,
)
from .tiles import tile_count

# Deal tables: set max -> tiles dealt for 2..8 players (index players - 2).
CLASSIC_DEAL: Final = ((9, (15, 15, 15, 12, 12, 11, 11)), (12, (15, 15, 15, 12, 12, 11, 11)))
TOURNAMENT_DEAL: Final = ((12, (12, 12, 12, 12, 12, 12, 12)),)
STAR_RANCH_DEAL: Final = (
    (12, (15, 15, 15, 12, 12, 11, 11)),
    (15, (15, 15, 15, 14, 14, 12, 12)),
)
TAP_DEAL: Final = ((12, (16, 15, 14, 13, 12, 11, 10)),)


@dataclass(frozen=True, slots=True)
class RuleOptions(Frozen):
    """The complete rule set of a table. Each field is documented in docs/rules.md."""

    preset: str = "classic"
    set_max: int | None = None
    set_by_players: tuple[int, ...] = (9, 9, 12, 12, 12, 12, 12)
    hand_size: int | None = None
    deal_table: tuple[tuple[int, tuple[int, ...]], ...] = CLASSIC_DEAL
    min_players: int = 2
    max_players: int = 8
    first_engine: int | None = None
    rounds: int | None = None
    round_start: RoundStart = "draw-in-turn"
    zero_zero_value: int = 50
    multi_tile_start: MultiTileStart = "first-turn"
    own_train_first: bool = False
    mexican_after_own_turn: bool = False
    start_public_unstarted: bool = True
    discretionary_markers: bool = False
    may_open_own: bool = False
    after_double: AfterDouble = "cover-or-end"
    double_order: DoubleOrder = "oldest-first"
    going_out_on_double: GoingOutOnDouble = "ends-round"
    cover_bonus_play: bool = False
    uncovered_double_charge: bool = False
    suspension: bool = False
    knock: Knock = "none"

    def replace(self, **changes: Any) -> RuleOptions:
        """A copy with some options changed, each checked against its range
        (``option_ranges``; lists are taken as tuples). The preset's name stays."""
        if "preset" in changes:
            raise SetupError("rule option 'preset' names the preset the options started from: it is not changed")
        for name, value in changes.items():
            problem = option_problem(name, value)
            if problem is not None:
                raise SetupError(problem)
        return dataclasses.replace(self, **{name: option_value(name, v) for name, v in changes.items()})

    def setup(self, players: int) -> TableSetup:
        """Resolve set, hand size and engines for ``players``; refuse what cannot be dealt."""
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.preset} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        set_max = self.set_max if self.set_max is not None else self.set_by_players[players - 2]
        hand = self.hand_size if self.hand_size is not None else _table_hand_size(self, set_max, players)
        tiles = tile_count(set_max)
        held_out = self.round_start in ("held-out", "held-out-winner")
        dealt = players * hand + (1 if held_out else 0)
        if dealt > tiles - 1 or hand < 1:
            limit = (tiles - 1 - (1 if held_out else 0)) // hand if hand >= 1 else 0
            raise SetupError(
                f"a double-{set_max} set has {tiles} tiles: {players} players with {hand} tiles each "
                f"cannot be dealt (at most {limit} players at {hand} tiles each)"
            )
        first = self.first_engine if self.first_engine is not None else set_max
        if not 0 <= first <= set_max:
            raise SetupError(f"the first engine double {first}-{first} is not in a double-{set_max} set")
        if self.round_start in ("designate-largest", "highest-unused"):
            rounds = self.rounds if self.rounds is not None else set_max + 1
            engines: tuple[int, ...] | None = None
        else:
            rounds = self.rounds if self.rounds is not None else first + 1
            engines = tuple((first - i) % (first + 1) for i in range(rounds))
        if rounds < 1:
            raise SetupError("a match needs at least one round")
        return TableSetup(self, players, set_max, hand, rounds, engines)


@dataclass(frozen=True, slots=True)
class TableSetup(Frozen):
    """Options resolved for a player count: the set, the deal and the rounds."""

    options: RuleOptions
    players: int
    set_max: int
    hand_size: int
    rounds: int
    engines: tuple[int, ...] | None = field(default=None)


def _table_hand_size(options: RuleOptions, set_max: int, players: int) -> int:
    """Tiles dealt from the preset's deal table; a set the table does not list
    deals as the nearest listed set (the larger one on a tie)."""
    listed = dict(options.deal_table)
    nearest = min(listed, key=lambda s: (abs(s - set_max), -s))
    return listed[nearest][players - 2]


def option_names() -> tuple[str, ...]:
    """Names of every rule option, in declaration order."""
    return tuple(f.name for f in dataclasses.fields(RuleOptions))


def allowed_values(name: str) -> tuple[str, ...] | None:
    """The allowed values of an option with a fixed list of words, else None."""
    allowed = OPTION_RANGES[name]
    return allowed.choices if allowed.kind == "word" else None


CLASSIC: Final = RuleOptions()
HUB: Final = dataclasses.replace(
    CLASSIC,
    preset="hub",
    set_by_players=(12,) * 7,
    rounds=13,
    round_start="designate-largest",
    zero_zero_value=0,
    multi_tile_start="starting-turn",
    own_train_first=True,
    mexican_after_own_turn=True,
    start_public_unstarted=False,
    discretionary_markers=True,
    after_double="cover-or-draw",
    going_out_on_double="must-cover",
    uncovered_double_charge=True,
    suspension=True,
)
TOURNAMENT: Final = dataclasses.replace(
    CLASSIC,
    preset="tournament",
    set_by_players=(12,) * 7,
    deal_table=TOURNAMENT_DEAL,
    max_players=7,
    first_engine=9,
    round_start="held-out",
    zero_zero_value=0,
    multi_tile_start="none",
    after_double="extra-tile",
    double_order="newest-first",
    knock="courtesy",
)
STAR_RANCH: Final = dataclasses.replace(
    CLASSIC,
    preset="star-ranch",
    set_by_players=(12, 12, 12, 15, 15, 15, 15),
    deal_table=STAR_RANCH_DEAL,
    round_start="all-draw",
    zero_zero_value=0,
    multi_tile_start="none",
    own_train_first=True,
    may_open_own=True,
    after_double="cover-or-draw",
    cover_bonus_play=True,
    knock="courtesy",
)
TAP: Final = dataclasses.replace(
    CLASSIC,
    preset="tap",
    set_by_players=(12,) * 7,
    deal_table=TAP_DEAL,
    round_start="all-draw",
    zero_zero_value=0,
    multi_tile_start="none",
    after_double="cover-or-draw",
    knock="penalty",
)

PRESETS: Final[dict[str, RuleOptions]] = {
    p.preset: p for p in (CLASSIC, HUB, TOURNAMENT, STAR_RANCH, TAP)
}


def preset(name: str, **house_rules: Any) -> RuleOptions:
    """The named preset, with any house rules applied."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise SetupError(f"unknown rules preset '{name}' (one of {', '.join(PRESETS)})") from None
    return base.replace(**house_rules) if house_rules else base


OPTION_HELP: Final[dict[str, str]] = {
    "preset": "Name of the preset these options started from.",
    "set_max": "Highest double of the tile set (6, 9, 12, 15 or 18); null takes set_by_players.",
    "set_by_players": "Highest double by player count, for 2..8 players.",
    "hand_size": "Tiles dealt to each player; null takes deal_table.",
    "deal_table": "Tiles dealt per set: [set, [tiles for 2..8 players]]; a set not listed deals as the "
    "nearest listed set, so a small set with many players is refused.",
    "min_players": "Fewest players the rules allow.",
    "max_players": "Most players the rules allow.",
    "first_engine": "The first round's hub double; null is the set's highest double. Rounds count down to 0-0.",
    "rounds": "Number of rounds; null plays one round per double from first_engine down to 0-0.",
    "round_start": "How each round finds its hub double and first player: draw-in-turn (holder opens, "
    "else players draw one at a time in turn), all-draw (holder opens, else everyone draws at once), "
    "designate-largest (the designated player places their largest double, or draws for one), "
    "held-out (the double is set aside before the deal; the first player moves left each round), "
    "held-out-winner (set aside; the last round's winner opens), highest-unused (the highest double "
    "in any hand not used in an earlier round).",
    "zero_zero_value": "Points the 0-0 counts when left in hand.",
    "multi_tile_start": "When a player may lay several tiles on their own train in one turn: first-turn "
    "(each player's first turn of the round), starting-turn (the turn they start their own train), none.",
    "own_train_first": "Whether playing on the Mexican or another public train needs your own train started.",
    "mexican_after_own_turn": "Whether the Mexican train may only be started on a later turn than your own train.",
    "start_public_unstarted": "Whether others may start your not-yet-started train once it is public.",
    "discretionary_markers": "Hub marker rule: on a turn with no uncovered double, not playing on your own "
    "train makes it public; playing on it makes it private unless it leaves an uncovered double there.",
    "may_open_own": "Whether a player may open (make public) their own train at the start of their turn.",
    "after_double": "What the player who lays a double must do: cover-or-end (cover it from hand, else the "
    "turn ends, with no draw), cover-or-draw (cover it, else draw one and play it if it covers, else "
    "marker up; a double that was itself just drawn is not drawn for again), extra-tile (play one more "
    "tile anywhere legal, else draw one, else marker up; every double, drawn ones too, needs its own).",
    "double_order": "Which uncovered double must be covered first: oldest-first or newest-first.",
    "going_out_on_double": "ends-round (playing your last tile on a double ends the round) or must-cover "
    "(you draw to cover it; the round ends when a hand is empty and no double is uncovered).",
    "cover_bonus_play": "Whether covering a double that was open when your turn began lets you make one "
    "more ordinary play.",
    "uncovered_double_charge": "Whether a round that ends with a double uncovered (blocked, or by going out "
    "where going out on a double ends the round) charges that double's pips to the player who laid it.",
    "suspension": "Whether a player who must draw from an empty boneyard is suspended for the rest of the "
    "round (marker up, may only cover doubles).",
    "knock": "The one-tile-left announcement: none, courtesy (the game announces it for every player; "
    "nothing to declare) or penalty (declared with the play; forgetting it draws a penalty tile at once).",
}
