"""Writes of box photos: the files through Django's storage API (``STORAGES["default"]``), the
row in the same step; nothing is written for a refused file (:mod:`.images` refuses it first).

Files are named from the upload's hash (``photos/ab/ab12…-320.webp``): the same photo uploaded
twice is stored once, and its URLs never change, so they are served with a year's cache. A file
is removed when no photo row uses its name any more.
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..models import Game, Photo
from .images import PhotoRefused, ProcessedPhoto, file_too_large, photo_process

__all__ = [
    "PhotoRefused", "photo_add", "photo_delete", "photo_prepare", "photo_prepare_upload",
    "photo_store",
]  # fmt: skip


def photo_prepare(data: bytes) -> ProcessedPhoto:
    """Check and re-encode an upload under the site's caps (or raise :class:`PhotoRefused`)."""
    return photo_process(
        data, max_bytes=settings.PHOTO_MAX_UPLOAD_BYTES, max_pixels=settings.PHOTO_MAX_PIXELS
    )


def photo_prepare_upload(upload) -> ProcessedPhoto:
    """:func:`photo_prepare` for an uploaded file, read no further than the cap allows."""
    limit = settings.PHOTO_MAX_UPLOAD_BYTES
    size = getattr(upload, "size", 0) or 0
    if size > limit:
        raise file_too_large(size, limit)  # without reading it
    upload.seek(0)
    return photo_prepare(upload.read(limit + 1))


def master_name(digest: str) -> str:
    return f"photos/{digest[:2]}/{digest}.jpg"


def rendition_name(digest: str, width: int, extension: str) -> str:
    return f"photos/{digest[:2]}/{digest}-{width}.{extension}"


def photo_store(photo: Photo, processed: ProcessedPhoto) -> None:
    """Write ``processed``'s files (those not there already) and describe them on ``photo``
    (not saved)."""
    digest = processed.digest
    _write(master_name(digest), processed.master)
    renditions = []
    for rendition in processed.renditions:
        name = rendition_name(digest, rendition.width, rendition.extension)
        _write(name, rendition.data)
        renditions.append(
            {"name": name, "type": rendition.media_type,
             "width": rendition.width, "height": rendition.height}
        )  # fmt: skip
    photo.image.name = master_name(digest)
    photo.width, photo.height = processed.width, processed.height
    photo.renditions = renditions


def _write(name: str, data: bytes) -> None:
    if default_storage.exists(name):
        return  # the same content, by its name
    saved = default_storage.save(name, ContentFile(data))
    if saved != name:  # a storage that renames instead of overwriting: keep one copy only
        default_storage.delete(saved)


def photo_add(
    *, game: Game, processed: ProcessedPhoto, alt_text: str, position: int | None = None
) -> Photo:
    """A new photo of ``game`` (after its others unless ``position`` is given)."""
    alt_text = " ".join(alt_text.split())
    if not alt_text:
        raise PhotoRefused("alt_text_required", _("Le texte alternatif est obligatoire."))
    with transaction.atomic():
        if position is None:
            last = game.photos.aggregate(last=Max("position"))["last"]
            position = 0 if last is None else last + 1
        photo = Photo(game=game, alt_text=alt_text[:250], position=position)
        photo_store(photo, processed)
        photo.full_clean()
        photo.save()
    return photo


def photo_delete(*, photo: Photo) -> None:
    """Remove a photo; its files go once the deletion is committed (see :func:`files_release`)."""
    photo.delete()


def files_release(photo: Photo) -> None:
    """After ``photo``'s row is gone (deleted, or with its game): remove its files at commit,
    unless another photo has the same content."""
    name = photo.image.name
    names = [name, *(r["name"] for r in photo.renditions or [])]

    def remove() -> None:
        if not name or Photo.objects.filter(image=name).exists():
            return
        for each in names:
            default_storage.delete(each)

    transaction.on_commit(remove)
