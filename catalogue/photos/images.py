"""An uploaded photo, checked and re-encoded in memory (Pillow only: no database, no storage).

Everything that can refuse a file happens here, before anything is written: a file that is not
an image of an accepted format, one over the size cap, a decompression bomb (more pixels than
``PHOTO_MAX_PIXELS``, or Pillow's own bomb error and warning), a truncated or corrupt file, an
animated image, a colour mode we would render wrongly. What is kept is re-encoded from the
pixels alone, the EXIF orientation applied first: no EXIF (GPS, camera, date), XMP or colour
profile survives (colours are converted to sRGB first, which browsers assume without one).
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

#: What the photo pipeline reads (Pillow opens no other format: less code facing the upload).
ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "AVIF", "GIF")
#: Colour modes converted faithfully to RGB; 16-bit and float images are refused.
ACCEPTED_MODES = frozenset({"1", "L", "LA", "La", "P", "PA", "RGB", "RGBA", "RGBa", "RGBX",
                            "CMYK", "YCbCr"})  # fmt: skip
#: Thumbnail widths: 160/320 for the search's 80-pixel card image (1× and 2× screens), 640 and
#: 1280 for the game page's photo (up to 28rem wide, full width on a phone, at 2× and 3×).
WIDTHS = (160, 320, 640, 1280)
#: The kept image (from which thumbnails can be made again) is at most this wide or high.
MASTER_MAX = 2560
#: Thumbnail formats, best first, as a <picture>'s sources list them: (extension, media type,
#: Pillow format, encoder options). JPEG last: the fallback every browser reads.
FORMATS = (
    ("avif", "image/avif", "AVIF", {"quality": 60, "speed": 8}),
    ("webp", "image/webp", "WEBP", {"quality": 80, "method": 4}),
    ("jpg", "image/jpeg", "JPEG", {"quality": 82, "optimize": True, "progressive": True}),
)
MASTER_OPTIONS = {"quality": 90, "optimize": True}
#: Changes with the processing above, so that new thumbnails get new names (they are served
#: with a year's cache).
VERSION = b"photos-1"


class PhotoRefused(ValueError):
    """The file is refused; ``code`` for the API, ``message`` in French for people."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(frozen=True)
class Rendition:
    extension: str
    media_type: str
    width: int
    height: int
    data: bytes = field(repr=False)


@dataclass(frozen=True)
class ProcessedPhoto:
    """A photo ready to store: its digest (of the uploaded bytes and :data:`VERSION`), the kept
    image (JPEG) and its size, and the thumbnails, smallest first, in each format."""

    digest: str
    width: int
    height: int
    master: bytes = field(repr=False)
    renditions: tuple[Rendition, ...]


def accepted_formats_text() -> str:
    return _("JPEG, PNG, WebP, AVIF ou GIF (non animé)")


def photo_process(data: bytes, *, max_bytes: int, max_pixels: int) -> ProcessedPhoto:
    """Check ``data`` and make the kept image and its thumbnails, or raise :class:`PhotoRefused`."""
    if not data:
        raise PhotoRefused("empty_file", _("Le fichier est vide."))
    if len(data) > max_bytes:
        raise file_too_large(len(data), max_bytes)
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = _decoded(data, max_pixels)
        except PhotoRefused:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _too_many_pixels(max_pixels) from None
        except UnidentifiedImageError:
            raise PhotoRefused(
                "not_an_image",
                _("Ce fichier n’est pas une image lisible : formats acceptés %(formats)s.")
                % {"formats": accepted_formats_text()},
            ) from None
        except (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError, KeyError,
                MemoryError):  # fmt: skip
            # Pillow's decoders say « truncated », « broken data stream », « bad marker »…
            raise PhotoRefused(
                "unreadable_image",
                _("Image incomplète ou abîmée : elle ne peut pas être lue jusqu’au bout. "
                  "Enregistrez-la de nouveau ou prenez une autre photo."),
            ) from None  # fmt: skip
    master = _fitted(image, MASTER_MAX)
    master.info = {}
    digest = hashlib.sha256(VERSION + data).hexdigest()[:32]
    return ProcessedPhoto(
        digest=digest,
        width=master.width,
        height=master.height,
        master=_encoded(master, "JPEG", MASTER_OPTIONS),
        renditions=tuple(_renditions(master)),
    )


