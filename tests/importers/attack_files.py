"""Workbooks and CSV files built for the import's limits: small archives that claim a lot (a
cell on row 10⁹, a row repeated a million times, 20 MB of empty cells in a few kilobytes) and
honest files of 100,000 games. Written straight as XML into a ZIP, in a few seconds at most,
so that no large binary is kept in the repository (the tests and bench/import_bench.py use them).
"""

from __future__ import annotations

import itertools
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HEADER = ["titre", "editeur", "joueurs_min", "joueurs_max", "age_min", "regle"]

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'
)
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_WORKBOOK = (
    f'<?xml version="1.0" encoding="UTF-8"?>\n<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}">'
    '<sheets><sheet name="Jeux" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
    "</Relationships>"
)
_ODS_MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
_ODS_OPEN = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content '
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
    '<office:body><office:spreadsheet><table:table table:name="Jeux">'
)
_ODS_CLOSE = "</table:table></office:spreadsheet></office:body></office:document-content>"


def column_letters(number: int) -> str:
    """1 → ``A``, 16384 → ``XFD``."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _write_member(archive: zipfile.ZipFile, name: str, parts: Iterable[str]) -> None:
    info = zipfile.ZipInfo(name)
    info.compress_type = zipfile.ZIP_DEFLATED
    with archive.open(info, "w", force_zip64=True) as member:
        buffer: list[str] = []
        for part in parts:
            buffer.append(part)
            if len(buffer) >= 4096:
                member.write("".join(buffer).encode("utf-8"))
                buffer.clear()
        member.write("".join(buffer).encode("utf-8"))


def _deflated(path: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9)


# ----------------------------------------------------------------------------- xlsx


def xlsx_cell(reference: str, value) -> str:
    if isinstance(value, (int, float)):
        return f'<c r="{reference}"><v>{value}</v></c>'
    return f'<c r="{reference}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def xlsx_row(number: int, cells: Iterable[tuple[int, object]]) -> str:
    inner = "".join(xlsx_cell(f"{column_letters(c)}{number}", value) for c, value in cells)
    return f'<row r="{number}">{inner}</row>'


def write_xlsx(
    path: Path,
    rows: Iterable[str],
    *,
    dimension: str = "A1",
    shared_strings: Iterable[str] | None = None,
) -> Path:
    """An .xlsx whose first sheet holds these ``<row>`` elements (see :func:`xlsx_row`)."""
    with _deflated(path) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("xl/workbook.xml", _WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        sheet_open = (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="{_MAIN}">'
            f'<dimension ref="{dimension}"/><sheetData>'
        )
        sheet = itertools.chain([sheet_open], rows, ["</sheetData></worksheet>"])
        _write_member(archive, "xl/worksheets/sheet1.xml", sheet)
        if shared_strings is not None:
            strings = (f"<si><t>{escape(text)}</t></si>" for text in shared_strings)
            table = itertools.chain([f'<sst xmlns="{_MAIN}">'], strings, ["</sst>"])
            _write_member(archive, "xl/sharedStrings.xml", table)
    return path


def header_xlsx_row() -> str:
    return xlsx_row(1, enumerate(HEADER, start=1))


def xlsx_far_row(path: Path, row: int) -> Path:
    """A header, then one game on row ``row``; the sheet claims to be XFD1048576 wide and high."""
    rows = [header_xlsx_row(), xlsx_row(row, [(1, "Jeu lointain"), (3, 2)])]
    return write_xlsx(path, rows, dimension="A1:XFD1048576")


def xlsx_wide_row(path: Path, columns: int = 16_384) -> Path:
    """A header, then a game whose row fills every column up to ``columns`` (XFD)."""
    cells = [(1, "Jeu large"), *((c, "x") for c in range(2, columns + 1))]
    return write_xlsx(path, [header_xlsx_row(), xlsx_row(2, cells)], dimension="A1:XFD2")


def xlsx_huge_shared_strings(path: Path, count: int, length: int = 100) -> Path:
    """A header and one game, with a shared strings table of ``count`` strings nobody uses."""
    strings = (f"{i:08d}" + "t" * (length - 8) for i in range(count))
    rows = [header_xlsx_row(), xlsx_row(2, [(1, "Jeu"), (3, 2)])]
    return write_xlsx(path, rows, shared_strings=strings)


def game_cells(i: int) -> list[tuple[int, object]]:
    return [(1, f"Jeu numéro {i}"), (2, "Gigamic"), (3, 2), (4, 4), (5, 8), (6, "On lance le dé.")]


def xlsx_games(path: Path, n: int) -> Path:
    """An honest workbook of ``n`` games, their texts in the shared strings table."""
    texts: dict[str, int] = {}

    def shared(value: str) -> int:
        return texts.setdefault(value, len(texts))

    def rows() -> Iterator[str]:
        yield header_xlsx_row()
        for i in range(n):
            cells = []
            for column, value in game_cells(i):
                reference = f"{column_letters(column)}{i + 2}"
                if isinstance(value, str):
                    cells.append(f'<c r="{reference}" t="s"><v>{shared(value)}</v></c>')
                else:
                    cells.append(f'<c r="{reference}"><v>{value}</v></c>')
            yield f'<row r="{i + 2}">{"".join(cells)}</row>'

    sheet_rows = list(rows())  # fills the table, whose order the sheet's indexes follow
    return write_xlsx(path, sheet_rows, shared_strings=list(texts))


# ----------------------------------------------------------------------------- ods


def ods_cell(value, repeat: int = 1) -> str:
    repeated = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    if value is None:
        return f"<table:table-cell{repeated}/>"
    if isinstance(value, (int, float)):
        return (
            f'<table:table-cell{repeated} office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    return (
        f'<table:table-cell{repeated} office:value-type="string">'
        f"<text:p>{escape(str(value))}</text:p></table:table-cell>"
    )


def ods_row(values: Iterable, repeat: int = 1) -> str:
    repeated = f" table:number-rows-repeated={quoteattr(str(repeat))}" if repeat > 1 else ""
    return f"<table:table-row{repeated}>{''.join(ods_cell(v) for v in values)}</table:table-row>"


def write_ods(path: Path, rows: Iterable[str]) -> Path:
    """An .ods whose first table holds these ``<table:table-row>`` elements."""
    with _deflated(path) as archive:
        archive.writestr(
            zipfile.ZipInfo("mimetype"), _ODS_MIMETYPE, compress_type=zipfile.ZIP_STORED
        )
        _write_member(archive, "content.xml", itertools.chain([_ODS_OPEN], rows, [_ODS_CLOSE]))
    return path


def ods_repeated_rows(path: Path, *, rows: int = 1000, repeat: int = 1_000_000, filled=True):
    """A header, then ``rows`` rows each repeated ``repeat`` times: a game each when ``filled``,
    else empty (LibreOffice's way of saying « the sheet goes on »), then one last game."""
    body = (ods_row([f"Jeu {i}", None, 2] if filled else [None, None], repeat) for i in range(rows))
    return write_ods(
        path, itertools.chain([ods_row(HEADER)], body, [ods_row(["Dernier", None, 3])])
    )


def ods_empty_cells(path: Path, megabytes: int = 20) -> Path:
    """A header, ``megabytes`` of empty rows of empty cells written one by one (no repeat
    attribute: every element really is in content.xml), then one game."""
    filler = "<table:table-row>" + "<table:table-cell/>" * 8 + "</table:table-row>"
    count = megabytes * 1024 * 1024 // len(filler)
    rows = itertools.repeat(filler, count)
    return write_ods(path, itertools.chain([ods_row(HEADER)], rows, [ods_row(["Jeu du bout"])]))


def ods_games(path: Path, n: int) -> Path:
    """An honest OpenDocument workbook of ``n`` games."""
    rows = (ods_row([value for _column, value in game_cells(i)]) for i in range(n))
    return write_ods(path, itertools.chain([ods_row(HEADER)], rows))


# ----------------------------------------------------------------------------- csv


def csv_games(path: Path, n: int) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(";".join(HEADER) + "\n")
        for i in range(n):
            handle.write(";".join(str(value) for _column, value in game_cells(i)) + "\n")
    return path
