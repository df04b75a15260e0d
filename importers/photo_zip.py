"""Box photos in bulk: a ZIP whose file names are the games' identifiers, read by a background
job (:mod:`importers.jobs`) as a dry run, then for real once a librarian confirms.

A file's name (without its extension and folder) is looked up as a game's identifier (its
slug, « ta-yu »), a copy's barcode, or its title (« Ta Yü.jpg »); « ta-yu_2.jpg » or
« ta-yu (2).jpg » is a second photo of the same game. Each image goes through the same checks
as an upload (:mod:`catalogue.photos`); the report lists the photos matched, the files that
match no game and the images refused. A photo already on its game (the same file) is left
alone, so importing a ZIP twice adds nothing the second time.

A hostile archive is refused whole, with its reason, before any image is read: more entries
than PHOTO_ZIP_MAX_ENTRIES, more than PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES once uncompressed
(as declared, then as really read), a path that climbs out (« ../ », « /etc/… »), an archive
inside the archive. Entries are read one at a time and never past the photo size cap, so
memory stays bounded whatever the archive claims.
"""

from __future__ import annotations

import io
import re
import stat
import struct
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.text import slugify

from catalogue.copy_values import normalise_barcode
from catalogue.models import Copy, Game, Photo
from catalogue.photos.images import PhotoRefused
from catalogue.photos.services import master_name, photo_add, photo_prepare

from .services import shown

#: The alternative text of a photo imported in bulk (the records are in French).
BULK_ALT_TEXT = "Boîte du jeu {title}"
NESTED_EXTENSIONS = frozenset(
    {".zip", ".7z", ".rar", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".cbz", ".jar"}
)
NESTED_MAGIC = (b"PK\x03\x04", b"\x1f\x8b", b"7z\xbc\xaf", b"Rar!", b"BZh", b"\xfd7zXZ")
#: What systems add to an archive and nobody meant as a photo.
JUNK = re.compile(r"(^|/)(__MACOSX/|\._|\.DS_Store$|Thumbs\.db$|desktop\.ini$)", re.I)
SECOND_PHOTO = re.compile(r"^(?P<base>.+?)(?:[ _-]+\(?|\s*\()(?P<number>\d{1,2})\)?$")
#: Fixed part of a central directory entry (its name and extra fields come on top).
CENTRAL_ENTRY_BYTES = 46
#: What we allow an entry's name and extra fields, on average, in the central directory.
CENTRAL_ENTRY_ALLOWANCE = 1024


class ZipRefused(Exception):
    """The archive is refused whole; ``message`` in French."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class ZipLimits:
    max_entries: int
    max_uncompressed: int
    max_entry_bytes: int

    @classmethod
    def from_settings(cls) -> ZipLimits:
        return cls(
            max_entries=settings.PHOTO_ZIP_MAX_ENTRIES,
            max_uncompressed=settings.PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES,
            max_entry_bytes=settings.PHOTO_MAX_UPLOAD_BYTES,
        )


def photo_zip_import(
    *, data: bytes, apply: bool, limits: ZipLimits | None = None,
    advanced: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Read the ZIP ``data``: the report of a dry run, or (``apply``) of the photos added.
    Raises :class:`ZipRefused` for an archive refused whole (nothing written)."""
    limits = limits or ZipLimits.from_settings()
    archive, entries = _opened(data, limits)
    report: list[dict[str, Any]] = []
    read = 0
    with archive, transaction.atomic():
        for number, info in enumerate(entries, 1):
            content = _content(info, archive, limits)
            if isinstance(content, bytes):
                read += len(content)
                if read > limits.max_uncompressed:
                    raise _too_big(limits)
                if content.startswith(NESTED_MAGIC):
                    raise _nested(info.filename)
            report.append(_entry(info.filename, content, apply=apply))
            if advanced is not None:
                advanced(number, len(entries))
        if not apply:
            transaction.set_rollback(True)  # a dry run writes nothing, whatever happened
    return _report(report)


def _opened(data: bytes, limits: ZipLimits) -> tuple[zipfile.ZipFile, list[zipfile.ZipInfo]]:
    _check_directory(data, limits)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise ZipRefused(
            "Ce fichier n'est pas une archive ZIP lisible : compressez les photos au format ZIP."
        ) from None
    infos = archive.infolist()
    if len(infos) > limits.max_entries:
        raise _too_many(limits)
    declared = 0
    entries = []
    for info in infos:
        name = info.filename.replace("\\", "/")
        parts = PurePosixPath(name).parts
        if name.startswith("/") or re.match(r"^[A-Za-z]:", name) or ".." in parts:
            raise ZipRefused(
                "L'archive contient un chemin qui sort de son dossier "
                f"(« {shown(info.filename)} ») : elle est refusée."
            )
        if info.is_dir() or JUNK.search(name):
            continue
        if PurePosixPath(name).suffix.lower() in NESTED_EXTENSIONS:
            raise _nested(info.filename)
        declared += info.file_size
        entries.append(info)
    if declared > limits.max_uncompressed:
        raise _too_big(limits)
    if not entries:
        raise ZipRefused("L'archive ne contient aucune photo.")
    return archive, entries


