"""The OpenAPI schema view, with a Content-Disposition header every client can read."""

from __future__ import annotations

from django.utils.http import content_disposition_header
from drf_spectacular.views import SpectacularAPIView


class SchemaView(SpectacularAPIView):
    """drf-spectacular names the file after the API's title; « Ludothèque — … » is not ASCII, and
    Django then MIME-encodes the whole header (``=?utf-8?b?…?=``), which browsers do not read.
    Send an ASCII ``filename`` with the title kept in RFC 6266's ``filename*``."""

    def _get_schema_response(self, request):
        response = super()._get_schema_response(request)
        version = self.api_version or request.version or self._get_version_parameter(request)
        filename = self._get_filename(request, version)
        response.headers["Content-Disposition"] = content_disposition_header(False, filename)
        return response
