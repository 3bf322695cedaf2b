"""The rules in the game's own words, for the preset and house rules in play.

``sections(options, players)`` explains a table section by section (the deal,
the first turn, where a tile may go, markers, doubles, drawing, the end of a
round, scoring, the knock), each written from the option values, so house
rules change the text. ``house_rules(options)`` gives one plain sentence per
option with whether it differs from the preset; ``describe(options)`` is the
short label the setup shows ("Classic + 2 house rules"). Pure text: the Rules
scene lays it out, and ``narrate`` points its "Why?" at a section key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Final

from ..engine import PRESETS, Action, RuleOptions, SetupError
from ..engine import legality as rule
from ..engine.length import length_of
from ..engine.round_data import RoundData
from .counting import counted

PRESET_TITLES: Final = {
    "classic": "Classic", "hub": "Hub", "tournament": "Tournament", "star-ranch": "Star Ranch", "tap": "Tap",
}
SECTION_KEYS: Final = (
    "deal", "first-turn", "where", "markers", "doubles", "drawing", "round-end", "scoring", "knock",
)
REFUSAL_SECTIONS: Final = {
    rule.FIRST_TURN_OWN: "first-turn", rule.CHAIN_OWN: "first-turn", rule.FIRST_TURN_DRAW: "first-turn",
    rule.OWN_FIRST: "where", rule.MEXICAN_LATER: "where", rule.OWNER_STARTS: "where", rule.MISMATCH: "where",
    rule.MUST_PLAY: "where",
    rule.PRIVATE: "markers", rule.NO_OPENING: "markers", rule.OPEN_ALREADY: "markers",
    rule.OPENED_TWICE: "markers", rule.OPEN_LATE: "markers", rule.OPEN_NO_PLAY: "markers",
    rule.COVER_FIRST: "doubles", rule.COVER_ORDER: "doubles", rule.DOUBLE_ENDS_TURN: "doubles",
    rule.HAS_PLAY: "drawing", rule.DRAWN: "drawing", rule.SUSPENDED: "drawing", rule.SUSPENDED_DRAW: "drawing",
    rule.BONEYARD_EMPTY: "drawing", rule.NO_DRAW_NEEDED: "drawing", rule.MUST_DRAW: "drawing",
    rule.KNOCK_COURTESY: "knock", rule.NO_KNOCK: "knock", rule.KNOCK_EARLY: "knock",
}
"""The section that explains each rule the engine refuses an action by (``legality.RULES``)."""
NOT_RULES: Final = (rule.ROUND_OVER, rule.TURN_OVER, rule.NOT_HELD, rule.NO_TRAIN)
"""Refusals with no rule behind them (a tile not held, a turn or round already over): no Why?."""
SHOWN_OPTIONS: Final = tuple(f.name for f in fields(RuleOptions) if f.name != "preset")
NOT_HOUSE_RULES: Final = ("rounds",)
"""Options shown with the rules but chosen apart from them: the match length."""


@dataclass(frozen=True)
class Section:
    """One part of the rules: a key (for links), a title and the text."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class HouseRule:
    """One option as a sentence, and whether it differs from the preset."""

    option: str
    sentence: str
    changed: bool
    setting: str = ""
    """The option as a scenario file or save names it ('after_double: cover-or-end')."""


def title(options: RuleOptions) -> str:
    """The preset's name as players read it."""
    return PRESET_TITLES.get(options.preset, options.preset.replace("-", " ").title())


def changed_options(options: RuleOptions) -> list[str]:
    """The house rules: options that differ from the preset they started from
    (the match length is not one)."""
    base = PRESETS.get(options.preset)
    if base is None:
        return []
    return [name for name in SHOWN_OPTIONS
            if name not in NOT_HOUSE_RULES and getattr(options, name) != getattr(base, name)]


def describe(options: RuleOptions, players: int | None = None) -> str:
    """'Classic', 'Classic + 2 house rules', with a shorter match named after
    it ('Classic  ·  Blitz, 3 rounds'; the length's name needs ``players``)."""
    count = len(changed_options(options))
    text = title(options) if not count else f"{title(options)} + {count} house rule{'s' if count > 1 else ''}"
    base = PRESETS.get(options.preset)
    if options.rounds is None or base is not None and options.rounds == base.rounds:
        return text
    named = length_of(options, players) if players is not None else None
    length = f"{named.title()}, " if named not in (None, "full") else ""
    return f"{text}  \u00b7  {length}{options.rounds} round{'s' if options.rounds != 1 else ''}"