def _decoded(data: bytes, max_pixels: int) -> Image.Image:
    """The pixels, upright, in RGB; refused before decoding when the header says too much."""
    with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as image:
        width, height = image.size
        if width < 1 or height < 1 or width * height > max_pixels:
            raise _too_many_pixels(max_pixels)
        if getattr(image, "n_frames", 1) > 1:
            raise PhotoRefused("animated_image", _("Les images animées ne sont pas acceptées."))
        if image.mode not in ACCEPTED_MODES:
            raise PhotoRefused(
                "unsupported_mode",
                _("Mode de couleur non pris en charge (%(mode)s) : enregistrez l’image en JPEG "
                  "ou en PNG 8 bits.") % {"mode": image.mode},
            )  # fmt: skip
        if image.format == "JPEG":
            # Decode at a reduced scale when the photo is far larger than what is kept.
            image.draft(image.mode, (MASTER_MAX, MASTER_MAX))
        image.load()
        return _rgb(_upright(image))


def file_too_large(size: int, max_bytes: int) -> PhotoRefused:
    return PhotoRefused(
        "file_too_large",
        _("Photo trop volumineuse : %(size)s Mo, au plus %(limit)s Mo.")
        % {"size": _megabytes(size), "limit": _megabytes(max_bytes)},
        status=413,
    )


def _too_many_pixels(max_pixels: int) -> PhotoRefused:
    return PhotoRefused(
        "too_many_pixels",
        _("Image trop grande : plus de %(limit)s millions de pixels.")
        % {"limit": max_pixels // 1_000_000},
        status=413,
    )


def _upright(image: Image.Image) -> Image.Image:
    try:
        return ImageOps.exif_transpose(image) or image
    except Exception:  # a broken EXIF block: the pixels as they are
        return image


def _rgb(image: Image.Image) -> Image.Image:
    """RGB pixels in sRGB; transparency laid on white (a box photo has no use for it)."""
    profile = image.info.get("icc_profile")
    if image.mode in ("P", "PA") or "transparency" in image.info:
        image = image.convert("RGBA")
    if image.mode in ("LA", "La", "RGBA", "RGBa"):
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    if profile and image.mode in ("RGB", "CMYK", "L"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
            converted = ImageCms.profileToProfile(
                image, source, ImageCms.createProfile("sRGB"), outputMode="RGB"
            )
            if converted is not None:
                return converted
        except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
            pass  # an unreadable profile: the values as they are
    return image.convert("RGB")


def _fitted(image: Image.Image, box: int) -> Image.Image:
    if max(image.size) <= box:
        return image
    scale = box / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


def rendition_widths(width: int) -> list[int]:
    """The thumbnail widths of an image ``width`` pixels wide: never enlarged, and its own
    width as the largest when it is narrower than the largest thumbnail."""
    widths = [w for w in WIDTHS if w <= width]
    return widths if width >= WIDTHS[-1] or width in widths else [*widths, width]


def _renditions(master: Image.Image):
    for width in rendition_widths(master.width):
        height = max(1, round(master.height * width / master.width))
        scaled = master.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
        scaled.info = {}
        for extension, media_type, fmt, options in FORMATS:
            yield Rendition(extension, media_type, width, height, _encoded(scaled, fmt, options))


def _encoded(image: Image.Image, fmt: str, options: dict) -> bytes:
    out = io.BytesIO()
    # No exif, xmp or icc_profile argument and an empty info: nothing but the pixels is written.
    image.save(out, fmt, **options)
    return out.getvalue()


def _megabytes(size: int) -> str:
    return f"{size / 1_048_576:.1f}".replace(".", ",")
