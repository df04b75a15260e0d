"""The search index follows its own database, and gets over a disk that refused a write."""

from __future__ import annotations

import json

import pytest

from catalogue.index import store
from catalogue.models import Game, SearchChange, SearchLogIdentity
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def titles(q: str = "") -> list[str]:
    return [game.title for game in game_search(params=SearchParams(q=q)).page]


def test_an_index_built_from_another_database_rebuilds_itself():
    """A new database (its own log identity) under an existing index directory: the replica
    notices and answers from the new database, not from the old history."""
    make_game(title="Alcatraz")
    make_game(title="Pow Wow")
    assert titles() == ["Alcatraz", "Pow Wow"]
    # The database is replaced: other games, a new log whose ids start again, another identity.
    Game.objects.all().delete()
    SearchLogIdentity.objects.all().delete()
    SearchChange.objects.all().delete()
    new = ["Bataclan", "Prairie", "Ta Yü", "Zoo"]  # more changes than the old log had
    for title in new:
        make_game(title=title)
    store._replicas.clear()  # a new process (the server restarted on the new database)
    assert titles() == new
    # Counted by the index itself: the old database's documents are gone, not merely unloadable.
    assert game_search(params=SearchParams()).count == len(new)
    assert game_search(params=SearchParams(q="alcatraz")).count == 0
    state = json.loads((store.replica().path / "state.json").read_text())
    assert state["database"] == str(SearchLogIdentity.objects.get().token)


def test_a_replica_running_in_a_process_notices_the_database_changed_under_it(settings):
    make_game(title="Alcatraz")
    assert titles() == ["Alcatraz"]
    settings.SEARCH_SYNC_INTERVAL_SECONDS = 0
    SearchLogIdentity.objects.update(token="00000000-0000-0000-0000-000000000001")
    # A write that bypassed the log: only a rebuild from the database can know it.
    Game.objects.filter(title="Alcatraz").update(title="Évasion", search_text="évasion")
    assert titles("evasion") == ["Évasion"]


def test_a_log_that_went_back_rebuilds_the_replica(settings):
    """A restored backup: same identity, but the log's end is behind the replica's."""
    settings.SEARCH_SYNC_INTERVAL_SECONDS = 0
    make_game(title="Alcatraz")
    make_game(title="Bataclan")
    assert titles() == ["Alcatraz", "Bataclan"]
    newest = SearchChange.objects.order_by("-id").first()
    Game.objects.filter(title="Bataclan").delete()  # appends to the log…
    SearchChange.objects.filter(id__gte=newest.id).delete()  # …which the backup never had
    assert titles() == ["Alcatraz"]
    assert game_search(params=SearchParams(q="bataclan")).count == 0


class _FullDisk:
    """A tantivy writer whose commit fails as on a full disk (the real writer underneath
    still holds tantivy's lock until it is let go)."""

    def __init__(self, writer):
        self.writer = writer

    def __getattr__(self, name):
        return getattr(self.writer, name)

    def commit(self):
        raise ValueError("An IO error occurred: 'No space left on device (os error 28)'")


def test_search_answers_from_the_committed_index_while_the_disk_is_full_and_recovers(
    settings, monkeypatch, client
):
    settings.SEARCH_SYNC_INTERVAL_SECONDS = 0
    settings.SEARCH_RETRY_SECONDS = 0
    make_game(title="Alcatraz")
    assert titles() == ["Alcatraz"]
    real_writer = store.Replica._writer
    monkeypatch.setattr(
        store.Replica, "_writer", lambda self, size: _FullDisk(real_writer(self, size))
    )
    make_game(title="Bataclan")
    result = game_search(params=SearchParams())
    assert [game.title for game in result.page] == ["Alcatraz"] and result.stale
    page = client.get("/")
    assert page.status_code == 200
    assert "ne peut pas être écrit" in page.content.decode()
    assert store.replica().status()["writable"] is False
    # Room again: the next search writes (tantivy's lock was let go: no LockBusy), no restart.
    monkeypatch.setattr(store.Replica, "_writer", real_writer)
    result = game_search(params=SearchParams())
    assert [game.title for game in result.page] == ["Alcatraz", "Bataclan"]
    assert not result.stale
    assert "ne peut pas être écrit" not in client.get("/").content.decode()


def test_while_the_disk_refuses_writes_the_write_is_not_retried_at_every_search(
    settings, monkeypatch
):
    settings.SEARCH_SYNC_INTERVAL_SECONDS = 0
    settings.SEARCH_RETRY_SECONDS = 3600
    make_game(title="Alcatraz")
    titles()
    attempts = []
    real_writer = store.Replica._writer

    def full(self, size):
        attempts.append(size)
        return _FullDisk(real_writer(self, size))

    monkeypatch.setattr(store.Replica, "_writer", full)
    make_game(title="Bataclan")
    for _ in range(5):
        assert titles() == ["Alcatraz"]
    assert len(attempts) == 1


def test_with_no_index_at_all_search_says_it_is_unavailable_and_game_pages_still_answer(
    settings, monkeypatch, client
):
    settings.SEARCH_RETRY_SECONDS = 3600
    game = make_game(title="Alcatraz")
    real_writer = store.Replica._writer
    monkeypatch.setattr(
        store.Replica, "_writer", lambda self, size: _FullDisk(real_writer(self, size))
    )
    page = client.get("/?q=alcatraz")
    assert page.status_code == 503
    assert "momentanément indisponible" in page.content.decode()
    api = client.get("/api/v1/games/?q=alcatraz")
    assert api.status_code == 503 and api.json()["code"] == "search_unavailable"
    assert client.get(game.get_absolute_url()).status_code == 200