def sections(options: RuleOptions, players: int = 4) -> list[Section]:
    """The rules of ``options`` for a table of ``players``, section by section."""
    return [
        Section("deal", "The deal", _deal(options, players)),
        Section("first-turn", "The first turn", _first_turn(options)),
        Section("where", "Where a tile may go", _where(options)),
        Section("markers", "Markers: private and public trains", _markers(options)),
        Section("doubles", "Doubles", _doubles(options)),
        Section("drawing", "Drawing", _drawing(options)),
        Section("round-end", "The end of a round", _round_end(options)),
        Section("scoring", "Scoring", _scoring(options)),
        Section("knock", "One tile left: the knock", _knock(options)),
    ]


def refusal_why(state: RoundData | None, action: Action, reason: str) -> str | None:
    """The section behind the engine's refusal of ``action`` in ``state`` when it
    said ``reason`` (None: no rule behind it, or the refusal came from elsewhere)."""
    found = rule.refused(state, action) if state is not None else None
    if found is None or found.reason != reason:
        return None
    return REFUSAL_SECTIONS.get(found.rule)


def house_rules(options: RuleOptions) -> list[HouseRule]:
    """Every option of ``options`` in one plain sentence, changed ones marked."""
    changed = set(changed_options(options))
    return [HouseRule(name, _option_sentence(options, name), name in changed, _setting(options, name))
            for name in SHOWN_OPTIONS]


def _setting(options: RuleOptions, name: str) -> str:
    """``name: value`` as a scenario file writes the option (null, true/false, numbers, lists)."""
    return f"{name}: {json.dumps(getattr(options, name))}".replace('"', "")


# ---------------------------------------------------------------- sections


def _deal(o: RuleOptions, players: int) -> str:
    try:
        setup = o.setup(players)
    except SetupError as error:
        return f"This table cannot be dealt: {error}."
    text = (
        f"The game uses a double-{setup.set_max} set. Each of the {players} players takes "
        f"{setup.hand_size} tiles; the rest stay face down as the boneyard. A match has "
        f"{counted(setup.rounds, 'round')}. "
    )
    if setup.engines is not None:
        text += (
            f"Each round starts from a double in the roundhouse, counting down: "
            f"{setup.engines[0]}-{setup.engines[0]} first"
            + (f", then {setup.engines[1]}-{setup.engines[1]}" if len(setup.engines) > 1 else "") + ". "
        )
    text += _who_opens(o)
    return text


def _who_opens(o: RuleOptions) -> str:
    return {
        "draw-in-turn": "Whoever holds the round's double places it and plays first; if nobody does, "
        "players draw one tile each in turn until it turns up, keeping what they draw.",
        "all-draw": "Whoever holds the round's double places it and plays first; if nobody does, "
        "everyone draws a tile at the same time until someone finds it.",
        "designate-largest": "A draw-off picks who starts the first round. That player places the largest "
        "double in their hand (or draws one tile hoping for a double); if they cannot, the turn to place "
        "one moves left.",
        "held-out": "The round's double is set aside before the deal and placed in the roundhouse. "
        "A draw-off picks who plays first in round one; after that the first player moves one seat left.",
        "held-out-winner": "The round's double is set aside before the deal; the winner of the last round "
        "plays first.",
        "highest-unused": "The roundhouse takes the highest double any player holds that was not used "
        "in an earlier round; its holder plays first.",
    }[o.round_start]


def _first_turn(o: RuleOptions) -> str:
    if o.multi_tile_start == "first-turn":
        return (
            "On your first turn of the round you may lay a whole line of tiles on your own train, as many "
            "as fit one after another, and then end the turn. No double in that line needs a cover, not even "
            "one that ends it: the doubles rule only starts with each player's second turn. "
            "If you cannot start your train on that turn, your marker goes up and you do not draw: you "
            "get another chance next turn."
        )
    if o.multi_tile_start == "starting-turn":
        return (
            "There is no special first turn. On the turn you start your own train you may keep adding "
            "tiles to it, as many as fit in a line."
        )
    return "Every turn, the first one too, you lay one tile (and whatever a double you lay asks for)."


