"""The librarians' copies API: a status by barcode, many at once, all or nothing, idempotent;
refusals with a code and nothing written; the public game record's copies."""

from __future__ import annotations

import datetime
import json

import pytest

from catalogue.models import Copy, SearchChange
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def shelf(db):
    """Ta Yü with two copies in, Pow wow with one in repair."""
    ta_yu, pow_wow = make_game("Ta Yü"), make_game("Pow wow")
    Copy.objects.create(game=ta_yu, barcode="T1", call_number="J STR TAY", location="Ludothèque")
    Copy.objects.create(game=ta_yu, barcode="T2", call_number="J STR TAY 2")
    Copy.objects.create(game=pow_wow, barcode="P1", status="repair")
    return ta_yu, pow_wow


def url(barcode: str) -> str:
    return f"/api/v1/copies/{barcode}/"


def state(barcode: str) -> tuple:
    copy = Copy.objects.get(barcode=barcode)
    return copy.status, copy.due_date, copy.updated_at


def test_a_status_change_by_barcode(librarian, shelf):
    answer = librarian.put(
        url("T1"), {"status": "on_loan", "due_date": "2026-12-20"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert (body["barcode"], body["status"], body["due_date"], body["changed"]) == (
        "T1", "on_loan", "2026-12-20", True,
    )  # fmt: skip
    assert body["game"] == {"slug": shelf[0].slug, "title": "Ta Yü"}
    assert state("T1")[:2] == ("on_loan", datetime.date(2026, 12, 20))
    assert Copy.objects.get(barcode="T1").status_changed_at is not None


def test_replaying_an_update_changes_nothing(librarian, shelf):
    body = {"status": "on_loan", "due_date": "2026-12-20"}
    librarian.put(url("T1"), body, format="json")
    before, changes = state("T1"), SearchChange.objects.count()
    again = librarian.put(url("T1"), body, format="json")
    assert again.status_code == 200 and again.json()["changed"] is False
    assert state("T1") == before  # same updated_at
    assert SearchChange.objects.count() == changes


def test_only_a_flip_of_availability_touches_the_search_index(librarian, shelf):
    ta_yu = shelf[0]
    changes = SearchChange.objects.count()
    librarian.put(url("T1"), {"status": "on_loan"}, format="json")  # T2 still in
    assert SearchChange.objects.count() == changes
    assert game_search(params=SearchParams(available=True)).count == 1
    librarian.put(url("T2"), {"status": "excluded"}, format="json")  # none in now
    assert list(SearchChange.objects.values_list("game_id", flat=True))[changes:] == [ta_yu.pk]
    result = game_search(params=SearchParams(available=True))
    assert result.count == 0 and result.facets["available"][0]["count"] == 0


def test_patch_keeps_what_is_not_sent(librarian, shelf):
    librarian.put(url("T1"), {"status": "on_loan", "due_date": "2026-12-20"}, format="json")
    answer = librarian.patch(url("T1"), {"due_date": "2026-12-27"}, format="json")
    assert answer.json()["status"] == "on_loan" and answer.json()["due_date"] == "2026-12-27"
    answer = librarian.patch(url("T1"), {"status": "available"}, format="json")
    assert answer.json()["due_date"] is None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"status": "lost"}, "unknown_status"),
        ({"status": 3}, "unknown_status"),
        ({}, "missing_field"),
        ({"status": "on_loan", "due_date": "20/12/2026"}, "invalid_date"),
        ({"status": "on_loan", "due_date": "2026-02-30"}, "invalid_date"),
        ({"status": "on_loan", "due_date": 20261220}, "invalid_date"),
        ({"status": "repair", "due_date": "2026-12-20"}, "due_date_not_on_loan"),
        ({"status": "on_loan", "statut": "x"}, "unknown_field"),
        (["on_loan"], "invalid_body"),
        ("on_loan", "invalid_body"),
    ],
)
def test_a_bad_update_is_refused_with_its_code_and_writes_nothing(librarian, shelf, body, code):
    before = state("T1")
    answer = librarian.put(url("T1"), body, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == code and answer.json()["detail"]
    assert state("T1") == before


def test_an_unknown_barcode_is_a_404(librarian, shelf):
    answer = librarian.put(url("NOPE"), {"status": "available"}, format="json")
    assert answer.status_code == 404
    assert answer.json()["code"] == "unknown_barcode" and "NOPE" in answer.json()["detail"]


def test_the_barcode_is_normalised_in_the_address(librarian, shelf):
    answer = librarian.get(url("%20T1%09"))
    assert answer.status_code == 200 and answer.json()["barcode"] == "T1"


def test_anonymous_and_non_librarians_are_refused(api, visitor, shelf):
    before = state("T1")
    assert api.put(url("T1"), {"status": "on_loan"}, format="json").status_code == 401
    assert api.post("/api/v1/copies/bulk/", [], format="json").status_code == 401
    assert visitor.put(url("T1"), {"status": "on_loan"}, format="json").status_code == 403
    assert visitor.get(url("T1")).status_code == 403
    assert visitor.post("/api/v1/copies/bulk/", [], format="json").status_code == 403
    assert state("T1") == before


BULK = "/api/v1/copies/bulk/"


def test_bulk_update_all_at_once(librarian, shelf):
    items = [
        {"barcode": "T1", "status": "on_loan", "due_date": "2026-12-20"},
        {"barcode": "P1", "status": "available"},
    ]
    answer = librarian.post(BULK, {"copies": items}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["changed"] == 2
    assert [c["barcode"] for c in answer.json()["copies"]] == ["T1", "P1"]
    assert state("P1")[0] == "available"
    # A bare list works too; a replay changes nothing.
    stamps = [state("T1"), state("P1")]
    again = librarian.post(BULK, items, format="json")
    assert again.status_code == 200 and again.json()["changed"] == 0
    assert [state("T1"), state("P1")] == stamps


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ({"barcode": "NOPE", "status": "available"}, "unknown_barcode"),
        ({"barcode": "P1", "status": "perdu"}, "unknown_status"),
        ({"barcode": "P1", "status": "on_loan", "due_date": "demain"}, "invalid_date"),
        ({"barcode": "T1", "status": "available"}, "duplicate_barcode"),
        ({"status": "available"}, "missing_field"),
        ({"barcode": ["P1"], "status": "available"}, "invalid_barcode"),
        ({"barcode": "x" * 65, "status": "available"}, "invalid_barcode"),
        ("P1", "invalid_body"),
    ],
)
def test_bulk_is_all_or_nothing(librarian, shelf, bad, code):
    before = [state(b) for b in ("T1", "T2", "P1")]
    changes = SearchChange.objects.count()
    items = [{"barcode": "T1", "status": "on_loan"}, {"barcode": "T2", "status": "on_loan"}, bad]
    answer = librarian.post(BULK, {"copies": items}, format="json")
    assert answer.status_code == 400, answer.json()
    body = answer.json()
    assert body["code"] == code and body["index"] == 2
    assert [state(b) for b in ("T1", "T2", "P1")] == before
    assert SearchChange.objects.count() == changes


