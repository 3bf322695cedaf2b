"""`mexican-train verify-deal SAVE`: prove each finished round of a saved match was fair.

For every finished round it checks that the fingerprint shown before the
round is the hash of the revealed salt and tile order, that a round a network
table mixed is the shuffle of the secret the server committed to and every
player's contribution, that the round played is that deal (every logged
action is legal with it and the round scores what the save says), and that
every computer decision is what that computer player decides from its own
seat's view alone (a ``SeatView``: its hand, the table, hand sizes, the
public history; no hidden tile). A decision is decided again only when the
save records, for that round, the very version of the level this game runs
(``game.ai.levels.VERSIONS``); others are named with the reason. One line
per round; the exit statuses are ``EXITS``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..ai.levels import Levels
from ..engine import IllegalAction, Match, parse_action
from ..engine.actions import Action, ActionSyntaxError
from ..engine.fairdeal import fingerprint, short
from ..memory.files import clean
from .checks import tiles_of
from .document import check_bytes, damage_as_save_error, read_bytes, restore_checked
from .errors import SaveError
from .levels import why_not_again
from .mixes import mix_problem
from .validate import Checked

EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE, EXIT_NOT_DECIDED, EXIT_DEAL_UNCHECKED = 0, 1, 2, 3, 4
EXITS = f"""exit status:
  {EXIT_OK}  every finished round checked and held
  {EXIT_FAILED}  a check failed: the round and what failed are named
  {EXIT_UNREADABLE}  the file cannot be read as a save (the reason is printed)
  {EXIT_NOT_DECIDED}  nothing failed, but some computer decisions were made by another version of
     their level (or the save is older than level versions) and were not decided again;
     the deal, its fingerprint, the hands and every move's legality were checked
  {EXIT_DEAL_UNCHECKED}  nothing failed, but a round of a network match was dealt before this game saw
     the server's commitment, so the server could have chosen that deal"""
"""What each exit status means (``verify-deal --help`` and docs/fair-deal.md say the same)."""


class RoundFailed(Exception):
    """One check of one round failed; the message says which and how."""


@dataclass
class Replayed:
    """What replaying one round found: computer decisions decided again, and those that could not be."""

    again: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    """Why a decision was not decided again -> how many."""

    def words(self) -> str:
        """The round line's account of the computer decisions."""
        parts = []
        if self.again or not self.skipped:
            parts.append(f"{self.again} computer decisions replay from their own seat's view")
        if self.skipped:
            reasons = list(self.skipped.items())
            why = reasons[0][0] if len(reasons) == 1 else "; ".join(f"{n}: {w}" for w, n in reasons)
            parts.append(f"{sum(self.skipped.values())} computer decisions not decided again ({why})")
        return "; ".join(parts)


def verify_command(path: str, out: TextIO, err: TextIO) -> int:
    """Verify every finished round of the save at ``path``; print one line per
    round. A file ``saves check`` refuses is refused first, for the same reason
    (exit 2): fairness is judged only for a save the game would load."""
    try:
        checked = check_bytes(read_bytes(Path(path), owned=False))
        restore_checked(checked)
    except SaveError as error:
        err.write(f"{clean(path)}: {refusal(error.reason)}\n")
        return EXIT_UNREADABLE
    try:
        with damage_as_save_error():
            return _verify(checked, out)
    except SaveError as error:
        err.write(f"{clean(path)}: refused: {error.reason}\n")
        return EXIT_UNREADABLE


def refusal(reason: str) -> str:
    """Why a save is refused before any verdict: a checksum that does not match
    means the file was changed after the game wrote it, which is said as such."""
    if reason.startswith("the checksum does not match"):
        return ("refused: it was changed after the game wrote it (its checksum does not match), so it cannot be "
                "verified")
    return f"refused: {reason}"


