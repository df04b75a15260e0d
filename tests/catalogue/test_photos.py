"""Box photos end to end: the admin's inline and the librarian API store them (or refuse them,
writing nothing), the pages show them without layout shift, the API lists them, and the site
serves their files with a year's cache."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from catalogue.models import Photo
from catalogue.photos.services import photo_add, photo_delete, photo_prepare
from tests.factories import make_game

from .photo_files import (
    animated_gif,
    photo_bytes,
    png_header,
    stored_files,
    truncated_jpeg,
)
from .test_admin_game import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(db):
    return make_game("Ta Yü", authors=("Niek Neuwahl",), min_players=2, max_players=4)


def add_photo(game, size=(1600, 1200), alt="Boîte du jeu Ta Yü", **kwargs) -> Photo:
    return photo_add(game=game, processed=photo_prepare(photo_bytes(size, **kwargs)), alt_text=alt)


# --------------------------------------------------------------------------- storage


def test_a_photo_is_stored_with_its_thumbnails_under_hashed_names(game, media_root):
    photo = add_photo(game)
    digest = photo.image.name.split("/")[-1].removesuffix(".jpg")
    assert photo.image.name == f"photos/{digest[:2]}/{digest}.jpg"
    assert (photo.width, photo.height, photo.position) == (1600, 1200, 0)
    expected = [photo.image.name] + [
        f"photos/{digest[:2]}/{digest}-{w}.{ext}"
        for w in (160, 320, 640, 1280)
        for ext in ("avif", "webp", "jpg")
    ]
    assert stored_files(media_root) == sorted(expected)
    assert [(r["type"], r["width"], r["height"]) for r in photo.renditions][:3] == [
        ("image/avif", 160, 120), ("image/webp", 160, 120), ("image/jpeg", 160, 120),
    ]  # fmt: skip
    assert add_photo(game, colour=(0, 0, 255)).position == 1  # after the first


def test_deleting_a_photo_removes_its_files_unless_another_photo_shares_them(
    game, media_root, django_capture_on_commit_callbacks
):
    other_game = make_game("Alcatraz")
    with django_capture_on_commit_callbacks(execute=True):
        first = add_photo(game)
        same = add_photo(other_game)  # the same box photo on two records: one set of files
    assert same.image.name == first.image.name
    with django_capture_on_commit_callbacks(execute=True):
        photo_delete(photo=first)
    assert len(stored_files(media_root)) == 13  # still used by the other game
    with django_capture_on_commit_callbacks(execute=True):
        other_game.delete()  # a cascade: the files go with the last photo
    assert stored_files(media_root) == []


# --------------------------------------------------------------------------- admin


def admin_post(client, game, upload, alt="Boîte du jeu", **extra):
    data = form_data(game)
    data.update(
        {
            "photos-TOTAL_FORMS": "1",
            "photos-INITIAL_FORMS": "0",
            "photos-0-upload": upload,
            "photos-0-alt_text": alt,
            "photos-0-position": "0",
            **extra,
        }
    )
    return client.post(reverse("admin:catalogue_game_change", args=[game.pk]), data)


def test_librarian_adds_a_photo_in_the_admin(client, librarian, game, media_root):
    upload = SimpleUploadedFile("boite.jpg", photo_bytes(), content_type="image/jpeg")
    response = admin_post(client, game, upload, alt="Boîte du jeu Ta Yü, face")
    assert response.status_code == 302, response.context and response.context["errors"]
    photo = game.photos.get()
    assert photo.alt_text == "Boîte du jeu Ta Yü, face"
    assert len(stored_files(media_root)) == 13
    html = client.get(reverse("admin:catalogue_game_change", args=[game.pk])).content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert photo.renditions[2]["name"] in html  # the preview


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"GIF89a not really", "pas une image lisible"),
        (truncated_jpeg(), "Image incomplète ou abîmée"),
        (png_header(60_000, 60_000), "Image trop grande"),
        (animated_gif(), "images animées"),
    ],
)
def test_the_admin_refuses_a_bad_file_and_writes_nothing(
    client, librarian, game, media_root, content, message
):
    upload = SimpleUploadedFile("boite.jpg", content, content_type="image/jpeg")
    response = admin_post(client, game, upload)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


def test_the_admin_refuses_a_huge_file_and_a_photo_without_its_alt_text(
    client, librarian, game, media_root, settings
):
    settings.PHOTO_MAX_UPLOAD_BYTES = 10_000
    upload = SimpleUploadedFile("boite.jpg", photo_bytes(), content_type="image/jpeg")
    assert "Photo trop volumineuse" in admin_post(client, game, upload).content.decode()
    settings.PHOTO_MAX_UPLOAD_BYTES = 15_000_000
    upload = SimpleUploadedFile("boite.jpg", photo_bytes(), content_type="image/jpeg")
    response = admin_post(client, game, upload, alt="")
    assert response.status_code == 200 and "obligatoire" in response.content.decode()
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


# --------------------------------------------------------------------------- API


@pytest.fixture
def api_librarian(librarian_user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=librarian_user).key}")
    return client


def photos_url(game) -> str:
    return f"/api/v1/games/{game.slug}/photos/"


def api_upload(client, game, content, alt="Boîte du jeu Ta Yü", name="boite.jpg"):
    upload = SimpleUploadedFile(name, content, content_type="image/jpeg")
    return client.post(photos_url(game), {"image": upload, "alt_text": alt}, format="multipart")


def test_librarian_adds_and_deletes_a_photo_through_the_api(
    api_librarian, game, media_root, django_capture_on_commit_callbacks
):
    response = api_upload(api_librarian, game, photo_bytes())
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["alt_text"] == "Boîte du jeu Ta Yü" and (body["width"], body["height"]) == (
        1600,
        1200,
    )
    assert body["url"].startswith("http://testserver/media/photos/")
    assert {t["type"] for t in body["thumbnails"]} == {"image/avif", "image/webp", "image/jpeg"}
    assert response["Location"] == f"http://testserver{photos_url(game)}{body['id']}/"
    assert APIClient().get(photos_url(game)).json() == [body]  # anyone reads them
    with django_capture_on_commit_callbacks(execute=True):
        assert api_librarian.delete(f"{photos_url(game)}{body['id']}/").status_code == 204
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


@pytest.mark.parametrize(
    ("content", "status", "code"),
    [
        (b"", 400, "empty_file"),
        (b"<html>not an image</html>", 400, "not_an_image"),
        (truncated_jpeg(), 400, "unreadable_image"),
        (png_header(100_000, 100_000), 413, "too_many_pixels"),
    ],
)
def test_the_api_refuses_a_bad_file_with_a_code_and_writes_nothing(
    api_librarian, game, media_root, content, status, code
):
    response = api_upload(api_librarian, game, content)
    assert response.status_code == status
    body = response.json()
    assert body["code"] == code and body["field"] == "image" and body["detail"]
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


def test_the_api_refuses_a_huge_file_without_reading_it(api_librarian, game, media_root, settings):
    settings.PHOTO_MAX_UPLOAD_BYTES = 10_000
    response = api_upload(api_librarian, game, photo_bytes())
    assert response.status_code == 413 and response.json()["code"] == "file_too_large"
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


@pytest.mark.parametrize("alt", ["", "   ", "a\x00b", "x" * 251])
def test_the_api_needs_a_proper_alt_text(api_librarian, game, media_root, alt):
    response = api_upload(api_librarian, game, photo_bytes(), alt=alt)
    assert response.status_code == 400 and "alt_text" in response.json()
    assert Photo.objects.count() == 0 and stored_files(media_root) == []


def test_only_librarians_write_photos(game, media_root, librarian_user):
    from django.contrib.auth import get_user_model

    upload = {"image": SimpleUploadedFile("b.jpg", photo_bytes()), "alt_text": "Boîte"}
    assert APIClient().post(photos_url(game), upload, format="multipart").status_code == 401
    visitor = APIClient()
    visitor.force_authenticate(get_user_model().objects.create_user("bob", password="x-1-y-2"))
    upload["image"].seek(0)
    assert visitor.post(photos_url(game), upload, format="multipart").status_code == 403
    photo = add_photo(game)
    assert visitor.delete(f"{photos_url(game)}{photo.pk}/").status_code == 403
    assert Photo.objects.count() == 1


def test_another_games_photo_or_a_strange_id_is_a_404(api_librarian, game, media_root):
    photo = add_photo(game)
    other = make_game("Alcatraz")
    for url in (
        f"{photos_url(other)}{photo.pk}/",
        f"{photos_url(game)}{photo.pk + 1}/",
        f"{photos_url(game)}%C2%B2/",
        f"{photos_url(game)}{'9' * 40}/",
        f"/api/v1/games/nope/photos/{photo.pk}/",
    ):
        response = api_librarian.delete(url)
        assert response.status_code == 404 and response.json()["detail"], url
    assert Photo.objects.count() == 1


def test_the_public_api_lists_the_photos_of_a_game_and_the_first_in_lists(game, media_root):
    first = add_photo(game)
    add_photo(game, colour=(0, 0, 255), alt="Le plateau")
    detail = APIClient().get(f"/api/v1/games/{game.slug}/").json()
    assert [p["alt_text"] for p in detail["photos"]] == ["Boîte du jeu Ta Yü", "Le plateau"]
    assert detail["photo"]["id"] == first.pk
    listing = APIClient().get("/api/v1/games/").json()
    (entry,) = [g for g in listing["results"] if g["slug"] == game.slug]
    assert entry["photo"]["alt_text"] == "Boîte du jeu Ta Yü"
    assert entry["photo"]["thumbnails"][0]["url"].startswith("http://testserver/media/photos/")
    make_game("Sans photo")
    listing = APIClient().get("/api/v1/games/").json()
    assert [g["photo"] for g in listing["results"] if g["slug"] == "sans-photo"] == [None]


# --------------------------------------------------------------------------- pages


def test_the_game_page_shows_its_photos_in_modern_formats_without_layout_shift(
    client, game, media_root
):
    add_photo(game)
    add_photo(game, colour=(0, 0, 255), alt="Le plateau déplié")
    html = client.get(game.get_absolute_url()).content.decode()
    images = re.findall(r"<img [^>]*>", html)
    photos = [tag for tag in images if "/media/photos/" in tag]
    assert len(photos) == 2
    first, second = photos
    assert 'alt="Boîte du jeu Ta Yü"' in first and 'alt="Le plateau déplié"' in second
    assert 'width="448" height="336"' in first and 'width="160" height="120"' in second
    assert "loading=" not in first and 'loading="lazy"' in second  # the first is in view
    assert all('decoding="async"' in tag and "srcset=" in tag and "sizes=" in tag for tag in photos)
    assert re.search(
        r'<source type="image/avif" srcset="[^"]*-160\.avif 160w, [^"]*-1280\.avif 1280w"', html
    )
    assert '<source type="image/webp"' in html


def test_the_search_shows_a_small_thumbnail_when_the_game_has_one(client, game, media_root):
    add_photo(game)
    make_game("Alcatraz")
    html = client.get(reverse("catalogue:search")).content.decode()
    cards = re.findall(
        r'<li class="game-card[^"]*">.*?</li>\s*(?=<li class="game-card|</ol>)', html, re.S
    )
    with_photo = [card for card in cards if "Ta Yü" in card]
    without = [card for card in cards if "Alcatraz" in card]
    assert "has-photo" in with_photo[0] and "has-photo" not in without[0]
    (img,) = re.findall(r"<img [^>]*>", with_photo[0])
    assert 'width="80" height="60"' in img and "-160.jpg" in img and 'sizes="5rem"' in img
    assert "<img" not in without[0]


def test_a_game_without_photo_has_no_picture(client, game):
    html = client.get(game.get_absolute_url()).content.decode()
    assert "game-photos" not in html and "/media/photos/" not in html


# --------------------------------------------------------------------------- media


def test_photo_files_are_served_with_a_years_cache(client, game, media_root):
    photo = add_photo(game)
    for name, media_type in (
        (photo.image.name, "image/jpeg"),
        (photo.renditions[0]["name"], "image/avif"),
        (photo.renditions[1]["name"], "image/webp"),
    ):
        response = client.get(f"/media/{name}")
        assert response.status_code == 200
        assert response["Content-Type"] == media_type
        assert response["Cache-Control"] == "public, max-age=31536000, immutable"
        assert b"".join(response.streaming_content) == (media_root / name).read_bytes()
    assert client.head(f"/media/{photo.image.name}").status_code == 200
    assert client.post(f"/media/{photo.image.name}").status_code == 405


def test_nothing_else_is_served_from_media(client, media_root, settings):
    (media_root / "photos" / "ab").mkdir(parents=True)
    (media_root / "secret.txt").write_text("no")
    (media_root / "photos" / "ab" / "notes.txt").write_text("no")
    for path in (
        "/media/secret.txt",
        "/media/photos/ab/notes.txt",
        "/media/photos/ab/../../secret.txt",
        "/media/photos/ab/%2e%2e/secret.txt",
        f"/media/photos/ab/{'a' * 32}.jpg",  # a name we could make, but no such file
        "/media/photos/ab/\x00.jpg",
    ):
        assert client.get(path).status_code == 404, path
