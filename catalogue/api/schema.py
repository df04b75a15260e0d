"""OpenAPI pieces shared by the API views: the search parameters and the error responses."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import serializers

from catalogue.forms import PAGE_MAX
from catalogue.selectors import ORDERINGS

ErrorSerializer = inline_serializer(
    "Error", fields={"detail": serializers.CharField(help_text="Human-readable reason (French).")}
)
FileTooLargeSerializer = inline_serializer(
    "FileTooLarge",
    fields={
        "detail": serializers.CharField(),
        "code": serializers.CharField(help_text="Always « file_too_large »."),
        "files": serializers.ListField(child=serializers.CharField()),
        "limit": serializers.IntegerField(help_text="settings.IMPORT_MAX_UPLOAD_BYTES"),
    },
)
VALIDATION_ERROR = {
    "type": "object",
    "description": "Field name (or « non_field_errors ») → list of messages (French).",
    "additionalProperties": {"type": "array", "items": {"type": "string"}},
    "example": {"players": ["Assurez-vous que cette valeur est supérieure ou égale à 1."]},
}

RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    OpenApiTypes.INT,
    location=OpenApiParameter.HEADER,
    response=[429],
    description="Seconds to wait before the next request.",
)


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The documented error responses for the given status codes."""
    described = {
        400: OpenApiResponse(
            {"anyOf": [VALIDATION_ERROR, {"$ref": "#/components/schemas/Error"}]},
            description="Invalid input, field by field (or « detail » for a body that is not "
            "JSON / multipart at all).",
        ),
        401: OpenApiResponse(
            ErrorSerializer,
            description="Not authenticated, or a wrong token (even where anonymous reads are "
            "allowed).",
        ),
        403: OpenApiResponse(ErrorSerializer, description="Authenticated but not allowed."),
        404: OpenApiResponse(ErrorSerializer, description="No such object (or page)."),
        409: OpenApiResponse(
            ErrorSerializer, description="Other records refer to it (online matches, say)."
        ),
        413: OpenApiResponse(FileTooLargeSerializer, description="A file exceeds the limit."),
        429: OpenApiResponse(ErrorSerializer, description="Too many requests (throttled)."),
    }
    return {code: described[code] for code in codes}


#: Read operations are open to anonymous clients too (the empty requirement).
READ_AUTH = [{"tokenAuth": []}, {"cookieAuth": []}, {}]


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
