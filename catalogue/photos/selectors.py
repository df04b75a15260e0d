"""Box photos as the pages and the API show them: plain data with every URL at hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.files.storage import default_storage
from django.utils.html import format_html

from ..models import Photo

#: How wide each place shows a photo (CSS pixels), for the ``sizes`` attribute and the
#: ``width``/``height`` attributes of its <img> (the stylesheet gives the same widths).
GAME_PAGE_SIZES = "(max-width: 30rem) calc(100vw - 2rem), 28rem"
GAME_PAGE_WIDTH = 448
OTHER_PHOTO_SIZES = "10rem"
OTHER_PHOTO_WIDTH = 160
CARD_SIZES = "5rem"
CARD_WIDTH = 80


def photo_display(photo: Photo, *, shown_width: int, sizes: str) -> dict[str, Any]:
    """What a <picture> needs: one ``srcset`` a format (best first, JPEG last as the <img>'s
    own), the alternative text, and the width and height it is laid out at (so nothing moves
    while it loads)."""
    by_type: dict[str, list[dict]] = {}
    for rendition in photo.renditions:
        by_type.setdefault(rendition["type"], []).append(rendition)
    sources = [
        {
            "type": media_type,
            "srcset": ", ".join(f"{default_storage.url(r['name'])} {r['width']}w" for r in items),
        }
        for media_type, items in by_type.items()
    ]
    fallback = by_type.get("image/jpeg") or next(iter(by_type.values()), [])
    largest = fallback[-1] if fallback else None
    width = min(shown_width, photo.width)
    return {
        "id": photo.pk,
        "alt": photo.alt_text,
        "sources": [s for s in sources if s["type"] != "image/jpeg"],
        "srcset": next((s["srcset"] for s in sources if s["type"] == "image/jpeg"), ""),
        "src": default_storage.url(_closest(fallback, width * 2)["name"]) if fallback else "",
        "sizes": sizes,
        "width": width,
        "height": max(1, round(photo.height * width / photo.width)),
        "large_url": default_storage.url(largest["name"]) if largest else "",
    }


def _closest(renditions: list[dict], width: int) -> dict:
    """The smallest rendition at least ``width`` wide (else the largest)."""
    return next((r for r in renditions if r["width"] >= width), renditions[-1])


def game_photos(game) -> list[dict[str, Any]]:
    """The game page's photos: the first large, the others small (``loading`` lazy but the
    first's, which is in the first screen)."""
    shown = []
    for index, photo in enumerate(game.photos.all()):
        first = index == 0
        item = photo_display(
            photo,
            shown_width=GAME_PAGE_WIDTH if first else OTHER_PHOTO_WIDTH,
            sizes=GAME_PAGE_SIZES if first else OTHER_PHOTO_SIZES,
        )
        item["loading"] = "eager" if first else "lazy"
        shown.append(item)
    return shown


def first_photos(game_ids: Iterable[int]) -> dict[int, Photo]:
    """Each game's first photo (by position), for the games that have one: one query."""
    first: dict[int, Photo] = {}
    for photo in Photo.objects.filter(game_id__in=list(game_ids)).order_by(
        "game_id", "position", "id"
    ):
        first.setdefault(photo.game_id, photo)
    return first


def card_thumbnails(game_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The search results' small pictures, by game id."""
    return {
        game_id: photo_display(photo, shown_width=CARD_WIDTH, sizes=CARD_SIZES)
        for game_id, photo in first_photos(game_ids).items()
    }


def photo_api(photo: Photo, absolute) -> dict[str, Any]:
    """A photo in the API: its text, size, largest image and every thumbnail."""
    return {
        "id": photo.pk,
        "alt_text": photo.alt_text,
        "width": photo.width,
        "height": photo.height,
        "url": absolute(default_storage.url(photo.image.name)),
        "thumbnails": [
            {
                "url": absolute(default_storage.url(r["name"])),
                "type": r["type"],
                "width": r["width"],
                "height": r["height"],
            }
            for r in photo.renditions
        ],  # fmt: skip
    }


def photo_preview(photo: Photo) -> str:
    """The admin's small preview of a saved photo (empty for a new one)."""
    if not photo.pk or not photo.renditions:
        return ""
    shown = photo_display(photo, shown_width=CARD_WIDTH, sizes=CARD_SIZES)
    return format_html(
        '<img src="{}" alt="" width="{}" height="{}" loading="lazy">',
        shown["src"], shown["width"], shown["height"],
    )  # fmt: skip
