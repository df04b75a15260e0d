"""Under /api/ every error that Django itself answers (no view of the API's) is JSON in the API's
error shape — ``detail``, ``code`` and ``message`` — and never a page; the site's pages keep
their HTML error pages."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.factories import make_game

pytestmark = pytest.mark.django_db

HTML = "text/html; charset=utf-8"


def api_error(response, status: int, code: str) -> dict:
    """The answer's body, checked to be the API's error shape with ``status`` and ``code``."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == code
    assert body["detail"] and body["message"] == body["detail"]
    assert "<" not in response.content.decode()  # no page, no markup
    return body


@pytest.fixture
def client():
    """Django answers server errors itself (the test client re-raises them by default)."""
    return Client(raise_request_exception=False)


# -- unknown addresses ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/nope/",
        "/api/v1/",
        "/api/",
        "/api/v1/matches/abc/nope/",
        "/api/v1/games/alcatraz/extra/",
        "/api/v2/games/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_unknown_api_address_is_a_json_404(client, url, method):
    body = api_error(getattr(client, method)(url), 404, "not_found")
    assert "/api/v1/docs/" in body["detail"]  # where the addresses are listed


def test_an_unknown_api_address_is_a_json_404_in_english_for_an_english_client(client):
    body = api_error(client.get("/api/v1/nope/", HTTP_ACCEPT_LANGUAGE="en"), 404, "not_found")
    assert body["detail"].startswith("Nothing at this address of the API")


def test_an_unknown_page_of_the_site_keeps_its_html_page(client):
    response = client.get("/nulle-part/")
    assert response.status_code == 404 and response["Content-Type"] == HTML
    assert "Page introuvable" in response.content.decode()


def test_the_api_views_own_404_is_unchanged(client):
    """The API's views answer their own errors (DRF's ``detail``): nothing rewrites them."""
    response = client.get("/api/v1/games/inconnu/")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert set(response.json()) == {"detail"}


# -- methods not allowed, CSRF refusals (answered, not raised) -----------------------------------


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_method_a_non_drf_api_route_does_not_take_is_a_json_405(client, method):
    response = getattr(client, method)("/api/v1/docs/")
    body = api_error(response, 405, "method_not_allowed")
    assert response["Allow"] == "GET, HEAD"  # the headers of the refusal are kept
    assert method.upper() in body["detail"] and "GET, HEAD" in body["detail"]


def test_the_api_reference_still_answers_get_and_head_with_its_page(client):
    assert client.get("/api/v1/docs/")["Content-Type"] == HTML
    assert client.head("/api/v1/docs/").status_code == 200


def test_a_csrf_refusal_under_the_api_is_json():
    """A browser's form posted without its CSRF token to a non-DRF route (DRF's are exempt)."""
    response = Client(enforce_csrf_checks=True).post("/api/v1/docs/", {"a": "b"})
    api_error(response, 403, "forbidden")


def test_a_csrf_refusal_of_a_page_keeps_its_html_page(db):
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    response = Client(enforce_csrf_checks=True).post(f"/jeux/{game.slug}/jouer/", {"a": "b"})
    assert response.status_code == 403 and response["Content-Type"] == HTML


# -- hosts not allowed, too much in a request (raised before any view) ---------------------------


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("url", ["/api/v1/games/", "/api/v1/nope/", "/api/v1/docs/"])
def test_a_host_not_allowed_is_a_json_400_under_the_api(client, method, url):
    response = getattr(client, method)(url, HTTP_HOST="evil.example")
    body = api_error(response, 400, "invalid_host")
    assert "evil.example" not in body["detail"]


def test_a_host_not_allowed_on_a_page_keeps_an_html_page(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")


def test_too_many_query_parameters_are_a_json_400_naming_the_limit(client):
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    query = "&".join(f"p{i}=1" for i in range(limit + 1))
    body = api_error(client.get(f"/api/v1/games/?{query}"), 400, "too_many_fields")
    assert body["limit"] == limit and str(limit) in body["detail"]


def test_too_many_form_fields_posted_to_an_api_view_are_a_json_400(client):
    fields = {f"p{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    api_error(client.post("/api/v1/auth/token/", fields), 400, "too_many_fields")


@override_settings(DATA_UPLOAD_MAX_NUMBER_FILES=2)
def test_too_many_files_are_a_json_400(librarian):
    files = {f"files{i}": _upload(f"f{i}.txt", b"x") for i in range(3)}
    api_error(librarian.post("/api/v1/imports/", files, format="multipart"), 400, "too_many_files")


def _upload(name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="text/plain")


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_multipart_fields_past_their_limit_are_a_json_413(librarian):
    """The request guard lets a multipart upload through up to IMPORT_MAX_REQUEST_BYTES; Django
    still refuses its fields (files apart) past DATA_UPLOAD_MAX_MEMORY_SIZE, while reading."""
    body = {"dry_run": "1" + " " * 2_000, "files": _upload("a.txt", b"x")}
    response = librarian.post("/api/v1/imports/", body, format="multipart")
    answer = api_error(response, 413, "request_too_large")
    assert answer["limit"] == 1_000 and "1000" in answer["detail"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_form_body_past_the_limit_is_a_json_413_on_a_non_drf_route():
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32  # the CSRF check then reads the body
    response = client.post("/api/v1/docs/", {"text": "x" * 2_000})
    api_error(response, 413, "request_too_large")


def test_a_body_past_the_request_guards_limit_is_still_a_json_413(client):
    response = client.generic(
        "POST", "/api/v1/nope/", b"x", CONTENT_LENGTH=str(settings.REQUEST_BODY_MAX_BYTES + 1)
    )
    api_error(response, 413, "request_too_large")


# -- server errors -------------------------------------------------------------------------------


def test_a_server_error_of_a_non_drf_api_route_is_json_without_trace_or_secret(client, monkeypatch):
    def broken(language):
        raise RuntimeError(f"boom {settings.SECRET_KEY}")

    monkeypatch.setattr("core.api.reference._reference_in", broken)
    body = api_error(client.get("/api/v1/docs/"), 500, "server_error")
    text = str(body)
    assert set(body) == {"detail", "code", "message"}
    assert "boom" not in text and settings.SECRET_KEY not in text and "Traceback" not in text
