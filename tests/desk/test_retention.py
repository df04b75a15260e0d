"""Counts older than DESK_KEEP_WEEKS are deleted: by ``manage.py desk_prune``, and by counting
itself at most once a day."""

from datetime import timedelta

import pytest
from django.core.management import call_command

from desk import counting
from desk.models import WeeklyCount

Kind = WeeklyCount.Kind


def add(weeks_ago: int, key: str = "pirates") -> None:
    week = counting.this_week() - timedelta(weeks=weeks_ago)
    WeeklyCount.objects.create(week=week, kind=Kind.SEARCH_WORD, key=key, count=3)


def weeks_kept() -> list[int]:
    this = counting.this_week()
    return sorted(
        (this - week).days // 7 for week in WeeklyCount.objects.values_list("week", flat=True)
    )


@pytest.fixture
def keep_four(settings):
    settings.DESK_KEEP_WEEKS = 4


def test_the_command_deletes_the_weeks_past_the_setting(db, keep_four, capsys):
    for weeks_ago in (0, 3, 4, 30):
        add(weeks_ago)
    call_command("desk_prune")
    # This week and the three before it: four weeks kept.
    assert weeks_kept() == [0, 3]
    assert "2 count(s) older than 4 weeks deleted" in capsys.readouterr().out


def test_the_default_keeps_two_years(db):
    add(103)
    add(104)
    counting.counts_prune()
    assert weeks_kept() == [103]


def test_counting_prunes_once_a_day(db, keep_four, monkeypatch):
    monkeypatch.setattr(counting, "_last_prune", None)  # this process never pruned
    add(10, "old")
    assert counting.counts_add([(Kind.SEARCH_WORD, "new")])
    assert weeks_kept() == [0]
    add(11, "older")  # written after today's pruning: stays until tomorrow's
    assert counting.counts_add([(Kind.SEARCH_WORD, "new")])
    assert weeks_kept() == [0, 11]
    monkeypatch.setattr(
        counting, "_last_prune", counting.time.monotonic() - counting.PRUNE_EVERY_SECONDS - 1
    )
    assert counting.counts_add([(Kind.SEARCH_WORD, "new")])
    assert weeks_kept() == [0]
