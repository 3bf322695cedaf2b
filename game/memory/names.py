"""Seat names: what makes text a name, and when two names are the same.

``normal_name`` turns typed or received text into the name a seat plays
under: NFC, without the default-ignorable code points (zero-width spaces and
joiners, the byte-order mark, variation selectors, tag characters, ...) and
the fillers that draw as nothing (the Hangul fillers, the braille blank),
without spaces at either end. ``seat_name`` accepts it only when it keeps a
letter, number, punctuation mark or symbol (Unicode categories L, N, P, S)
and held no control or direction character. ``name_key`` is what names are
compared by: NFKC, casefolded, so "ANA", "ａｎａ" and "Ana" are one name.
The table server and the desktop's setup both name seats through here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from .files import bad_character

DEFAULT_IGNORABLE: Final = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, 15.1),
as a regular expression class; the tag characters U+E0000-U+E007F are among them."""
FILLERS: Final = "\u115f\u1160\u3164\uffa0\u2800"
"""Letters and symbols that draw as a blank: the Hangul fillers and the braille blank."""
_INVISIBLE: Final = re.compile(f"[{DEFAULT_IGNORABLE}{FILLERS}]")
VISIBLE_CATEGORIES: Final = ("L", "N", "P", "S")
"""A name holds at least one character of these Unicode categories (letters, numbers, punctuation, symbols)."""


def normal_name(text: str) -> str:
    """``text`` as a seat's name: NFC, without default-ignorable and filler characters, stripped."""
    kept = _INVISIBLE.sub("", unicodedata.normalize("NFC", text))
    return unicodedata.normalize("NFC", kept).strip()


def has_visible(name: str) -> bool:
    """Whether ``name`` holds a letter, number, punctuation mark or symbol."""
    return any(unicodedata.category(char)[0] in VISIBLE_CATEGORIES for char in name)


def seat_name(text: str) -> str | None:
    """The name ``text`` gives a seat (``normal_name``), or None when it is no
    name: nothing visible is left, or it holds a control or direction character."""
    if bad_character(text) is not None:
        return None
    name = normal_name(text)
    return name if has_visible(name) else None


def name_key(name: str) -> str:
    """What two names are compared by: the normal name in NFKC, casefolded."""
    folded = unicodedata.normalize("NFKC", normal_name(name)).casefold()
    return unicodedata.normalize("NFKC", folded)
