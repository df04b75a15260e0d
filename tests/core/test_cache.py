"""The shared cache (core.cache): Django's database cache with a one-statement set."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.cache import CULL_CHECK_EVERY, DatabaseCache

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def warm():
    """A cache of its own, past its first set (which also checks the table's size).

    The shared ``cache`` counts the sets of every earlier test, so which of its sets checks
    the size depends on the order the tests ran in.
    """
    fresh = DatabaseCache("ludotheque_cache", settings.CACHES["default"])
    fresh.set("warm", 0)
    return fresh


def test_a_set_is_one_statement_and_reads_back(warm):
    with CaptureQueriesContext(connection) as queries:
        warm.set("history", [1.5, 2.5], 60)
    assert len(queries) == 1
    assert warm.get("history") == [1.5, 2.5]
    assert cache.get("history") == [1.5, 2.5]  # Django's own reads understand the row


def test_the_first_set_of_a_process_checks_the_size():
    fresh = DatabaseCache("ludotheque_cache", settings.CACHES["default"])
    with CaptureQueriesContext(connection) as queries:
        fresh.set("history", [1.5], 60)
    assert any("COUNT(*)" in query["sql"] for query in queries)


def test_a_set_replaces_the_previous_value(warm):
    warm.set("history", [1.0], 60)
    warm.set("history", [1.0, 2.0], 60)
    assert warm.get("history") == [1.0, 2.0]


def test_an_expired_value_is_gone(warm):
    warm.set("history", [1.0], 0)  # Django's meaning of 0: expired at once
    assert warm.get("history", "gone") == "gone"


def test_a_value_without_expiry_stays(warm):
    warm.set("forever", "x", None)
    assert warm.get("forever") == "x"


def test_the_table_is_still_culled_past_max_entries():
    small = DatabaseCache("ludotheque_cache", {"OPTIONS": {"MAX_ENTRIES": 5}})
    for n in range(CULL_CHECK_EVERY + 1):  # the last set checks the size
        small.set(f"key-{n}", n)
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM ludotheque_cache")
        assert cursor.fetchone()[0] < CULL_CHECK_EVERY


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's journal")
def test_sqlite_commits_to_a_write_ahead_log():
    """A commit without an fsync: the API's throttle commits at every request."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL
