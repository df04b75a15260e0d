"""Hostile input to the catalogue API is a client error, never a server error (issue 9, item 5)."""

from __future__ import annotations

import json

import pytest

from catalogue.models import Game
from core.parsers import json_depth
from tests.factories import make_game

pytestmark = pytest.mark.django_db

#: JSON endpoints that anonymous clients may post to (the librarians' ones are tested below).
JSON_ENDPOINTS = ["/api/v1/auth/token/", "/api/v1/matches/", "/api/v1/matches/abc/moves/"]


def post_raw(client, url, body: str, **extra):
    return client.post(url, body, content_type="application/json", **extra)


@pytest.mark.parametrize("url", JSON_ENDPOINTS)
def test_deeply_nested_json_is_a_400_on_every_json_endpoint(api, url):
    response = post_raw(api, url, "[" * 50_000 + "]" * 50_000)
    assert response.status_code == 400, response.content[:200]
    assert "detail" in response.json()


def test_deeply_nested_json_is_a_400_for_a_librarian_too(librarian):
    body = '{"title": "x", "rules_sections": ' + "[" * 50_000 + "]" * 50_000 + "}"
    assert post_raw(librarian, "/api/v1/games/", body).status_code == 400
    assert not Game.objects.exists()


@pytest.mark.parametrize("text", ["\\ud800", "\\udc00x", "\\u0000"])
def test_review_field_with_a_lone_surrogate_or_nul_is_a_400(librarian, text):
    body = json.dumps({"title": "Nouveau", "review_fields": ["X"]}).replace("X", text)
    response = post_raw(librarian, "/api/v1/games/", body)
    assert response.status_code == 400
    response.content.decode("utf-8")
    assert not Game.objects.exists()


def test_nul_in_a_category_code_is_a_400(librarian):
    body = json.dumps({"title": "Nouveau", "category": "A\\u0000406"}).replace("\\\\", "\\")
    assert post_raw(librarian, "/api/v1/games/", body).status_code == 400
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/games/%00/",
        "/api/v1/authors/%00/",
        "/api/v1/publishers/a%00/",
        "/api/v1/categories/%00/",
        "/jeux/%00/",
    ],
)
def test_nul_in_a_slug_is_a_404(api, url):
    make_game("Alcatraz")
    assert api.get(url).status_code == 404


@pytest.mark.parametrize("query", ["q=%00", "publisher=a%00", "page=%00", "author=%00x"])
def test_nul_in_a_query_parameter_is_a_400(api, query):
    response = api.get(f"/api/v1/games/?{query}")
    assert response.status_code == 400 and response.json()["detail"]


def test_unicode_digits_in_number_parameters_are_never_a_server_error(api):
    # « ² » is no number (400, or 404 for a page); Django's forms read « ٣ » as 3.
    assert api.get("/api/v1/games/?players=%C2%B2").status_code == 400
    assert api.get("/api/v1/games/?page=%C2%B2").status_code == 400
    assert api.get("/api/v1/authors/?page=%C2%B2").status_code == 404
    assert api.get("/api/v1/games/?age=%D9%A3").json()["facets"]["age"]


def test_deleting_a_game_with_online_matches_is_a_409_not_a_server_error(librarian, client):
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    seats = [{"kind": "local"}, {"kind": "local"}]
    body = json.dumps({"game": game.slug, "seats": seats})
    assert post_raw(client, "/api/v1/matches/", body).status_code == 201
    response = librarian.delete(f"/api/v1/games/{game.slug}/")
    assert response.status_code == 409 and response.json()["detail"]
    assert Game.objects.filter(pk=game.pk).exists()


def test_refusals_are_in_english_for_an_english_client(client):
    body = '{"seat": 0, "expected_version": 0, "move": {"to": "\\ud800"}}'
    response = client.post(
        "/api/v1/matches/abc/moves/", body, content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert response.status_code == 400
    assert "forbidden character" in response.json()["detail"]


@pytest.mark.parametrize("depth", [40, 3_000, 50_000])
def test_a_deeply_nested_move_sent_as_a_form_field_is_a_400(api, depth):
    """DRF parses a form-encoded JSON field with plain json.loads: the field is bounded too."""
    form = {"seat": 0, "expected_version": 0, "move": "[" * depth + "]" * depth}
    response = api.post("/api/v1/matches/abc/moves/", form)
    assert response.status_code == 400, response.content[:200]
    assert "move" in response.json()


@pytest.mark.parametrize(
    "text, depth",
    [
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[[[", "]]]"]', 1),  # brackets inside strings do not count
        ('["\\"[[[", [[]]]', 3),  # nor after an escaped quote
        ('"[[[[', 0),  # an unterminated string runs to the end
        ("]]][[", 0),  # malformed: the scan still answers (json.loads then refuses it)
        ("[" * 100_000, 100_000),
    ],
)
def test_json_depth_reads_the_nesting_without_parsing(text, depth):
    assert json_depth(text) == depth


def test_json_depth_stops_past_the_limit():
    assert json_depth("[" * 1_000 + "]" * 1_000, stop_past=32) == 33


def test_a_document_nested_under_the_recursion_limit_is_refused_before_parsing(api, monkeypatch):
    """900 levels parse without a RecursionError, but the body is refused before json.loads."""
    calls = []
    monkeypatch.setattr("core.parsers.json.loads", lambda *a, **k: calls.append(a))
    response = post_raw(api, "/api/v1/matches/", "[" * 900 + "]" * 900)
    assert response.status_code == 400
    assert calls == []


@pytest.mark.parametrize(
    "view_module, url, content_type",
    [
        ("catalogue.api.views", "/api/v1/games/alcatraz/", "application/json"),
        ("catalogue.views", "/jeux/alcatraz/", "text/html; charset=utf-8"),
    ],
)
def test_a_server_error_answers_in_the_api_error_shape_under_the_api_only(
    client, monkeypatch, view_module, url, content_type
):
    """Under /api/ a 500 is JSON with the API's error keys; a page gets the site's error page."""

    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(f"{view_module}.game_get", broken)
    make_game(title="Alcatraz")
    client.raise_request_exception = False
    response = client.get(url)
    assert response.status_code == 500
    assert response["Content-Type"] == content_type
    assert "boom" not in response.content.decode()
    if url.startswith("/api/"):
        body = response.json()
        assert body["code"] == "server_error" and body["message"] == body["detail"]


@pytest.mark.parametrize("key", ["a\x00b", "é" * 40, "0" * 39, "G" * 40, "0" * 4000])
def test_a_token_no_key_can_be_is_refused_before_the_database_sees_it(api, key):
    """PostgreSQL refuses a NUL in a query: a 500 before; any key of the wrong shape is a 401."""
    response = api.get("/api/v1/games/", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 401
    assert response.json()["detail"]  # DRF's own words for what a header cannot carry