def _where(o: RuleOptions) -> str:
    parts = ["A tile goes on a train whose open end shows the same number: your own train, "]
    if o.own_train_first:
        parts.append("and, once your own train is started, the Mexican train and any public train. ")
    else:
        parts.append("the Mexican train and any public train. ")
    if o.mexican_after_own_turn:
        parts.append("The Mexican train may only be started on a later turn than your own train. ")
    if o.start_public_unstarted:
        parts.append("If a player's train is public before they start it, anyone may start it for them. ")
    else:
        parts.append("Only its owner starts a train, even when it is public. ")
    parts.append("When you can play, you must: drawing is only for a turn with no play.")
    return "".join(parts)


def _markers(o: RuleOptions) -> str:
    text = (
        "Every train starts private (red octagon): only its owner plays on it. When you cannot play "
        "even after drawing, your marker goes up (green flag) and everyone may play on your train. "
    )
    if o.discretionary_markers:
        text += (
            "On a turn with no double to cover, not playing on your own train raises your marker, even "
            "if you played elsewhere; playing on it lowers the marker unless you leave a double "
            "uncovered there."
        )
    else:
        text += "Playing a tile on your own train takes your marker down again."
    if o.may_open_own:
        text += " At the start of your turn, before you play, you may open your own train yourself."
    return text


def _doubles(o: RuleOptions) -> str:
    after = {
        "cover-or-end": "After laying a double you cover it from your hand if you can; if not, your turn "
        "simply ends (no draw, no marker).",
        "cover-or-draw": "After laying a double you must cover it; if you cannot from your hand, draw a "
        "tile and play it if it covers (Drawing says how often a turn may draw).",
        "extra-tile": "Every double you lay needs one more tile anywhere it fits; if you have none, draw "
        "for it (Drawing says how often a turn may draw).",
    }[o.after_double]
    order = "the oldest first" if o.double_order == "oldest-first" else "the most recent first"
    text = (
        f"A double is laid across its train. {after} Until a double is covered, the next players must "
        f"cover it, even on a private train; with several doubles open they cover {order}, and no tile "
        f"may cover a double while one ahead of it is still open."
    )
    if o.after_double == "extra-tile":
        text += (" After a second double the next tile may go anywhere it fits, except onto the older double "
                 "while the newer one is still open.")
    if o.cover_bonus_play:
        text += " Covering someone else's double lets you make one more ordinary play in the same turn."
    return text


def _drawing(o: RuleOptions) -> str:
    marker = ("your marker goes up (except that failing to cover someone else's double leaves it as it was)"
              if o.discretionary_markers else "your marker goes up")
    text = (
        "You draw only when no tile of yours fits a train you may play on: draw one tile; if it fits, you "
        f"may play it, otherwise {marker} and the turn passes. " + _draws_again(o) + " "
    )
    if o.suspension:
        text += (
            "When you must draw and the boneyard is empty you are suspended for the rest of the round: "
            "your train is public, and stays public even when you cover a double on it, and you only play "
            "to cover doubles."
        )
    else:
        text += "When you must draw and the boneyard is empty, your marker goes up and play passes."
    return text


def _draws_again(o: RuleOptions) -> str:
    """When a turn draws more than once: the one place the rules help says it (Doubles only points here)."""
    return {
        "cover-or-end": "A turn never draws more than once: a double you lay and cannot cover simply ends "
        "your turn, with no draw (see Doubles).",
        "cover-or-draw": "A turn draws a second time only for a double you laid from your hand and cannot "
        "cover: you draw one tile for the cover, even if the turn began with a draw. A double you have just "
        "drawn is not drawn for again (see Doubles).",
        "extra-tile": "A turn draws again whenever a double still needs its extra tile and you have none "
        "to play: also when the double was drawn, and again when the tile drawn for it is itself a double "
        "(see Doubles).",
    }[o.after_double]


def _round_end(o: RuleOptions) -> str:
    text = "A round ends when someone plays their last tile, "
    if o.going_out_on_double == "must-cover":
        text = "A round ends when someone has played their last tile and no double is left uncovered "
        text += "(a player who goes out on a double draws to try to cover it), "
    text += (
        "or when nobody can play any more and the boneyard is empty (a blocked round). "
        "A round is only blocked when no player could make any play the rules still allow them."
    )
    return text


def _scoring(o: RuleOptions) -> str:
    zero = f"the 0-0 counts {o.zero_zero_value}" if o.zero_zero_value else "the 0-0 counts nothing"
    text = (
        f"At the end of a round every player scores the pips left in their hand ({zero}); whoever went "
        "out scores 0. "
    )
    if o.uncovered_double_charge:
        text += ("When a round ends with a double still uncovered (blocked, or by going out), whoever laid it is "
                 "charged its pips too. ")
    text += (
        "After the last round the lowest total wins. A tie goes to whoever scored 0 in more rounds, "
        "then to the lowest non-zero round; if still tied, the players share the place."
    )
    return text


