"""Image files for the photo tests, made in memory: honest photos (with EXIF and GPS), and the
hostile ones (a decompression bomb's header, a truncated JPEG, an animation, a 16-bit image)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, ImageDraw

GPS_IFD = 0x8825
ORIENTATION = 0x0112


def photo_bytes(
    size: tuple[int, int] = (1600, 1200),
    *,
    fmt: str = "JPEG",
    gps: bool = True,
    orientation: int | None = None,
    colour: tuple[int, int, int] = (200, 40, 40),
) -> bytes:
    """A photo-like image: a coloured box on a light ground, with EXIF (camera, GPS position,
    orientation) as a phone writes it."""
    image = Image.new("RGB", size, (235, 235, 225))
    draw = ImageDraw.Draw(image)
    w, h = size
    draw.rectangle([w // 8, h // 8, w * 5 // 8, h * 7 // 8], fill=colour)
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0110] = "Phone 12"  # Model
    if orientation:
        exif[ORIENTATION] = orientation
    if gps:
        exif[GPS_IFD] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 7.0)}
    out = io.BytesIO()
    options = {"exif": exif.tobytes()} if fmt in ("JPEG", "WEBP", "PNG") else {}
    image.save(out, fmt, **options)
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` × ``height`` in a few bytes (a decompression bomb's
    header: its pixels would be decoded from one tiny compressed stream)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def truncated_jpeg() -> bytes:
    data = photo_bytes((800, 600), gps=False)
    return data[: len(data) // 2]


def animated_gif() -> bytes:
    frames = [
        Image.new("RGB", (40, 40), colour) for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255))
    ]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    return out.getvalue()


def sixteen_bit_png() -> bytes:
    out = io.BytesIO()
    Image.new("I;16", (40, 40), 3000).save(out, "PNG")
    return out.getvalue()


def transparent_png(size: tuple[int, int] = (300, 200)) -> bytes:
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse([20, 20, 180, 180], fill=(10, 120, 10, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def exif_of(data: bytes) -> dict:
    with Image.open(io.BytesIO(data)) as image:
        return dict(image.getexif()), dict(image.info)


def stored_files(root) -> list[str]:
    """Every file under ``root``, relative, sorted."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
