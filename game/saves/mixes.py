"""The ``mixes`` field of a save: how a network table mixed each round's deal.

A save made at (or of) a network table lists, per started round, the
server's commitment, every seat's contribution, the shuffle that made the
deal and whether this game saw the commitment before the deal (``null`` for
a round this game dealt alone). ``check_mixes`` checks their form and, with
``commitments``, that the revealed salt is the secret committed to and the
deal is the shuffle of that secret and the contributions.
"""

from __future__ import annotations

from typing import Any

from ..engine.fairdeal import CONTRIBUTION_HEX, SHUFFLES, RoundMix, commitment, is_hex
from ..engine.match import mixed_deal
from ..engine.options import TableSetup
from .checks import a_list, an_object, tile_lookup
from .errors import SaveError


def encode_mixes(mixes: list[RoundMix | None]) -> list[dict[str, Any] | None]:
    """The ``mixes`` field as JSON data."""
    return [None if mix is None else {"commitment": mix.commitment, "contributions": list(mix.contributions),
                                      "shuffle": mix.shuffle, "witnessed": mix.witnessed}
            for mix in mixes]


def check_mixes(doc: dict[str, Any], setup: TableSetup, started: int, commitments: bool) -> list[RoundMix | None]:
    """The save's mixes (empty when it has none); SaveError names the first problem."""
    if "mixes" not in doc:
        return []
    mixes: list[RoundMix | None] = []
    for r, raw in enumerate(a_list(doc["mixes"], "mixes", started)):
        if raw is None:
            mixes.append(None)
            continue
        mix = _one(raw, f"mixes[{r}]", setup.players)
        salt = doc["salts"][r]
        if commitments and (not salt or mix_problem(mix, setup, r, salt, _deal(doc["deals"][r]))):
            raise SaveError(f"round {r + 1}'s deal is not the mix of the committed secret and the contributions")
        mixes.append(mix)
    return mixes


def _deal(texts: list[str]) -> list[int]:
    """A saved deal's tiles."""
    lookup = tile_lookup(18)
    return [lookup[t] for t in texts]


def _one(raw: Any, where: str, players: int) -> RoundMix:
    """One round's mix, its form checked."""
    d = an_object(raw, where, ("commitment", "contributions", "shuffle", "witnessed"))
    shown = d["commitment"]
    if type(shown) is not str or not is_hex(shown, 64):
        raise SaveError(f"{where}.commitment must be 64 lowercase hexadecimal digits")
    parts = a_list(d["contributions"], f"{where}.contributions", players)
    for i, part in enumerate(parts):
        if type(part) is not str or (part and not is_hex(part, CONTRIBUTION_HEX)):
            raise SaveError(f"{where}.contributions[{i}] must be {CONTRIBUTION_HEX} lowercase hexadecimal digits or ''")
    if type(d["shuffle"]) is not str or d["shuffle"] not in SHUFFLES:
        raise SaveError(f"{where}.shuffle must be one of {', '.join(SHUFFLES)}")
    if d["witnessed"] is not None and type(d["witnessed"]) is not bool:
        raise SaveError(f"{where}.witnessed must be true, false or null")
    return RoundMix(shown, tuple(parts), d["shuffle"], d["witnessed"])


def mix_problem(mix: RoundMix, setup: TableSetup, index: int, secret: str, deal: list[int]) -> str:
    """What is wrong with round ``index``'s mix, in words ('' when it holds):
    the revealed secret must be the one committed to, and the deal its shuffle
    with the contributions."""
    if commitment(secret) != mix.commitment:
        return "the revealed secret is not the one the server committed to before the contributions"
    if mixed_deal(setup, index, secret, mix.contributions, mix.shuffle) != deal:
        return "the deal is not the shuffle of the committed secret and every contribution"
    return ""
