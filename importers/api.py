"""Librarians' API for imports (as on the admin screen) and the catalogue export.

Part of the API under /api/v1/ (``ludotheque.urls`` puts these routes in the ``api`` namespace
beside the catalogue's), on the catalogue API's base view, authentication and throttling.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response

from catalogue.api.schema import RETRY_AFTER, errors
from catalogue.api.views import CatalogueAPIView, PageNumbers

from . import serializers as s
from .export import EXPORT_FORMATS, catalogue_export
from .selectors import import_batches
from .services import import_run


class ImportPermission(BasePermission):
    """Reading the import history needs ``view_importbatch``; importing needs ``run_import``."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        if request.method == "POST":
            return user.has_perm("importers.run_import")
        return user.has_perm("importers.view_importbatch")


class ExportPermission(BasePermission):
    """Exports carry the review flags, so they are for librarians (``view_game``)."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.has_perm("catalogue.view_game"))


class ImportListView(CatalogueAPIView, generics.ListAPIView):
    permission_classes = [ImportPermission]
    parser_classes = [MultiPartParser, FormParser]
    pagination_class = PageNumbers
    serializer_class = s.ImportBatchSerializer

    def get_queryset(self):
        return import_batches()

    @extend_schema(
        operation_id="imports_list",
        summary="Import history (librarians)",
        description="Every import batch, newest first. Needs « view import batch ».",
        parameters=[RETRY_AFTER],
        responses={200: s.ImportBatchSerializer, **errors(401, 403, 404, 429)},
        tags=["imports"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="imports_run",
        summary="Import library exports (librarians)",
        description="multipart/form-data with one or more `files` and `dry_run`. Same report "
        "as the admin's import screen, plus the batch id (null for a dry run: nothing is "
        "written). Each file is parsed whole; a bad file is rejected (its error names the file, "
        "record and field) and the others still import; when every file is rejected, the "
        "answer is a 400 (code « import_refused ») carrying the same report. A file above "
        "IMPORT_MAX_UPLOAD_BYTES refuses the whole request with 413 before anything is "
        "parsed. Needs « run_import ».",
        request={"multipart/form-data": s.ImportRequestSerializer},
        responses={
            200: OpenApiResponse(s.ImportReportSerializer, description="Dry run report."),
            201: OpenApiResponse(s.ImportReportSerializer, description="Import recorded."),
            **errors(400, 401, 403, 413, 429),
        },
        parameters=[RETRY_AFTER],
        tags=["imports"],
    )
    def post(self, request):
        serializer = s.ImportRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        files, dry_run = serializer.validated_data["files"], serializer.validated_data["dry_run"]
        limit = settings.IMPORT_MAX_UPLOAD_BYTES
        too_big = [f.name for f in files if f.size > limit]
        if too_big:
            body = {
                "detail": f"Fichier trop volumineux (maximum {limit} octets) : "
                + ", ".join(too_big),
                "code": "file_too_large",
                "files": too_big,
                "limit": limit,
            }
            return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        report, batch = import_run(
            files=[(f.name, f.read()) for f in files],
            user=request.user,
            origin="api",
            dry_run=dry_run,
        )
        body = {**report.to_dict(), "batch": batch.pk if batch else None}
        refused = [entry["error"] for entry in body["files"] if entry.get("error")]
        if refused and len(refused) == len(body["files"]):
            # Nothing of the request could be imported: a client error, in the API's error
            # shape, with the report (each file's error names the file, record and field).
            message = "; ".join(f"{error['file']} : {error['message']}" for error in refused)
            body.update(detail=message, code="import_refused", message=message)
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return Response(body, status=status.HTTP_200_OK if dry_run else status.HTTP_201_CREATED)


class ImportDetailView(CatalogueAPIView, generics.RetrieveAPIView):
    permission_classes = [ImportPermission]
    serializer_class = s.ImportBatchDetailSerializer

    def get_queryset(self):
        return import_batches()

    def get_object(self):
        if not str(self.kwargs["pk"]).isdigit():
            raise NotFound()
        return super().get_object()

    @extend_schema(
        operation_id="imports_read",
        summary="One import and its report (librarians)",
        parameters=[
            OpenApiParameter("id", int, OpenApiParameter.PATH, description="Import id."),
            RETRY_AFTER,
        ],
        responses={200: s.ImportBatchDetailSerializer, **errors(401, 403, 404, 429)},
        tags=["imports"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class CSVRenderer(BaseRenderer):
    """Lets clients ask for ``text/csv``; the file itself is written by importers.export."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data, ensure_ascii=False).encode() if data is not None else b""


class ExportView(CatalogueAPIView):
    permission_classes = [ExportPermission]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="export_catalogue",
        summary="Export the catalogue (librarians)",
        description="The whole catalogue as a file: `catalogue.csv` (spreadsheet, French "
        "header, « ; », UTF-8 with BOM) or `catalogue.json` (catalogue-json, lossless). Both "
        "are import formats: importing an export back changes nothing. Needs « view game ».",
        parameters=[
            OpenApiParameter(
                "fmt", str, OpenApiParameter.PATH, enum=["csv", "json"], description="File type."
            ),
            RETRY_AFTER,
        ],
        responses={
            (200, "text/csv"): OpenApiTypes.BINARY,
            (200, "application/json"): OpenApiTypes.OBJECT,
            **errors(401, 403, 404, 429),
        },
        tags=["export"],
    )
    def get(self, request, fmt: str):
        if fmt not in EXPORT_FORMATS:
            raise NotFound("Formats d'export : csv, json.")
        export = catalogue_export(fmt=fmt)
        response = HttpResponse(export.data, content_type=export.content_type)
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response
