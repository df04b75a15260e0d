"""An OpenDocument spreadsheet's first table, read as a stream of rows (pure Python, no Django).

``content.xml`` is parsed as it is unpacked, never as a document tree. LibreOffice writes « 16,000
empty cells » or « a million empty rows » as one element with ``number-columns-repeated`` or
``number-rows-repeated``: a repeated empty cell or row is only counted, never allocated; a
repeated row that holds something is one row given with its repeat count (that many games,
which the caller checks against the caps before reading them).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator

from importers.limits import ImportLimits, number
from importers.records import RecordError
from importers.xml_stream import XmlMember, cell_text

__all__ = ["OdsWorkbook"]

_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_TABLE_ELEMENT = _TABLE + "table"
_ROW = _TABLE + "table-row"
_CELLS = (_TABLE + "table-cell", _TABLE + "covered-table-cell")
_PARAGRAPH = _TEXT + "p"
_ANNOTATION = _OFFICE + "annotation"
_NUMBERS = ("float", "percentage", "currency")
# Tables named in the warnings (a document may hold any number of them).
_TABLES_NAMED = 100


class OdsWorkbook:
    """The first table of an open ``.ods`` archive: :meth:`rows`, :meth:`position`, and the
    names of the other tables once the rows are read (:attr:`other_names`)."""

    def __init__(self, archive: zipfile.ZipFile, source_name: str, limits: ImportLimits):
        self.source_name, self.limits = source_name, limits
        self.content = XmlMember(archive, "content.xml")
        self.title: str | None = None
        self.other_names: list[str] = []
        self.tables = 0

    def position(self) -> tuple[int, int]:
        """Bytes of ``content.xml`` read so far, and in all."""
        return self.content.done, self.content.size

    def rows(self) -> Iterator[tuple[int, list[str], int]]:
        """``(row number, cells, repeat)`` for every row of the first table holding a value."""
        reader = _TableReader(self)
        for _ in self.content.parse(reader.start, reader.end, reader.text):
            ready, reader.ready = reader.ready, []
            yield from ready

    def error(self, line: int, message: str) -> RecordError:
        return RecordError(
            f"ligne {line} : classeur OpenDocument (.ods) refusé : {message}",
            source_name=self.source_name,
            record=f"ligne {line}",
        )


class _TableReader:
    """Expat handlers: finished rows of the first table go to :attr:`ready`."""

    def __init__(self, workbook: OdsWorkbook):
        self.workbook = workbook
        self.limits = workbook.limits
        self.ready: list[tuple[int, list[str], int]] = []
        self.depth = 0  # tables open (a table inside a cell is part of that cell)
        self.first = False  # inside the first table
        self.line = 1  # the number of the next row
        self.cells: list[str] = []
        self.empty = 0  # empty cells after the last value, not allocated
        self.row_repeat = 1
        self.cell: tuple[int, str | None, str] | None = None  # (repeat, kind, value)
        self.paragraphs: list[str] = []
        self.parts: list[str] | None = None
        self.chars = 0
        self.annotation = 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == _TABLE_ELEMENT:
            self._table_start(attrs)
        elif not self.first or self.depth != 1:
            return
        elif self.annotation:
            self.annotation += name == _ANNOTATION
        elif name == _ROW:
            self.row_repeat = self._count(attrs.get(_TABLE + "number-rows-repeated"))
            self.cells, self.empty = [], 0
        elif name in _CELLS:
            self._cell_start(name, attrs)
        elif self.cell is None:
            return
        elif name == _ANNOTATION:
            self.annotation = 1
        elif name == _PARAGRAPH and self.parts is None:
            self.parts = []
        elif self.parts is not None and name.startswith(_TEXT):
            self._inline(name[len(_TEXT) :], attrs)

    def _table_start(self, attrs: dict[str, str]) -> None:
        self.depth += 1
        if self.depth != 1:
            return
        workbook = self.workbook
        workbook.tables += 1
        name = attrs.get(_TABLE + "name", "")
        if workbook.tables == 1:
            workbook.title, self.first = name, True
        elif len(workbook.other_names) < _TABLES_NAMED:
            workbook.other_names.append(name)

    def _count(self, value: str | None) -> int:
        count = int(value) if value else 1
        if count < 1:
            raise self.workbook.error(self.line, f"nombre de répétitions invalide « {value} »")
        return count

    def _cell_start(self, name: str, attrs: dict[str, str]) -> None:
        repeat = self._count(attrs.get(_TABLE + "number-columns-repeated"))
        kind = attrs.get(_OFFICE + "value-type") if name == _CELLS[0] else None
        if kind in _NUMBERS:
            value = cell_text(float(attrs.get(_OFFICE + "value", "")))
        elif kind == "date":
            value = attrs.get(_OFFICE + "date-value", "")
        elif kind == "boolean":
            value = cell_text(attrs.get(_OFFICE + "boolean-value") == "true")
        else:
            kind, value = None, ""
        self.cell = (repeat, kind, value)
        self.paragraphs, self.parts, self.chars = [], None, 0

    def _inline(self, tag: str, attrs: dict[str, str]) -> None:
        """Spaces, tabs and line breaks inside a paragraph, as odfpy's teletype reads them."""
        if tag == "s":
            self._add(" " * self._spaces(attrs.get(_TEXT + "c")))
        elif tag == "tab":
            self._add("\t")
        elif tag == "line-break":
            self._add("\n")

    def _spaces(self, value: str | None) -> int:
        count = int(value) if value else 1
        if count > self.limits.max_cell_chars - self.chars:  # checked before building them
            raise self._too_long()
        return max(count, 0)

    def _too_long(self) -> RecordError:
        return self.workbook.error(
            self.line, f"cellule de plus de {number(self.limits.max_cell_chars)} caractères"
        )

    def _add(self, data: str) -> None:
        self.chars += len(data)
        if self.chars > self.limits.max_cell_chars:
            raise self._too_long()
        self.parts.append(data)

    def text(self, data: str) -> None:
        if self.parts is not None and not self.annotation:
            self._add(data)

    def end(self, name: str) -> None:
        if name == _TABLE_ELEMENT:
            self.depth -= 1
            if self.depth == 0:
                self.first = False
            return
        if not self.first or self.depth != 1:
            return
        if self.annotation:
            self.annotation -= name == _ANNOTATION
        elif name == _PARAGRAPH and self.parts is not None:
            self.paragraphs.append("".join(self.parts))
            self.chars += 1  # the line break between paragraphs
            self.parts = None
        elif name in _CELLS and self.cell is not None:
            self._cell_end()
        elif name == _ROW:
            if self.cells:
                self.ready.append((self.line, self.cells, self.row_repeat))
            self.line += self.row_repeat
            self.cells, self.empty = [], 0

    def _cell_end(self) -> None:
        repeat, kind, value = self.cell
        self.cell = None
        if kind is None:
            value = "\n".join(self.paragraphs)
        if not value:
            self.empty += repeat
            return
        limit = self.limits.max_columns
        last = len(self.cells) + self.empty + repeat
        if last > limit:
            raise self.workbook.error(
                self.line,
                f"plus de {number(limit)} colonnes (une valeur en colonne n° {number(last)})",
            )
        self.cells.extend([""] * self.empty)
        self.cells.extend([value] * repeat)
        self.empty = 0
