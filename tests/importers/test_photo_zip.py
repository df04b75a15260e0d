"""Box photos in bulk: a ZIP named after the games, read by the import job as a dry run (a
report of the photos matched, the files without a game and the images refused, nothing
written), then imported once confirmed; hostile archives refused whole, in bounded memory."""

from __future__ import annotations

import io
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from catalogue.models import Copy, Photo
from importers.models import ImportBatch
from importers.photo_zip import ZipLimits, ZipRefused, photo_zip_import
from tests.catalogue.photo_files import (
    photo_bytes,
    stored_files,
    truncated_jpeg,
)
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def zip_of(entries: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out.getvalue()


@pytest.fixture
def games(db):
    ta_yu = make_game("Ta Yü")
    alcatraz = make_game("Alcatraz")
    pow_wow = make_game("Pow Wow")
    Copy.objects.create(game=alcatraz, barcode="0123456789")
    return ta_yu, alcatraz, pow_wow


def honest_zip() -> bytes:
    return zip_of(
        {
            "photos/ta-yu.jpg": photo_bytes((800, 600)),
            "photos/ta-yu_2.jpg": photo_bytes((800, 600), colour=(0, 0, 200)),
            "Pow Wow.PNG": photo_bytes((600, 800), fmt="PNG"),  # by its title
            "0123456789.jpg": photo_bytes((700, 500), colour=(0, 150, 0)),  # a copy's barcode
            "inconnu.jpg": photo_bytes((300, 200)),
            "ta-yu (3).jpg": truncated_jpeg(),
            "__MACOSX/photos/._ta-yu.jpg": b"\x00\x05\x16\x07 resource fork",
            "photos/": b"",
        }
    )


def upload(client, data: bytes, name="photos.zip"):
    archive = SimpleUploadedFile(name, data, content_type="application/zip")
    return client.post(reverse("admin:importers_upload_photos"), {"archive": archive})


def test_a_dry_run_reports_then_the_confirmed_import_adds_the_photos(
    client, librarian, games, media_root
):
    ta_yu, alcatraz, pow_wow = games
    response = upload(client, honest_zip())
    batch = ImportBatch.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/{batch.pk}/confirm/")
    assert (batch.kind, batch.status) == ("photos", "pending")
    actions = {
        entry["name"]: (entry["action"], entry["matched_by"]) for entry in batch.report["files"]
    }
    assert actions == {
        "photos/ta-yu.jpg": ("added", "slug"),
        "photos/ta-yu_2.jpg": ("added", "slug"),
        "Pow Wow.PNG": ("added", "title"),
        "0123456789.jpg": ("added", "barcode"),
        "inconnu.jpg": ("unmatched", ""),
        "ta-yu (3).jpg": ("refused", "slug"),
    }
    assert batch.report["totals"] == {"added": 4, "unchanged": 0, "unmatched": 1, "refused": 1}
    assert (batch.created, batch.rejected) == (4, 2)
    assert Photo.objects.count() == 0 and stored_files(media_root) == []  # a dry run
    page = client.get(reverse("admin:importers_confirm", args=[batch.pk])).content.decode()
    assert "Image incomplète ou abîmée" in page and "Aucun jeu n’a cet identifiant" in page
    assert "à ajouter" in page and "code-barres" in page

    response = client.post(reverse("admin:importers_confirm", args=[batch.pk]), {"confirm": "1"})
    batch.refresh_from_db()
    assert batch.status == "applied" and batch.created == 4
    assert [p.alt_text for p in ta_yu.photos.all()] == ["Boîte du jeu Ta Yü"] * 2
    assert [p.position for p in ta_yu.photos.all()] == [0, 1]
    assert pow_wow.photos.get().width == 600 and alcatraz.photos.count() == 1
    # Each photo: its kept image, and its thumbnails (3 formats at each width up to its own).
    assert len(stored_files(media_root)) == 4 + 3 * (4 + 4 + 3 + 4) == 49

    # The same archive again: nothing new.
    upload(client, honest_zip())
    again = ImportBatch.objects.order_by("-pk").first()
    assert again.report["totals"]["added"] == 0 and again.report["totals"]["unchanged"] == 4


def test_the_api_queues_a_photo_zip_and_its_confirmation(librarian_user, games, media_root):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=librarian_user).key}")
    archive = SimpleUploadedFile("p.zip", zip_of({"ta-yu.jpg": photo_bytes((400, 300))}))
    response = client.post("/api/v1/imports/photos/", {"file": archive}, format="multipart")
    assert response.status_code == 202, response.json()
    body = response.json()
    assert (body["kind"], body["status"]) == ("photos", "pending")
    assert body["report"]["files"][0]["game"] == {"slug": "ta-yu", "title": "Ta Yü"}
    assert Photo.objects.count() == 0
    confirmed = client.post(f"/api/v1/imports/{body['id']}/confirm/")
    assert confirmed.status_code == 202 and confirmed.json()["status"] == "applied"
    assert Photo.objects.get().alt_text == "Boîte du jeu Ta Yü"
    assert APIClient().post("/api/v1/imports/photos/", {}, format="multipart").status_code == 401


