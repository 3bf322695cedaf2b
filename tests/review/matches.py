"""Small played matches for the review tests (Easy players: fast)."""

from __future__ import annotations

from game.ai import ComputerSeats
from game.engine import Match, Phase, play_match, preset
from game.engine.length import with_length


def played_round(seed: int = 3, rules: str = "classic", kinds: tuple[str, ...] = ("easy",) * 4) -> Match:
    """A match of ``kinds`` stopped at the end of its first round."""
    options = with_length(preset(rules), len(kinds), "blitz")
    match = Match(options, len(kinds), seed)
    return play_match(match, ComputerSeats(kinds), until=lambda m: m.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER))
