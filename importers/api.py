"""Librarians' API for imports (as on the admin screen) and the catalogue export.

Part of the API under /api/v1/ (``ludotheque.urls`` puts these routes in the ``api`` namespace
beside the catalogue's), on the catalogue API's base view, authentication and throttling.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response

from core.api.schema import RETRY_AFTER, errors
from core.api.views import BaseAPIView, PageNumbers

from . import serializers as s
from .batches import (
    BatchStateError,
    batch_cancel,
    batch_confirm,
    batch_refresh,
    batch_retry,
    batch_submit,
)
from .export import EXPORT_FORMATS, catalogue_export
from .models import ImportBatch
from .selectors import import_batches


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


class ImportListView(BaseAPIView, generics.ListAPIView):
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
        description="multipart/form-data with one or more `files` and `dry_run`. The files are "
        "stored and the answer comes at once (202, `Location` the import's address): a "
        "background job reads them (`status` « queued », then « reading » with its progress) "
        "and then, for a dry run, waits with its report for a confirmation (« pending »: "
        "`POST …/confirm/` or `…/cancel/`), or imports them (« applying », then « applied »). "
        "GET the import's address to follow it: the same report as the admin's import screen "
        "once done. Each file is parsed whole; a bad file is rejected (its error names the "
        "file, record and field) and the others still import. A job that fails leaves "
        "« failed » and the catalogue as it was (`POST …/retry/`). A file above "
        "IMPORT_MAX_UPLOAD_BYTES refuses the whole request with 413 before anything is "
        "stored. Needs « run_import ».",
        request={"multipart/form-data": s.ImportRequestSerializer},
        responses={
            202: OpenApiResponse(s.ImportBatchDetailSerializer, description="Import queued."),
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
            return _too_large("Fichier trop volumineux", too_big, limit)
        batch = batch_submit(
            files=[(f.name, f.read()) for f in files],
            user=request.user,
            origin="api",
            apply=not dry_run,
        )
        return _batch_answer(request, batch, status.HTTP_202_ACCEPTED)


class PhotoZipImportView(BaseAPIView):
    permission_classes = [ImportPermission]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        operation_id="imports_photos_run",
        summary="Import box photos from a ZIP (librarians)",
        description="multipart/form-data with one `file` (a ZIP) and `dry_run` (default true). "
        "Each file's name designates its game: the game's slug, a copy's barcode, or its title "
        "(« ta-yu.jpg », « 0123456789.jpg », « Ta Yü.jpg »; « ta-yu_2.jpg » for a second "
        "photo). Answered at once (202, `Location` the import's address, `kind` « photos »); "
        "a background job reads the archive. Its report lists each file with its `action`: "
        "« added » (to add, in a dry run), « unchanged » (already there), « unmatched » (no "
        "such game), « refused » (with its `error`). Confirm, cancel and retry as any import. "
        "An archive refused whole (more than PHOTO_ZIP_MAX_ENTRIES files or "
        "PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES once uncompressed, a path with « .. », an archive "
        "inside) leaves the import « failed » with the reason in its `progress.error`, nothing "
        "written. Above PHOTO_ZIP_MAX_BYTES: 413 before anything is stored. Needs « run_import ».",
        request={"multipart/form-data": s.PhotoZipRequestSerializer},
        responses={
            202: OpenApiResponse(s.ImportBatchDetailSerializer, description="Import queued."),
            **errors(400, 401, 403, 413, 429),
        },
        parameters=[RETRY_AFTER],
        tags=["imports"],
    )
    def post(self, request):
        serializer = s.PhotoZipRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        archive, dry_run = serializer.validated_data["file"], serializer.validated_data["dry_run"]
        limit = settings.PHOTO_ZIP_MAX_BYTES
        if archive.size > limit:
            return _too_large("Archive trop volumineuse", [archive.name], limit)
        batch = batch_submit(
            files=[(archive.name, archive.read())], user=request.user, origin="api",
            apply=not dry_run, kind=ImportBatch.Kind.PHOTOS,
        )  # fmt: skip
        return _batch_answer(request, batch, status.HTTP_202_ACCEPTED)


def _too_large(what: str, names: list[str], limit: int) -> Response:
    """413 ``file_too_large`` naming the files over ``limit`` bytes: nothing was stored."""
    body = {
        "detail": f"{what} (maximum {limit} octets) : " + ", ".join(names),
        "code": "file_too_large",
        "files": names,
        "limit": limit,
    }
    return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)


def _batch_answer(request, batch, code: int) -> Response:
    body = s.ImportBatchDetailSerializer(batch, context={"request": request}).data
    return Response(body, status=code, headers={"Location": body["url"]})


def batch_id(text: str) -> int:
    """An import's id from its address; anything but a plain number a database can hold (« ² »,
    « ٣ », 400 digits) is no import: 404."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise NotFound()
    return int(text)


class ImportDetailView(BaseAPIView, generics.RetrieveAPIView):
    permission_classes = [ImportPermission]
    serializer_class = s.ImportBatchDetailSerializer

    def get_queryset(self):
        return import_batches()

    def get_object(self):
        self.kwargs["pk"] = batch_id(self.kwargs["pk"])
        return batch_refresh(batch=super().get_object())

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


class ImportStepView(BaseAPIView):
    """``POST …/confirm/``, ``…/cancel/``, ``…/retry/``: one step of an import's life."""

    permission_classes = [ImportPermission]
    step = staticmethod(batch_confirm)
    answer = status.HTTP_202_ACCEPTED

    def post(self, request, pk):
        batch = get_object_or_404(import_batches(), pk=batch_id(pk))
        try:
            batch = self.step(batch=batch)
        except BatchStateError as error:
            body = {"detail": error.message, "code": "import_state", "status": error.status}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return _batch_answer(request, batch, self.answer)


def _step_schema(operation: str, summary: str, description: str, code: int):
    return extend_schema(
        operation_id=operation,
        summary=summary,
        description=description + " Needs « run_import ». A batch in another state is a 409 "
        "(code « import_state », with its `status`).",
        request=None,
        parameters=[
            OpenApiParameter("id", int, OpenApiParameter.PATH, description="Import id."),
            RETRY_AFTER,
        ],
        responses={code: s.ImportBatchDetailSerializer, **errors(401, 403, 404, 409, 429)},
        tags=["imports"],
    )


class ImportConfirmView(ImportStepView):
    step = staticmethod(batch_confirm)

    @_step_schema(
        "imports_confirm", "Confirm a dry run (librarians)",
        "Queues the import of a batch whose dry run is done (« pending »).",
        202,
    )  # fmt: skip
    def post(self, request, pk):
        return super().post(request, pk)


class ImportCancelView(ImportStepView):
    step = staticmethod(batch_cancel)
    answer = status.HTTP_200_OK

    @_step_schema(
        "imports_cancel", "Cancel an import (librarians)",
        "Drops a batch that waits for its confirmation or that failed: nothing is written.",
        200,
    )  # fmt: skip
    def post(self, request, pk):
        return super().post(request, pk)


class ImportRetryView(ImportStepView):
    step = staticmethod(batch_retry)

    @_step_schema(
        "imports_retry", "Run a failed import again (librarians)",
        "Queues a failed batch's job again, for the same step (nothing of it was written).",
        202,
    )  # fmt: skip
    def post(self, request, pk):
        return super().post(request, pk)


class CSVRenderer(BaseRenderer):
    """Lets clients ask for ``text/csv``; the file itself is written by importers.export."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data, ensure_ascii=False).encode() if data is not None else b""


class ExportView(BaseAPIView):
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
