"""OpenAPI pieces shared by the API views: the search parameters and the error responses."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter

from catalogue.forms import PAGE_MAX
from catalogue.selectors import ORDERINGS


def _query(name: str, schema: dict, description: str) -> OpenApiParameter:
    return OpenApiParameter(name, schema, OpenApiParameter.QUERY, description=description)


def _integer(low: int, high: int | None = None) -> dict:
    return {"type": "integer", "minimum": low, **({"maximum": high} if high else {})}


SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"
SLUG_SCHEMA = {"type": "string", "pattern": SLUG_PATTERN}

#: The search page's parameters (catalogue.forms.GameSearchForm), with the same bounds.
SEARCH_PARAMETERS = [
    _query(
        "q",
        {"type": "string", "maxLength": 200},
        "Free text over title, authors, publisher, ESAR category and rules; accent-, case- and "
        "French-word-form-insensitive; every word must match, as a word prefix; a long word "
        "the catalogue does not know matches the words one typo away. Player counts, ages and "
        "durations typed in it (« 2 joueurs », « pour 4 », « 8 ans », « moins de 30 min », "
        "« 2 players », « under 30 minutes ») act as the players, age and max_duration filters "
        "(a filter given as its own parameter wins) and are not searched as words.",
    ),
    _query("players", _integer(1, 99), "Playable with this many players."),
    _query(
        "age",
        _integer(0, 120),
        "Suitable for a child of this age in years (min_age ≤ age ≤ max_age).",
    ),
    _query("max_duration", _integer(1, 1440), "Lasts at most this many minutes."),
    _query("category", {"type": "string", "maxLength": 20}, "ESAR category code, e.g. « A 406 »."),
    _query(
        "publisher",
        {"type": "string", "maxLength": 200, "pattern": SLUG_PATTERN},
        "Publisher slug, e.g. « gigamic ».",
    ),
    _query(
        "author",
        {"type": "string", "maxLength": 200, "pattern": SLUG_PATTERN},
        "Author slug, e.g. « niek-neuwahl ».",
    ),
    _query(
        "playable",
        {"type": "boolean"},
        "Only games playable online (« 1 » or « true »): their record names a registered game.",
    ),
    _query(
        "available",
        {"type": "boolean"},
        "Only games with a copy in now (« disponible maintenant », « 1 » or « true »).",
    ),
    _query(
        "facet_size",
        _integer(1, settings.CATALOGUE_FACET_SIZE_MAX),
        "How many publishers and authors the facets list, most frequent first "
        "(default settings.CATALOGUE_FACET_SIZE).",
    ),
    _query(
        "ordering",
        {"type": "string", "enum": list(ORDERINGS)},
        "Sort order; by default relevance with a text query, else title.",
    ),
    _query("page", _integer(1, PAGE_MAX), "Page number (page size: settings.CATALOGUE_PAGE_SIZE)."),
]
PAGE = _query("page", _integer(1), "Page number (page size: settings.CATALOGUE_PAGE_SIZE).")
