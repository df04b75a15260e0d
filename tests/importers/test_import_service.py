"""Writing records to the catalogue: every field stored, re-import, dry run, bad files, command."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from catalogue.models import Author, Category, Game, Publisher
from catalogue.selectors import SearchParams, game_search
from importers.formats import parse_file
from importers.models import ImportBatch, ImportedGame
from importers.selectors import batch_games, game_batch
from importers.services import import_run, records_import
from tests.conftest import SAMPLE_FILES, SAMPLES, sample_bytes

pytestmark = pytest.mark.django_db


def snapshot() -> list[tuple]:
    """Everything the catalogue holds, to prove an operation left it exactly as it was."""
    games = list(Game.objects.order_by("pk").values())
    for game in games:
        game.pop("updated_at")
    return [
        games,
        list(Author.objects.order_by("pk").values()),
        list(Publisher.objects.order_by("pk").values()),
        list(Category.objects.order_by("pk").values()),
        list(Game.authors.through.objects.order_by("pk").values()),
        list(ImportedGame.objects.order_by("game_id").values_list("game_id", "batch_id")),
    ]


@pytest.mark.parametrize("key", sorted(SAMPLE_FILES))
def test_every_parsed_field_is_stored(imported, key):
    name = SAMPLE_FILES[key]
    _, (record,) = parse_file(name, sample_bytes(key))
    game = Game.objects.get(title=record.title)
    assert game.document_type == record.document_type
    assert [(c.author.name, c.role) for c in game.credits.all()] == [
        (a.name, a.role) for a in record.authors
    ]
    assert (game.publisher.name if game.publisher else "") == record.publisher
    if record.category_code:
        assert (game.category.code, game.category.label, game.category.family) == (
            record.category_code,
            record.category_label,
            record.category_family,
        )
    else:
        assert game.category is None
    for field in (
        "min_players max_players min_age max_age duration_minutes principle "
        "pedagogical_analysis components rules_text"
    ).split():
        assert getattr(game, field) == getattr(record, field), field
    assert game.rules_sections == [
        {"heading": s.heading, "body": s.body} for s in record.rules_sections
    ]
    assert game.review_fields == record.missing_fields
    assert game.needs_review == bool(record.missing_fields)
    assert game.source_file == name
    assert game.source_format == record.source_format
    assert game_batch(game) is not None and game.imported_at is not None


def test_the_five_sample_games(imported):
    games = {g.title: g for g in Game.objects.select_related("category", "publisher")}
    assert sorted(games) == ["Alcatraz", "Bataclan", "Pow wow", "Prairie ou Buffalo", "Ta Yü"]
    assert games["Ta Yü"].slug == "ta-yu"
    assert games["Pow wow"].max_age is None and games["Pow wow"].age_display == "10 ans et +"
    assert games["Bataclan"].category.code == "A 404"
    assert games["Bataclan"].review_fields == ["authors"]
    prairie = games["Prairie ou Buffalo"]
    assert (prairie.min_players, prairie.max_players) == (2, 2)
    assert prairie.needs_review
    assert {"publisher", "category", "min_age", "duration_minutes"} <= set(prairie.review_fields)
    assert Category.objects.get(code="A 406").games.count() == 3


def test_reimport_changes_nothing(imported, sample_files):
    before = snapshot()
    report, _ = import_run(files=sample_files, origin="test")
    assert report.totals() == {
        "created": 0,
        "updated": 0,
        "unchanged": 5,
        "flagged": 2,
        "rejected": 0,
    }
    assert snapshot() == before


def test_reimport_of_a_changed_record_updates_it_in_place(imported):
    data = sample_bytes("alcatraz").replace(b"25 |", b"30 |")
    report, _ = import_run(files=[("alcatraz-v2.txt", data)], origin="test")
    assert report.totals()["updated"] == 1
    assert Game.objects.filter(title="Alcatraz").count() == 1
    assert Game.objects.get(title="Alcatraz").duration_minutes == 30
    assert game_search(params=SearchParams(max_duration=25)).count == 1  # Bataclan only


def test_dry_run_reports_and_writes_nothing(db, sample_files):
    report, batch = import_run(files=sample_files, origin="test", dry_run=True)
    assert batch is None
    assert report.totals()["created"] == 5
    assert Game.objects.count() == 0 and Author.objects.count() == 0
    assert ImportBatch.objects.count() == 0


def test_dry_run_on_a_filled_catalogue_reports_updates_and_unchanged(imported):
    before = snapshot()
    data = sample_bytes("alcatraz").replace(b"25 |", b"30 |")
    report = records_import(
        files=[("a.txt", data), (SAMPLE_FILES["ta_yu"], sample_bytes("ta_yu"))], dry_run=True
    )
    assert [r["action"] for f in report.files for r in f["records"]] == ["updated", "unchanged"]
    assert snapshot() == before


BAD_FILES = {
    "empty": b"",
    "binary": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
    "unknown": "Liste de courses : pain, lait, œufs.\n".encode(),
    "non_numeric": sample_bytes("alcatraz").replace(b"2 |", b"deux |", 1),
    "inverted": sample_bytes("alcatraz").replace(b"\n4 |", b"\n1 |", 1),
    "truncated": sample_bytes("alcatraz")[:600],
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_file_is_rejected_whole_and_the_batch_goes_on(imported, kind):
    before = snapshot()
    good = sample_bytes("bataclan").replace(b"25 |", b"20 |")
    report, _ = import_run(files=[(f"{kind}.txt", BAD_FILES[kind]), ("b.txt", good)], origin="t")
    bad, ok = report.files
    assert bad["error"] is not None and bad["records"] == []
    assert bad["error"]["file"] == f"{kind}.txt"
    assert ok["error"] is None and ok["records"][0]["action"] == "updated"
    assert report.totals()["rejected"] == 1
    after = snapshot()
    # Only Bataclan's duration (and its search text) changed.
    changed = [g["title"] for g, h in zip(before[0], after[0], strict=True) if g != h]
    assert changed == ["Bataclan"]


def test_field_errors_name_file_record_and_field(db):
    report, _ = import_run(files=[("x.txt", BAD_FILES["non_numeric"])], origin="t")
    error = report.files[0]["error"]
    assert error["record"] == "Alcatraz"
    assert error["field"] == "Nombre minimum de joueurs"
    assert "deux" in error["message"]
    report, _ = import_run(files=[("y.txt", BAD_FILES["inverted"])], origin="t")
    error = report.files[0]["error"]
    assert error["record"] == "Alcatraz" and "joueurs" in error["field"]


def test_oversized_file_is_refused_before_parsing(db, settings):
    settings.IMPORT_MAX_UPLOAD_BYTES = 1000
    report, _ = import_run(files=[("big.txt", sample_bytes("pow_wow"))], origin="t")
    assert "trop volumineux" in report.files[0]["error"]["message"]
    assert Game.objects.count() == 0


def test_import_records_a_batch_with_counts(db, sample_files):
    _, batch = import_run(files=sample_files + [("vide.txt", b"")], origin="commande")
    batch.refresh_from_db()
    assert (batch.created, batch.flagged, batch.rejected) == (5, 2, 1)
    assert batch.report["files"][-1]["error"]["file"] == "vide.txt"
    assert batch_games(batch).count() == 5


def test_command_imports_a_folder_with_progress_and_summary(db):
    out, err = StringIO(), StringIO()
    call_command("import_games", str(SAMPLES), stdout=out, stderr=err)
    text = out.getvalue()
    assert "[1/5]" in text and "[5/5]" in text
    assert "Pow wow — créé" in text
    assert "5 créé(s), 0 mis à jour, 0 inchangé(s), 2 à vérifier, 0 fichier(s) rejeté(s)" in text
    assert Game.objects.count() == 5


def test_command_dry_run_writes_nothing(db):
    out = StringIO()
    call_command("import_games", "--dry-run", str(SAMPLES), stdout=out, stderr=StringIO())
    assert "Simulation" in out.getvalue() and "5 créé(s)" in out.getvalue()
    assert Game.objects.count() == 0


def test_command_reports_rejected_files(db, tmp_path):
    (tmp_path / "vide.txt").write_bytes(b"")
    (tmp_path / "ok.txt").write_bytes(sample_bytes("ta_yu"))
    out, err = StringIO(), StringIO()
    call_command("import_games", str(tmp_path), stdout=out, stderr=err)
    assert "1 fichier(s) rejeté(s)" in out.getvalue()
    assert "vide.txt" in err.getvalue() and "REJETÉ" in err.getvalue()
    assert Game.objects.get().title == "Ta Yü"


def test_command_refuses_a_missing_path(db):
    with pytest.raises(CommandError, match="aucun fichier"):
        call_command("import_games", "/nonexistent/path")
