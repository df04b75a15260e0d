"""Spreadsheets as the library keeps them: Excel ``.xlsx`` and OpenDocument ``.ods``, read with
the same columns, checks and messages as CSV (pure Python, no Django).

The first sheet is read: its first row is the header (:mod:`importers.columns` lists the
columns), every other row a game; blank rows are skipped, other sheets are named in the
warnings. A number cell gives its number (« 2 », not « 2.0 »), a formula cell the value the
spreadsheet last computed (Excel saves it with the file), a date cell its ISO date.

Both formats are ZIP archives: a file is recognised by the archive's contents, never by its
name. An archive that is not a readable workbook, or that would unpack to more than
:data:`MAX_UNPACKED_BYTES` (a « ZIP bomb »), is refused with a message naming the file, and
nothing of it is written.

The sheet is read as a stream (:mod:`importers.xlsx_stream`, :mod:`importers.ods_stream`): rows
become records one at a time, and what a file only declares — a dimension, a row at line
1,000,000,000, a row or cell repeated a million times — allocates nothing. What the rows really
hold is counted against the caps of :mod:`importers.limits` (records, columns, cells,
characters), and a file over one of them is refused with a message saying which.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from importers.columns import iter_table
from importers.limits import DEFAULT_LIMITS, Budget, ImportLimits
from importers.ods_stream import OdsWorkbook
from importers.records import GameRecord, RecordError
from importers.xlsx_stream import XlsxWorkbook
from importers.xml_stream import XmlForbidden

__all__ = [
    "FORMAT_ODS",
    "FORMAT_XLSX",
    "MAX_UNPACKED_BYTES",
    "open_spreadsheet",
    "parse_ods",
    "parse_xlsx",
    "spreadsheet_format",
]

FORMAT_XLSX = "xlsx"
FORMAT_ODS = "ods"

#: An archive whose members add up to more than this is refused before anything is unpacked.
#: Reading streams, so this bounds the time a file takes, not the memory: an honest workbook of
#: 100,000 games with their rules unpacks to about 300 MB.
MAX_UNPACKED_BYTES = 1024 * 1024 * 1024
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"

_NAMES = {FORMAT_XLSX: "classeur Excel (.xlsx)", FORMAT_ODS: "classeur OpenDocument (.ods)"}
_READERS = {FORMAT_XLSX: XlsxWorkbook, FORMAT_ODS: OdsWorkbook}
Source = bytes | Path


def _archive(source: Source) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)


def _starts_like_zip(source: Source) -> bool:
    if isinstance(source, bytes):
        return source.startswith(b"PK\x03\x04")
    with open(source, "rb") as handle:
        return handle.read(4) == b"PK\x03\x04"


def spreadsheet_format(source: Source) -> str | None:
    """``xlsx`` or ``ods`` when ``source`` (bytes or a file) is such a workbook's archive."""
    if not _starts_like_zip(source):
        return None
    try:
        with _archive(source) as archive:
            names = set(archive.namelist())
            if "mimetype" in names:
                with archive.open("mimetype") as member:
                    if member.read(len(ODS_MIMETYPE) + 16).strip() == ODS_MIMETYPE:
                        return FORMAT_ODS
            if "xl/workbook.xml" in names and "[Content_Types].xml" in names:
                return FORMAT_XLSX
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, EOFError):
        return None
    return None


def parse_xlsx(
    data: bytes, source_name: str, warnings: list[str] | None = None
) -> list[GameRecord]:
    """The games of an Excel workbook's first sheet; raises :class:`RecordError`."""
    return list(open_spreadsheet(data, source_name, FORMAT_XLSX, warnings)[0])


def parse_ods(data: bytes, source_name: str, warnings: list[str] | None = None) -> list[GameRecord]:
    """The games of an OpenDocument workbook's first sheet; raises :class:`RecordError`."""
    return list(open_spreadsheet(data, source_name, FORMAT_ODS, warnings)[0])


