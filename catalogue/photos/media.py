"""Photos served from local storage, in development and in production alike (whitenoise serves
only static files). Only names the photo pipeline makes are routed (``photos/ab/<hash>….ext``):
no other path, no ``..``, nothing else in MEDIA_ROOT. Their names change with their content,
so browsers keep them a year. With an S3 store (``MEDIA_S3_BUCKET``) photo URLs point at the
store and this route is not used."""

from __future__ import annotations

from django.conf import settings
from django.core.files.storage import FileSystemStorage, default_storage
from django.http import FileResponse, Http404, HttpRequest
from django.urls import re_path
from django.views.decorators.http import require_safe

NAME = r"photos/[0-9a-f]{2}/[0-9a-f]{32}(?:-[0-9]{1,4})?\.(?:avif|webp|jpg)"
TYPES = {"avif": "image/avif", "webp": "image/webp", "jpg": "image/jpeg"}
CACHE_CONTROL = "public, max-age=31536000, immutable"


@require_safe
def photo_file(request: HttpRequest, name: str):
    if not isinstance(default_storage, FileSystemStorage):  # a remote store serves its own
        raise Http404
    try:
        handle = default_storage.open(name, "rb")
    except (FileNotFoundError, IsADirectoryError):
        raise Http404 from None
    response = FileResponse(handle, content_type=TYPES[name.rsplit(".", 1)[1]])
    response["Cache-Control"] = CACHE_CONTROL
    return response


def urlpatterns() -> list:
    """The route under MEDIA_URL when it is a path of this site (``/media/``)."""
    prefix = settings.MEDIA_URL
    if prefix.startswith(("http://", "https://", "//")):
        return []
    return [re_path(rf"^{prefix.strip('/')}/(?P<name>{NAME})$", photo_file, name="photo-file")]
