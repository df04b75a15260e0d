"""A photo is checked and re-encoded in memory before anything is stored (no database here)."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from catalogue.photos.images import WIDTHS, PhotoRefused, photo_process, rendition_widths

from .photo_files import (
    GPS_IFD,
    animated_gif,
    exif_of,
    photo_bytes,
    png_header,
    sixteen_bit_png,
    transparent_png,
    truncated_jpeg,
)

CAPS = {"max_bytes": 10_000_000, "max_pixels": 50_000_000}


def refusal(data: bytes, **caps) -> PhotoRefused:
    with pytest.raises(PhotoRefused) as caught:
        photo_process(data, **{**CAPS, **caps})
    return caught.value


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_thumbnails_at_each_width_in_avif_webp_and_jpeg():
    processed = photo_process(photo_bytes((1600, 1200)), **CAPS)
    assert (processed.width, processed.height) == (1600, 1200)
    got = [(r.extension, r.width, r.height) for r in processed.renditions]
    assert got == [
        (ext, w, h)
        for w, h in ((160, 120), (320, 240), (640, 480), (1280, 960))
        for ext in ("avif", "webp", "jpg")
    ]
    for rendition in processed.renditions:
        image = opened(rendition.data)
        assert image.format == {"avif": "AVIF", "webp": "WEBP", "jpg": "JPEG"}[rendition.extension]
        assert image.size == (rendition.width, rendition.height)
    assert opened(processed.master).format == "JPEG"


def test_small_photos_are_never_enlarged():
    assert rendition_widths(100) == [100]
    assert rendition_widths(900) == [160, 320, 640, 900]
    assert rendition_widths(5000) == list(WIDTHS)
    processed = photo_process(photo_bytes((500, 300)), **CAPS)
    assert sorted({r.width for r in processed.renditions}) == [160, 320, 500]


def test_huge_photos_are_kept_at_2560_pixels_at_most():
    processed = photo_process(photo_bytes((4000, 3000), gps=False), **CAPS)
    assert (processed.width, processed.height) == (2560, 1920)
    assert opened(processed.master).size == (2560, 1920)


def test_exif_and_gps_are_stripped_from_every_file():
    original = photo_bytes((800, 600), gps=True)
    exif, _ = exif_of(original)
    assert GPS_IFD in exif  # the upload carries a position…
    processed = photo_process(original, **CAPS)
    for data in [processed.master, *(r.data for r in processed.renditions)]:
        exif, info = exif_of(data)
        assert exif == {}, exif
        assert not {"exif", "xmp", "icc_profile", "XML:com.adobe.xmp"} & set(info)
        assert b"PhoneMaker" not in data and b"GPS" not in data


def test_the_exif_orientation_is_applied_before_it_is_dropped():
    # A phone held upright writes a landscape sensor image and « rotate 90° » (orientation 6).
    processed = photo_process(photo_bytes((800, 600), orientation=6), **CAPS)
    assert (processed.width, processed.height) == (600, 800)
    assert opened(processed.master).size == (600, 800)


def test_transparency_is_laid_on_white():
    processed = photo_process(transparent_png(), **CAPS)
    image = opened(processed.master)
    assert image.mode == "RGB"
    assert image.getpixel((290, 190))[0] > 245  # the transparent corner is white, not black
    assert image.getpixel((100, 100))[1] > 90  # the green disc stays green


def test_the_same_upload_gets_the_same_name_and_another_another():
    one = photo_process(photo_bytes((400, 300)), **CAPS).digest
    assert one == photo_process(photo_bytes((400, 300)), **CAPS).digest
    assert one != photo_process(photo_bytes((400, 300), colour=(0, 0, 200)), **CAPS).digest
    assert len(one) == 32 and set(one) <= set("0123456789abcdef")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty_file"),
        (b"%PDF-1.7 not an image at all", "not_an_image"),
        (b"Bonjour, je ne suis pas une image", "not_an_image"),
        (b"\x00" * 2000, "not_an_image"),
        (truncated_jpeg(), "unreadable_image"),
        (animated_gif(), "animated_image"),
        (sixteen_bit_png(), "unsupported_mode"),
        (png_header(100_000, 100_000), "too_many_pixels"),  # a bomb: 10 gigapixels declared
        (png_header(0, 10), "not_an_image"),
    ],
)
def test_hostile_files_are_refused_with_a_french_message(data, code):
    error = refusal(data)
    assert error.code == code
    assert error.message and error.message[0].isupper()
    assert error.message.endswith(".")


def test_a_file_over_the_size_cap_is_refused_before_decoding():
    error = refusal(photo_bytes((400, 300)), max_bytes=1000)
    assert (error.code, error.status) == ("file_too_large", 413)
    assert "Mo" in error.message


def test_the_pixel_cap_refuses_from_the_header():
    error = refusal(png_header(5000, 5000), max_pixels=20_000_000)
    assert (error.code, error.status) == ("too_many_pixels", 413)
    assert "20 millions de pixels" in error.message


@pytest.mark.parametrize("pixels", [100_000_000, 200_000_000])
def test_pillows_own_bomb_warning_and_error_are_refusals(pixels):
    # Beyond Pillow's MAX_IMAGE_PIXELS (≈ 89 MP) it warns, beyond twice that it raises: both are
    # refusals even when our own cap would let the file through.
    side = math.isqrt(pixels)
    assert refusal(png_header(side, side), max_pixels=10**12).code == "too_many_pixels"


def test_an_image_format_pillow_reads_but_we_do_not_accept_is_refused():
    out = io.BytesIO()
    Image.new("RGB", (50, 50)).save(out, "BMP")
    assert refusal(out.getvalue()).code == "not_an_image"