def _check_directory(data: bytes, limits: ZipLimits) -> None:
    """The entry count and central directory size the archive's end record declares, checked
    before :mod:`zipfile` reads the directory into memory."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65_557))
    if end < 0 or len(data) - end < 22:
        return  # not a ZIP: zipfile says so
    _, _, _, _, count, directory_size, _, _ = struct.unpack("<4s4H2LH", data[end : end + 22])
    if count == 0xFFFF or count > limits.max_entries:
        raise _too_many(limits)
    if directory_size > limits.max_entries * (CENTRAL_ENTRY_BYTES + CENTRAL_ENTRY_ALLOWANCE):
        raise _too_many(limits)


def _content(info: zipfile.ZipInfo, archive: zipfile.ZipFile, limits: ZipLimits) -> bytes | str:
    """The entry's bytes, or why it cannot be read."""
    if stat.S_ISLNK(info.external_attr >> 16):
        return "lien symbolique : ce n'est pas une photo"
    if info.flag_bits & 0x1:
        return "fichier chiffré (protégé par un mot de passe)"
    if info.file_size > limits.max_entry_bytes:
        return _entry_too_big(limits)
    try:
        with archive.open(info) as handle:
            content = handle.read(limits.max_entry_bytes + 1)
    except (zipfile.BadZipFile, NotImplementedError, OSError, EOFError, ValueError, RuntimeError):
        return "fichier abîmé dans l'archive : il ne peut pas être décompressé"
    if len(content) > limits.max_entry_bytes:
        return _entry_too_big(limits)
    return content


def _entry(filename: str, content: bytes | str, *, apply: bool) -> dict[str, Any]:
    name = shown(filename)
    stem = PurePosixPath(filename.replace("\\", "/")).stem
    found = game_for_name(stem)
    entry: dict[str, Any] = {"name": name, "game": None, "matched_by": "", "error": ""}
    if found is None:
        return {**entry, "action": "unmatched"}
    game, matched_by = found
    entry.update(game={"slug": game.slug, "title": game.title}, matched_by=matched_by)
    if isinstance(content, str):
        return {**entry, "action": "refused", "error": content}
    try:
        processed = photo_prepare(content)
    except PhotoRefused as error:
        return {**entry, "action": "refused", "error": error.message}
    if Photo.objects.filter(game=game, image=master_name(processed.digest)).exists():
        return {**entry, "action": "unchanged"}
    if apply:
        photo_add(game=game, processed=processed, alt_text=BULK_ALT_TEXT.format(title=game.title))
    return {**entry, "action": "added"}


def game_for_name(stem: str) -> tuple[Game, str] | None:
    """The game a file name designates, and how: its identifier (slug), a copy's barcode, its
    title; failing those, the same without a « _2 » or « (2) » suffix."""
    found = _game_for(stem.strip())
    if found is None:
        second = SECOND_PHOTO.match(stem.strip())
        if second:
            found = _game_for(second.group("base"))
    return found


def _game_for(key: str) -> tuple[Game, str] | None:
    if not key or "\x00" in key:
        return None
    game = Game.objects.filter(slug=key.lower()).first()
    if game is not None:
        return game, "slug"
    barcode = normalise_barcode(key)
    copy = Copy.objects.select_related("game").filter(barcode=barcode).first() if barcode else None
    if copy is not None:
        return copy.game, "barcode"
    slug = slugify(key)
    game = Game.objects.filter(slug=slug).first() if slug else None
    return (game, "title") if game is not None else None


def _report(entries: list[dict[str, Any]]) -> dict[str, Any]:
    count = {action: sum(e["action"] == action for e in entries)
             for action in ("added", "unchanged", "unmatched", "refused")}  # fmt: skip
    return {"kind": "photos", "files": entries, "totals": count}


def _too_many(limits: ZipLimits) -> ZipRefused:
    return ZipRefused(
        f"L'archive contient plus de {limits.max_entries} fichiers : découpez-la en plusieurs ZIP."
    )


def _too_big(limits: ZipLimits) -> ZipRefused:
    return ZipRefused(
        f"L'archive décompressée dépasserait {limits.max_uncompressed // (1024 * 1024)} Mo : "
        "découpez-la en plusieurs ZIP."
    )


def _nested(filename: str) -> ZipRefused:
    return ZipRefused(
        f"L'archive contient une autre archive (« {shown(filename)} ») : mettez les photos "
        "directement dans un seul ZIP."
    )


def _entry_too_big(limits: ZipLimits) -> str:
    return f"photo trop volumineuse : au plus {limits.max_entry_bytes // (1024 * 1024)} Mo"