@pytest.mark.parametrize(
    "body",
    [{}, [], {"copies": []}, {"copies": "T1"}, {"copies": [], "more": 1}, None],
)
def test_bulk_refuses_a_body_that_is_no_list(librarian, shelf, body):
    answer = librarian.post(BULK, body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_body"


def test_bulk_refuses_too_many_items(librarian, shelf, settings):
    items = [{"barcode": "T1", "status": "available"}] * 1001
    answer = librarian.post(BULK, items, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "too_many"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"status": "on_loan\\u0000"}',
        b'{"status": "\\ud800"}',
        b"[" * 5000 + b"]" * 5000,
        b"not json",
    ],
    ids=["nul", "surrogate", "deep", "garbage"],
)
def test_hostile_bodies_get_a_clear_4xx(librarian, shelf, raw):
    before = state("T1")
    answer = librarian.generic("PUT", url("T1"), raw, content_type="application/json")
    assert 400 <= answer.status_code < 500
    assert answer.json()["detail"]
    assert state("T1") == before


def test_public_game_record_shows_copies_without_barcodes(api, shelf):
    Copy.objects.filter(barcode="T1").update(status="on_loan", due_date=datetime.date(2026, 12, 20))
    body = api.get(f"/api/v1/games/{shelf[0].slug}/").json()
    assert body["available_now"] is True
    assert body["copies"] == [
        {"call_number": "J STR TAY", "location": "Ludothèque", "section": "", "status": "on_loan",
         "due_date": "2026-12-20"},
        {"call_number": "J STR TAY 2", "location": "", "section": "", "status": "available",
         "due_date": None},
    ]  # fmt: skip
    # No barcode anywhere (a whole value: an ISO time holds « T1 » from 10 to 19 h).
    assert '"T1"' not in json.dumps(body) and "barcode" not in json.dumps(body)
    assert api.get(f"/api/v1/games/{shelf[1].slug}/").json()["available_now"] is False
    assert api.get(f"/api/v1/games/{make_game('Sans').slug}/").json()["available_now"] is None


def test_search_api_filters_and_counts_available_games(api, shelf):
    body = api.get("/api/v1/games/", {"available": "true"}).json()
    assert [game["title"] for game in body["results"]] == ["Ta Yü"]
    assert body["facets"]["available"] == [
        {"value": True, "label": "disponible maintenant", "count": 1, "selected": True}
    ]
    everything = api.get("/api/v1/games/").json()
    assert everything["count"] == 2 and everything["facets"]["available"][0]["count"] == 1


def test_the_schema_documents_the_copies_endpoints(api):
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    assert {"put", "patch", "get"} <= set(schema["paths"]["/api/v1/copies/{barcode}/"])
    assert "post" in schema["paths"]["/api/v1/copies/bulk/"]
    parameters = schema["paths"]["/api/v1/games/"]["get"]["parameters"]
    assert "available" in {p["name"] for p in parameters}
