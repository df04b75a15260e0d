"""API tokens for librarians, and the anonymous throttle."""

from __future__ import annotations

import pytest
from django.test import override_settings
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"


def test_librarian_gets_a_token_and_writes_with_it(api, librarian_user):
    response = api.post(
        TOKEN_URL, {"username": "alice", "password": "bibli-0-theque"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=librarian_user).key
    assert api.post(TOKEN_URL, {"username": "alice", "password": "bibli-0-theque"}).json() == {
        "token": token
    }  # the same token until revoked, form-encoded works too
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = api.post("/api/v1/games/", {"title": "Nouveau"}, format="json")
    assert response.status_code == 201


def test_wrong_credentials_are_401_and_a_missing_field_400(api, librarian_user):
    response = api.post(TOKEN_URL, {"username": "alice", "password": "non"}, format="json")
    assert response.status_code == 401 and response.json()["detail"]
    response = api.post(TOKEN_URL, {"username": "alice"}, format="json")
    assert response.status_code == 400 and "password" in response.json()
    assert not Token.objects.exists()


def test_token_can_be_revoked(librarian):
    assert librarian.delete(TOKEN_URL).status_code == 204
    assert not Token.objects.exists()
    assert librarian.get("/api/v1/games/").status_code == 401  # the old token is refused


def test_revoking_needs_authentication(api, db):
    assert api.delete(TOKEN_URL).status_code == 401


def test_bad_token_is_401(api, db):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert api.get("/api/v1/games/").status_code == 401


@override_settings(API_ANON_RATE="3/min")
def test_anonymous_clients_are_throttled_with_retry_after(api, db):
    for _ in range(3):
        assert api.get("/api/v1/games/").status_code == 200
    response = api.get("/api/v1/categories/")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    assert "detail" in response.json()


@override_settings(API_ANON_RATE="2/min")
def test_librarians_are_not_throttled(librarian, db):
    for _ in range(5):
        assert librarian.get("/api/v1/games/").status_code == 200


def test_default_rate_comes_from_the_environment(monkeypatch):
    import importlib

    import ludotheque.settings.base as base

    monkeypatch.setenv("API_ANON_RATE", "7/hour")
    try:
        assert importlib.reload(base).API_ANON_RATE == "7/hour"
        monkeypatch.delenv("API_ANON_RATE")
        assert importlib.reload(base).API_ANON_RATE == "120/min"
    finally:
        importlib.reload(base)
