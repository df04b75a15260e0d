"""OpenAPI pieces every API endpoint shares: the error responses and who may read."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import serializers

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