def open_spreadsheet(
    source: Source,
    source_name: str,
    fmt: str,
    warnings: list[str] | None = None,
    limits: ImportLimits = DEFAULT_LIMITS,
) -> tuple[Iterator[GameRecord], Callable[[], tuple[int, int]]]:
    """The games of a workbook's first sheet, read lazily, and ``position()``: the sheet's XML
    bytes read so far and in all. Raises :class:`RecordError`, now or while the games are read."""
    _check_archive(source, source_name, fmt)
    archive = _archive(source)
    try:
        workbook = _guarded(lambda: _READERS[fmt](archive, source_name, limits), source_name, fmt)
    except RecordError:
        archive.close()
        raise
    return _records(archive, workbook, source_name, fmt, warnings, limits), workbook.position


def _guarded(read: Callable, source_name: str, fmt: str):
    """``read()``, with any error of a damaged or hostile archive as a :class:`RecordError`."""
    try:
        return read()
    except RecordError:
        raise
    except XmlForbidden:
        raise RecordError(
            f"{_NAMES[fmt]} refusé : son XML déclare une DTD ou des entités, ce qu'aucun "
            "tableur n'écrit",
            source_name=source_name,
        ) from None
    except Exception as error:  # any error on a damaged file: refuse the file
        raise RecordError(
            f"{_NAMES[fmt]} illisible ({type(error).__name__}) : enregistrez-le de nouveau "
            "depuis le tableur, ou en CSV",
            source_name=source_name,
        ) from None


def _records(archive, workbook, source_name, fmt, warnings, limits) -> Iterator[GameRecord]:
    with archive:
        rows = _rows(workbook, source_name, fmt, warnings, limits)
        title = workbook.title if fmt == FORMAT_ODS else None
        if fmt == FORMAT_XLSX:
            if not workbook.sheet_names:
                raise RecordError(f"{_NAMES[fmt]} sans feuille", source_name=source_name)
            title, others = workbook.sheet_names[0], workbook.sheet_count - 1
            _warn_other_sheets(warnings, title, workbook.sheet_names[1:], others)
        header = _guarded(lambda: next(rows, None), source_name, fmt)
        if fmt == FORMAT_ODS:
            if workbook.tables == 0:
                raise RecordError(f"{_NAMES[fmt]} sans feuille", source_name=source_name)
            title = workbook.title
        if fmt == FORMAT_XLSX and header is not None and header[0] != 1:
            header = None  # the header is the first row, and it is blank
        if header is None or not any(cell.strip() for cell in header[1]):
            raise RecordError(
                f"feuille « {title} » vide : la première ligne doit nommer les colonnes",
                source_name=source_name,
            )
        yield from iter_table(
            header[1], rows, source_name, warnings, fmt=fmt, max_records=limits.max_records
        )


def _rows(workbook, source_name, fmt, warnings, limits) -> Iterator[tuple[int, list[str]]]:
    """The sheet's rows that hold a value, each repeated row given as many times as it is
    repeated — once its copies are counted against the caps."""
    budget = Budget(source_name, limits)
    stream = workbook.rows()
    while True:
        row = _guarded(lambda: next(stream, None), source_name, fmt)
        if row is None:
            break
        line, cells, repeat = row
        budget.row(line, cells, repeat)
        if repeat > 1 and not any(cell.strip() for cell in cells):
            repeat = 1  # blank copies are all skipped: one says as much
        for offset in range(repeat):
            yield line + offset, cells
    if fmt == FORMAT_ODS:
        others = workbook.tables - 1
        _warn_other_sheets(warnings, workbook.title, workbook.other_names, others)


def _warn_other_sheets(warnings, title: str, names: list[str], count: int) -> None:
    if count <= 0 or warnings is None:
        return
    listed = ", ".join(f"« {name} »" for name in names)
    if count > len(names):
        listed += f" et {count - len(names)} autres"
    warnings.append(f"seule la première feuille (« {title} ») est lue ; ignorées : {listed}")


def _check_archive(source: Source, source_name: str, fmt: str) -> None:
    try:
        with _archive(source) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise RecordError(
            f"{_NAMES[fmt]} illisible : archive endommagée", source_name=source_name
        ) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise RecordError(
            f"{_NAMES[fmt]} refusé : il se décompresse en plus de "
            f"{MAX_UNPACKED_BYTES // (1024 * 1024)} Mo",
            source_name=source_name,
        )
