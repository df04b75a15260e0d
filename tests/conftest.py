"""Shared fixtures. The database is SQLite unless DATABASE_URL selects PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "records"
SAMPLE_FILES = {
    "pow_wow": "000_9488e5f633865ecc.txt",
    "ta_yu": "001_2eedb90fe3b19964.txt",
    "alcatraz": "002_fde63279b46173cf.txt",
    "bataclan": "003_7f62d24850ce57d4.txt",
    "prairie": "004_f91f1ac09edd42ab.txt",
}


def sample_bytes(key: str) -> bytes:
    return (SAMPLES / SAMPLE_FILES[key]).read_bytes()


@pytest.fixture
def sample_files() -> list[tuple[str, bytes]]:
    """The library's five records as (name, content), as an upload or the command reads them."""
    return [(name, (SAMPLES / name).read_bytes()) for name in sorted(SAMPLE_FILES.values())]


@pytest.fixture
def media_root(tmp_path, settings) -> Path:
    """Photos stored under a directory of this test, never the repository's ``media/``."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def librarian_user(db):
    """A member of the librarians' group with staff access (password ``bibli-0-theque``)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from catalogue.roles import LIBRARIAN_GROUP

    user = get_user_model().objects.create_user("alice", password="bibli-0-theque", is_staff=True)
    user.groups.add(Group.objects.get(name=LIBRARIAN_GROUP))
    return user


@pytest.fixture
def librarian(librarian_user, client):
    """The librarian, signed in on the test client (the admin's pages; the API's tests override
    it with a token client)."""
    client.force_login(librarian_user)
    return librarian_user


@pytest.fixture
def imported(db, sample_files):
    """The catalogue with the five sample records imported."""
    from importers.services import import_run

    report, _ = import_run(files=sample_files, origin="test")
    assert report.totals()["rejected"] == 0, report.files
    return report


@pytest.fixture
def queued(settings):
    """Jobs (bot turns, imports) go to the database queue, as on a site with workers, instead of
    running at once inside the request that queued them as in the other tests."""
    settings.TASKS = {
        "default": {
            "BACKEND": "django_tasks_db.DatabaseBackend",
            "QUEUES": ["default", "bots", "imports"],
        }
    }


@pytest.fixture
def match_seed(monkeypatch):
    """Call with a seed: the matches created afterwards take it instead of a random one."""
    return lambda seed: monkeypatch.setattr("play.services.matches.new_seed", lambda: seed)


@pytest.fixture(autouse=True)
def _search_index(tmp_path, settings):
    """Each test searches a fresh index replica of its own, built from its own database."""
    settings.SEARCH_INDEX_DIR = str(tmp_path / "search-index")


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts and ends in the site's default language: a request in English leaves
    English active in the thread, and a later test would read English messages."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
