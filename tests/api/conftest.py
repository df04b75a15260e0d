"""API clients: anonymous, a librarian (token or session), a signed-in user without rights."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _fresh_throttle(db):
    """Throttle counts live in the cache (the database's): each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def librarian(librarian_user) -> APIClient:
    """A librarian's client, authenticated with an API token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=librarian_user).key}")
    return client


@pytest.fixture
def visitor(db) -> APIClient:
    """Signed in (token), but in no group: may read, may not write."""
    user = get_user_model().objects.create_user("bob", password="visiteur-0-x")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client
