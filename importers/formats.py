"""Decode an uploaded file, recognise its format and parse it (pure Python, no Django).

:func:`parse_file` is the single entry point: it returns ``(format name, records)`` or raises
:class:`RecordError` (French message naming the file, and the record and field when known).
One bad record rejects the whole file, so the caller writes nothing from it.

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
   (:func:`importers.pmb.looks_like_rules_page`);
7. anything else is an unknown format — as is an HTML document in which no label row is found.

The UNIMARC, CSV and JSON parsers read the original bytes (they decode them by their own rules)
and may add notes to a ``warnings`` list (fields not imported, copies…).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from importers.csv_format import FORMAT_CSV, CsvFile, looks_like_csv, parse_csv
from importers.json_format import FORMAT_JSON, looks_like_catalogue_json, parse_catalogue_json
from importers.marc import (
    FORMAT_ISO2709,
    FORMAT_XML,
    looks_like_iso2709,
    looks_like_marcxml,
    parse_iso2709,
    parse_marcxml,
)
from importers.pmb import (
    FORMAT_HTML,
    FORMAT_RULES,
    FORMAT_TEXT,
    has_pmb_text_labels,
    looks_like_rules_page,
    parse_pmb_html,
    parse_pmb_text,
    parse_rules_page,
)
from importers.records import GameRecord, RecordError
from importers.spreadsheet_format import (
    FORMAT_ODS,
    FORMAT_XLSX,
    parse_ods,
    parse_xlsx,
    spreadsheet_format,
)

__all__ = ["FORMATS", "decode", "detect_format", "parse_file", "parse_path"]

# Files above this size are streamed when they are CSV (the command line's large exports).
STREAM_BYTES = 4 * 1024 * 1024

FORMATS = (
    FORMAT_TEXT, FORMAT_HTML, FORMAT_RULES, FORMAT_ISO2709, FORMAT_XML, FORMAT_CSV, FORMAT_JSON,
    FORMAT_XLSX, FORMAT_ODS,
)  # fmt: skip
_SPREADSHEET_PARSERS = {FORMAT_XLSX: parse_xlsx, FORMAT_ODS: parse_ods}
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
# These read the file's bytes: (data, name, warnings) -> records.
_BYTES_PARSERS = {
    FORMAT_ISO2709: parse_iso2709,
    FORMAT_XML: parse_marcxml,
    FORMAT_CSV: parse_csv,
    FORMAT_JSON: parse_catalogue_json,
}


def parse_file(
    name: str, data: bytes, warnings: list[str] | None = None
) -> tuple[str, list[GameRecord]]:
    """Decode, recognise and parse one uploaded file: ``(format name, records)``.

    Raises :class:`RecordError` (``source_name`` = ``name``) for an empty, binary, truncated or
    unknown-format file, or for the first bad record (no title, non-numeric count, min > max…).
    Notes on what a file holds but the catalogue does not keep are appended to ``warnings``.
    """
    spreadsheet = spreadsheet_format(data)
    if spreadsheet is None and data.startswith(b"PK"):
        # A damaged workbook: its name says what it was meant to be, for a clearer refusal.
        spreadsheet = _SPREADSHEET_SUFFIXES.get(Path(name).suffix.lower())
    if spreadsheet is not None:
        return spreadsheet, _SPREADSHEET_PARSERS[spreadsheet](data, name, warnings)
    if looks_like_iso2709(data):
        return FORMAT_ISO2709, parse_iso2709(data, name, warnings)
    text = decode(name, data)
    fmt = detect_format(text)
    if fmt in _BYTES_PARSERS:
        return fmt, _BYTES_PARSERS[fmt](data, name, warnings)
    records = _PARSERS[fmt](text, name) if fmt else []
    if not records:
        raise RecordError(
            "format inconnu : ni notice PMB (texte « | Titre : | » ou page HTML de l'OPAC) "
            "ni page de règles reconnaissable",
            source_name=name,
        )
    return fmt, records


def parse_path(
    path: Path, name: str, warnings: list[str] | None = None, *, stream_bytes: int = STREAM_BYTES
) -> tuple[str, Iterable[GameRecord], Callable[[], int] | None]:
    """Like :func:`parse_file` for a file on disk: ``(format, records, position)``.

    A large CSV file is read lazily, one record at a time, and ``position()`` tells how many of
    its bytes have been read; any other file is read whole (``position`` is None). Errors are
    raised as the records are read, so the caller writes them in a transaction it can undo.
    """
    if path.stat().st_size > stream_bytes:
        with open(path, "rb") as handle:
            head = handle.read(64 * 1024)
        if not looks_like_iso2709(head) and detect_format(decode(name, head)) == FORMAT_CSV:
            records = CsvFile(path, name, warnings)
            return FORMAT_CSV, records, records.position
    fmt, records = parse_file(name, path.read_bytes(), warnings)
    return fmt, records, None
