"""A strict Content-Security-Policy on every response (issue 9, item 6)."""

import re

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

PATHS = [
    "/",
    "/jeux/alcatraz/",
    "/admin/login/",
    "/api/v1/docs/",
    "/api/v1/docs/essayer/",
    "/api/v1/schema/",
    "/api/v1/games/",
    "/api/v1/games/%00/",
    "/static/css/site.css",
    "/nowhere/",
]


def directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("path", PATHS)
def test_every_response_has_a_strict_policy(client, path):
    response = client.get(path)
    policy = directives(response["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    sources = [source for values in policy.values() for source in values]
    assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
    assert not [s for s in sources if re.match(r"(https?:|\*)", s)]  # no other origin


@override_settings(REQUEST_BODY_MAX_BYTES=10)
def test_refusals_of_the_request_guard_have_it_too(client):
    response = client.post("/api/v1/matches/", "x" * 100, content_type="application/json")
    assert response.status_code == 413 and "Content-Security-Policy" in response


def test_api_console_has_no_inline_script_or_style(client):
    html = client.get("/api/v1/docs/essayer/").content.decode()
    assert "<style" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    script = re.search(r'<script src="([^"]*\?script=[^"]*)"', html).group(1)
    assert client.get(script.replace("&amp;", "&")).status_code == 200


def test_health_check_answers_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"
