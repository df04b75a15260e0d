"""A library's whole export in one go: any size from the command line, bounded memory, progress,
a bad record still rejects its file, and a crash mid-import leaves database and index agreeing."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from catalogue.models import Game
from catalogue.selectors import SearchParams, game_search
from importers.services import import_run

ROOT = Path(__file__).resolve().parents[2]
HEADER = "titre;joueurs_min;joueurs_max;age_min;regle\n"


def export(path: Path, n: int, *, bad_line: int | None = None) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(HEADER)
        for i in range(n):
            low, high = (5, 2) if i == bad_line else (2, 4)
            handle.write(f"Jeu numéro {i};{low};{high};8;On lance le dé {i} fois. Escargot.\n")
    return path


@pytest.fixture
def stream_everything(settings):
    """Read every CSV file one record at a time, as a large export would be."""
    settings.IMPORT_STREAM_BYTES = 0
    settings.IMPORT_MAX_UPLOAD_BYTES = 1000


@pytest.mark.django_db
def test_command_imports_a_file_over_the_upload_limit_with_progress(tmp_path, stream_everything):
    path = export(tmp_path / "export.csv", 1200)
    assert path.stat().st_size > 1000
    out, err = StringIO(), StringIO()
    call_command("import_games", str(path), stdout=out, stderr=err)
    assert "1200 créé(s)" in out.getvalue()
    assert "Import [" in err.getvalue() and "importée(s) et indexée(s)" in out.getvalue()
    # The same progress as the admin's bar: records read, files refused (and the time left).
    assert "notices lues : 1\u202f200, fichiers refusés : 0" in err.getvalue()
    assert Game.objects.count() == 1200
    assert game_search(params=SearchParams(q="escargot")).count == 1200


@pytest.mark.django_db
def test_uploads_keep_their_own_size_limit(tmp_path, stream_everything):
    data = export(tmp_path / "export.csv", 50).read_bytes()
    report, _ = import_run(files=[("export.csv", data)], origin="admin")
    assert "trop volumineux" in report.files[0]["error"]["message"]
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_bad_record_at_the_end_of_a_streamed_file_rejects_it_whole(tmp_path, stream_everything):
    path = export(tmp_path / "export.csv", 1200, bad_line=1150)
    out, err = StringIO(), StringIO()
    call_command("import_games", str(path), stdout=out, stderr=err)
    assert "1 fichier(s) rejeté(s)" in out.getvalue()
    assert "ligne 1152" in err.getvalue()
    assert Game.objects.count() == 0
    assert game_search(params=SearchParams(q="escargot")).count == 0


@pytest.mark.django_db
def test_report_lists_a_bounded_number_of_records_but_counts_them_all(tmp_path, settings):
    from importers import services

    settings.IMPORT_STREAM_BYTES = 0
    path = export(tmp_path / "export.csv", services.REPORT_RECORDS_MAX + 10)
    report, _ = import_run(files=[("export.csv", path)], origin="t", max_bytes=None)
    entry = report.files[0]
    assert len(entry["records"]) == services.REPORT_RECORDS_MAX
    assert entry["omitted"] == 10 and report.totals()["created"] == services.REPORT_RECORDS_MAX + 10


@pytest.mark.django_db(transaction=True)
def test_a_kill_mid_import_leaves_database_and_index_agreeing(tmp_path, settings):
    """kill -9 while the import is writing: nothing is kept, and a new run imports everything."""
    from django.db import connection

    from tests.catalogue.test_search_replicas import database_url

    path = export(tmp_path / "export.csv", 4000)
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
        "SEARCH_INDEX_DIR": settings.SEARCH_INDEX_DIR,  # the replica this test searches
        "IMPORT_STREAM_BYTES": "0",
    }
    game_search(params=SearchParams())  # the replica exists before the crash
    process = subprocess.Popen(
        [sys.executable, "manage.py", "import_games", str(path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    seen = b""
    while b"Import [" not in seen:  # the first batch is written (inside the transaction)
        chunk = process.stderr.read1(256)
        assert chunk, "the import ended before it could be killed"
        seen += chunk
    process.kill()
    process.wait()
    connection.close()
    assert Game.objects.count() == 0
    assert game_search(params=SearchParams(q="escargot")).count == 0
    subprocess.run(
        [sys.executable, "manage.py", "import_games", str(path)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    assert Game.objects.count() == 4000
    assert game_search(params=SearchParams(q="escargot")).count == 4000


@pytest.mark.django_db
def test_indexing_alongside_an_import_keeps_other_writes_and_drops_rolled_back_games(
    tmp_path, settings
):
    """The command indexes batches as it writes them; what else happened meanwhile still counts."""
    from catalogue import services
    from catalogue.index import store

    settings.IMPORT_STREAM_BYTES = 0
    good = export(tmp_path / "a.csv", 30)
    bad = tmp_path / "b.csv"
    with open(bad, "w", encoding="utf-8") as handle:
        handle.write(HEADER)
        for i in range(600):  # a first batch of 500 is written and indexed, then line 552 fails
            low, high = (5, 2) if i == 550 else (2, 4)
            handle.write(f"Mauvais {i};{low};{high};8;Licorne.\n")
    replica = store.replica()
    with replica.indexing_alongside() as index:
        report, _ = import_run(
            files=[("a.csv", good), ("b.csv", bad)], origin="t", max_bytes=None, index=index
        )
        edited = Game.objects.get(title="Jeu numéro 3")
        edited.rules_text = "Un dragon."
        services.game_save(game=edited)  # another write before the import's index commit
    assert report.totals()["created"] == 30 and report.totals()["rejected"] == 1
    assert game_search(params=SearchParams(q="escargot")).count == 29
    assert [g.title for g in game_search(params=SearchParams(q="dragon")).page] == ["Jeu numéro 3"]
    assert game_search(params=SearchParams(q="licorne")).count == 0
    assert replica.index.searcher().num_docs == Game.objects.count() == 30


@pytest.mark.django_db
def test_a_large_import_refreshes_the_planner_statistics_a_small_one_not(tmp_path, monkeypatch):
    from importers import services

    refreshed = []
    monkeypatch.setattr(services, "ANALYZE_AFTER_GAMES", 10)
    monkeypatch.setattr(services, "_statistics_refresh", lambda: refreshed.append(True))
    small = export(tmp_path / "small.csv", 9).read_bytes()
    import_run(files=[("small.csv", small)], origin="t")
    assert refreshed == []
    large = export(tmp_path / "large.csv", 12).read_bytes().replace(b"Jeu", b"Autre jeu")
    import_run(files=[("large.csv", large)], origin="t")
    assert refreshed == [True]


@pytest.mark.django_db
def test_the_statistics_refresh_analyzes_the_games_on_postgresql(tmp_path):
    from django.db import connection

    from importers.services import _statistics_refresh

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's planner statistics")
    import_run(files=[("export.csv", export(tmp_path / "export.csv", 30).read_bytes())], origin="t")
    with connection.cursor() as cursor:
        _statistics_refresh()
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = 'catalogue_game'")
        assert cursor.fetchone()[0] == Game.objects.count() == 30


@pytest.mark.django_db
def test_a_streamed_import_stores_the_search_text_an_edit_would_compute(
    tmp_path, stream_everything
):
    from catalogue.services import game_search_text

    path = tmp_path / "export.csv"
    path.write_text(
        "titre;auteurs;editeur;joueurs_min;joueurs_max;regle\n"
        "Le Jeu;Ada Lovelace, Alan Turing;Éditions du Pré;2;4;On lance le dé.\n",
        encoding="utf-8",
    )
    call_command("import_games", str(path), stdout=StringIO(), stderr=StringIO())
    game = Game.objects.get()
    assert "Ada Lovelace" in game.search_text and "Éditions du Pré" in game.search_text
    assert game.search_text == game_search_text(game)  # one function for both paths
