"""Counting never breaks a page: a failing count or a failing receiver is logged, and the
page is served all the same (and its database transaction stays usable)."""

import pytest
from django.db import DatabaseError

from catalogue import signals
from catalogue.models import Game
from desk import counting
from tests.factories import make_game

from .helpers import counts


@pytest.fixture
def game(db):
    return make_game("Pow Wow", authors=("Ronald Corn",))


@pytest.fixture
def broken_database(monkeypatch):
    def fail(*args, **kwargs):
        raise DatabaseError("disk I/O error")

    monkeypatch.setattr(counting, "_upsert", fail)


def test_the_pages_are_served_when_counting_fails(browser_client, game, broken_database, caplog):
    assert browser_client.get("/", {"q": "pow"}).status_code == 200
    assert browser_client.get("/", {"q": "licorne"}).status_code == 200
    assert browser_client.get(game.get_absolute_url()).status_code == 200
    assert browser_client.get("/api/v1/games/", {"q": "pow"}).status_code == 200
    assert counts() == {}
    assert "desk: could not count" in caplog.text
    # The request's connection is still usable (the failed count was in a savepoint).
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_real_database_error_leaves_the_transaction_usable(browser_client, game, monkeypatch):
    """The count's statement fails in the database itself (its table missing, as before a
    migration): the page goes on reading (on PostgreSQL, a failed statement outside a
    savepoint would abort the whole transaction)."""
    from django.db import transaction

    from desk.models import WeeklyCount

    monkeypatch.setattr(WeeklyCount._meta, "db_table", "desk_no_such_table")
    with transaction.atomic():  # as a view inside a transaction would be
        assert not counting.counts_add([(WeeklyCount.Kind.GAME_VIEW, "1")])
        assert Game.objects.filter(pk=game.pk).exists()
    response = browser_client.get(game.get_absolute_url())
    assert response.status_code == 200 and "Pow Wow" in response.content.decode()


@pytest.mark.parametrize("signal", [signals.searched, signals.game_viewed])
def test_a_receiver_that_raises_does_not_break_the_page(browser_client, game, signal, caplog):
    def explode(sender, **kwargs):
        raise RuntimeError("a receiver's bug")

    signal.connect(explode, dispatch_uid="test_explode")
    try:
        assert browser_client.get("/", {"q": "pow"}).status_code == 200
        assert browser_client.get(game.get_absolute_url()).status_code == 200
        assert browser_client.get("/api/v1/games/", {"q": "pow"}).status_code == 200
    finally:
        signal.disconnect(dispatch_uid="test_explode")
    assert "a receiver's bug" in caplog.text
    # The desk, another receiver of the same signals, still counted.
    assert counts()
