"""The OpenAPI schema is valid and complete; the docs are served from our own static files."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.urls import include, path
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db

urlpatterns = [path("api/v1/", include("catalogue.api.urls"))]  # this module as a urlconf


@pytest.fixture(scope="module")
def catalogue_schema():
    """The catalogue API's part of the schema, with the generator's warnings and errors."""
    GENERATOR_STATS.reset()
    schema = SchemaGenerator(urlconf=__name__).get_schema(request=None, public=True)
    return schema, (GENERATOR_STATS._warn_cache.copy(), GENERATOR_STATS._error_cache.copy())


def test_served_schema_is_valid_openapi_3(api):
    response = api.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    validate(schema)
    assert "/api/v1/games/" in schema["paths"]


def test_catalogue_api_schema_generates_without_warnings(catalogue_schema):
    schema, (warnings, errors) = catalogue_schema
    assert not warnings and not errors
    validate(schema)


def test_every_operation_documents_its_errors(catalogue_schema):
    schema, _ = catalogue_schema
    for route, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            where = f"{method.upper()} {route}"
            assert "429" in codes, where
            assert "Retry-After" in operation["responses"]["429"].get("headers", {}), where
            if method in ("post", "put", "patch", "delete") and route != "/api/v1/auth/token/":
                assert {"401", "403"} <= codes, where
            if method in ("post", "put", "patch"):
                assert "400" in codes, where
            if "{" in route:
                assert "404" in codes or route.startswith("/api/v1/export/"), where
            assert operation.get("summary") or operation.get("description"), where


def test_search_parameters_are_described_in_english(catalogue_schema):
    schema, _ = catalogue_schema
    parameters = {p["name"]: p for p in schema["paths"]["/api/v1/games/"]["get"]["parameters"]}
    assert {
        "q",
        "players",
        "age",
        "max_duration",
        "category",
        "publisher",
        "author",
        "ordering",
        "page",
    } <= set(parameters)
    assert parameters["players"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 99}
    assert "child" in parameters["age"]["description"]
    assert "relevance" in parameters["ordering"]["schema"]["enum"]
    assert all(p.get("description") for p in parameters.values())


def test_validation_error_shape_is_documented(catalogue_schema):
    schema, _ = catalogue_schema
    error = schema["paths"]["/api/v1/games/"]["get"]["responses"]["400"]["content"]
    fields, detail = error["application/json"]["schema"]["anyOf"]
    assert fields["type"] == "object" and fields["additionalProperties"]["type"] == "array"
    assert detail == {"$ref": "#/components/schemas/Error"}


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":  # a link away (back to the site) loads nothing
            return
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]


def test_console_uses_only_local_static_files(api, client):
    response = api.get("/api/v1/docs/essayer/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    html = response.content.decode()
    parser = _Links()
    parser.feed(html)
    assert parser.urls
    # Our static files, and the page's start-up script (a file, not inline: see the CSP).
    for link in parser.urls:
        assert link.startswith(("/static/", "/api/v1/docs/essayer/?script=")), link
        assert client.get(link).status_code == 200, link
    script = client.get(next(link for link in parser.urls if "?script=" in link))
    page = html + script.content.decode()
    # no absolute URL to another host anywhere in the page (scripts included)
    assert not re.search(r"https?://(?!testserver)", page.replace("http://www.w3.org", ""))
    assert "/api/v1/schema/" in page
    assert '"validatorUrl": null' in page


def test_console_links_back_to_the_reference_and_the_site(client):
    html = client.get("/api/v1/docs/essayer/").content.decode()
    assert '<html lang="en">' in html
    assert '<a class="docs-home" href="/">' in html
    assert '<a class="docs-home" href="/api/v1/docs/">' in html
