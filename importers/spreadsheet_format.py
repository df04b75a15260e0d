"""Spreadsheets as the library keeps them: Excel ``.xlsx`` (openpyxl) and OpenDocument ``.ods``
(odfpy), read with the same columns, checks and messages as CSV (pure Python, no Django).

The first sheet is read: its first row is the header (:mod:`importers.csv_format` lists the
columns), every other row a game; blank rows are skipped, other sheets are named in the
warnings. A number cell gives its number (« 2 », not « 2.0 »), a formula cell the value the
spreadsheet last computed (Excel saves it with the file), a date cell its ISO date.

Both formats are ZIP archives: a file is recognised by the archive's contents, never by its
name. An archive that is not a readable workbook, or that would unpack to more than
:data:`MAX_UNPACKED_BYTES` (a « ZIP bomb »), is refused with a message naming the file, and
nothing of it is written.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Iterator

from importers.csv_format import iter_table
from importers.records import GameRecord, RecordError

__all__ = [
    "FORMAT_ODS",
    "FORMAT_XLSX",
    "MAX_UNPACKED_BYTES",
    "parse_ods",
    "parse_xlsx",
    "spreadsheet_format",
]

FORMAT_XLSX = "xlsx"
FORMAT_ODS = "ods"

#: An archive whose members add up to more than this is refused before anything is unpacked.
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
# Cells a row may repeat (LibreOffice writes « 16 000 empty cells » as one repeated cell).
_MAX_COLUMNS = 1024

_NAMES = {FORMAT_XLSX: "classeur Excel (.xlsx)", FORMAT_ODS: "classeur OpenDocument (.ods)"}


def spreadsheet_format(data: bytes) -> str | None:
    """``xlsx`` or ``ods`` when ``data`` is such a workbook's archive, else None."""
    if not data.startswith(b"PK\x03\x04"):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "mimetype" in names and archive.read("mimetype").strip() == ODS_MIMETYPE:
                return FORMAT_ODS
            if "xl/workbook.xml" in names and "[Content_Types].xml" in names:
                return FORMAT_XLSX
    except (zipfile.BadZipFile, OSError, KeyError, ValueError):
        return None
    return None


def parse_xlsx(
    data: bytes, source_name: str, warnings: list[str] | None = None
) -> list[GameRecord]:
    """The games of an Excel workbook's first sheet; raises :class:`RecordError`."""
    return _parse(data, source_name, warnings, FORMAT_XLSX, _xlsx_rows)


def parse_ods(data: bytes, source_name: str, warnings: list[str] | None = None) -> list[GameRecord]:
    """The games of an OpenDocument workbook's first sheet; raises :class:`RecordError`."""
    return _parse(data, source_name, warnings, FORMAT_ODS, _ods_rows)


def _parse(data, source_name, warnings, fmt, read) -> list[GameRecord]:
    _check_archive(data, source_name, fmt)
    try:
        sheets = read(data)
    except RecordError:
        raise
    except Exception as error:  # any library's error on a damaged file: refuse the file
        raise RecordError(
            f"{_NAMES[fmt]} illisible ({type(error).__name__}) : enregistrez-le de nouveau "
            "depuis le tableur, ou en CSV",
            source_name=source_name,
        ) from None
    if not sheets:
        raise RecordError(f"{_NAMES[fmt]} sans feuille", source_name=source_name)
    (title, rows), others = sheets[0], sheets[1:]
    if others and warnings is not None:
        names = ", ".join(f"« {name} »" for name, _rows in others)
        warnings.append(f"seule la première feuille (« {title} ») est lue ; ignorées : {names}")
    rows = iter(rows)
    header = next(rows, None)
    if header is None or not any(cell.strip() for cell in header[1]):
        raise RecordError(
            f"feuille « {title} » vide : la première ligne doit nommer les colonnes",
            source_name=source_name,
        )
    return list(iter_table(header[1], rows, source_name, warnings, fmt=fmt))


def _check_archive(data: bytes, source_name: str, fmt: str) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise RecordError(
            f"{_NAMES[fmt]} illisible : archive endommagée", source_name=source_name
        ) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise RecordError(
            f"{_NAMES[fmt]} refusé : il se décompresse en plus de "
            f"{MAX_UNPACKED_BYTES // (1024 * 1024)} Mo",
            source_name=source_name,
        )


def _text(value) -> str:
    """A cell's value as the CSV would hold it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


# --------------------------------------------------------------------------- xlsx


def _xlsx_rows(data: bytes) -> list[tuple[str, Iterator[tuple[int, list[str]]]]]:
    from openpyxl import load_workbook

    # read_only streams the sheet; data_only gives a formula's saved value, never the formula.
    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    sheets = []
    for sheet in workbook.worksheets:
        rows = [
            (number, [_text(value) for value in row[:_MAX_COLUMNS]])
            for number, row in enumerate(sheet.iter_rows(values_only=True), start=1)
        ]
        sheets.append((sheet.title, iter(rows)))
    workbook.close()
    return sheets


# --------------------------------------------------------------------------- ods


def _ods_rows(data: bytes) -> list[tuple[str, Iterator[tuple[int, list[str]]]]]:
    from odf.opendocument import load
    from odf.table import Table, TableRow

    document = load(io.BytesIO(data))
    sheets = []
    for table in document.spreadsheet.getElementsByType(Table):
        rows = []
        number = 0
        for row in table.getElementsByType(TableRow):
            repeat = int(row.getAttribute("numberrowsrepeated") or 1)
            cells = _ods_cells(row)
            number += 1
            if any(cells):
                # A repeated row that holds something is that many games (rare, but meant).
                for offset in range(min(repeat, 10_000)):
                    rows.append((number + offset, cells))
            number += repeat - 1
        sheets.append((table.getAttribute("name") or "", iter(rows)))
    return sheets


def _ods_cells(row) -> list[str]:
    from odf import teletype
    from odf.text import P

    cells: list[str] = []
    for cell in row.childNodes:
        if getattr(cell, "qname", (None, None))[1] not in ("table-cell", "covered-table-cell"):
            continue
        repeat = int(cell.getAttribute("numbercolumnsrepeated") or 1)
        kind = cell.getAttribute("valuetype") if cell.qname[1] == "table-cell" else None
        if kind in ("float", "percentage", "currency"):
            value = _text(float(cell.getAttribute("value")))
        elif kind == "date":
            value = cell.getAttribute("datevalue") or ""
        elif kind == "boolean":
            value = _text(cell.getAttribute("booleanvalue") == "true")
        else:
            value = "\n".join(teletype.extractText(p) for p in cell.getElementsByType(P))
        cells.extend([value] * min(repeat, _MAX_COLUMNS - len(cells)))
        if len(cells) >= _MAX_COLUMNS:
            break
    while cells and not cells[-1]:
        cells.pop()
    return cells
