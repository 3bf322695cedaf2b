"""Counting in words: '1 tile', '2 tiles', '1 match', '3 matches'."""

from __future__ import annotations


def counted(number: object, noun: str) -> str:
    """``number`` with ``noun``, plural unless it is 1: '1 match', '2 matches', '1 round', '13 rounds'."""
    plural = noun + ("es" if noun.endswith(("ch", "sh", "s", "x")) else "s")
    return f"{number} {noun if number == 1 else plural}"
