"""POST/GET /api/v1/imports/ (the admin screen's import, as an API) and the catalogue export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from catalogue.models import Game
from importers import services as import_services
from importers.formats import parse_file
from importers.models import ImportBatch
from tests.conftest import SAMPLE_FILES, sample_bytes

pytestmark = pytest.mark.django_db

URL = "/api/v1/imports/"
EXPORTS = Path(__file__).resolve().parents[2] / "samples" / "exports"


def upload(client, *files, dry_run=None):
    data = {"files": [SimpleUploadedFile(name, content) for name, content in files]}
    if dry_run is not None:
        data["dry_run"] = "true" if dry_run else "false"
    return client.post(URL, data, format="multipart")


def imported_report(client, *files, dry_run=None):
    """Upload, then follow the import's address (the tests' job queue runs it at once)."""
    response = upload(client, *files, dry_run=dry_run)
    assert response.status_code == 202, response.content
    return client.get(response["Location"]).json()


def test_upload_is_answered_at_once_with_the_imports_address(librarian):
    response = upload(librarian, ("alcatraz.txt", sample_bytes("alcatraz")), dry_run=True)
    assert response.status_code == 202
    body = response.json()
    batch = ImportBatch.objects.get()
    assert body["id"] == batch.pk
    assert response["Location"] == body["url"] == f"http://testserver{URL}{batch.pk}/"
    assert body["progress"]["finished"] is True and body["phase"] == "read"


def test_dry_run_reports_and_writes_nothing(librarian):
    detail = imported_report(
        librarian, ("alcatraz.txt", sample_bytes("alcatraz")), ("vide.txt", b""), dry_run=True
    )
    assert detail["status"] == "pending"  # waits for a confirmation
    body = detail["report"]
    assert body["dry_run"] is True
    assert body["totals"] == {
        "created": 1,
        "updated": 0,
        "unchanged": 0,
        "flagged": 0,
        "rejected": 1,
    }
    alcatraz, empty = body["files"]
    assert alcatraz["format"] == "pmb-text" and alcatraz["records"][0]["action"] == "created"
    assert empty["error"]["file"] == "vide.txt" and empty["error"]["message"] == "fichier vide"
    assert detail["progress"]["records_read"] == 1 and detail["progress"]["files_rejected"] == 1
    assert Game.objects.count() == 0


def test_a_dry_run_is_confirmed_or_cancelled(librarian):
    first = imported_report(librarian, ("alcatraz.txt", sample_bytes("alcatraz")), dry_run=True)
    response = librarian.post(f"{URL}{first['id']}/confirm/")
    assert response.status_code == 202 and response.json()["status"] == "applied"
    assert list(Game.objects.values_list("title", flat=True)) == ["Alcatraz"]
    again = librarian.post(f"{URL}{first['id']}/confirm/")
    assert again.status_code == 409
    assert again.json()["code"] == "import_state" and again.json()["status"] == "applied"
    second = imported_report(librarian, ("ta_yu.txt", sample_bytes("ta_yu")), dry_run=True)
    cancelled = librarian.post(f"{URL}{second['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert librarian.post(f"{URL}{second['id']}/confirm/").status_code == 409
    assert Game.objects.count() == 1
    assert librarian.post(f"{URL}999999/confirm/").status_code == 404
    assert librarian.post(f"{URL}abc/retry/").status_code == 404


def test_import_records_a_batch_and_gives_its_id(librarian, librarian_user):
    detail = imported_report(librarian, ("catalogue.xml", (EXPORTS / "catalogue.xml").read_bytes()))
    batch = ImportBatch.objects.get()
    assert detail["id"] == batch.pk and detail["report"]["dry_run"] is False
    assert (batch.origin, batch.created_by, batch.created) == ("api", librarian_user, 5)
    assert batch.status == "applied" and detail["progress"]["percent"] == 100
    assert detail["report"] == batch.report  # the same report as the admin screen
    assert Game.objects.count() == 5
    assert Game.objects.get(slug="ta-yu").source_format == "unimarc-xml"


def test_report_is_what_the_import_service_returns(librarian, db):
    files = [(SAMPLE_FILES["ta_yu"], sample_bytes("ta_yu"))]
    expected, _ = import_services.import_run(files=files, origin="test", dry_run=True)
    assert imported_report(librarian, *files, dry_run=True)["report"] == expected.to_dict()


def test_rejected_file_is_reported_and_nothing_of_it_written(librarian):
    bad = (EXPORTS / "catalogue.mrc").read_bytes()[:500]
    body = imported_report(librarian, ("bad.mrc", bad), ("bataclan.txt", sample_bytes("bataclan")))[
        "report"
    ]
    assert body["files"][0]["error"]["file"] == "bad.mrc"
    assert body["totals"]["rejected"] == 1 and body["totals"]["created"] == 1
    assert list(Game.objects.values_list("title", flat=True)) == ["Bataclan"]


@override_settings(IMPORT_MAX_UPLOAD_BYTES=1000)
def test_file_above_the_limit_is_refused_before_parsing(librarian, monkeypatch):
    def no_parsing(*args, **kwargs):
        raise AssertionError("parsed a file that was too large")

    monkeypatch.setattr(import_services, "parse_source", no_parsing)
    response = upload(librarian, ("petit.txt", b"x" * 10), ("gros.mrc", b"0" * 1001))
    assert response.status_code == 413
    assert response.json() == {
        "detail": "Fichier trop volumineux (maximum 1000 octets) : gros.mrc",
        "code": "file_too_large",
        "files": ["gros.mrc"],
        "limit": 1000,
    }
    assert ImportBatch.objects.count() == 0


def test_request_without_files_is_400(librarian):
    response = librarian.post(URL, {"dry_run": "true"}, format="multipart")
    assert response.status_code == 400 and "files" in response.json()


def test_import_needs_the_run_import_permission(api, visitor, sample_files):
    files = [("a.txt", sample_bytes("alcatraz"))]
    assert upload(api, *files).status_code == 401
    assert upload(visitor, *files).status_code == 403
    assert api.get(URL).status_code == 401
    assert visitor.get(URL).status_code == 403
    assert Game.objects.count() == 0


def test_history_lists_batches_newest_first(librarian, librarian_user):
    upload(librarian, ("alcatraz.txt", sample_bytes("alcatraz")))
    upload(librarian, ("ta_yu.txt", sample_bytes("ta_yu")), ("vide.txt", b""))
    body = librarian.get(URL).json()
    assert body["count"] == 2
    newest = body["results"][0]
    assert newest["files"] == ["ta_yu.txt", "vide.txt"]
    assert (newest["created_by"], newest["origin"], newest["status"]) == ("alice", "api", "applied")
    assert (newest["created"], newest["rejected"]) == (1, 1)
    detail = librarian.get(f"{URL}{newest['id']}/").json()
    assert detail["report"]["files"][1]["error"]["message"] == "fichier vide"
    assert librarian.get(f"{URL}999999/").status_code == 404
    assert librarian.get(f"{URL}abc/").json()["detail"]  # a JSON 404 too


# ----------------------------------------------------------------------------- export


@pytest.mark.parametrize("fmt, content_type", [("csv", "text/csv"), ("json", "application/json")])
def test_librarian_exports_the_catalogue(librarian, imported, fmt, content_type):
    response = librarian.get(f"/api/v1/export/catalogue.{fmt}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert f'.{fmt}"' in response["Content-Disposition"]
    found, records = parse_file(f"export.{fmt}", response.content)
    assert len(records) == 5
    # and importing it back changes nothing
    body = imported_report(librarian, (f"export.{fmt}", response.content))["report"]
    assert [r["action"] for r in body["files"][0]["records"]] == ["unchanged"] * 5


def test_json_export_is_catalogue_json(librarian, imported):
    document = json.loads(librarian.get("/api/v1/export/catalogue.json").content)
    assert document["format"] == "catalogue-json" and len(document["games"]) == 5


def test_export_asking_for_csv_in_accept_is_served(librarian, imported):
    response = librarian.get("/api/v1/export/catalogue.csv", HTTP_ACCEPT="text/csv")
    assert response.status_code == 200 and response.content.startswith(b"\xef\xbb\xbftitre;")


def test_export_is_for_librarians(api, visitor, imported):
    assert api.get("/api/v1/export/catalogue.csv").status_code == 401
    assert visitor.get("/api/v1/export/catalogue.json").status_code == 403


def test_unknown_export_format_is_a_json_404(librarian, db):
    response = librarian.get("/api/v1/export/catalogue.xlsx")
    assert response.status_code == 404 and response.json()["detail"]