def test_the_api_refuses_an_archive_over_the_cap_before_storing_it(librarian_user, games, settings):
    settings.PHOTO_ZIP_MAX_BYTES = 1000
    client = APIClient()
    client.force_authenticate(librarian_user)
    archive = SimpleUploadedFile("p.zip", zip_of({"ta-yu.jpg": photo_bytes((400, 300))}))
    response = client.post("/api/v1/imports/photos/", {"file": archive}, format="multipart")
    assert response.status_code == 413 and response.json()["code"] == "file_too_large"
    assert ImportBatch.objects.count() == 0


def nested_zip() -> bytes:
    return zip_of({"inner.zip": zip_of({"ta-yu.jpg": b"x"})})


def disguised_zip() -> bytes:
    return zip_of({"ta-yu.jpg": zip_of({"a.jpg": b"x" * 100})})


def many_entries() -> bytes:
    return zip_of({f"f{n}.jpg": b"x" for n in range(30)}, zipfile.ZIP_STORED)


def zeros() -> bytes:
    return zip_of({"ta-yu.jpg": b"\0" * 3_000_000, "alcatraz.jpg": b"\0" * 3_000_000})


@pytest.mark.parametrize(
    ("archive", "message"),
    [
        (b"not a zip at all", "n'est pas une archive ZIP lisible"),
        (b"PK\x05\x06" + b"\0" * 18, "ne contient aucune photo"),  # an empty ZIP
        (zip_of({"../../etc/ta-yu.jpg": b"x"}), "chemin qui sort de son dossier"),
        (zip_of({"/etc/ta-yu.jpg": b"x"}), "chemin qui sort de son dossier"),
        (zip_of({"..\\..\\ta-yu.jpg": b"x"}), "chemin qui sort de son dossier"),
        (zip_of({"C:/Windows/ta-yu.jpg": b"x"}), "chemin qui sort de son dossier"),
        (nested_zip(), "contient une autre archive"),
        (disguised_zip(), "contient une autre archive"),
        (many_entries(), "plus de 20 fichiers"),
        (zeros(), "dépasserait 5 Mo"),
    ],
)
def test_hostile_archives_are_refused_whole_and_nothing_is_written(
    client, librarian, games, media_root, settings, archive, message
):
    settings.PHOTO_ZIP_MAX_ENTRIES = 20
    settings.PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES = 5 * 1024 * 1024
    upload(client, archive)
    batch = ImportBatch.objects.get()
    assert batch.status == "failed" and message in batch.error, batch.error
    page = client.get(reverse("admin:importers_confirm", args=[batch.pk])).content.decode()
    assert message.replace("'", "&#x27;") in page
    assert Photo.objects.count() == 0 and stored_files(media_root) == []
    # Confirming is refused (a failed batch may only be retried or dropped): still nothing.
    client.post(reverse("admin:importers_confirm", args=[batch.pk]), {"confirm": "1"})
    assert Photo.objects.count() == 0


def test_an_entry_larger_than_it_says_is_read_no_further_than_the_cap(games, media_root):
    # A 200 MB entry of zeros (200 KB compressed), an entry whose header lies about its size.
    bomb = zip_of({"ta-yu.jpg": b"\0" * 200_000_000})
    limits = ZipLimits(max_entries=10, max_uncompressed=10**12, max_entry_bytes=5_000_000)
    tracemalloc.start()
    try:
        report = photo_zip_import(data=bomb, apply=True, limits=limits)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report["files"][0]["action"] == "refused"
    assert "trop volumineuse" in report["files"][0]["error"]
    assert peak < 30_000_000, peak
    lying = bytearray(zip_of({"ta-yu.jpg": photo_bytes((400, 300))}, zipfile.ZIP_STORED))
    # Patch the central directory's uncompressed size down to 10 bytes: the read stops there and
    # the CRC check fails, so the entry is refused, never trusted.
    at = lying.rfind(b"PK\x01\x02")
    lying[at + 24 : at + 28] = (10).to_bytes(4, "little")
    report = photo_zip_import(data=bytes(lying), apply=True, limits=limits)
    assert report["files"][0]["action"] == "refused"
    assert Photo.objects.count() == 0


def test_an_archive_declaring_too_many_entries_is_refused_before_it_is_read(games):
    limits = ZipLimits(max_entries=5, max_uncompressed=10**9, max_entry_bytes=10**6)
    with pytest.raises(ZipRefused, match="plus de 5 fichiers"):
        photo_zip_import(data=many_entries(), apply=False, limits=limits)


def test_the_progress_of_a_photo_import_counts_photos_not_records():
    from importers.admin import progress_text

    progress = {
        "status_label": "lecture en cours",
        "percent": 40,
        "records_read": 12,
        "files_rejected": 1,
        "seconds_left": None,
        "finished": False,
    }
    assert progress_text(progress, photos=True) == (
        "Lecture en cours : 40 % — photos lues : 12, fichiers refusés : 1."
    )
    assert "notices lues : 12" in progress_text(progress)
