"""The API reference (/api/v1/docs/): a server-rendered page built from the served OpenAPI
schema, with no script, that links to the interactive console and back to the site."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from core.api.reference import text_html, type_html

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture
def schema(client):
    return json.loads(client.get("/api/v1/schema/", {"format": "json"}).content)


class _Page(HTMLParser):
    """The operations' headings (method and path), the ids and the links of the page."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.scripts = 0
        self.operations: list[tuple[str, str]] = []
        self._heading: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "script":
            self.scripts += 1
        if tag == "h3" and attrs.get("id", "").endswith("-title"):
            self._heading = []

    def handle_data(self, data):
        if self._heading is not None:
            self._heading.append(data)

    def handle_endtag(self, tag):
        if tag == "h3" and self._heading is not None:
            words = "".join(self._heading).split()
            if words and words[0].lower() in METHODS:
                self.operations.append((words[0].lower(), words[1]))
            self._heading = None


def page(client, **params) -> tuple[str, _Page]:
    response = client.get("/api/v1/docs/", params)
    assert response.status_code == 200
    html = response.content.decode()
    parsed = _Page()
    parsed.feed(html)
    return html, parsed


def test_reference_lists_every_operation_of_the_schema(client, schema):
    _html, parsed = page(client)
    expected = {
        (method, path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in METHODS
    }
    assert len(expected) > 25
    assert set(parsed.operations) == expected
    assert len(parsed.operations) == len(expected)  # each once
    # Each operation has its anchor, listed in the contents.
    for operations in schema["paths"].values():
        for operation in operations.values():
            assert operation["operationId"] in parsed.ids
            assert f"#{operation['operationId']}" in parsed.links


def test_reference_shows_parameters_bodies_responses_and_schemas(client, schema):
    html, parsed = page(client)
    search = html[html.index('id="games_search"') : html.index('id="games_create"')]
    for name in ("q", "players", "age", "max_duration", "ordering", "page"):
        assert f'<code class="field-name">{name}</code>' in search
    assert "Suitable for a child of this age" in search  # the parameter's description
    for status in ("200", "400", "429"):
        assert f'<span class="status status-{status[0]}">{status}</span>' in search
    assert "Retry-After" in search
    move = html[html.index('id="matches_moves_create"') :]
    move = move[: move.index("</article>")]
    assert "Corps de la requête (requis)" in move
    for field in ("seat", "move", "expected_version"):
        assert f'<code class="field-name">{field}</code>' in move
    assert '<a href="#schema-PlayError">PlayError</a>' in move
    assert "Stale version" in move  # the 409's description
    # Every data schema has its section, and the error codes are listed.
    for name in schema["components"]["schemas"]:
        assert f"schema-{name}" in parsed.ids, name
    assert "stale_version" in html and "illegal_move" in html


def test_reference_is_a_light_page_of_the_site_with_its_links(client):
    html, parsed = page(client)
    assert parsed.scripts == 0  # no Swagger UI bundle: a phone reads it at once
    assert '<html lang="fr">' in html
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    console = '<a class="button" href="/api/v1/docs/essayer/">Essayer l’API (console interactive)'
    assert console in html
    assert '<a class="docs-home" href="/">' in html  # the way back to the site
    assert "/api/v1/schema/" in parsed.links
    assert "<footer" in html and 'href="/accessibilite/"' in html
    # No resource from another host.
    assert not re.search(r'(src|href)="https?://(?!testserver)', html)


def test_reference_marks_the_schemas_english_on_a_french_page(client):
    html, _ = page(client)
    assert "<h1>Documentation de l’API</h1>" in html
    assert '<div class="op-summary" lang="en"><p>Search the catalogue</p>' in html
    english, _ = page(client, lang="en")
    assert '<html lang="en">' in english
    assert "<h1>API documentation</h1>" in english
    assert '<div class="op-summary"><p>Search the catalogue</p>' in english
    assert "Try the API (interactive console)" in english


def test_reference_links_its_language_alternates(client):
    html, _ = page(client)
    assert (
        '<link rel="alternate" hreflang="en" href="http://testserver/api/v1/docs/?lang=en">' in html
    )


def test_schema_texts_are_escaped_and_their_markdown_rendered():
    assert text_html("A `code` <b>x</b>\n\n* `a` - a\n* `b` - b") == (
        "<p>A <code>code</code> &lt;b&gt;x&lt;/b&gt;</p>"
        "<ul><li><code>a</code> - a</li><li><code>b</code> - b</li></ul>"
    )
    assert text_html("two\nlines") == "<p>two lines</p>"
    assert type_html({"type": "array", "items": {"$ref": "#/components/schemas/Credit"}}) == (
        'array [<a href="#schema-Credit">Credit</a>]'
    )
    assert type_html({"type": "integer", "minimum": 1, "maximum": 99}) == "integer (1–99)"
    assert type_html({"type": "string", "nullable": True}) == "string | null"


def test_reference_is_compressed_but_the_api_is_not(client):
    """The reference is a page of the site (about 140 kB of HTML): compressed, as pages are."""
    response = client.get("/api/v1/docs/", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in client.get("/api/v1/games/", HTTP_ACCEPT_ENCODING="gzip")
