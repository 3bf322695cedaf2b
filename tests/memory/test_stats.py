"""Statistics: finished matches recorded per person, figures per preset and level, damage survived."""

from __future__ import annotations

from pathlib import Path

from conftest import finished_match

from game.memory.session import GameSession
from game.memory.stats import StatsStore


def _finished(seed: int, people: tuple[str, ...] = ("Ana",), rules: str = "classic") -> GameSession:
    """A finished Blitz match against an Easy and an Expert seat (the fast fixture of conftest)."""
    return finished_match(seed, people, rules)


def test_a_finished_match_is_counted_per_person_preset_and_level(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    first, second = _finished(1), _finished(2, rules="tap")
    assert store.record(first) is None and store.record(second) is None
    stats, note = store.load()
    assert note is None and stats.players() == ["Ana"]
    overall = stats.overall("Ana")
    totals = [first.match.totals()[0], second.match.totals()[0]]
    assert overall.matches == 2 and overall.rounds == 6 and overall.hints == 4
    assert overall.best_total == min(totals) and overall.average_total == sum(totals) / 2
    assert set(stats.by_preset("Ana")) == {"classic", "tap"}
    assert set(stats.by_level("Ana")) == {"easy", "expert"} and stats.by_level("Ana")["expert"].matches == 2
    assert stats.recent_totals("Ana") == totals
    assert overall.longest_train == max(max(r[0] for r in s.match.train_lengths) for s in (first, second))
    zero_rounds = sum(1 for s in (first, second) for r in s.match.round_scores if r[0] == 0)
    assert overall.went_out == zero_rounds


def test_pass_and_play_records_each_person_by_name(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.record(_finished(3, people=("Ana", "Ben")))
    stats, _ = store.load()
    assert sorted(stats.players()) == ["Ana", "Ben"]
    assert stats.by_level("Ben").keys() == {"easy", "expert", "person"}


def test_a_damaged_statistics_file_is_kept_and_a_fresh_record_starts(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.record(_finished(4))
    store.path.write_bytes(b'{"format": "mexican-train statistics", "version": 1, "rows": [{"player": 5}]')
    stats, note = store.load()
    assert stats.rows == [] and note is not None and "fresh record starts" in note
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("stats.json.unreadable-")]
    assert len(kept) == 1 and kept[0].name in note
    assert store.record(_finished(5)) is None
    assert len(store.load()[0].rows) == 1


def test_a_match_is_counted_once_however_often_its_end_is_shown(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    session = _finished(6)
    store.record(session)
    store.record(session)
    assert store.load()[0].overall("Ana").matches == 1


def test_reviewed_rounds_count_their_marked_decisions_per_round(tmp_path: Path) -> None:
    from game.review import ReviewBudget
    from game.review.cache import review_cached
    from game.ui.scenes.statistics import trend_words

    store = StatsStore(tmp_path)
    store.record(_finished(7))  # no review: not in the mistakes figures
    session = _finished(8)
    small = ReviewBudget(candidates=3, choose_samples=6, measure_samples=8)
    reviews = [review_cached(session.match, r, [0], session.reviews, budget=small) for r in (1, 2)]
    levels = [d.valuation.level for r in reviews for d in r.decisions]
    store.record(session)
    stats, _ = store.load()
    row = stats.rows[-1]
    assert (row.reviewed_rounds, row.mistakes, row.costly) == (
        2, levels.count("clear mistake"), levels.count("costly"))
    assert stats.recent_mistakes("Ana") == [(row.mistakes + row.costly) / 2]
    assert stats.rows[0].marked_per_round is None
    assert trend_words([3.0, 2.5, 1.0, 0.5]).startswith("Fewer than before")
    assert trend_words([1.0, 1.0]).startswith("A trend shows after")


def test_a_statistics_file_from_before_reviews_still_loads(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.record(_finished(9))
    import json

    doc = json.loads(store.path.read_bytes())
    for row in doc["rows"]:
        for name in ("reviewed_rounds", "mistakes", "costly"):
            del row[name]
    store.path.write_text(json.dumps(doc))
    stats, note = store.load()
    assert note is None and stats.rows[0].reviewed_rounds == 0 and stats.recent_mistakes("Ana") == []