def _verify(checked: Checked, out: TextIO) -> int:
    """Replay the save round by round, checking each finished one."""
    doc = checked.doc
    set_max = checked.setup.set_max
    names = [s.name for s in checked.seats]
    match = Match(checked.options, len(names), checked.seed, names, record_events=False)
    held = doc["draw_off"]
    if held is not None:
        match.first_starter = held["starter"]
        match.draw_off_tiles = tuple((seat, tiles_of([t], "draw_off", set_max)[0]) for seat, t in held["tiles"])
    finished = len(doc["match"]["round_scores"])
    parse = _parser(len(names), set_max)
    status = EXIT_OK
    for index, log in enumerate(doc["action_log"]):
        order = tiles_of(doc["deals"][index], f"deals[{index}]", set_max)
        salt, shown = doc["salts"][index], doc["fingerprints"][index]
        label = f"round {index + 1}"
        if index >= finished:
            out.write(f"{label}: in play; fingerprint {short(shown) or 'none'} shown, the deal is revealed when it ends\n")
            break
        try:
            if not salt:
                raise RoundFailed("no fingerprint was shown before this round (saved by an older version)")
            if fingerprint(salt, order) != shown:
                raise RoundFailed(
                    f"the revealed deal does not match the fingerprint {short(shown)} shown before the round"
                )
            mixed, unseen = _check_mix(checked, index, salt, order)
            levels = checked.levels[index] if index < len(checked.levels) else None
            replayed = _replay_round(match, checked, order, salt, shown, log, parse, levels)
            if match.round_scores[index] != doc["match"]["round_scores"][index]:
                raise RoundFailed("the deal and the logged moves do not give the round's saved scores")
        except RoundFailed as failure:
            out.write(f"{label}: FAILED: {failure}\n")
            return EXIT_FAILED
        lead = f"{label}: "
        if unseen:
            lead += ("DEAL NOT CHECKED: this game never saw the server's commitment before the deal, so the "
                     "server could have chosen it; ")
            status = EXIT_DEAL_UNCHECKED
        elif replayed.skipped and status == EXIT_OK:
            status = EXIT_NOT_DECIDED
        out.write(f"{lead}fingerprint {short(shown)} matches the revealed deal; {mixed}the deal played is that "
                  f"one (every move legal with it); {replayed.words()}\n")
    if status == EXIT_NOT_DECIDED:
        out.write("checked in part (exit 3): no check failed, but the computer decisions named above were not "
                  "decided again: the save names another version of their level, or none\n")
    elif status == EXIT_DEAL_UNCHECKED:
        out.write("checked in part (exit 4): no check failed, but a round was dealt before this game saw the "
                  "server's commitment, so nothing shows the server did not choose that deal\n")
    return status


def _check_mix(checked: Checked, index: int, salt: str, order: list[int]) -> tuple[str, bool]:
    """For a round a network table mixed: that the revealed salt is the secret
    committed to and the deal its shuffle with every contribution. Returns the
    words for the round's line ('' for a round not mixed) and whether the
    commitment went unseen by this game before the deal."""
    mix = checked.mixes[index] if index < len(checked.mixes) else None
    if mix is None:
        return "", False
    problem = mix_problem(mix, checked.setup, index, salt, order)
    if problem:
        raise RoundFailed(problem)
    given = sum(1 for part in mix.contributions if part)
    return f"the deal is the mix of the committed secret and {given} players' contributions; ", mix.witnessed is False


def _replay_round(
    match: Match, checked: Checked, order: list[int], salt: str, shown: str, log: list[str],
    parse: Callable[[str], Action], levels: Levels | None,
) -> Replayed:
    """Deal ``order`` and replay ``log``, asking each computer seat whose level
    ran under this game's version to decide again from its own view."""
    from ..ai import make_player
    from ..ai.players import Player

    match.start_next_round(order, salt, shown)
    players: dict[int, Player] = {}
    found = Replayed()
    for position, text in enumerate(log):
        seat = match.current_player()
        if seat is None:
            raise RoundFailed(f"move {position + 1} ('{text}') comes after the round ended")
        try:
            action = parse(text)
        except ActionSyntaxError as error:
            raise RoundFailed(f"move {position + 1} cannot be read: {error}") from None
        config = checked.seats[seat]
        if not config.is_human:
            why = why_not_again(levels, config.kind, config.kind.capitalize())
            if why:
                found.skipped[why] += 1
            else:
                player = players.get(seat)
                if player is None:
                    player = players[seat] = make_player(config.kind, match.player_seed(seat))
                again = player.choose(match.view(seat))
                found.again += 1
                if again != action:
                    raise RoundFailed(
                        f"{config.name} ({config.kind}) played '{text}' at move {position + 1}, but deciding "
                        f"again from that seat's own view gives '{again}'"
                    )
        try:
            match.apply(action)
        except IllegalAction as error:
            raise RoundFailed(f"move {position + 1} '{text}' is not legal with this deal: {error.reason}") from None
    return found


def _parser(players: int, set_max: int) -> Callable[[str], Action]:
    """Action texts to actions."""
    return lambda text: parse_action(text, players, set_max)
