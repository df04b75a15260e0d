"""Decode an uploaded file, recognise its format and parse it (pure Python, no Django).

:func:`parse_source` is the single entry point: for a file's bytes or its path it returns a
:class:`ParsedFile` — the format's name, the records (read lazily: CSV, Excel and OpenDocument
files stream one record at a time, in bounded memory whatever their size) and ``position()``
for a progress bar — or raises :class:`RecordError` (French message naming the file, and the
record and field when known), now or while the records are read. One bad record rejects the
whole file, so the caller writes nothing from it. :func:`parse_file` is its eager form. What
one file may hold is capped (:mod:`importers.limits`).

Decoding
--------
A UTF-8 BOM is dropped; UTF-16 with a BOM is decoded as such; otherwise UTF-8, and if the bytes
are not valid UTF-8, cp1252 (old Latin-1 PMB exports), and as a last resort Latin-1. Line endings
(CRLF, CR) become ``\\n``.

Rejected before any parsing
---------------------------
* an empty file, or one holding only whitespace (or only a BOM);
* a binary file: a known binary signature (PNG, JPEG, GIF, PDF, ZIP, gzip…), a NUL byte, or
  more than 5 % of control characters (other than tab, line feed, carriage return, form feed)
  in the decoded text.

Format detection (first rule that applies)
------------------------------------------
00. ``xlsx`` / ``ods`` — on the raw bytes: a ZIP archive holding an Excel or OpenDocument
    workbook (:mod:`importers.spreadsheet_format`); a damaged ZIP archive named ``.xlsx`` or
    ``.ods`` is refused as a damaged workbook;
0. ``unimarc-iso2709`` — on the raw bytes, before decoding: a leader-shaped start (five digits)
   with MARC field separators, or MARC record/field/subfield separators at all
   (:func:`importers.marc.looks_like_iso2709`); ISO 2709 is binary, so it is never decoded as text;
1. ``unimarc-xml`` — an XML document whose root is ``collection`` or ``record``, in the MARC
   namespace ``http://www.loc.gov/MARC21/slim``, no namespace (or, to be rejected with a clear
   message, another one);
2. ``catalogue-json`` — a JSON object with ``"format": "catalogue-json"`` (our own export);
3. ``pmb-html`` — the text starts (after whitespace) with ``<`` and contains an ``<html>``,
   ``<body>``, ``<table>``, ``<tr>``, ``<td>`` or ``<div>`` tag (or a doctype);
4. ``csv`` — the first line is a header with at least two known column names
   (:mod:`importers.csv_format`);
5. ``pmb-text`` — some line is a PMB label line with a known label (``| Titre : |``,
   ``Titre : |``…);
6. ``rules-page`` — once the table pipes are removed, at least two rules headings are found
   (:func:`importers.rules_page.looks_like_rules_page`);
7. anything else is an unknown format — as is an HTML document in which no label row is found.

The UNIMARC, CSV and JSON parsers read the original bytes (they decode them by their own rules)
and may add notes to a ``warnings`` list (fields not imported, copies…).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from importers.csv_format import FORMAT_CSV, CsvFile, looks_like_csv
from importers.json_format import FORMAT_JSON, looks_like_catalogue_json, parse_catalogue_json
from importers.limits import DEFAULT_LIMITS, ImportLimits, too_many_records
from importers.marc import (
    FORMAT_ISO2709,
    FORMAT_XML,
    looks_like_iso2709,
    looks_like_marcxml,
    parse_iso2709,
    parse_marcxml,
)
from importers.pmb import FORMAT_HTML, FORMAT_TEXT
from importers.pmb_html import parse_pmb_html
from importers.pmb_text import has_pmb_text_labels, parse_pmb_text
from importers.records import GameRecord, RecordError
from importers.rules_page import FORMAT_RULES, looks_like_rules_page, parse_rules_page
from importers.spreadsheet_format import (
    FORMAT_ODS,
    FORMAT_XLSX,
    open_spreadsheet,
    spreadsheet_format,
)

__all__ = [
    "FORMATS",
    "ParsedFile",
    "decode",
    "detect_format",
    "parse_file",
    "parse_source",
]

# Files above this size are streamed when they are CSV (the command line's large exports).
STREAM_BYTES = 4 * 1024 * 1024

FORMATS = (
    FORMAT_TEXT, FORMAT_HTML, FORMAT_RULES, FORMAT_ISO2709, FORMAT_XML, FORMAT_CSV, FORMAT_JSON,
    FORMAT_XLSX, FORMAT_ODS,
)  # fmt: skip
_SPREADSHEET_SUFFIXES = {".xlsx": FORMAT_XLSX, ".ods": FORMAT_ODS}

_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image PNG"),
    (b"\xff\xd8\xff", "image JPEG"),
    (b"GIF87a", "image GIF"),
    (b"GIF89a", "image GIF"),
    (b"%PDF-", "document PDF"),
    (b"PK\x03\x04", "archive ZIP (ou document bureautique)"),
    (b"PK\x05\x06", "archive ZIP"),
    (b"\x1f\x8b", "archive gzip"),
    (b"7z\xbc\xaf\x27\x1c", "archive 7-Zip"),
    (b"Rar!\x1a\x07", "archive RAR"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "document Office ancien format"),
)
_CONTROL_RATIO = 0.05
# Unicode "Cc" characters except tab, line feed, form feed and carriage return.
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_HTML_START = re.compile(r"<(?:!doctype\s+html|html|body|table|tr|td|div)\b", re.I)


def decode(name: str, data: bytes) -> str:
    """Bytes → text with ``\\n`` line endings; raises :class:`RecordError` for empty or binary
    files."""
    for signature, kind in _BINARY_SIGNATURES:
        if data.startswith(signature):
            raise RecordError(
                f"fichier binaire ({kind}) : une notice texte ou HTML est attendue",
                source_name=name,
            )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", errors="replace")
    else:
        if b"\x00" in data:
            raise RecordError(
                "fichier binaire (octets nuls) : une notice texte ou HTML est attendue",
                source_name=name,
            )
        if data.startswith(codecs.BOM_UTF8):
            data = data[len(codecs.BOM_UTF8) :]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                text = data.decode("latin-1")
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise RecordError("fichier vide", source_name=name)
    controls = len(_CONTROL_CHARS.findall(text))
    if "\x00" in text or controls > _CONTROL_RATIO * len(text):
        raise RecordError(
            "fichier binaire (caractères de contrôle) : une notice texte ou HTML est attendue",
            source_name=name,
        )
    return text


def detect_format(text: str) -> str | None:
    """The format name of decoded ``text`` (see the module docstring), or None if unknown."""
    stripped = text.lstrip()
    if looks_like_marcxml(stripped):
        return FORMAT_XML
    if looks_like_catalogue_json(stripped):
        return FORMAT_JSON
    if stripped.startswith("<") and _HTML_START.search(stripped):
        return FORMAT_HTML
    if looks_like_csv(text):
        return FORMAT_CSV
    if has_pmb_text_labels(text):
        return FORMAT_TEXT
    if looks_like_rules_page(text):
        return FORMAT_RULES
    return None


_PARSERS = {
    FORMAT_TEXT: parse_pmb_text,
    FORMAT_HTML: parse_pmb_html,
    FORMAT_RULES: parse_rules_page,
}
# These read the file's bytes: (data, name, warnings) -> records (CSV too, but as a stream).
_BYTES_PARSERS = {
    FORMAT_ISO2709: parse_iso2709,
    FORMAT_XML: parse_marcxml,
    FORMAT_JSON: parse_catalogue_json,
}


@dataclass
class ParsedFile:
    """A recognised file: its format, its records and how far they have been read."""

    format: str
    #: Lazy where the format allows (CSV, xlsx, ods); RecordError may be raised while iterating.
    records: Iterable[GameRecord]
    #: ``(units read so far, units in all)``, monotone, ``(n, n)`` once read: bytes of the CSV
    #: file, or of the workbook's XML; records for the formats read whole.
    position: Callable[[], tuple[int, int]]


class _Listed:
    """Records parsed whole, given one at a time; the position counts them."""

    def __init__(self, records: list[GameRecord]):
        self.records, self.done = records, 0

    def __iter__(self) -> Iterator[GameRecord]:
        for done, record in enumerate(self.records, start=1):
            self.done = done
            yield record

    def position(self) -> tuple[int, int]:
        return self.done, len(self.records)


def _whole(fmt: str, records: list[GameRecord], name: str, limits: ImportLimits) -> ParsedFile:
    if len(records) > limits.max_records:
        raise too_many_records(name, limits.max_records)
    listed = _Listed(records)
    return ParsedFile(fmt, listed, listed.position)


def _csv(source: bytes | Path, name: str, warnings, limits: ImportLimits) -> ParsedFile:
    records = CsvFile(source, name, warnings, max_records=limits.max_records)
    return ParsedFile(FORMAT_CSV, records, lambda: (records.position(), records.size))


def _spreadsheet(fmt: str, source, name: str, warnings, limits: ImportLimits) -> ParsedFile:
    records, position = open_spreadsheet(source, name, fmt, warnings, limits)
    return ParsedFile(fmt, records, position)


def parse_source(
    name: str,
    source: bytes | Path,
    warnings: list[str] | None = None,
    *,
    limits: ImportLimits = DEFAULT_LIMITS,
    stream_bytes: int = STREAM_BYTES,
) -> ParsedFile:
    """Recognise one file (its bytes, or its path) and read its records.

    The format is recognised from the content, as described in the module docstring; a file on
    disk larger than ``stream_bytes`` is recognised from its start when it is CSV. CSV, Excel
    and OpenDocument records are read lazily; the other formats (at most a few megabytes) are
    parsed whole. Raises :class:`RecordError` (``source_name`` = ``name``) for an empty, binary,
    truncated, unknown-format or too large file, or for the first bad record — possibly only
    while the records are read. Notes on what a file holds but the catalogue does not keep are
    appended to ``warnings`` (for a workbook, some only once its records are read).
    """
    if isinstance(source, Path):
        if source.stat().st_size > stream_bytes:
            parsed = _parse_large_file(name, source, warnings, limits)
            if parsed is not None:
                return parsed
        source = source.read_bytes()
    return _parse_bytes(name, source, warnings, limits)


def _parse_large_file(name: str, path: Path, warnings, limits) -> ParsedFile | None:
    """A workbook or a CSV file read from disk as it is parsed, or None (read it whole)."""
    spreadsheet = spreadsheet_format(path)
    with open(path, "rb") as handle:
        head = handle.read(64 * 1024)
    if spreadsheet is None and head.startswith(b"PK"):
        spreadsheet = _SPREADSHEET_SUFFIXES.get(Path(name).suffix.lower())
    if spreadsheet is not None:
        return _spreadsheet(spreadsheet, path, name, warnings, limits)
    if not looks_like_iso2709(head) and detect_format(decode(name, head)) == FORMAT_CSV:
        return _csv(path, name, warnings, limits)
    return None


def _parse_bytes(name: str, data: bytes, warnings, limits: ImportLimits) -> ParsedFile:
    spreadsheet = spreadsheet_format(data)
    if spreadsheet is None and data.startswith(b"PK"):
        # A damaged workbook: its name says what it was meant to be, for a clearer refusal.
        spreadsheet = _SPREADSHEET_SUFFIXES.get(Path(name).suffix.lower())
    if spreadsheet is not None:
        return _spreadsheet(spreadsheet, data, name, warnings, limits)
    if looks_like_iso2709(data):
        return _whole(FORMAT_ISO2709, parse_iso2709(data, name, warnings), name, limits)
    text = decode(name, data)
    fmt = detect_format(text)
    if fmt == FORMAT_CSV:
        del text  # the CSV reader decodes the bytes as it reads them
        return _csv(data, name, warnings, limits)
    if fmt in _BYTES_PARSERS:
        return _whole(fmt, _BYTES_PARSERS[fmt](data, name, warnings), name, limits)
    records = _PARSERS[fmt](text, name) if fmt else []
    if not records:
        raise RecordError(
            "format inconnu : ni notice PMB (texte « | Titre : | » ou page HTML de l'OPAC) "
            "ni page de règles reconnaissable",
            source_name=name,
        )
    return _whole(fmt, records, name, limits)


def parse_file(
    name: str, data: bytes, warnings: list[str] | None = None
) -> tuple[str, list[GameRecord]]:
    """:func:`parse_source` read eagerly: ``(format name, records)`` (all read, all checked)."""
    parsed = parse_source(name, data, warnings)
    return parsed.format, list(parsed.records)
