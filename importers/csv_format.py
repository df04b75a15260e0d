"""Spreadsheets saved as CSV: one game a row, under a header row (pure Python, no Django).

The columns a header may name, and how a row becomes a record, are the table's
(:mod:`importers.columns`, shared with the .xlsx and .ods readers); this module reads and writes
the CSV text around them. The delimiter (``,``, ``;`` or tab) is sniffed from the header row.
Encoding: UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV (séparateur :
point-virgule)"); UTF-16 with a BOM is read too. Bytes that fit neither reject the file, naming
the line and column.

A file is recognised as CSV when its first line, split at the sniffed delimiter, holds at least
two known column names. Besides the table's checks, a row with more cells than the header
rejects the file (:class:`RecordError` naming file, line or record, and column). So does a cell
longer than the csv module's field limit (131,072 characters, which is never raised: a rules
text is far shorter, and an unclosed quote would otherwise swallow the rest of the file into one
cell).

:func:`write_csv` writes records with the French header, ``;`` and a UTF-8 BOM (what Excel opens
as is), each cell that a spreadsheet would run as a formula neutralised
(:func:`importers.columns.neutralise_formula`); reading its output gives the same records.
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from importers.columns import COLUMNS, is_known_column, iter_table, neutralise_formula, table_row
from importers.limits import MAX_COLUMNS, MAX_RECORDS, number
from importers.records import GameRecord, RecordError

__all__ = ["FORMAT_CSV", "CsvFile", "looks_like_csv", "parse_csv", "write_csv"]

FORMAT_CSV = "csv"

_DELIMITERS = (";", ",", "\t")
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")


def _first_line(text: str) -> str:
    return text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")


def _sniff(header: str) -> str | None:
    counts = {delimiter: header.count(delimiter) for delimiter in _DELIMITERS}
    delimiter = max(counts, key=counts.get)
    return delimiter if counts[delimiter] else None


def _cells(line: str, delimiter: str) -> list[str]:
    """One line's cells, as far as a single line can tell (a cell over the csv module's field
    limit: split at every delimiter)."""
    try:
        return next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        return line.split(delimiter)


def looks_like_csv(text: str) -> bool:
    """True if the first line is a header with at least two known column names."""
    header = _first_line(text)
    delimiter = _sniff(header)
    if delimiter is None:
        return False
    return sum(is_known_column(name) for name in _cells(header, delimiter)) >= 2


def _decode(data: bytes, source_name: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    bad = _CP1252_UNDEFINED.search(data)
    if bad is None:
        return data.decode("cp1252")
    line_start = data.rfind(b"\n", 0, bad.start()) + 1
    line_number = data.count(b"\n", 0, bad.start()) + 1
    header = data[: data.find(b"\n")].decode("cp1252", errors="replace")
    delimiter = _sniff(header) or ","
    before = data[line_start : bad.start()].decode("cp1252", errors="replace")
    column_index = len(_cells(before, delimiter) or [""]) - 1
    names = _cells(header, delimiter)
    column = names[column_index].strip() if column_index < len(names) else ""
    raise RecordError(
        f"encodage inconnu : l'octet 0x{data[bad.start()]:02X} n'est ni de l'UTF-8 ni du "
        "Windows-1252 (enregistrez le tableau en « CSV UTF-8 »)",
        source_name=source_name,
        record=f"ligne {line_number}",
        field=column,
    )


def parse_csv(data: bytes, source_name: str, warnings: list[str] | None = None) -> list[GameRecord]:
    """Parse a CSV export; raises :class:`RecordError` naming the line (or record) and column."""
    text = _decode(data, source_name).replace("\r\n", "\n").replace("\r", "\n")
    return list(iter_csv(io.StringIO(text.lstrip("\ufeff"), newline=""), source_name, warnings))


def csv_file_encoding(path: Path, source_name: str) -> str:
    """The encoding :func:`parse_csv` would pick for this file, read in blocks (any size)."""
    with open(path, "rb") as handle:
        return _encoding(handle, source_name, path.read_bytes)


def _encoding(handle: BinaryIO, source_name: str, whole: Callable[[], bytes]) -> str:
    start = handle.read(4)
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    handle.seek(0)
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while block := handle.read(1 << 20):
            decoder.decode(block)
        decoder.decode(b"", final=True)
        return "utf-8-sig"
    except UnicodeDecodeError:
        pass
    handle.seek(0)
    while block := handle.read(1 << 20):
        if _CP1252_UNDEFINED.search(block):
            _decode(whole(), source_name)  # raises, naming the line and column
    return "cp1252"


class CsvFile:
    """The records of a CSV file (on disk, or its bytes) of any size, read one at a time
    (bounded memory); :meth:`position` says how many bytes have been read so far."""

    def __init__(
        self,
        source: Path | bytes,
        source_name: str,
        warnings: list[str] | None = None,
        *,
        max_records: int = MAX_RECORDS,
    ):
        self.source, self.source_name, self.warnings = source, source_name, warnings
        self.max_records = max_records
        self.size = len(source) if isinstance(source, bytes) else source.stat().st_size
        self._handle = None

    def position(self) -> int:
        handle = self._handle
        if handle is None:
            return 0  # not started
        return self.size if handle.closed else min(handle.buffer.tell(), self.size)

    def _binary(self) -> BinaryIO:
        source = self.source
        return io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")

    def __iter__(self) -> Iterator[GameRecord]:
        source = self.source
        with self._binary() as binary:
            whole = (lambda: source) if isinstance(source, bytes) else source.read_bytes
            encoding = _encoding(binary, self.source_name, whole)
            binary.seek(0)
            if encoding == "cp1252" and binary.read(3) != codecs.BOM_UTF8:
                binary.seek(0)  # a UTF-8 BOM before Windows-1252 text is dropped, as parse_csv does
            with io.TextIOWrapper(binary, encoding=encoding, newline="") as self._handle:
                lines = (line.replace("\r\n", "\n").replace("\r", "\n") for line in self._handle)
                yield from iter_csv(
                    lines, self.source_name, self.warnings, max_records=self.max_records
                )


def iter_csv(
    lines: Iterable[str],
    source_name: str,
    warnings: list[str] | None = None,
    *,
    max_records: int = MAX_RECORDS,
) -> Iterator[GameRecord]:
    """Records from CSV lines (``\n`` line endings), checked one by one as they are read."""
    lines = iter(lines)
    first = next(lines, "")
    header_line = first.lstrip("\ufeff")
    delimiter = _sniff(header_line.rstrip("\n")) or ","
    read = _LinesRead(itertools.chain([header_line], lines))
    reader = csv.reader(read, delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise RecordError("fichier CSV vide", source_name=source_name) from None
    except csv.Error as error:
        raise _csv_error(error, read, delimiter, [], "en-tête", source_name) from None

    def rows() -> Iterator[tuple[int, list[str]]]:
        while True:
            read.record_start()
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                record = f"ligne {read.start_line}"
                raise _csv_error(error, read, delimiter, header, record, source_name) from None
            if not any(cell.strip() for cell in row):
                continue  # blank line
            line = reader.line_num
            if len(row) > len(header) and any(cell.strip() for cell in row[len(header) :]):
                raise RecordError(
                    f"ligne {line} : {len(row)} cellules pour {len(header)} colonnes (séparateur "
                    f"« {delimiter} » dans une valeur sans guillemets ?)",
                    source_name=source_name,
                    record=f"ligne {line}",
                )
            yield line, row

    if len(header) > MAX_COLUMNS:
        raise RecordError(
            f"en-tête de {number(len(header))} colonnes, plus que {number(MAX_COLUMNS)}",
            source_name=source_name,
            record="en-tête",
        )
    yield from iter_table(
        header, rows(), source_name, warnings, fmt=FORMAT_CSV, max_records=max_records
    )


class _LinesRead:
    """The CSV lines, keeping those of the record being read (to say where it went wrong)."""

    def __init__(self, lines: Iterable[str]):
        self._lines = iter(lines)
        self.count = 0  # lines read so far
        self.start_line = 1  # the line the current record starts on
        self.current: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self.count += 1
        self.current.append(line)
        return line

    def record_start(self) -> None:
        self.start_line = self.count + 1
        self.current.clear()


def _csv_error(error: csv.Error, read: _LinesRead, delimiter, header, record, source_name):
    """The :class:`RecordError` for what the csv module refused in the current record."""
    limit = csv.field_size_limit()
    if "field limit" not in str(error):
        return RecordError(
            f"ligne {read.count} : CSV illisible ({error})", source_name=source_name, record=record
        )
    position = _oversized_cell("".join(read.current), delimiter, limit)
    column = ""
    if position is not None:
        column = header[position].strip() if position < len(header) else ""
        column = column or f"colonne n° {position + 1}"
    return RecordError(
        f"ligne {read.start_line} : cellule de plus de {limit:,} caractères, la limite du format "
        "CSV (guillemet non refermé ?)".replace(",", "\u202f", 1),
        source_name=source_name,
        record=record,
        field=column,
    )


def _oversized_cell(text: str, delimiter: str, limit: int) -> int | None:
    """The position (from 0) of the first cell of ``text``'s first record longer than ``limit``
    characters, read as the csv module reads it (quotes, doubled quotes), or None."""
    position, length, quoted, quote_seen, at_start = 0, 0, False, False, True
    for char in text:
        if quoted:
            if quote_seen:
                quote_seen = False
                if char != '"':
                    quoted = False  # the closing quote: read on as unquoted text
            elif char == '"':
                quote_seen = True
                continue
        if not quoted:
            if char == '"' and at_start:
                quoted, at_start = True, False
                continue
            at_start = False
            if char == delimiter:
                position, length, at_start = position + 1, 0, True
                continue
            if char == "\n":
                return None
        length += 1
        if length > limit:
            return position
    return None


# --------------------------------------------------------------------------- writing


def _cell(value: object) -> object:
    if value is None:
        return ""
    return neutralise_formula(value) if isinstance(value, str) else value


def write_csv(records: Iterable[GameRecord]) -> bytes:
    """The records as CSV: French header, ``;`` delimiter, UTF-8 with BOM, CRLF rows."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([names[0] for names in COLUMNS.values()])
    for record in records:
        row = table_row(record)
        writer.writerow([_cell(row[key]) for key in COLUMNS])
    return codecs.BOM_UTF8 + out.getvalue().encode("utf-8")
