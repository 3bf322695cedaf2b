"""The per-address limits keep what they counted while the database's counts were being read
(a sweep reads them again): a request answered meanwhile is never forgotten."""

from __future__ import annotations

from game.net.limits import AddressLimits, LimitSettings
from game.net.store.records import AddressCounts

NOW = 1_800_000_000.0
AT = "10.0.0.9"
NOTHING = AddressCounts({}, {}, {})


def test_what_is_counted_while_the_stored_counts_are_read_counts_on_top_of_them() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=3, open_tables=1))
    limits.reading()
    for _ in range(3):
        limits.wrong(AT, NOW)
    limits.created(AT, NOW)
    limits.load(NOTHING)  # read before those were stored
    assert limits.wrong_blocked(AT, NOW + 1)
    refusal = limits.refusal(AT, NOW + 1)
    assert refusal is not None and refusal[0] == "too_many_tables"
    limits.load(AddressCounts({AT: [NOW] * 3}, {AT: [NOW]}, {AT: 1}))  # the next read has them stored
    assert limits.open_tables(AT) == 1 and limits.wrong_blocked(AT, NOW + 1), "counted once, not again"


def test_a_read_that_failed_leaves_the_counts_and_keeps_nothing_for_later() -> None:
    limits = AddressLimits(LimitSettings(wrong_codes=2))
    limits.wrong(AT, NOW)
    limits.reading()
    limits.wrong(AT, NOW)
    limits.read_failed()
    assert limits.wrong_blocked(AT, NOW + 1)
    limits.load(NOTHING)  # a later read (a sweep's), with nothing counted during it
    assert not limits.wrong_blocked(AT, NOW + 1)
