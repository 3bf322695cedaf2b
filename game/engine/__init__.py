"""The rules engine: pure Python, no pygame.

Tiles, rule options and presets, round and match state, legal actions,
``apply``, events, seat views and scoring.
"""

from .actions import DRAW, END, MEXICAN, OPEN, Action, Draw, End, Open, Play, parse_action, play, train_name
from .driver import play_match
from .errors import IllegalAction, MatchStateError, RulesError, SetupError
from .match import Match, MatchRecord, Phase, rank, tie_break
from .options import PRESETS, RuleOptions, TableSetup, option_names, preset
from .round import RoundState
from .start import deal_round, draw_off, start_round
from .tiles import TEXT, Tile, parse_tile, parse_tiles, tile_id
from .view import SeatView, determinize, seat_view

__all__ = [
    "DRAW",
    "END",
    "MEXICAN",
    "OPEN",
    "PRESETS",
    "TEXT",
    "Action",
    "Draw",
    "End",
    "IllegalAction",
    "Match",
    "MatchRecord",
    "MatchStateError",
    "Open",
    "Phase",
    "Play",
    "RoundState",
    "RuleOptions",
    "RulesError",
    "SeatView",
    "SetupError",
    "TableSetup",
    "Tile",
    "deal_round",
    "determinize",
    "draw_off",
    "option_names",
    "parse_action",
    "parse_tile",
    "parse_tiles",
    "play",
    "play_match",
    "preset",
    "rank",
    "seat_view",
    "start_round",
    "tie_break",
    "tile_id",
    "train_name",
]