def _knock(o: RuleOptions) -> str:
    return {
        "none": "These rules have no knock: nobody needs to say they have one tile left.",
        "courtesy": "When a player is down to one tile the game announces it for them; there is nothing "
        "to declare and no penalty.",
        "penalty": "A play that leaves you one tile must be declared with a knock (the Knock button or K). "
        "Forget, and you draw a penalty tile at once.",
    }[o.knock]


# ---------------------------------------------------------------- options


def _set_text(o: RuleOptions) -> str:
    if o.set_max is not None:
        return f"The set is always double-{o.set_max}."
    sizes = o.set_by_players
    return f"The set follows the table: double-{sizes[0]} for 2 players up to double-{sizes[-1]} for 8."


def _option_sentence(o: RuleOptions, name: str) -> str:
    sentences = {
        "set_max": _set_text(o),
        "set_by_players": "Set size by table size, from 2 to 8 players: "
        + ", ".join(f"double-{s}" for s in o.set_by_players) + ".",
        "hand_size": f"Each player is dealt {o.hand_size} tiles." if o.hand_size is not None
        else "The number of tiles dealt follows the preset's table for the set and the players.",
        "deal_table": "Tiles dealt per set and table size: "
        + "; ".join(f"double-{s}: {', '.join(map(str, row))}" for s, row in o.deal_table) + ".",
        "min_players": f"At least {o.min_players} players.",
        "max_players": f"At most {o.max_players} players.",
        "first_engine": f"The first round starts from the {o.first_engine}-{o.first_engine}." if o.first_engine is not None
        else "The first round starts from the set's highest double.",
        "rounds": f"The match has {counted(o.rounds, 'round')}." if o.rounds is not None
        else "The match has one round per double, counting down to the 0-0.",
        "round_start": _who_opens(o),
        "zero_zero_value": f"The 0-0 left in hand counts {o.zero_zero_value} points.",
        "multi_tile_start": {
            "first-turn": "Your first turn of a round may lay a whole line on your own train.",
            "starting-turn": "The turn you start your own train may lay a whole line on it.",
            "none": "Every turn lays a single tile.",
        }[o.multi_tile_start],
        "own_train_first": "You must start your own train before playing elsewhere." if o.own_train_first
        else "You may play on the Mexican and public trains before starting your own.",
        "mexican_after_own_turn": "The Mexican train may only be started on a later turn than your own."
        if o.mexican_after_own_turn else "The Mexican train may be started on any turn.",
        "start_public_unstarted": "Anyone may start a public train that is not started yet."
        if o.start_public_unstarted else "Only its owner starts a train.",
        "discretionary_markers": "Not playing on your own train raises your marker (hub rule)."
        if o.discretionary_markers else "Your marker only goes up when you cannot play.",
        "may_open_own": "You may open your own train at the start of your turn." if o.may_open_own
        else "You cannot open your own train by choice.",
        "after_double": {
            "cover-or-end": "Lay a double: cover it from hand if you can, else your turn ends.",
            "cover-or-draw": "Lay a double: cover it, drawing once for the cover if you must.",
            "extra-tile": "Lay a double: play one more tile anywhere, drawing for it if you must.",
        }[o.after_double],
        "double_order": "Open doubles are covered oldest first." if o.double_order == "oldest-first"
        else "Open doubles are covered most recent first.",
        "going_out_on_double": "Going out on a double ends the round."
        if o.going_out_on_double == "ends-round"
        else "Going out on a double does not end the round until the double is covered.",
        "cover_bonus_play": "Covering someone else's double gives one more play." if o.cover_bonus_play
        else "Covering a double is the whole turn.",
        "uncovered_double_charge": "A double left uncovered when the round ends costs its owner its pips."
        if o.uncovered_double_charge else "A double left uncovered when the round ends costs nothing extra.",
        "suspension": "Drawing from an empty boneyard suspends you for the round." if o.suspension
        else "An empty boneyard only raises your marker.",
        "knock": {
            "none": "No knock.",
            "courtesy": "The game announces when a player has one tile left.",
            "penalty": "You must knock with one tile left, or draw a penalty tile.",
        }[o.knock],
    }
    return sentences[name]
